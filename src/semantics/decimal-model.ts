// The bounded Decimal model of the language (docs/semantics.md, section 4), which every backend
// holds literals to: at most 1,000 significant digits, an exponent within ±9,999.

import { Decimal } from 'decimal.js';

/**
 * The bounded Decimal model of docs/semantics.md, section 4. A literal or row value has at most
 * DECIMAL_DIGITS significant digits and an exponent (of its most significant digit) within
 * ±DECIMAL_MAX_EXPONENT; arithmetic is exact while a result fits DECIMAL_DIGITS digits and is
 * rounded half to even beyond, which bounds the work any value or filter can cause. decimal.js's
 * exponent limits are set to its largest, ±9e15, explicitly: each operation at most adds its
 * operands' exponents (plus the precision), so no filter that fits in a string can reach them, and
 * nothing silently becomes Infinity or 0.
 */
export const DECIMAL_DIGITS = 1000;
export const DECIMAL_MAX_EXPONENT = 9999;
export const EXPONENT_LIMIT = 9e15;
export const ExactDecimal = Decimal.clone({
  precision: DECIMAL_DIGITS,
  rounding: Decimal.ROUND_HALF_EVEN,
  modulo: Decimal.ROUND_DOWN,
  minE: -EXPONENT_LIMIT,
  maxE: EXPONENT_LIMIT,
});

/** Division alone rounds further, to decimal128's 34 digits (docs/semantics.md §4). */
export const QuotientDecimal = Decimal.clone({
  precision: 34,
  rounding: Decimal.ROUND_HALF_EVEN,
  minE: -EXPONENT_LIMIT,
  maxE: EXPONENT_LIMIT,
});

/** Why a finite Decimal is outside the model (too many digits, or too large or small), or undefined. */
export function decimalProblem(d: Decimal): string | undefined {
  if (d.sd() > DECIMAL_DIGITS) return `it has more than ${DECIMAL_DIGITS.toLocaleString('en-US')} significant digits`;
  if (!d.isZero() && Math.abs(d.e) > DECIMAL_MAX_EXPONENT)
    return `its exponent is beyond ±${DECIMAL_MAX_EXPONENT.toLocaleString('en-US')}`;
  return undefined;
}

/** An exponent part longer than this could move a value past decimal.js's limits, where it would read as Infinity or 0. */
const LONG_EXPONENT = /[eE][+-]?0*\d{16}/;

/**
 * A Decimal from decimal text, or why it is outside the model. Text with an exponent of 16 digits
 * or more is refused before decimal.js reads it (it would become Infinity or 0).
 */
export function decimalFromText(text: string): Decimal | string {
  const beyond = `its exponent is beyond ±${DECIMAL_MAX_EXPONENT.toLocaleString('en-US')}`;
  if (LONG_EXPONENT.test(text)) return /^[^eE]*[1-9]/.test(text) ? beyond : new ExactDecimal(0);
  const d = new ExactDecimal(text);
  return d.isFinite() ? (decimalProblem(d) ?? d) : beyond;
}
