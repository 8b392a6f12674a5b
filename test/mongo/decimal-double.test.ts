// A Decimal converted to Double (`Price eq Score`, `Price gt 1e308`): MongoDB's `$toDouble` of a
// Decimal128 fails when the double would overflow or underflow, so the documents must reach the
// reference's binary64 rounding (±INF beyond the double range, a subnormal or ±0 below it) without
// ever evaluating such a `$toDouble`. Rows in the style of the evaluation table, every row and
// filter compared with the reference, with and without a Decimal128 factory.

import { Decimal } from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { Decimal128, decimal128, matchIds, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { gapsOf } from './gaps.js';

const schema = defineSchema({
  name: 'D',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Price: 'Edm.Decimal',
    Score: 'Edm.Double',
    Up: 'Edm.Double',
  },
});

const Exact = Decimal.clone({ precision: 1000 });
const two = (n: number) => new Exact(2).pow(n);
/** 2^1024 - 2^970: the smallest magnitude binary64 rounds to infinity. */
const OVERFLOW = two(1024).sub(two(970));
const MIN_NORMAL = new Exact(5).pow(1022).mul('1e-1022');
const HALF_MIN_SUBNORMAL = new Exact(5).pow(1075).mul('1e-1075');
const up34 = (d: InstanceType<typeof Exact>) => d.toSignificantDigits(34, Decimal.ROUND_UP).toString();
const down34 = (d: InstanceType<typeof Exact>) => d.toSignificantDigits(34, Decimal.ROUND_DOWN).toString();

const PRICES: readonly string[] = [
  '1e400',
  '-1e400',
  '1e-400',
  '-1e-400',
  OVERFLOW.toFixed(), // exact: 309 digits, beyond Decimal128 (a documented 34-digit difference)
  up34(OVERFLOW),
  down34(OVERFLOW),
  `-${up34(OVERFLOW)}`,
  `-${down34(OVERFLOW)}`,
  '1.7976931348623157e308',
  '1e308',
  up34(MIN_NORMAL),
  down34(MIN_NORMAL),
  `-${down34(MIN_NORMAL)}`,
  '3e-320',
  '-1e-310',
  '4.9406564584124654e-324',
  '7.4e-324',
  '7.5e-324',
  up34(HALF_MIN_SUBNORMAL),
  down34(HALF_MIN_SUBNORMAL),
  `-${up34(HALF_MIN_SUBNORMAL)}`,
  '1e-6176',
  '0',
  '-0',
  '2.5',
  '0.1',
];

/** Score is the reference's Double of Price, Up the next double above it. */
const rows = [
  ...PRICES.map((price, i) => {
    const score = new Exact(price).toNumber();
    return { Id: i + 1, Price: price, Score: score, Up: nextUp(score) };
  }),
  { Id: PRICES.length + 1, Price: null, Score: null, Up: 0 },
];

function nextUp(x: number): number {
  if (Number.isNaN(x) || x === Infinity) return x;
  if (x === 0) return Number.MIN_VALUE;
  const buffer = new DataView(new ArrayBuffer(8));
  buffer.setFloat64(0, x);
  const bits = buffer.getBigInt64(0);
  buffer.setBigInt64(0, x > 0 ? bits + 1n : bits - 1n);
  return buffer.getFloat64(0);
}

const FILTERS = [
  'Price eq Score',
  'Score eq Price',
  'Price ne Score',
  'Price lt Up',
  'Price ge Up',
  'Price eq Up',
  'Score lt Price',
  'Price le Score',
  'Price add 0 eq Score',
  'Price mul 2 gt Score',
  'Price eq INF',
  'Price eq -INF',
  'Price eq 0',
  'Price gt 0',
  'Price lt 0',
  'Price lt 1.7976931348623157e308',
  'Price gt 1e308',
  'Price eq 5e-324',
  'Price eq 1e-310 mul 1d',
  'Price gt Up sub Up',
  'not (Price eq Score)',
];

const docs = rows.map((row) => toMongoDocument(schema, row));

describe('Decimal to Double in MongoDB', () => {
  it('the harness fails where MongoDB does: $toDouble of a Decimal128 that overflows or underflows a double', () => {
    // Whether $toDouble of the Decimal128 is `n` (throws as the server would).
    const toDoubleIs = (text: string, n: number) =>
      mongoQuery({ $expr: { $eq: [{ $toDouble: '$x' }, n] } }).test({ x: new Decimal128(text) });
    expect(() => toDoubleIs('1e400', Infinity)).toThrow(/overflow/);
    expect(() => toDoubleIs('-1e400', -Infinity)).toThrow(/overflow/);
    expect(() => toDoubleIs(up34(OVERFLOW), Infinity)).toThrow(/overflow/);
    expect(toDoubleIs(down34(OVERFLOW), Number.MAX_VALUE)).toBe(true);
    expect(() => toDoubleIs('1e-400', 0)).toThrow(/underflow/);
    expect(() => toDoubleIs('3e-320', 3e-320)).toThrow(/underflow/);
    expect(() => toDoubleIs(down34(MIN_NORMAL), 2 ** -1022)).toThrow(/underflow/);
    expect(toDoubleIs(up34(MIN_NORMAL), 2 ** -1022)).toBe(true);
    expect(toDoubleIs('0', 0)).toBe(true);
    expect(toDoubleIs('2.5', 2.5)).toBe(true);
  });

  it('the exact 2^1024 - 2^970 is the one row beyond Decimal128 (a documented difference)', () => {
    const gapIds = rows.filter((row) => gapsOf(check('Price eq Score', schema), row).size > 0).map((row) => row.Id);
    expect(gapIds).toEqual([5]);
  });

  for (const filter of FILTERS) {
    it(filter, () => {
      const typed = check(filter, schema);
      const predicate = compilePredicate(typed);
      const gap = (row: (typeof rows)[number]) => gapsOf(typed, row).size > 0;
      const expected = rows.filter((row) => !gap(row) && predicate(row)).map((row) => row.Id);
      for (const options of [{ decimal: decimal128 }, {}]) {
        const document = compileMongo(typed, options);
        const got = matchIds(
          document,
          docs.filter((_d, i) => !gap(rows[i]!)),
        );
        expect(got).toEqual(expected);
      }
    });
  }

  it('a Decimal literal converted to Double is its Double, computed at compile time', () => {
    expect(compileMongo(check('Score eq 1e400m', schema))).toEqual({ Score: Infinity });
  });
});
