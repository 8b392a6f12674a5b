// Dates, times of day and durations on their integer representations (docs/semantics.md §5): the
// UTC parts of an instant computed from its epoch milliseconds with integer arithmetic (the
// proleptic Gregorian calendar, as `Date` reads it) instead of a `Date` per row, the date-time
// functions, and date-time arithmetic on non-null operands. An instant, time of day or duration
// is a TimeValue: whole milliseconds, or a FineTime with picoseconds beyond; the calendar parts
// read its whole milliseconds (its floor), which is the part a finer value falls in.

import { Decimal } from 'decimal.js';
import type { EdmType } from '../../language/edm.js';
import type { TemporalOp } from '../../language/operators.js';
import { ExactDecimal } from '../../semantics/decimal-model.js';
import { evaluateTemporal } from '../../semantics/temporal-arithmetic.js';
import { secondsText } from '../../semantics/temporal.js';
import { picosOf, type TimeValue, timeValue, wholeMs } from '../../semantics/fine-time.js';

const DAY_MS = 86_400_000;

/** Days since 1970-01-01 shifted to 0000-03-01, so that a leap day ends its year. */
function marchDays(ms: number): number {
  return Math.floor(ms / DAY_MS) + 719_468;
}

/** Days since the start of the 400-year era holding a marchDays count (0–146,096). */
function dayOfEra(z: number): number {
  return z - Math.floor(z / 146_097) * 146_097;
}

/** Years since the start of the era (0–399), March to February, of a day of the era. */
function yearOfEra(doe: number): number {
  return Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
}

/** The day of the March-to-February year (0–365) of a day of the era. */
function dayOfMarchYear(doe: number): number {
  const yoe = yearOfEra(doe);
  return doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
}

/** The month of a March-to-February year's day, counted from March (0–11). */
function marchMonth(doy: number): number {
  return Math.floor((5 * doy + 2) / 153);
}

export function yearOf(value: TimeValue): number {
  const ms = wholeMs(value);
  const z = marchDays(ms);
  const doe = dayOfEra(z);
  // January and February (March months 10 and 11) belong to the next calendar year.
  return ((z - doe) / 146_097) * 400 + yearOfEra(doe) + (marchMonth(dayOfMarchYear(doe)) >= 10 ? 1 : 0);
}
export function monthOf(value: TimeValue): number {
  const ms = wholeMs(value);
  const mp = marchMonth(dayOfMarchYear(dayOfEra(marchDays(ms))));
  return mp < 10 ? mp + 3 : mp - 9;
}
export function dayOf(value: TimeValue): number {
  const ms = wholeMs(value);
  const doy = dayOfMarchYear(dayOfEra(marchDays(ms)));
  return doy - Math.floor((153 * marchMonth(doy) + 2) / 5) + 1;
}

/** Milliseconds since midnight UTC. */
function timeOfDay(ms: number): number {
  return ms - Math.floor(ms / DAY_MS) * DAY_MS;
}
export function hourOf(value: TimeValue): number {
  const ms = wholeMs(value);
  return Math.floor(timeOfDay(ms) / 3_600_000);
}
export function minuteOf(value: TimeValue): number {
  const ms = wholeMs(value);
  return Math.floor(timeOfDay(ms) / 60_000) % 60;
}
export function secondOf(value: TimeValue): number {
  const ms = wholeMs(value);
  return Math.floor(timeOfDay(ms) / 1000) % 60;
}

// Dates (days since 1970-01-01), times of day and durations (docs/semantics.md §5).

export function yearOfDate(days: number): number {
  return yearOf(days * DAY_MS);
}
export function monthOfDate(days: number): number {
  return monthOf(days * DAY_MS);
}
export function dayOfDate(days: number): number {
  return dayOf(days * DAY_MS);
}
/** `date(x)`: the UTC date of an instant, in days. */
export function dateOf(value: TimeValue): number {
  return Math.floor(wholeMs(value) / DAY_MS);
}
/** `time(x)`: the UTC time of day of an instant, its picoseconds kept. */
export function timeOf(value: TimeValue): TimeValue {
  return timeValue(timeOfDay(wholeMs(value)), picosOf(value));
}
/**
 * `fractionalseconds(x)` of an instant or a time of day: the milliseconds of its second and the
 * picoseconds beyond, as decimal seconds.
 */
export function fractionalSecondsOf(value: TimeValue): Decimal {
  return new ExactDecimal(secondsText(timeValue(timeOfDay(wholeMs(value)) % 1000, picosOf(value))));
}
/** `totalseconds(d)`: the duration in decimal seconds. */
export function totalSecondsOf(value: TimeValue): Decimal {
  return new ExactDecimal(secondsText(value));
}
/** Order, equality and negation of time values, as the compiled code calls them. */
export { compareTimes, negateTime, sameTime } from '../../semantics/fine-time.js';
/** `totaloffsetminutes(x)`: instants are read in UTC. */
export function totalOffsetMinutes(): number {
  return 0;
}
/** Date-time arithmetic on non-null operands, by their types (src/semantics/temporal-arithmetic.ts). */
export function temporal(
  op: TemporalOp,
  leftType: EdmType,
  rightType: EdmType,
  a: TimeValue,
  b: TimeValue | bigint | Decimal,
): TimeValue | null {
  return evaluateTemporal(
    op,
    leftType,
    rightType,
    a,
    Decimal.isDecimal(b) ? (b as Decimal).toString() : (b as TimeValue | bigint),
  );
}
