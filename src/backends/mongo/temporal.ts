// Dates, times of day and durations as aggregation expressions (docs/semantics.md §5, docs/mongo.md):
// a Date and an instant are BSON Dates (a date at midnight UTC), a time of day and a duration
// integers of milliseconds, so the arithmetic is MongoDB's on Dates and numbers, with the range
// checks that make a result beyond its type's range null.

import type { TemporalOp } from '../../language/operators.js';
import type { LoweredValue } from '../../lower/lowered.js';
import { MAX_DURATION, MAX_INSTANT, MIN_INSTANT, MS_PER_DAY } from '../../semantics/temporal.js';
import { type Agg, isNull, type ValueCompiler } from './aggregation.js';

/** `value` where it lies within [lo, hi] (numbers, or Dates), else null; a null stays null. */
function within(c: ValueCompiler, value: Agg, lo: unknown, hi: unknown): Agg {
  return c.bind([value], ([v]) => ({ $cond: [{ $and: [{ $gte: [v, lo] }, { $lte: [v, hi] }] }, v, null] }));
}

const duration = (c: ValueCompiler, value: Agg): Agg => within(c, value, -MAX_DURATION, MAX_DURATION);
const instant = (c: ValueCompiler, value: Agg): Agg => within(c, value, new Date(MIN_INSTANT), new Date(MAX_INSTANT));

/**
 * Date-time arithmetic on the operands' values `a` and `b`, by their types (TypedTemporal in
 * src/types/typed.ts). `$add` and `$subtract` of a Date and a number move it by milliseconds, and
 * the difference of two Dates is their milliseconds apart; a null or missing operand gives null.
 */
export function temporalArithmetic(
  c: ValueCompiler,
  op: TemporalOp,
  left: LoweredValue,
  right: LoweredValue,
  a: Agg,
  b: Agg,
): Agg {
  if (op === 'add') return left.type === 'Edm.Duration' ? duration(c, { $add: [a, b] }) : instant(c, { $add: [a, b] });
  if (op === 'sub') {
    if (right.type !== 'Edm.Duration' || left.type === 'Edm.Duration') return duration(c, { $subtract: [a, b] });
    return instant(c, { $subtract: [a, b] });
  }
  // A long, as a stored duration is: a Date moves only by whole milliseconds.
  return c.bind([scale(c, op, right, a, b)], ([v]) => ({
    $cond: [{ $and: [{ $gte: [v, -MAX_DURATION] }, { $lte: [v, MAX_DURATION] }] }, { $toLong: v }, null],
  }));
}

/**
 * `duration mul n`, `duration div n`, truncated toward zero: in the factor's arithmetic (an
 * integer's: the quotient of a stored integer below 2^53 by an integer, as a double, truncates to
 * the exact one; a Decimal's in Decimal128; a Double's in binary64); null for a division by zero
 * or a null operand.
 */
function scale(c: ValueCompiler, op: 'mul' | 'div', factor: LoweredValue, a: Agg, b: Agg): Agg {
  const decimal = factor.type === 'Edm.Decimal';
  const ms = decimal ? { $toDecimal: a } : a;
  if (op === 'mul') return { $trunc: { $multiply: [ms, b] } };
  return c.bind([ms, b], ([x, n]) => ({
    $cond: [{ $or: [isNull(n), { $eq: [n, 0] }] }, null, { $trunc: { $divide: [x, n] } }],
  }));
}

/** The milliseconds of an instant's UTC time of day (a Date's, from its epoch milliseconds). */
export function timeOfInstant(c: ValueCompiler, d: Agg): Agg {
  return c.bind([{ $mod: [{ $toLong: d }, MS_PER_DAY] }], ([r]) => ({ $mod: [{ $add: [r, MS_PER_DAY] }, MS_PER_DAY] }));
}

/** The midnight (UTC) that starts an instant's day, as a Date. */
export function dateOfInstant(c: ValueCompiler, d: Agg): Agg {
  return c.bind([d], ([x]) => ({ $subtract: [x, timeOfInstant(c, x)] }));
}
