// An integer column compared with a Decimal or Double literal compiles to the exact integer
// comparison (src/lower/integer-comparison.ts): the bare column against an integer, the
// same rows as the reference on every engine, at the bounds and beyond the column's range.

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql, postgres } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'I',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Qty: 'Edm.Int32', Small: 'Edm.Byte', Big: 'Edm.Int64' },
});
const ROWS = [
  { Id: 1, Qty: 5, Small: 0, Big: 5n },
  { Id: 2, Qty: 6, Small: 255, Big: 6n },
  { Id: 3, Qty: -2, Small: 2, Big: -9223372036854775808n },
  { Id: 4, Qty: -3, Small: 3, Big: 9223372036854775807n },
  { Id: 5, Qty: 2147483647, Small: null, Big: 9007199254740993n },
  { Id: 6, Qty: -2147483648, Small: 1, Big: null },
  { Id: 7, Qty: null, Small: 254, Big: 0n },
];

/** [filter, the PostgreSQL it compiles to]. */
const REWRITTEN: readonly (readonly [string, string, readonly unknown[]])[] = [
  ['Qty gt 5.5', '("Qty" > $1::integer)', [5]],
  ['Qty ge 5.5', '("Qty" >= $1::integer)', [6]],
  ['Qty lt 5.5', '("Qty" < $1::integer)', [6]],
  ['Qty le 5.5', '("Qty" <= $1::integer)', [5]],
  ['Qty gt -2.5', '("Qty" > $1::integer)', [-3]],
  ['Qty le -2.5', '("Qty" <= $1::integer)', [-3]],
  ['5.5 lt Qty', '("Qty" > $1::integer)', [5]],
  ['Qty le 5.0', '("Qty" <= $1::integer)', [5]],
  ['Qty lt 6.5d', '("Qty" < $1::integer)', [7]],
  ['Qty eq 5.5', 'FALSE', []],
  ['Qty ne 5.5', 'TRUE', []],
  ['Qty le 2147483646.5', '("Qty" <= $1::integer)', [2147483646]],
  ['Small ge 254.5', '("Small" >= $1::integer)', [255]],
  ['Small gt 255.5', '("Small" > $1::integer)', [255]],
  ['Qty lt -2147483648.5', '("Qty" < $1::integer)', [-2147483648]],
  ['Big gt 5.5', '("Big" > $1::bigint)', ['5']],
  ['Big ge -9223372036854775807.5', '("Big" >= $1::bigint)', ['-9223372036854775807']],
];

/** Left as they are: the bound is beyond the column's range, or the conversion rounds (Int64 to Double). */
const KEPT = [
  'Qty ge 2147483647.5',
  'Qty le -2147483648.5',
  'Small ge 255.5',
  'Big gt 9007199254740992.5d',
  'Qty gt NaN',
  'Qty lt INF',
];

describe('the exact integer comparison', () => {
  it.each(REWRITTEN)('%s', (filter, sql, params) => {
    const compiled = compileSql(check(filter, schema), { dialect: postgres });
    expect({ sql: compiled.sql, params: compiled.params }).toEqual({ sql, params });
  });
  it.each(KEPT)('%s is left with its conversion', (filter) => {
    expect(compileSql(check(filter, schema), { dialect: postgres }).sql).toMatch(/CAST\(|_f1/);
  });
});

const FILTERS = [
  ...REWRITTEN.map(([filter]) => filter),
  ...KEPT.filter((f) => !/NaN|INF/.test(f)),
  'not (Qty eq 5.5)',
  'not (Qty gt 5.5)',
  'Qty ne 5.5 and Small lt 2.5',
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: integer columns against Decimal and Double literals`, () => {
    const engine = engineFor(setup, schema, ROWS);
    it.each(FILTERS)('%s', async (filter) => {
      const typed = check(filter, schema);
      const predicate = compilePredicate(typed);
      expect(await engine().ids(compileSql(typed, { dialect: setup.dialect }))).toEqual(
        ROWS.filter((r) => predicate(r)).map((r) => r.Id),
      );
    });
  });
}
