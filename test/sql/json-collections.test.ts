// Collections in JSON columns on the three engines: members typed as columns are (a Decimal or an
// Int64 never passes through a double, date-times as the dialect stores them, Booleans, Guids),
// and a null element told apart from a present one whose members are all null, which JSON can
// (child tables cannot: test/sql/collections.test.ts).

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'T',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Items: {
      collection: {
        properties: {
          D: 'Edm.Decimal',
          L: 'Edm.Int64',
          T: 'Edm.DateTimeOffset',
          B: 'Edm.Boolean',
          G: 'Edm.Guid',
          X: 'Edm.Double',
        },
      },
    },
    Ls: { collection: 'Edm.Int64' },
    Ds: { collection: 'Edm.Decimal' },
  },
});

const G1 = '0f8fad5b-d9cb-469f-a165-70867728950e';
const rows = [
  {
    Id: 1,
    Items: [
      {
        D: '12345678901234567890.123456789',
        L: 9223372036854775807n,
        T: '2012-03-01T09:00:00.123Z',
        B: true,
        G: G1.toUpperCase(),
        X: 0.1,
      },
    ],
    Ls: [9223372036854775807n],
    Ds: ['0.1'],
  },
  {
    Id: 2,
    Items: [
      {
        D: '12345678901234567890.123456788',
        L: 9223372036854775806n,
        T: '2012-03-01T09:00:00.122Z',
        B: false,
        G: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
        X: 0.2,
      },
    ],
    Ls: [9223372036854775806n],
    Ds: ['0.3'],
  },
  { Id: 3, Items: [null, { D: null, L: null, T: null, B: null, G: null, X: null }], Ls: [null], Ds: null },
  { Id: 4, Items: [{ D: null, L: null, T: null, B: null, G: null, X: null }] },
];

/** Filter, ids; and the ids where Decimal is binary64 (SQLite), when they differ. */
const CASES: readonly (readonly [string, readonly number[], (readonly number[])?])[] = [
  ['Items/any(i: i/D eq 12345678901234567890.123456789)', [1], [1, 2]],
  ['Items/any(i: i/D gt 12345678901234567890.123456788)', [1], []],
  ['Ds/any(d: d add 0.2 eq 0.3)', [1], []],
  ['Items/any(i: i/L eq 9223372036854775807)', [1]],
  ['Ls/any(l: l eq 9223372036854775806)', [2]],
  ['Ls/any(l: l gt 9223372036854775806)', [1]],
  ['Ls/any(l: l eq null)', [3]],
  ['Items/any(i: i/T gt 2012-03-01T09:00:00.122Z)', [1]],
  ['Items/any(i: year(i/T) eq 2012 and second(i/T) eq 0)', [1, 2]],
  ['Items/any(i: i/B)', [1]],
  ['Items/any(i: i/B eq false)', [2]],
  ['Items/all(i: i/B ne true)', [2, 3, 4]],
  [`Items/any(i: i/G eq ${G1})`, [1]],
  ['Items/any(i: i/X eq 0.1)', [1]],
  ['Items/any(i: i/X add 0.1 eq 0.30000000000000004)', [2]],
  // JSON tells a null element from one whose members are all null.
  ['Items/any(i: i eq null)', [3]],
  ['Items/any(i: i ne null and i/D eq null)', [3, 4]],
  ['Items/all(i: i ne null)', [1, 2, 4]],
  ['Items/$count eq 2', [3]],
  ['Ds/$count eq 0', [3, 4]],
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: collections in JSON columns, typed as columns`, () => {
    const engine = engineFor(setup);
    let collections: CollectionStorage;
    it.each(CASES.map(([filter, ids, binary64]) => [filter, ids, binary64 ?? ids] as const))(
      '%s',
      async (filter, ids, binary64) => {
        collections ??= await loadWithChildTables(engine(), schema, rows, true);
        const compiled = compileSql(check(filter, schema), { dialect: setup.dialect, table: 'items', collections });
        expect(await engine().ids(compiled)).toEqual(setup.exactDecimals ? ids : binary64);
      },
    );
  });
}
