// Chains of equalities of one member, which lower() makes one `in` list (src/lower/equality-lists.ts),
// give the rows the oracle gives for the chain as written, on both compiled paths: plain in an
// `or`, negated in an `and` and under `not`, with `eq null` and `in` lists among them and other
// tests between them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { arbRows, GUID_POOL, INT32_POOL, INT64_POOL, STRING_POOL, testSchema } from '../support/arbitraries.js';
import { evaluateOracle } from '../support/oracle.js';
import { runs } from '../support/test-size.js';

const show = (row: unknown): string => JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v));
const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

/** Members of the test schema with the literals of their values; the rows draw from the same pools. */
const MEMBERS: readonly { readonly names: readonly string[]; readonly literals: readonly string[] }[] = [
  { names: ['String', 'StringReq', 'Address/City'], literals: STRING_POOL.map(quote) },
  { names: ['Int32', 'Int32Req', 'Id'], literals: INT32_POOL.map(String) },
  { names: ['Int64'], literals: INT64_POOL.map((n) => `${n}L`) },
  { names: ['Guid'], literals: GUID_POOL.map((g) => g.toUpperCase()) },
];

/** One term of a chain on a member: an equality (either way round), a null test, or an `in` list. */
function arbTerm(member: string, literals: readonly string[]): fc.Arbitrary<string> {
  const literal = fc.constantFrom(...literals);
  return fc.oneof(
    { arbitrary: literal.map((l) => `${member} eq ${l}`), weight: 4 },
    { arbitrary: literal.map((l) => `${l} eq ${member}`), weight: 1 },
    { arbitrary: fc.constant(`${member} eq null`), weight: 1 },
    {
      arbitrary: fc
        .array(fc.oneof(literal, fc.constant('null')), { minLength: 1, maxLength: 3 })
        .map((items) => `${member} in (${items.join(', ')})`),
      weight: 1,
    },
  );
}

const OTHER_TESTS = ['Id gt 3', 'Boolean', 'Int32 lt 0', "String eq 'Active'"];

const arbChain: fc.Arbitrary<string> = fc.constantFrom(...MEMBERS).chain(({ names, literals }) =>
  fc
    .tuple(
      fc.constantFrom(...names),
      fc.array(fc.oneof(fc.constant(undefined), fc.constantFrom(...OTHER_TESTS)), { minLength: 2, maxLength: 8 }),
      fc.constantFrom('or', 'not or', 'and ne'),
    )
    .chain(([member, slots, form]) =>
      fc
        .tuple(...slots.map((other) => (other ? fc.constant(`(${other})`) : arbTerm(member, literals))))
        .map((terms) => {
          if (form === 'or') return terms.join(' or ');
          if (form === 'not or') return `not (${terms.join(' or ')})`;
          // `ne` and `not in` in an `and`: the negated list.
          return terms.map((t) => (t.startsWith('(') ? t : `not (${t})`)).join(' and ');
        }),
    ),
);

describe('equality chains of one member', () => {
  it('give the rows of the chain as written, on both paths', () => {
    fc.assert(
      fc.property(arbChain, arbRows(testSchema), (text, rows) => {
        const filter = check(text, testSchema);
        const generated = compilePredicate(filter);
        const closures = compilePredicate(filter, { codegen: false });
        for (const row of rows) {
          const expected = evaluateOracle(filter, row);
          const [fromCode, fromClosures] = [generated(row), closures(row)];
          // The message is built only for a failure.
          if (fromCode !== expected) expect(fromCode, `${text}\n${show(row)}`).toBe(expected);
          if (fromClosures !== expected) expect(fromClosures, `${text}\n${show(row)}`).toBe(expected);
        }
      }),
      { numRuns: runs(200) },
    );
  });
});
