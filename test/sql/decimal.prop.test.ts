// Differential property for Decimal arithmetic at the width of the storage conventions: sums,
// products, quotients, remainders and rounding of Decimals of up to 35 integer and 30 fractional digits,
// nested, on the engines with exact decimals (PostgreSQL, MySQL/MariaDB). No query may fail, and
// each returns the reference's ids except where docs/semantics.md ("SQL backends: differences")
// says the engine computes otherwise, which is decided from the reference's own values.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import type { TypedFilter } from '../../src/types/typed.js';
import { engineFor, ENGINES, expectReferenceIds } from './engines.js';
import { mysqlDecimalDiffers } from './mysql-decimals.js';
import { postgresDecimalDiffers } from './postgres-decimals.js';
import { runs } from '../support/test-size.js';

const RUNS = Number(process.env.ODATA_FILTER_SQL_RUNS ?? runs(20, 1000));
const FILTERS_PER_LOAD = 10;

const schema = defineSchema({
  name: 'D',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    A: 'Edm.Decimal',
    B: 'Edm.Decimal',
    C: 'Edm.Decimal',
    N: 'Edm.Int64',
    I: 'Edm.Int32',
  },
});

/** A Decimal of 0-35 integer and 0-30 fractional digits (DECIMAL(65,30)), as text. */
const decimalText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '0',
    '1',
    '-1',
    '0.5',
    '-2.5',
    '99999999999999999999999999999999999.999999999999999999999999999999',
    '0.000000000000000000000000000001',
    '12345678901234567890.123456789',
  ),
  fc
    .tuple(fc.boolean(), fc.stringMatching(/^[0-9]{0,35}$/), fc.stringMatching(/^[0-9]{0,30}$/))
    .map(([negative, int, frac]) => {
      const text = `${int.replace(/^0+/, '') || '0'}${frac.replace(/0+$/, '') ? `.${frac.replace(/0+$/, '')}` : ''}`;
      return negative && /[1-9]/.test(text) ? `-${text}` : text;
    }),
);

const rowArb = fc.record({
  A: fc.option(decimalText, { freq: 6 }),
  B: fc.option(decimalText, { freq: 6 }),
  C: fc.option(decimalText, { freq: 6 }),
  N: fc.option(fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }), { freq: 6 }),
  I: fc.option(fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }), { freq: 6 }),
});
const rowsArb = fc
  .array(rowArb, { minLength: 1, maxLength: 8 })
  .map((rows) => rows.map((row, i) => ({ Id: i + 1, ...row })));

/** An expression tree, printed as filter text; kept as a tree so it can be rewritten. */
type Tree =
  | { readonly leaf: string }
  | { readonly op: string; readonly a: Tree; readonly b: Tree }
  | { readonly fn: string; readonly a: Tree };

const leafArb: fc.Arbitrary<Tree> = fc
  .oneof(
    { arbitrary: fc.constantFrom('A', 'B', 'C', 'N', 'I'), weight: 4 },
    { arbitrary: decimalText.map((t) => `${t}m`), weight: 2 },
    { arbitrary: fc.integer({ min: -1000, max: 1000 }).map(String), weight: 1 },
  )
  .map((leaf) => ({ leaf }));
/** Expression trees over the operators given (repeated ones are drawn more often). */
const treeArbOf = (ops: readonly string[]): fc.Arbitrary<Tree> =>
  fc.letrec<{ t: Tree }>((tie) => ({
    t: fc.oneof(
      { maxDepth: 5, withCrossShrink: true },
      leafArb,
      fc.tuple(tie('t'), fc.constantFrom(...ops), tie('t')).map(([a, op, b]): Tree => ({ op, a, b })),
      fc.tuple(fc.constantFrom('-', 'round', 'floor', 'ceiling'), tie('t')).map(([fn, a]): Tree => ({ fn, a })),
    ),
  })).t;

function print(t: Tree): string {
  if ('leaf' in t) return t.leaf;
  if ('op' in t) return `(${print(t.a)} ${t.op} ${print(t.b)})`;
  return t.fn === '-' ? `-(${print(t.a)})` : `${t.fn}(${print(t.a)})`;
}

/**
 * The same value by exact arithmetic, written another way: operands of `add` and `mul` swapped
 * and `(a op b) op c` regrouped as `a op (b op c)`, as the choices say.
 */
function rewrite(t: Tree, choices: () => boolean): Tree {
  if ('leaf' in t) return t;
  if (!('op' in t)) return { fn: t.fn, a: rewrite(t.a, choices) };
  let [a, b] = [rewrite(t.a, choices), rewrite(t.b, choices)];
  if (t.op !== 'add' && t.op !== 'mul') return { op: t.op, a, b };
  if ('op' in a && a.op === t.op && choices()) return { op: t.op, a: a.a, b: { op: t.op, a: a.b, b } };
  if (choices()) [a, b] = [b, a];
  return { op: t.op, a, b };
}

/** A divisor and its exact inverse: x divided by one is x times the other wherever x / d has at most 34 digits. */
const INVERSES = [
  ['2m', '0.5m'],
  ['8m', '0.125m'],
  ['1024m', '0.0009765625m'],
  ['100000m', '0.00001m'],
] as const;

/**
 * `x op y` for random x and y; `x eq x'` for x' an exact rewrite of x (true wherever x is not
 * null); or `x div d eq x mul (1/d)` for d a power of 2 or 10 (a quotient with too few decimals,
 * as MySQL's was for an integral x, makes it false).
 */
const filterArbOf = (ops: readonly string[]): fc.Arbitrary<string> => {
  const treeArb = treeArbOf(ops);
  const shapes = [
    fc
      .tuple(treeArb, fc.constantFrom('eq', 'ne', 'gt', 'ge', 'lt', 'le'), treeArb)
      .map(([a, op, b]) => `${print(a)} ${op} ${print(b)}`),
    fc.tuple(treeArb, fc.array(fc.boolean(), { minLength: 32, maxLength: 32 })).map(([t, bits]) => {
      let i = 0;
      return `${print(t)} eq ${print(rewrite(t, () => bits[i++ % bits.length]!))}`;
    }),
  ];
  if (ops.includes('div'))
    shapes.push(
      fc
        .tuple(treeArb, fc.constantFrom(...INVERSES))
        .map(([t, [d, inverse]]) => `${print(t)} div ${d} eq ${print(t)} mul ${inverse}`),
    );
  return fc.oneof(...shapes);
};

const OPS = ['add', 'sub', 'mul', 'mul', 'mul', 'mod', 'div'];

for (const setup of ENGINES.filter((e) => e.exactDecimals)) {
  describe.skipIf(!setup.available())(`${setup.name}: Decimal arithmetic as the reference`, () => {
    const engine = engineFor(setup);
    const filterArb = filterArbOf(OPS);

    it(`random Decimal expressions over random rows (${RUNS * FILTERS_PER_LOAD} filters)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          rowsArb,
          fc.array(filterArb, { minLength: FILTERS_PER_LOAD, maxLength: FILTERS_PER_LOAD }),
          async (rows, filters) => {
            await engine().load(schema, rows);
            for (const text of filters) {
              const typed: TypedFilter = check(text, schema);
              // A documented difference leaves the ids uncompared; the query must still run.
              const differs =
                setup.name === 'mysql'
                  ? mysqlDecimalDiffers(typed, rows)
                  : postgresDecimalDiffers(typed, rows, { division: true });
              await expectReferenceIds(setup, engine(), typed, rows, differs);
            }
          },
        ),
        { numRuns: RUNS },
      );
      expect(true).toBe(true);
    });
  });
}
