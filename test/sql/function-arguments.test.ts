// A model function's arguments in SQL (docs/semantics.md §15, docs/sql.md "Limits"): an
// implementation that uses an argument more than once, given a computed argument, gets it named
// once where the dialect can (PostgreSQL, SQLite), so calls nested in arguments grow the SQL
// linearly; on MySQL the argument is repeated, and the growth ends in a 'limit' FilterError. An
// argument an implementation uses once is written where it uses it, named nowhere. The rows are
// the same on every engine and in memory.

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { type SqlFragment, sqlFragment } from '../../src/backends/sql/index.js';
import { defineFunctions, defineModel, defineSchema, schemaOf } from '../../src/index.js';
import { check } from '../../src/types/check.js';
import { everyDialect } from '../support/function-table.js';
import { thrownFilterError } from '../support/thrown.js';
import { engineFor, ENGINES } from './engines.js';

const model = defineModel({
  namespace: 'Calc',
  entityTypes: {
    Item: {
      key: ['Id'],
      properties: { Id: { type: 'Edm.Int32', nullable: false }, Price: 'Edm.Double' },
    },
  },
  entitySets: { Items: { type: 'Item' } },
  functions: {
    Clamp: { parameters: { X: 'Edm.Double' }, returnType: 'Edm.Double' },
    Magnitude: { parameters: { X: 'Edm.Double' }, returnType: 'Edm.Double' },
  },
});
const schema = schemaOf(model, 'Items');
const storage = defineSchema({
  name: 'Item',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Price: 'Edm.Double' },
});
const rows = [
  { Id: 1, Price: 2 },
  { Id: 2, Price: 40 },
  { Id: 3, Price: null },
  { Id: 4, Price: -7 },
];

/** X within [-10, 10]; null for null. The SQL reads X four times. */
const clampSql = (x: SqlFragment): SqlFragment =>
  sqlFragment`(CASE WHEN ${x} IS NULL THEN NULL WHEN ${x} > 10 THEN 10 WHEN ${x} < -10 THEN -10 ELSE ${x} END)`;
const functions = defineFunctions({
  'Calc.Clamp': {
    memory: (a) => (a.X === null ? null : Math.max(-10, Math.min(10, a.X as number))),
    sql: everyDialect((a) => clampSql(a.X!)),
    mongo: (a) => ({ $max: [-10, { $min: [10, a.X] }] }),
  },
  // Reads X once.
  'Calc.Magnitude': {
    memory: (a) => (a.X === null ? null : Math.abs(a.X as number)),
    sql: everyDialect((a) => sqlFragment`abs(${a.X!})`),
    mongo: (a) => ({ $abs: a.X }),
  },
});

/** `Calc.Clamp(X=Calc.Clamp(X=… Price mul 3 …) add 1) …`, `depth` calls deep. */
const nested = (depth: number): string => (depth === 0 ? 'Price mul 3' : `Calc.Clamp(X=${nested(depth - 1)} add 1)`);

/** `Calc.Magnitude(X=Calc.Magnitude(X=… Price …))`, `depth` calls deep: each argument read once. */
const once = (depth: number): string => (depth === 0 ? 'Price' : `Calc.Magnitude(X=${once(depth - 1)})`);

const CASES: readonly (readonly [string, readonly number[]])[] = [
  ['Calc.Clamp(X=Price mul 3) eq 6', [1]],
  ['Calc.Clamp(X=Price mul 3) eq 10', [2]],
  ['Calc.Clamp(X=Price add 0) eq -7', [4]],
  [`${nested(3)} gt 8`, [1, 2]],
  [`${nested(3)} eq -8`, [4]],
  [`${nested(3)} eq null`, [3]],
  ['Calc.Magnitude(X=Price sub 10) eq 8', [1]],
  [`${once(3)} eq 7`, [4]],
  [`${once(40)} gt 3`, [2, 4]],
];

describe('in memory', () => {
  it.each(CASES)('%s', (filter, ids) => {
    const predicate = compilePredicate(check(filter, schema), { functions });
    expect(rows.filter(predicate).map((row) => row.Id)).toEqual(ids);
  });
});

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: an argument an implementation uses four times`, () => {
    const engine = engineFor(setup, storage, rows);
    const options = { dialect: setup.dialect, functions };
    const size = (depth: number): number => compileSql(check(`${nested(depth)} gt 0`, schema), options).sql.length;

    it.each(CASES)('%s', async (filter, ids) => {
      expect(await engine().ids(compileSql(check(filter, schema), options))).toEqual(ids);
    });

    it('writes an argument read once where it is read, naming nothing', () => {
      const { sql } = compileSql(check(`${once(40)} gt 3`, schema), options);
      expect(sql).toContain(`${'abs('.repeat(40)}`);
      expect(sql.split('abs(').length - 1).toBe(40);
    });

    if (setup.dialect.bind !== undefined)
      it('is named once: calls nested in arguments grow the SQL linearly', () => {
        // Repeated, depth 8 would be 4^4 = 256 times depth 4.
        expect(size(8)).toBeLessThan(2.5 * size(4));
      });
    else
      it('is repeated, and a nesting that would grow past the SQL limit is refused by it', () => {
        expect(size(3)).toBeGreaterThan(3.5 * size(2));
        expect(thrownFilterError(() => size(12))).toMatchObject({ kind: 'limit' });
      });
  });
}
