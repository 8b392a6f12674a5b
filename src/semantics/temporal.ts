// Dates, times of day and durations (docs/semantics.md §5): their ranges, their text, and the
// calendar facts every backend shares. Each value is an integer of one unit — a Date is days since
// 1970-01-01, a TimeOfDay milliseconds since midnight, a Duration signed milliseconds, an instant
// milliseconds since the epoch, the last three with picoseconds beyond when written (a FineTime,
// src/semantics/fine-time.ts) — so the arithmetic on them is integer arithmetic; the calendar
// (which days exist, which year a day falls in) is the proleptic Gregorian calendar of the
// platform's Date read in UTC, which is exact integer arithmetic within its ±100,000,000 days. No
// date library: this module is part of what a browser client bundles. Arithmetic on these values
// is src/semantics/temporal-arithmetic.ts.

import {
  FineTime,
  fractionOfSecond,
  compareTimes,
  negateTime,
  picosOf,
  PS_PER_MS,
  subMillisecondDigits,
  type TimeValue,
  timeValue,
  wholeMs,
} from './fine-time.js';

export const MS_PER_DAY = 86_400_000;
/** 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z: the range of a result that is an instant. */
export const MIN_INSTANT = -62_135_596_800_000;
export const MAX_INSTANT = 253_402_300_799_999;
/** 0001-01-01 and 9999-12-31, in days since 1970-01-01. */
export const MIN_DATE = -719_162;
export const MAX_DATE = 2_932_896;
/** 23:59:59.999 in milliseconds since midnight. */
export const MAX_TIME_OF_DAY = MS_PER_DAY - 1;
/** The longest Duration either way, in milliseconds: the span of the instants above. */
export const MAX_DURATION = MAX_INSTANT - MIN_INSTANT;
/**
 * The finest values reach 999,999,999 picoseconds beyond the millisecond bounds above: the last
 * instant is 9999-12-31T23:59:59.999999999999Z, the last time of day 23:59:59.999999999999, and the
 * longest duration is their span.
 */
const MAX_DURATION_PS = PS_PER_MS - 1;
// Marked pure, so that a bundle that reads no value against them leaves them out.
export const MAX_FINE_INSTANT: TimeValue = /* @__PURE__ */ new FineTime(MAX_INSTANT, MAX_DURATION_PS);
export const MAX_FINE_TIME_OF_DAY: TimeValue = /* @__PURE__ */ new FineTime(MAX_TIME_OF_DAY, MAX_DURATION_PS);
export const MAX_FINE_DURATION: TimeValue = /* @__PURE__ */ new FineTime(MAX_DURATION, MAX_DURATION_PS);
/**
 * MAX_FINE_DURATION as formatDuration() writes it (test/semantics/calendar.prop.test.ts holds the
 * two equal): spelt out, so that reading a duration bundles no writing of one.
 */
export const LONGEST_DURATION = 'P3652058DT23H59M59.999999999999S';

export type TemporalReading<V = number> =
  | { readonly ok: true; readonly value: V }
  /** `unsupported`: well-formed, but more precise than a picosecond. */
  | { readonly ok: false; readonly problem: string; readonly unsupported: boolean };

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_TEXT = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?$/;
const DURATION_TEXT = /^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d+))?S)?)?$/;

function refused(problem: string): TemporalReading<never> {
  return { ok: false, problem, unsupported: false };
}

const SUB_PICOSECOND: TemporalReading<never> = {
  ok: false,
  problem: 'more precise than a picosecond (12 fractional digits), the precision of date and time values',
  unsupported: true,
};

/** `YYYY-MM-DD`, years 0001–9999: the day it names, in days since 1970-01-01. */
export function readDate(text: string): TemporalReading {
  const match = DATE_TEXT.exec(text);
  if (!match) return refused('expected YYYY-MM-DD');
  const [, y, m, d] = match;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  if (year < 1) return refused('there is no year 0000');
  if (!(day >= 1 && day <= (daysInMonth(year, month) ?? 0)))
    return refused(`there is no day ${d} of month ${m} in ${y}`);
  return { ok: true, value: daysSinceEpoch(year, month, day) };
}

/** `hh:mm[:ss[.fff…]]` within a day: milliseconds since midnight, picoseconds beyond if written. */
export function readTimeOfDay(text: string): TemporalReading<TimeValue> {
  const match = TIME_TEXT.exec(text);
  if (!match) return refused('expected hh:mm[:ss[.fff]]');
  const [, h, mi, s = '0', fraction = ''] = match;
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (hour > 23) return refused(`there is no hour ${h}`);
  if (minute > 59) return refused(`there is no minute ${mi}`);
  if (second > 59) return refused(`there is no second ${s}`);
  const fine = fractionOfSecond(fraction);
  if (fine === undefined) return SUB_PICOSECOND;
  return { ok: true, value: timeValue(((hour * 60 + minute) * 60 + second) * 1000 + fine.ms, fine.ps) };
}

/**
 * `[-]P[nD][T[nH][nM][n[.fff…]S]]`, at least one part: signed milliseconds within ±MAX_DURATION
 * (picoseconds beyond, if written, within ±MAX_FINE_DURATION). Years and months are refused: they
 * are not a fixed length of time.
 */
