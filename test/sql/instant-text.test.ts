// A String read as a date-time literal (`cast(x, Edm.DateTimeOffset)`, docs/semantics.md §11) on
// the three engines and in the reference: every form the literal takes (offsets with and without
// a colon, `t` and `z` in lower case, fractions with zeros past the millisecond), and texts it is
// not (an impossible date or time, an offset beyond ±14:00, digits past the millisecond, spaces,
// a final newline, other digits). Each row holds the instant its text names, or null.

import { describe, expect, it } from 'vitest';
import { check, defineSchema } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'Texts',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Text: 'Edm.String', Due: 'Edm.DateTimeOffset' },
});

const TEXTS: readonly (readonly [text: string, instant: string | null])[] = [
  ['2012-05-29T09:13:28Z', '2012-05-29T09:13:28.000Z'],
  ['2012-05-29T09:13:28', '2012-05-29T09:13:28.000Z'],
  ['2012-05-29T09:13', '2012-05-29T09:13:00.000Z'],
  ['2012-05-29t09:13:28z', '2012-05-29T09:13:28.000Z'],
  ['2012-05-29T09:13:28.5Z', '2012-05-29T09:13:28.500Z'],
  ['2012-05-29T09:13:28.25+02:00', '2012-05-29T07:13:28.250Z'],
  ['2012-05-29T09:13:28.125-0130', '2012-05-29T10:43:28.125Z'],
  ['2012-05-29T09:13:28.1230000Z', '2012-05-29T09:13:28.123Z'],
  ['2012-05-29T23:59:59.999+14:00', '2012-05-29T09:59:59.999Z'],
  ['2012-05-29T00:00-14:00', '2012-05-29T14:00:00.000Z'],
  ['2024-02-29T12:00Z', '2024-02-29T12:00:00.000Z'],
  ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
  ['1000-01-01T00:00:00Z', '1000-01-01T00:00:00.000Z'],
  // Not date-time literals, or beyond the instants: null.
  ['9999-12-31T23:59:59.999-00:01', null],
  ['2023-02-29T12:00Z', null],
  ['2012-13-01T00:00Z', null],
  ['2012-05-29T24:00Z', null],
  ['2012-05-29T23:60Z', null],
  ['2012-05-29T23:59:60Z', null],
  ['2012-05-29T09:13:28+14:01', null],
  ['2012-05-29T09:13:28+02:60', null],
  ['2012-05-29T09:13:28.1234Z', null],
  ['2012-05-29T09:13:28.+01:00', null],
  ['2012-05-29T09:13:28.Z', null],
  ['2012-05-29 09:13:28Z', null],
  [' 2012-05-29T09:13Z', null],
  ['2012-05-29T09:13Z\n', null],
  ['2012-05-29T09:13+02', null],
  ['2012-05-29', null],
  ['２０１２-05-29T09:13Z', null],
  ['2012-05-29T09:13:2Z', null],
  ['2012-05-29T09:13:28ZZ', null],
  ['0000-01-01T00:00Z', null],
  ['2012-5-29T09:13Z', null],
  ['', null],
  ['not a date', null],
];

const rows = TEXTS.map(([text, instant], i) => ({
  Id: i + 1,
  Text: text,
  Due: instant === null ? null : new Date(instant),
}));
const reads = check('cast(Text, Edm.DateTimeOffset) eq Due', schema);
const readsNull = check('cast(Text, Edm.DateTimeOffset) eq null', schema);
const allIds = rows.map((r) => r.Id);
const nullIds = rows.filter((r) => r.Due === null).map((r) => r.Id);

describe('a String read as a date-time literal, in the reference', () => {
  it('reads every text as the instant its row holds, or null', () => {
    expect(rows.filter((row) => compilePredicate(reads)(row)).map((r) => r.Id)).toEqual(allIds);
    expect(rows.filter((row) => compilePredicate(readsNull)(row)).map((r) => r.Id)).toEqual(nullIds);
  });
});

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: a String read as a date-time literal`, () => {
    const engine = engineFor(setup, schema, rows);
    it('reads every text as the instant its row holds, or null', async () => {
      expect(await engine().ids(compileSql(reads, { dialect: setup.dialect }))).toEqual(allIds);
      expect(await engine().ids(compileSql(readsNull, { dialect: setup.dialect }))).toEqual(nullIds);
    });
  });
}
