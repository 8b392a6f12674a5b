// The laws of docs/semantics.md, section 8, on the memory backend (generated code and closures)
// and on the oracle: each side of a law matches the same rows, for random bodies p and q over the
// element (with nested lambdas, outer variables and the resource) and random rows whose
// collections are empty, null, missing or hold null elements.

import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { arbLambdaLawCase, arbRows, lambdaTestSchema, type Row } from '../support/arbitraries.js';
import { evaluateOracle } from '../support/oracle.js';
import { LONG, runs } from '../support/test-size.js';

const show = (row: unknown): string =>
  JSON.stringify(row, (_k, v: unknown) =>
    typeof v === 'bigint' ? `${v}n` : Decimal.isDecimal(v) ? `Decimal(${String(v)})` : v,
  );

type Evaluator = (filter: string) => (row: unknown) => boolean;

const EVALUATORS: readonly (readonly [string, Evaluator])[] = [
  ['generated', (filter) => compilePredicate(check(filter, lambdaTestSchema))],
  ['closures', (filter) => compilePredicate(check(filter, lambdaTestSchema), { codegen: false })],
  [
    'oracle',
    (filter) => {
      const typed = check(filter, lambdaTestSchema);
      return (row) => evaluateOracle(typed, row);
    },
  ],
];

/** The laws of section 8 for a collection C, bodies p and q over `x0`, and a value x of the element's type. */
function laws(C: string, p: string, q: string, x: string | undefined): [string, string][] {
  const out: [string, string][] = [
    [`${C}/any(x0: (${p}) or (${q}))`, `${C}/any(x0: ${p}) or ${C}/any(x0: ${q})`],
    [`${C}/all(x0: ${p})`, `not ${C}/any(x0: not ((${p}) eq true))`],
    [`not ${C}/any(x0: ${p})`, `${C}/all(x0: not ((${p}) eq true))`],
    [`${C}/all(x0: (${p}) and (${q}))`, `${C}/all(x0: ${p}) and ${C}/all(x0: ${q})`],
    [`${C}/$count eq 0`, `not ${C}/any()`],
  ];
  // The variable of x's own lambdas is x0 and deeper, never y.
  if (x !== undefined) out.push([`${x} in ${C}`, `${C}/any(y: y eq ${x})`]);
  return out;
}

describe.each(EVALUATORS)('lambda laws (%s)', (_name, evaluator) => {
  it(
    'hold on random bodies over random rows',
    () => {
      fc.assert(
        fc.property(
          arbLambdaLawCase(lambdaTestSchema),
          arbRows(lambdaTestSchema, { maxRows: 6 }),
          ({ collection, p, q, x }, rows: Row[]) => {
            for (const [left, right] of laws(collection, p, q, x)) {
              const [l, r] = [evaluator(left), evaluator(right)];
              for (const row of rows) {
                const [a, b] = [l(row), r(row)];
                // The message is built only for a failure: printing every row costs more than the laws.
                if (a !== b) expect(a, `${left}\n≡ ${right}\nrow ${show(row)}`).toBe(b);
              }
            }
          },
        ),
        { numRuns: runs(200, 10_000) },
      );
      // The long size compiles some 200,000 filters beside the other files' work: minutes, not one.
    },
    LONG ? 600_000 : 60_000,
  );
});

describe('the laws', () => {
  it('are spelt as section 8 writes them', () => {
    expect(laws('Tags', 'x0 eq Name', "x0 eq 'a'", 'Name')).toEqual([
      ["Tags/any(x0: (x0 eq Name) or (x0 eq 'a'))", "Tags/any(x0: x0 eq Name) or Tags/any(x0: x0 eq 'a')"],
      ['Tags/all(x0: x0 eq Name)', 'not Tags/any(x0: not ((x0 eq Name) eq true))'],
      ['not Tags/any(x0: x0 eq Name)', 'Tags/all(x0: not ((x0 eq Name) eq true))'],
      ["Tags/all(x0: (x0 eq Name) and (x0 eq 'a'))", "Tags/all(x0: x0 eq Name) and Tags/all(x0: x0 eq 'a')"],
      ['Tags/$count eq 0', 'not Tags/any()'],
      ['Name in Tags', 'Tags/any(y: y eq Name)'],
    ]);
  });
});
