// A comparison of a String member's length with an integer reads the string's UTF-16 length first
// and counts code points only where that length lies within their bounds (src/backends/memory/
// compile.ts, boundedLength): the answer is the oracle's for every operator, either way round,
// negated, in a lambda, for lengths around the bounds, on strings with pairs and lone surrogates.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, defineSchema } from '../../src/index.js';
import { compilePredicate, RowValueError } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { runs } from '../support/test-size.js';

const schema = defineSchema({
  name: 'Item',
  properties: {
    Name: 'Edm.String',
    Code: { type: 'Edm.String', nullable: false },
    Tags: { collection: 'Edm.String' },
  },
});

/** Units that move a string's code points away from its UTF-16 length, and a lone surrogate of each kind. */
const unit = fc.constantFrom('a', 'é', '\u{1F600}', '\u{10FFFF}', '\uD800', '\uDC00');
const wellFormedUnit = fc.constantFrom('a', 'é', '\u{1F600}', '\u{10FFFF}');

const comparison = fc
  .tuple(
    fc.constantFrom('Name', 'Code', 't'),
    fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'),
    fc.integer({ min: -2, max: 14 }),
    fc.boolean(),
    fc.boolean(),
  )
  .map(([member, op, n, flipped, negated]) => {
    const call = `length(${member})`;
    const text = flipped ? `${n} ${op} ${call}` : `${call} ${op} ${n}`;
    const test = negated ? `not (${text})` : text;
    return member === 't' ? `Tags/any(t: ${test})` : test;
  });

const show = (row: unknown): string => JSON.stringify(row);

/**
 * Rows whose strings draw from `units`. A lambda's elements are well-formed: `any` stops at the
 * first match, so whether a later element's lone surrogate is reported is not specified
 * (docs/semantics.md, section 1).
 */
function rows(units: fc.Arbitrary<string>) {
  const textOf = (from: fc.Arbitrary<string>) => fc.array(from, { maxLength: 12 }).map((parts) => parts.join(''));
  const text = textOf(units);
  return fc.array(
    fc.record({
      Name: fc.option(text, { nil: null }),
      Code: text,
      Tags: fc.array(textOf(wellFormedUnit), { maxLength: 3 }),
    }),
    { minLength: 1, maxLength: 8 },
  );
}

describe('length(member) compared with an integer', () => {
  it('gives the oracle’s answer on validated rows, and reports a lone surrogate where the oracle does', () => {
    fc.assert(
      fc.property(comparison, rows(unit), (text, drawn) => {
        const filter = check(text, schema);
        const predicate = compilePredicate(filter);
        for (const row of drawn) {
          let expected: boolean | 'reported';
          try {
            expected = evaluateOracle(filter, row);
          } catch {
            expected = 'reported';
          }
          let got: boolean | 'reported';
          try {
            got = predicate(row);
          } catch (error) {
            expect(error, `${text}\n${show(row)}`).toBeInstanceOf(RowValueError);
            got = 'reported';
          }
          if (got !== expected) expect(got, `${text}\n${show(row)}`).toBe(expected);
        }
      }),
      { numRuns: runs(400) },
    );
  });

  it('gives the oracle’s answer on trusted rows', () => {
    fc.assert(
      fc.property(comparison, rows(wellFormedUnit), (text, drawn) => {
        const filter = check(text, schema);
        const predicate = compilePredicate(filter, { rows: 'trusted' });
        for (const row of drawn) {
          const expected = evaluateOracle(filter, row);
          const got = predicate(row);
          if (got !== expected) expect(got, `${text}\n${show(row)}`).toBe(expected);
        }
      }),
      { numRuns: runs(400) },
    );
  });
});
