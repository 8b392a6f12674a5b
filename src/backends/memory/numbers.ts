// Number helpers of docs/semantics.md, section 4: exact decimals (division, a remainder computed
// without the whole quotient, rounding), Doubles rounded half away from zero and equal when NaN,
// and integer division truncated toward zero.

import { Decimal } from 'decimal.js';
import { ExactDecimal, QuotientDecimal } from '../../semantics/decimal-model.js';

export function decimal(text: string | number): Decimal {
  return new ExactDecimal(text);
}

export function divideDecimals(a: Decimal, b: Decimal): Decimal | null {
  if (b.isZero()) return null;
  return new ExactDecimal(QuotientDecimal.div(a, b));
}

/** `x = c · 10^k` with an integer coefficient c (decimal.js keeps base-1e7 limbs and the exponent of the first digit). */
function scaled(x: Decimal): [bigint, number] {
  const limbs = (x as unknown as { d: number[] }).d;
  let digits = String(limbs[0]);
  for (let i = 1; i < limbs.length; i++) digits += String(limbs[i]).padStart(7, '0');
  return [BigInt(digits), x.e - (digits.length - 1)];
}

function powMod(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n % modulus;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

/**
 * The remainder of the quotient truncated toward zero, exact, with the sign of `a`. Computed on
 * integer coefficients with a modular power of ten, because decimal.js computes the whole integer
 * quotient first: `1e9999m mod 7m` would take 10,000 digits, and far more after multiplications.
 */
export function modDecimals(a: Decimal, b: Decimal): Decimal | null {
  if (b.isZero()) return null;
  if (a.isZero() || a.abs().lt(b.abs())) return a;
  const [ca, ka] = scaled(a);
  const [cb, kb] = scaled(b);
  // |a| >= |b| and each has at most DECIMAL_DIGITS digits, so kb - k is at most about that many.
  const k = ka < kb ? ka : kb;
  const modulus = cb * 10n ** BigInt(kb - k);
  const r = (ca * powMod(10n, BigInt(ka - k), modulus)) % modulus;
  return new ExactDecimal(`${a.isNeg() ? '-' : ''}${r}e${k}`);
}

export function roundDecimal(a: Decimal): Decimal {
  return a.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}
export function floorDecimal(a: Decimal): Decimal {
  return a.toDecimalPlaces(0, Decimal.ROUND_FLOOR);
}
export function ceilingDecimal(a: Decimal): Decimal {
  return a.toDecimalPlaces(0, Decimal.ROUND_CEIL);
}

/** Half away from zero; NaN and ±INF stay. */
export function roundDouble(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

export function divideIntegers(a: number, b: number): number | null {
  return b === 0 ? null : Math.trunc(a / b);
}

/** Doubles: NaN equals NaN (docs/semantics.md, section 4). */
export function equalDoubles(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

export const floorDouble: (x: number) => number = Math.floor;
export const ceilingDouble: (x: number) => number = Math.ceil;
