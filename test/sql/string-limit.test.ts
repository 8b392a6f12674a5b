// The strings `replace` and `concat` build are bounded in SQL as in the reference: up to 1,048,576
// characters they are the reference's strings; beyond, where the reference stops with a 'limit'
// FilterError, the SQL result is null, on every engine, and no query fails (nested `replace`s
// would otherwise build gigabytes, and fail, in the database).

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/check.js';
import { FilterError } from '../../src/errors.js';
import { defineSchema } from '../../src/schema.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({ name: 'S', properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String' } });
const HALF = 1_048_576 / 2;
const ROWS = [
  { Id: 1, Name: 'a'.repeat(10) },
  { Id: 2, Name: 'b'.repeat(HALF) },
  { Id: 3, Name: 'c'.repeat(HALF + 1) },
  { Id: 4, Name: '😀'.repeat(HALF) },
  { Id: 5, Name: null },
  { Id: 6, Name: `c${'x'.repeat(2 * HALF - 2)}` },
];

/** `replace(…replace(Name, 'a', 'aaa…')…)`, n deep, each `a` becoming 1,000: 10 × 1,000^n characters on row 1. */
const thousandfold = (n: number): string => (n === 0 ? 'Name' : `replace(${thousandfold(n - 1)}, 'a', '${'a'.repeat(1000)}')`);

/**
 * [filter, ids the SQL returns, ids of the rows where the reference stops with 'limit']. Elsewhere
 * the SQL returns the reference's ids.
 */
const CASES: readonly (readonly [string, readonly number[], readonly number[]])[] = [
  // 10^4 characters: within the bound.
  [`length(${thousandfold(1)}) eq 10000`, [1], []],
  // 10^7, and 10^28 (which a database would fail to build): null, so no row.
  [`length(${thousandfold(2)}) gt 0`, [2, 3, 4, 6], [1]],
  [`${thousandfold(2)} eq null`, [1, 5], [1]],
  [`length(${thousandfold(9)}) gt 0`, [2, 3, 4, 6], [1]],
  // Exactly 1,048,576 characters is built; one more is null. The reference counts UTF-16 code
  // units, SQL characters: 1,048,576 emoji are built in SQL, but are 2,097,152 code units.
  ['length(concat(Name, Name)) eq 1048576', [2, 4], [3, 4, 6]],
  ['concat(Name, Name) eq null', [3, 5, 6], [3, 4, 6]],
  ["length(replace(Name, 'c', 'cc')) gt 0", [1, 2, 4, 6], [3]],
  // One 'c' in 1,048,575 characters: exactly 1,048,576 once replaced.
  ["length(replace(Name, 'c', 'cc')) eq 1048576", [6], [3]],
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: strings beyond 1,048,576 characters`, () => {
    const engine = engineFor(setup, schema, ROWS);
    it.each(CASES)('%s', async (filter, sqlIds, stops) => {
      const typed = check(filter, schema);
      const predicate = compilePredicate(typed);
      const reference = ROWS.flatMap((row) => {
        try {
          return predicate(row) ? [row.Id] : [];
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          expect((error as FilterError).kind).toBe('limit');
          return [-row.Id];
        }
      });
      expect(reference.filter((id) => id < 0).map((id) => -id)).toEqual(stops);
      // Where the reference answers, SQL answers alike.
      expect(sqlIds.filter((id) => !stops.includes(id))).toEqual(reference.filter((id) => id > 0));
      expect(await engine().ids(compileSql(typed, { dialect: setup.dialect }))).toEqual(sqlIds);
    }, 30_000);
  });
}
