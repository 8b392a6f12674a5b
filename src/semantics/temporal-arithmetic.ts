// Date-time arithmetic (docs/semantics.md §5): instants, dates and durations added, subtracted
// and scaled, null where a result leaves its type's range — the one rule the lowering folds
// constants with and the in-memory backend evaluates rows with. A Decimal factor is exact
// (decimal.js), which is why this is apart from the calendar of src/semantics/temporal.ts that a
// browser client bundles.

import { isInteger, type EdmType, type NumericType } from '../language/edm.js';
import type { TemporalOp } from '../language/operators.js';
import { ExactDecimal } from './decimal-model.js';
import { instantOfDate, MAX_DURATION, MAX_INSTANT, MIN_INSTANT, MS_PER_DAY } from './temporal.js';

export function instantOrNull(instant: number): number | null {
  return instant >= MIN_INSTANT && instant <= MAX_INSTANT ? instant : null;
}

export function durationOrNull(ms: number): number | null {
  return Number.isFinite(ms) && Math.abs(ms) <= MAX_DURATION ? ms : null;
}

/** `instant add duration` (`sub`: the duration negated). */
export function addToInstant(instant: number, duration: number): number | null {
  return instantOrNull(instant + duration);
}

/** `date add duration`: from the date's midnight, UTC. */
export function addToDate(days: number, duration: number): number | null {
  return instantOrNull(instantOfDate(days) + duration);
}

/** `a sub b` of two instants: a Duration. */
export function instantsBetween(a: number, b: number): number | null {
  return durationOrNull(a - b);
}

/** `a sub b` of two dates: whole days, as a Duration. */
export function datesBetween(a: number, b: number): number | null {
  return durationOrNull((a - b) * MS_PER_DAY);
}

/**
 * `duration mul n` and `duration div n`: the duration's milliseconds and n as numbers of their
 * promoted type (docs/semantics.md §4: Int64 with an integer, exact; Decimal, exact, a quotient's
 * integer part exact too; Double or Single in binary64), then truncated toward zero.
 * Null for a division by zero, a non-finite result, or one beyond the Duration range. `n` is the
 * literal value form of its type: a number, a bigint (Int64) or decimal text (Decimal).
 */
export function scaleDuration(
  ms: number,
  op: 'mul' | 'div',
  n: number | bigint | string,
  type: NumericType,
): number | null {
  if (isInteger(type)) {
    const factor = BigInt(n as number | bigint);
    if (op === 'div' && factor === 0n) return null;
    // bigint division truncates toward zero.
    const exact = op === 'mul' ? BigInt(ms) * factor : BigInt(ms) / factor;
    return exact >= -BigInt(MAX_DURATION) && exact <= BigInt(MAX_DURATION) ? Number(exact) : null;
  }
  if (type === 'Edm.Decimal') {
    const factor = new ExactDecimal(String(n));
    if (op === 'div' && factor.isZero()) return null;
    // The integer part of the exact quotient: what SQL's exact integer division gives.
    const result = op === 'mul' ? ExactDecimal.mul(ms, factor) : new ExactDecimal(ms).divToInt(factor);
    return durationOrNull(result.trunc().toNumber() + 0);
  }
  const factor = Number(n);
  if (op === 'div' && factor === 0) return null;
  const result = op === 'mul' ? ms * factor : ms / factor;
  return Number.isFinite(result) ? durationOrNull(Math.trunc(result) + 0) : null;
}

/**
 * A temporal operation on non-null operand values, by the operand types (see TypedTemporal): the
 * one rule the lowering folds constants with and the in-memory backend evaluates rows with.
 */
export function evaluateTemporal(
  op: TemporalOp,
  leftType: EdmType,
  rightType: EdmType,
  a: number,
  b: number | bigint | string,
): number | null {
  if (rightType === 'Edm.Duration' && (op === 'add' || op === 'sub')) {
    const d = op === 'add' ? (b as number) : -(b as number);
    if (leftType === 'Edm.Date') return addToDate(a, d);
    if (leftType === 'Edm.Duration') return durationOrNull(a + d);
    return addToInstant(a, d);
  }
  if (op === 'sub' && leftType === 'Edm.Date') return datesBetween(a, b as number);
  if (op === 'sub') return instantsBetween(a, b as number);
  if (op === 'mul' || op === 'div') return scaleDuration(a, op, b, rightType as NumericType);
  throw new Error(`No date-time arithmetic '${op}' of ${leftType} and ${rightType}`);
}
