// Date-time arithmetic (docs/semantics.md §5): instants, dates and durations added, subtracted
// and scaled, null where a result leaves its type's range — the one rule the lowering folds
// constants with and the in-memory backend evaluates rows with. A Decimal factor is exact
// (decimal.js), which is why this is apart from the calendar of src/semantics/temporal.ts that a
// browser client bundles. Sums and differences are exact to the picosecond (FineTime).

import { isInteger, type EdmType, type NumericType } from '../language/edm.js';
import type { TemporalOp } from '../language/operators.js';
import { ExactDecimal } from './decimal-model.js';
import {
  addTimes,
  compareTimes,
  type FineTime,
  negateTime,
  picosecondsOf,
  PS_PER_MS,
  type TimeValue,
} from './fine-time.js';
import {
  instantOfDate,
  MAX_DURATION,
  MAX_FINE_DURATION,
  MAX_FINE_INSTANT,
  MIN_INSTANT,
  MS_PER_DAY,
} from './temporal.js';

const PS_PER_MS_BIG = BigInt(PS_PER_MS);

export function instantOrNull(instant: TimeValue): TimeValue | null {
  return compareTimes(instant, MIN_INSTANT) >= 0 && compareTimes(instant, MAX_FINE_INSTANT) <= 0 ? instant : null;
}

export function durationOrNull(value: TimeValue): TimeValue | null {
  if (typeof value === 'number') return Number.isFinite(value) && Math.abs(value) <= MAX_DURATION ? value : null;
  return compareTimes(value, MAX_FINE_DURATION) <= 0 && compareTimes(negateTime(value), MAX_FINE_DURATION) <= 0
    ? value
    : null;
}

/** `instant add duration` (`sub`: the duration negated). */
export function addToInstant(instant: TimeValue, duration: TimeValue): TimeValue | null {
  return instantOrNull(addTimes(instant, duration));
}

/** `date add duration`: from the date's midnight, UTC. */
export function addToDate(days: number, duration: TimeValue): TimeValue | null {
  return instantOrNull(addTimes(instantOfDate(days), duration));
}

/** `a sub b` of two instants: a Duration. */
export function instantsBetween(a: TimeValue, b: TimeValue): TimeValue | null {
  return durationOrNull(addTimes(a, negateTime(b)));
}

/** `a sub b` of two dates: whole days, as a Duration. */
export function datesBetween(a: number, b: number): number | null {
  return durationOrNull((a - b) * MS_PER_DAY) as number | null;
}

/**
 * `duration mul n` and `duration div n`: the duration's milliseconds and n as numbers of their
 * promoted type (docs/semantics.md §4: Int64 with an integer, exact; Decimal, exact, a quotient's
 * integer part exact too; Double or Single in binary64, the duration's milliseconds the nearest
 * Double), then truncated toward zero to whole milliseconds. A duration's picoseconds take part:
 * the product of `duration'PT0.0000015S'` and 1000 is 1.5 ms, truncated to 1 ms.
 * Null for a division by zero, a non-finite result, or one beyond the Duration range. `n` is the
 * literal value form of its type: a number, a bigint (Int64) or decimal text (Decimal).
 */
export function scaleDuration(
  duration: TimeValue,
  op: 'mul' | 'div',
  n: number | bigint | string,
  type: NumericType,
): number | null {
  if (isInteger(type)) {
    const factor = BigInt(n as number | bigint);
    if (op === 'div' && factor === 0n) return null;
    // bigint division truncates toward zero.
    const ps = picosecondsOf(duration);
    const exact = op === 'mul' ? (ps * factor) / PS_PER_MS_BIG : ps / (factor * PS_PER_MS_BIG);
    return exact >= -BigInt(MAX_DURATION) && exact <= BigInt(MAX_DURATION) ? Number(exact) : null;
  }
  const msText = typeof duration === 'number' ? String(duration) : millisecondsText(duration);
  if (type === 'Edm.Decimal') {
    const factor = new ExactDecimal(String(n));
    if (op === 'div' && factor.isZero()) return null;
    // The integer part of the exact quotient: what SQL's exact integer division gives.
    const ms = new ExactDecimal(msText);
    const result = op === 'mul' ? ms.times(factor) : ms.divToInt(factor);
    return durationOrNull(result.trunc().toNumber() + 0) as number | null;
  }
  const factor = Number(n);
  if (op === 'div' && factor === 0) return null;
  const ms = typeof duration === 'number' ? duration : Number(msText);
  const result = op === 'mul' ? ms * factor : ms / factor;
  return Number.isFinite(result) ? (durationOrNull(Math.trunc(result) + 0) as number | null) : null;
}

/** A fine value's milliseconds as exact decimal text: `-0.0000015`. */
function millisecondsText(value: FineTime): string {
  const negative = value.ms < 0;
  const abs = negative ? (negateTime(value) as FineTime) : value;
  return `${negative ? '-' : ''}${abs.ms}.${String(abs.ps).padStart(9, '0')}`;
}

/**
 * A temporal operation on non-null operand values, by the operand types (see TypedTemporal): the
 * one rule the lowering folds constants with and the in-memory backend evaluates rows with.
 */
export function evaluateTemporal(
  op: TemporalOp,
  leftType: EdmType,
  rightType: EdmType,
  a: TimeValue,
  b: TimeValue | bigint | string,
): TimeValue | null {
  if (rightType === 'Edm.Duration' && (op === 'add' || op === 'sub')) {
    const d = op === 'add' ? (b as TimeValue) : negateTime(b as TimeValue);
    if (leftType === 'Edm.Date') return addToDate(a as number, d);
    if (leftType === 'Edm.Duration') return durationOrNull(addTimes(a, d));
    return addToInstant(a, d);
  }
  if (op === 'sub' && leftType === 'Edm.Date') return datesBetween(a as number, b as number);
  if (op === 'sub') return instantsBetween(a, b as TimeValue);
  if (op === 'mul' || op === 'div')
    return scaleDuration(a, op, b as number | bigint | string, rightType as NumericType);
  throw new Error(`No date-time arithmetic '${op}' of ${leftType} and ${rightType}`);
}
