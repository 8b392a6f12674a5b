// One meaning for long strings on every backend (docs/semantics.md, sections 3 and 7): a filter
// whose string functions could return more than the cost limit per row is refused by check(),
// before any backend sees it; within the limit, a `replace` or `concat` result beyond 1,048,576
// code points is null, and the in-memory predicate (both paths), PostgreSQL, SQLite, MySQL/MariaDB
// and MongoDB return the same rows.

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { defineSchema } from '../../src/types/schema.js';
import type { TypedFilter } from '../../src/types/typed.js';
import { matchIds, toMongoDocument } from '../engines/mingo.js';
import { evaluateOracle } from '../support/oracle.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'S',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Code: { type: 'Edm.String', nullable: false },
  },
});
const HALF = 1_048_576 / 2;
const ROWS = [
  { Id: 1, Name: 'a'.repeat(10), Code: 'c' },
  { Id: 2, Name: 'b'.repeat(HALF), Code: 'b'.repeat(HALF) },
  // One occurrence to replace (MariaDB's REPLACE takes occurrences × length: docs/sql.md, Limits).
  { Id: 3, Name: 'c'.repeat(HALF + 1), Code: `c${'x'.repeat(2 * HALF - 1)}` },
  { Id: 4, Name: '😀'.repeat(HALF), Code: '😀'.repeat(HALF) },
  { Id: 5, Name: null, Code: '' },
  { Id: 6, Name: `c${'x'.repeat(2 * HALF - 2)}`, Code: 'x' },
];

/** `replace(…replace(Name, 'a', 'aaa…')…)`, n deep, each `a` becoming 1,000: 10 × 1,000^n characters on row 1. */
const thousandfold = (n: number): string =>
  n === 0 ? 'Name' : `replace(${thousandfold(n - 1)}, 'a', '${'a'.repeat(1000)}')`;

/** `length(replace(…)) gt 0` with 30 nested `replace(…, 'a', 'aa')`: 617 characters, 2^30 growth. */
const doubling = (n: number): string => (n === 0 ? 'Name' : `replace(${doubling(n - 1)}, 'a', 'aa')`);
const DOUBLING_30 = `length(${doubling(30)}) gt 0`;

/** The cost limit is not what these cases are about: each string beyond the bound is null. */
const UNLIMITED = { maxStringCost: Infinity };

/**
 * [filter, ids every backend returns, whether the default cost limit refuses it]. The refused ones
 * are checked with the limit lifted: what a row beyond the bound gives is the point here.
 */
const CASES: readonly (readonly [string, readonly number[], boolean])[] = [
  // 10^4 characters: within the bound.
  [`length(${thousandfold(1)}) eq 10000`, [1], false],
  // 10^7, and 10^28 (which no engine could build): null, so no row.
  [`length(${thousandfold(2)}) gt 0`, [2, 3, 4, 6], true],
  [`${thousandfold(2)} eq null`, [1, 5], true],
  [`length(${thousandfold(9)}) gt 0`, [2, 3, 4, 6], true],
  // Exactly 1,048,576 code points are built, one more is null, on every backend alike: 1,048,576
  // emoji (2,097,152 UTF-16 code units) too.
  ['length(concat(Name, Name)) eq 1048576', [2, 4], false],
  ['concat(Name, Name) eq null', [3, 5, 6], false],
  ["length(replace(Name, 'c', 'cc')) gt 0", [1, 2, 4, 6], false],
  // One 'c' in 1,048,575 characters: exactly 1,048,576 once replaced.
  ["length(replace(Name, 'c', 'cc')) eq 1048576", [6], false],
  // A non-nullable argument does not make the result non-null: not (null eq 'x') is true.
  ["not (concat(Code, Code) eq 'x')", [1, 2, 3, 4, 5, 6], false],
  ["concat(Code, Code) ne 'cc'", [2, 3, 4, 5, 6], false],
  ["not (replace(Code, 'c', 'cc') eq 'cc')", [2, 3, 4, 5, 6], false],
  ["replace(Code, 'c', 'cc') eq null", [3], false],
];

describe('the cost limit refuses a filter before any backend reads a row', () => {
  it('refuses 30 nested doubling replaces at the tenth from the inside, whatever the backend', () => {
    expect(DOUBLING_30.length).toBe(617);
    let error: unknown;
    try {
      check(DOUBLING_30, schema);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    const { kind, start, end, message } = error as FilterError;
    expect(kind).toBe('limit');
    // 1,024 × (2 + 4 + … + 512) = 1,046,528 characters for the nine inner calls, then 1,048,576 more.
    expect(message).toMatch(
      /^String functions up to this replace can return 2,095,104 characters per row, beyond the limit of 1,048,576 /,
    );
    expect(DOUBLING_30.slice(start, end)).toBe(doubling(10));
    expect(start).toBe('length('.length + 20 * 'replace('.length);
    // Nine of them are within the default limit, and the limit is an option.
    expect(() => check(`length(${doubling(9)}) gt 0`, schema)).not.toThrow();
    // All 30: 1,046,528 + 21 × 1,048,576.
    expect(() => check(DOUBLING_30, schema, { maxStringCost: 23_066_624 })).not.toThrow();
    expect(() => check(DOUBLING_30, schema, { maxStringCost: 23_066_623 })).toThrow(
      expect.objectContaining({ kind: 'limit', start: 'length('.length }),
    );
    expect(() => check(`length(${doubling(9)}) gt 0`, schema, { maxStringCost: 1_046_527 })).toThrow(
      expect.objectContaining({ kind: 'limit' }),
    );
  });

  it.each(CASES)('%s (ids %j; refused at the default limit: %j)', (filter, _ids, refused) => {
    const checking = (): unknown => check(filter, schema);
    if (refused) expect(checking).toThrow(expect.objectContaining({ name: 'FilterError', kind: 'limit' }));
    else expect(checking).not.toThrow();
  });
});

/** The ids the in-memory predicate returns, on both compiled paths (they must agree). */
function memoryIds(typed: TypedFilter): number[] {
  const generated = ROWS.filter(compilePredicate(typed)).map((r) => r.Id);
  const closures = ROWS.filter(compilePredicate(typed, { codegen: false })).map((r) => r.Id);
  expect(closures).toEqual(generated);
  return generated;
}

describe('in memory, the oracle and MongoDB', () => {
  const docs = ROWS.map((row) => toMongoDocument(schema, row));
  it.each(CASES)(
    '%s',
    (filter, ids) => {
      const typed = check(filter, schema, UNLIMITED);
      expect(memoryIds(typed)).toEqual(ids);
      expect(ROWS.filter((row) => evaluateOracle(typed, row)).map((r) => r.Id)).toEqual(ids);
      expect(matchIds(compileMongo(typed) as Record<string, unknown>, docs)).toEqual(ids);
    },
    30_000,
  );
});

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: the same rows`, () => {
    const engine = engineFor(setup, schema, ROWS);
    it.each(CASES)(
      '%s',
      async (filter, ids) => {
        const typed = check(filter, schema, UNLIMITED);
        expect(await engine().ids(compileSql(typed, { dialect: setup.dialect }))).toEqual(ids);
      },
      30_000,
    );
  });
}
