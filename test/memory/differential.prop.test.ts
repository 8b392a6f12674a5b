// The compiled predicate (generated code and closures) agrees with the oracle, a plain
// interpreter of docs/semantics.md, on random well-typed filters over random rows.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { arbRows, arbTypedFilter, testSchema } from '../support/arbitraries.js';
import { evaluateOracle } from '../support/oracle.js';

const LONG = process.env['ODATA_FILTER_LONG'] !== undefined;

describe('compiled predicates agree with the oracle', () => {
  it('on random filters over random rows, both paths', () => {
    fc.assert(
      fc.property(arbTypedFilter(testSchema), arbRows(testSchema), (filter, rows) => {
        const generated = compilePredicate(filter);
        const closures = compilePredicate(filter, { codegen: false });
        for (const row of rows) {
          const expected = evaluateOracle(filter, row);
          const context = `${filter.text ?? ''}\nrow ${JSON.stringify(row, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))}`;
          expect(generated(row), context).toBe(expected);
          expect(closures(row), context).toBe(expected);
        }
      }),
      { numRuns: LONG ? 20_000 : 400 },
    );
  });
});