export function readDuration(text: string): TemporalReading<TimeValue> {
  const match = DURATION_TEXT.exec(text);
  const [, sign, d, h, mi, s, fraction = ''] = match ?? [];
  if (!match || (d === undefined && h === undefined && mi === undefined && s === undefined) || text.endsWith('T')) {
    return refused('expected [-]P[nD][T[nH][nM][n[.fff]S]] with at least one part (days, hours, minutes, seconds)');
  }
  const fine = fractionOfSecond(fraction);
  if (fine === undefined) return SUB_PICOSECOND;
  // BigInt: the parts may be long digit strings, and are checked against the range only once added.
  const total =
    BigInt(d ?? 0) * BigInt(MS_PER_DAY) +
    BigInt(h ?? 0) * 3_600_000n +
    BigInt(mi ?? 0) * 60_000n +
    BigInt(s ?? 0) * 1000n +
    BigInt(fine.ms);
  if (total > BigInt(MAX_DURATION) || (total === BigInt(MAX_DURATION) && fine.ps > MAX_DURATION_PS))
    return refused(`longer than ${LONGEST_DURATION}, the longest duration`);
  const value = timeValue(Number(total), fine.ps);
  return { ok: true, value: sign === '-' ? negateTime(value) : value };
}

/**
 * v2/v3 `time'PT13H20M'`: a time of day written as the duration since midnight; non-negative and
 * shorter than a day.
 */
export function readDurationTimeOfDay(text: string): TemporalReading<TimeValue> {
  const reading = readDuration(text);
  if (!reading.ok) return reading;
  if (text.startsWith('-') || wholeMs(reading.value) > MAX_TIME_OF_DAY)
    return refused('a time of day is at least PT0S and shorter than P1D');
  return reading;
}

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The days of a month of a year (undefined for a month not from 1 to 12). */
export function daysInMonth(year: number, month: number): number | undefined {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
}

/**
 * Days since 1970-01-01 of a day of the proleptic Gregorian calendar, year 0 or later: the count
 * of whole 400-year eras and the day within its era (the platform's `Date` counts the same days).
 */
export function daysSinceEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return (
    era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468
  );
}

/** The instant as a Date, read in UTC; a RangeError beyond the Date range (±8.64e15 ms). */
function utcDate(ms: number): Date {
  const date = new Date(ms);
  if (Number.isNaN(date.getTime())) throw new RangeError('Invalid time value');
  return date;
}

function digits(n: number, width: number): string {
  return String(n).padStart(width, '0');
}

/**
 * `YYYY-MM-DD` of a day. A year before 0001 is written as the year count before it (year 0 as
 * 0001, -1 as 0002), as date-fns's `yyyy` wrote it; such a day is never a value of the language.
 */
export function formatDate(days: number): string {
  const date = utcDate(days * MS_PER_DAY);
  const year = date.getUTCFullYear();
  return `${digits(year > 0 ? year : 1 - year, 4)}-${digits(date.getUTCMonth() + 1, 2)}-${digits(date.getUTCDate(), 2)}`;
}

/**
 * `hh:mm:ss.fff` of a time of day (of the day it falls in, outside 0–23:59:59.999), with the digits
 * beyond the millisecond a finer value has (`07:59:59.000000500`).
 */
export function formatTimeOfDay(value: TimeValue): string {
  const time = utcDate(wholeMs(value));
  return `${digits(time.getUTCHours(), 2)}:${digits(time.getUTCMinutes(), 2)}:${digits(time.getUTCSeconds(), 2)}.${digits(time.getUTCMilliseconds(), 3)}${subMillisecondDigits(value)}`;
}

/** The shortest ISO 8601 text of a duration: `P1DT2H`, `-PT0.5S`, `PT0S`, `PT0.000000001S`. */
export function formatDuration(value: TimeValue): string {
  const negative = compareTimes(value, 0) < 0;
  const magnitude = negative ? negateTime(value) : value;
  const sign = negative ? '-' : '';
  let rest = wholeMs(magnitude);
  const days = Math.floor(rest / MS_PER_DAY);
  rest -= days * MS_PER_DAY;
  const hours = Math.floor(rest / 3_600_000);
  rest -= hours * 3_600_000;
  const minutes = Math.floor(rest / 60_000);
  rest -= minutes * 60_000;
  const seconds = secondsText(timeValue(rest, picosOf(magnitude)));
  const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds !== '0' ? `${seconds}S` : ''}`;
  if (!days && !time) return 'PT0S';
  return `${sign}P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
}

// ---------------------------------------------------------------------------------------------
// Parts and conversions (instants read in UTC)

export type DatePart = 'year' | 'month' | 'day';
export type TimePart = 'hour' | 'minute' | 'second';

/** The UTC date of an instant, in days. */
export function dateOfInstant(instant: number): number {
  return Math.floor(instant / MS_PER_DAY);
}

/** The UTC time of day of an instant, in milliseconds since midnight. */
export function timeOfInstant(instant: number): number {
  return instant - dateOfInstant(instant) * MS_PER_DAY;
}

/** The midnight (UTC) that starts a day, as an instant. */
export function instantOfDate(days: number): number {
  return days * MS_PER_DAY;
}

export function datePart(days: number, part: DatePart): number {
  const date = new Date(days * MS_PER_DAY);
  return part === 'year' ? date.getUTCFullYear() : part === 'month' ? date.getUTCMonth() + 1 : date.getUTCDate();
}

export function timePart(ms: number, part: TimePart): number {
  const time = new Date(ms);
  return part === 'hour' ? time.getUTCHours() : part === 'minute' ? time.getUTCMinutes() : time.getUTCSeconds();
}

/** A time value as exact decimal seconds: `0.125`, `-1.5`, `3600`, `0.000000000001`. */
export function secondsText(value: TimeValue): string {
  const negative = compareTimes(value, 0) < 0;
  const abs = negative ? negateTime(value) : value;
  const ms = wholeMs(abs);
  const whole = Math.floor(ms / 1000);
  const fraction = `${String(ms % 1000).padStart(3, '0')}${String(picosOf(abs)).padStart(9, '0')}`.replace(/0+$/, '');
  return whole === 0 && fraction === '' ? '0' : `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}
