// Time values finer than a millisecond (docs/semantics.md §5, "Precision"). An instant, a time of
// day or a duration is a whole number of milliseconds — a JavaScript number, as before — or, when
// digits beyond the millisecond were written, a FineTime: the whole milliseconds below it and the
// picoseconds beyond them. Picoseconds, because OData writes at most 12 fractional digits. A value
// is a FineTime only when it has picoseconds, so a whole value is always a number and the common
// path (`===`, `<`, a number in a row) stays that of numbers.

export const PS_PER_MS = 1_000_000_000;
const PS_PER_MS_BIG = 1_000_000_000n;

/** `ms + ps / 1e9` milliseconds: `ms` the floor (an integer), `ps` from 1 to 999,999,999. */
export class FineTime {
  constructor(
    readonly ms: number,
    readonly ps: number,
  ) {}
}

/** An instant, time of day or duration: whole milliseconds, or a FineTime. */
export type TimeValue = number | FineTime;

export function isFineTime(v: unknown): v is FineTime {
  return v instanceof FineTime;
}

/** The value of whole milliseconds and picoseconds (any integers), in its one representation. */
export function timeValue(ms: number, ps: number): TimeValue {
  if (ps === 0) return ms + 0;
  const carry = Math.floor(ps / PS_PER_MS);
  return normalized(ms + carry, ps - carry * PS_PER_MS);
}

function normalized(ms: number, ps: number): TimeValue {
  return ps === 0 ? ms + 0 : new FineTime(ms, ps);
}

/** The whole milliseconds at or below a value (its floor). */
export function wholeMs(v: TimeValue): number {
  return typeof v === 'number' ? v : v.ms;
}

/** The picoseconds beyond the whole milliseconds, 0 to 999,999,999. */
export function picosOf(v: TimeValue): number {
  return typeof v === 'number' ? 0 : v.ps;
}

/** Negative, zero or positive as `a` is below, equal to or above `b`. */
export function compareTimes(a: TimeValue, b: TimeValue): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  const ms = wholeMs(a) - wholeMs(b);
  return ms !== 0 ? ms : picosOf(a) - picosOf(b);
}

export function sameTime(a: TimeValue, b: TimeValue): boolean {
  return a === b || compareTimes(a, b) === 0;
}

/** The value in picoseconds, exact: the form arithmetic on fine values is computed in. */
export function picosecondsOf(v: TimeValue): bigint {
  return BigInt(wholeMs(v)) * PS_PER_MS_BIG + BigInt(picosOf(v));
}

/** The value of a count of picoseconds (within the ±2^53 ms that numbers hold exactly). */
export function timeOfPicoseconds(ps: bigint): TimeValue {
  let ms = ps / PS_PER_MS_BIG;
  let rest = ps - ms * PS_PER_MS_BIG;
  if (rest < 0n) {
    ms -= 1n;
    rest += PS_PER_MS_BIG;
  }
  return normalized(Number(ms), Number(rest));
}

/** `-v`, exact. */
export function negateTime(v: TimeValue): TimeValue {
  return typeof v === 'number' ? -v + 0 : new FineTime(-v.ms - 1, PS_PER_MS - v.ps);
}

/** `a + b`, exact. */
export function addTimes(a: TimeValue, b: TimeValue): TimeValue {
  if (typeof a === 'number' && typeof b === 'number') return a + b;
  return timeValue(wholeMs(a) + wholeMs(b), picosOf(a) + picosOf(b));
}

/**
 * The fraction of a millisecond as the 9 digits after the millisecond's, trailing zeros removed
 * (`''` for a whole value): what the text of a value writes after its milliseconds.
 */
export function subMillisecondDigits(v: TimeValue): string {
  const ps = picosOf(v);
  return ps === 0 ? '' : String(ps).padStart(9, '0').replace(/0+$/, '');
}

const WHOLE = { ms: 0, ps: 0 } as const;

/**
 * Digits after the decimal point of seconds (up to 12) as whole milliseconds and picoseconds, or
 * undefined when a digit beyond the twelfth is not zero: OData writes at most 12.
 */
export function fractionOfSecond(fraction: string): { readonly ms: number; readonly ps: number } | undefined {
  if (fraction === '') return WHOLE;
  if (/[1-9]/.test(fraction.slice(12))) return undefined;
  return {
    ms: Number(fraction.slice(0, 3).padEnd(3, '0')),
    ps: Number(fraction.slice(3, 12).padEnd(9, '0')),
  };
}

/**
 * The unit a backend stores instants, times of day and durations in (docs/sql.md, "Dates, times
 * of day and durations"): every value a row gives, and every value the engine computes from rows
 * and constants of the unit, is a whole number of it.
 */
export type TimeUnit = 'milliseconds' | 'microseconds';

/** Picoseconds in one unit. */
export const PS_PER_UNIT: { readonly [U in TimeUnit]: number } = {
  milliseconds: PS_PER_MS,
  microseconds: 1_000_000,
};

/** Whether a value is a whole number of the unit. */
export function isWholeIn(v: TimeValue, unit: TimeUnit): boolean {
  return picosOf(v) % PS_PER_UNIT[unit] === 0;
}

/** The whole units at or below a value (its floor in the unit), as a value. */
export function floorIn(v: TimeValue, unit: TimeUnit): TimeValue {
  const ps = picosOf(v);
  return timeValue(wholeMs(v), ps - (ps % PS_PER_UNIT[unit]));
}

/** The value as an exact integer count of the unit, for a value that is whole in it. */
export function countIn(v: TimeValue, unit: TimeUnit): bigint {
  return picosecondsOf(v) / BigInt(PS_PER_UNIT[unit]);
}
