// Long flat `and`/`or` chains, as clients that synchronise by id send them (`Id eq 1 or Id eq 2
// or …`), run on every engine up to the parse limits' longest chain, and return the reference's
// rows. Equalities of one member are one `IN` list (src/lower/equality-lists.ts); the other chains
// stay chains. PostgreSQL and MariaDB take them flat; SQLite parses `a OR b OR c` as
// ((a OR b) OR c) and refuses an expression deeper than 1,000, so its dialect writes chains of at
// most 12 operands, parenthesised chains of chains beyond, and counts each such level against its
// depth limit.

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { defineSchema } from '../../src/types/schema.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'T',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Qty: 'Edm.Int32',
    Name: 'Edm.String',
    B: 'Edm.Boolean',
    S: 'Edm.String',
  },
});

const terms = (n: number, term: (i: number) => string, op: string): string =>
  Array.from({ length: n }, (_, i) => term(i)).join(` ${op} `);
const SHAPES: { readonly [name: string]: (n: number) => string } = {
  'Qty eq i or …': (n) => terms(n, (i) => `Qty eq ${i}`, 'or'),
  'Qty ne i and …': (n) => terms(n, (i) => `Qty ne ${i}`, 'and'),
  'not (Qty eq i or …)': (n) => `not (${terms(n, (i) => `Qty eq ${i}`, 'or')})`,
  "Name eq 'i' or …": (n) => terms(n, (i) => `Name eq '${i}'`, 'or'),
  'Qty lt i or …': (n) => terms(n, (i) => `Qty lt ${i}`, 'or'),
  'B or …': (n) => terms(n, () => 'B', 'or'),
  'not B and …': (n) => terms(n, () => 'not B', 'and'),
};

/** The longest chain of a shape that the parser accepts with its default limits (10,000 nodes). */
function longest(make: (n: number) => string): number {
  let [lo, hi] = [1, 10_000];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    try {
      check(make(mid), schema);
      lo = mid;
    } catch {
      hi = mid - 1;
    }
  }
  return lo;
}

const ROWS = [
  { Id: 1, Qty: 0, Name: '0', B: true, S: 'a' },
  { Id: 2, Qty: 998, Name: '998', B: false, S: 'b' },
  { Id: 3, Qty: 1999, Name: '1999', B: null, S: null },
  { Id: 4, Qty: 3332, Name: '3332', B: true, S: 'a' },
  { Id: 5, Qty: 100_000, Name: 'x', B: false, S: 'a' },
  { Id: 6, Qty: null, Name: null, B: null, S: null },
];

// SQL length is bounded by the caller's maxSqlLength, a separate limit (3,333 equalities are
// about 107,000 characters on SQLite): raised here so that the engines get every chain.
const options = { maxSqlLength: 10_000_000 };

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: long and/or chains`, () => {
    const engine = engineFor(setup, schema, ROWS);
    for (const [name, make] of Object.entries(SHAPES)) {
      for (const n of [999, 2000, longest(make)]) {
        it(`${name}, ${n} terms`, async () => {
          const typed = check(make(n), schema);
          const predicate = compilePredicate(typed);
          const expected = ROWS.filter((r) => predicate(r)).map((r) => r.Id);
          expect(await engine().ids(compileSql(typed, { dialect: setup.dialect, ...options }))).toEqual(expected);
        });
      }
    }
  });
}

describe('how a chain is written', () => {
  const b = (n: number): string => terms(n, () => 'B', 'or');
  const flat = (n: number): string => `(${Array(n).fill('"B"').join(' OR ')})`;
  it('PostgreSQL and MySQL: flat, however long', () => {
    expect(compileSql(check(b(9999), schema), { dialect: postgres }).sql).toBe(flat(9999));
    expect(compileSql(check(b(9999), schema), { dialect: mysql }).sql).toBe(flat(9999).replaceAll('"', '`'));
  });
  it('SQLite: flat up to 12 operands, then chains of at most 12 chains (145 = 144 + 1: two levels of 12 and one)', () => {
    expect(compileSql(check(b(12), schema), { dialect: sqlite }).sql).toBe(flat(12));
    expect(compileSql(check(b(13), schema), { dialect: sqlite }).sql).toBe(`(${flat(12)} OR ${flat(1)})`);
    expect(compileSql(check(b(145), schema), { dialect: sqlite }).sql).toBe(
      `((${Array(12).fill(flat(12)).join(' OR ')}) OR ${flat(1)})`,
    );
  });
});

describe('SQLite: chain levels count against the depth limit', () => {
  const engine = engineFor(ENGINES.find((e) => e.name === 'sqlite')!, schema, ROWS);
  // replace() is the deepest rendering per level of the filter; put it first, where the chain
  // nests deepest, in a chain of 1,729 operands (four levels of chains).
  const deepFirst = (depth: number, n = 1729): string =>
    `${'replace('.repeat(depth)}S${', S, S)'.repeat(depth)} eq 'a' or ${terms(n - 1, () => 'B', 'or')}`;
  // Nested replaces of the row's string can build long strings; the depth is what is tested here,
  // so the string cost limit (a check() option) is lifted.
  const limits = { maxDepth: 200, maxStringCost: Infinity };
  it('runs as deep as the limit allows', async () => {
    // 80 levels: 4 for the chain, one for eq, 74 replaces and S.
    const typed = check(deepFirst(74), schema, limits);
    const predicate = compilePredicate(typed);
    expect(await engine().ids(compileSql(typed, { dialect: sqlite }))).toEqual(
      ROWS.filter((r) => predicate(r)).map((r) => r.Id),
    );
  });
  it('refuses one level deeper as a limit FilterError', () => {
    expect(() => compileSql(check(deepFirst(75), schema, limits), { dialect: sqlite })).toThrow(
      expect.objectContaining({
        kind: 'limit',
        message: 'Filter nests 81 levels deep; the sqlite SQL dialect compiles at most 80',
      }),
    );
    expect(() => compileSql(check(deepFirst(75), schema, limits), { dialect: sqlite })).toThrow(FilterError);
    // The same filter with a chain of 12 operands (one level) is within the limit.
    expect(() => compileSql(check(deepFirst(75, 12), schema, limits), { dialect: sqlite })).not.toThrow();
  });
});
