// ISO 8601 date-time text to an instant: the one reader behind date-time literals in filters and
// date-time strings in rows. Rows accept the same forms, and also the text that the SQL storage
// conventions' drivers return (docs/sql.md): a space for the `T`, and a whole-hour offset.

import { fractionOfSecond, subMillisecondDigits, type TimeValue, timeValue, wholeMs } from './fine-time.js';
import { daysInMonth, daysSinceEpoch } from './temporal.js';

/** The forms of a date-time; readDateTime() reads each part at its place once the form is tested. */
const DATE_TIME_FORM = /^\d{4}-\d\d-\d\d[Tt ]\d\d:\d\d(?::\d\d(?:\.\d+)?)?(?:[Zz]|[+-]\d\d(?::?\d\d)?)?$/;
const MAX_OFFSET_MINUTES = 14 * 60;

export type InstantReading =
  /** `instant`: the exact value; `epochMs`: its whole milliseconds (the floor). */
  | { readonly ok: true; readonly instant: TimeValue; readonly epochMs: number; readonly offsetMinutes: number }
  /** `unsupported`: well-formed, but more precise than the picosecond, the finest OData writes. */
  | { readonly ok: false; readonly problem: string; readonly unsupported: boolean };

/**
 * Reads `YYYY-MM-DDThh:mm[:ss[.fff…]][Z|±hh:mm|±hhmm]`; no offset means UTC. Impossible dates,
 * times and offsets beyond ±14:00 are refused, and so are non-zero digits beyond the twelfth.
 */
export function readInstant(text: string): InstantReading {
  return readDateTime(text, false);
}

/**
 * Reads a date-time a row holds as text: the forms of {@link readInstant}, and also the text of
 * MySQL's `DATETIME` and PostgreSQL's `timestamptz` (`2012-03-01 09:00:00`, `…09:00:00.5+00`),
 * a space for the `T` and an offset of whole hours `±hh`. No offset means UTC, as those columns
 * hold UTC.
 */
export function readStoredInstant(text: string): InstantReading {
  return readDateTime(text, true);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/** The number the two digits at `at` write. */
function twoDigits(text: string, at: number): number {
  return (text.charCodeAt(at) - 48) * 10 + text.charCodeAt(at + 1) - 48;
}

function readDateTime(text: string, stored: boolean): InstantReading {
  // The form tested, with no match array made; each part then read at its place.
  const seconds = text.charCodeAt(16) === 58; /* : */
  let end = seconds ? 19 : 16; // where the fraction ends and the offset begins
  if (text.charCodeAt(end) === 46 /* . */) while (isDigit(text.charCodeAt(++end)));
  const sign = text.charCodeAt(end);
  const offset = sign === 43 /* + */ || sign === 45; /* - */
  const minutesAt = text.charCodeAt(end + 3) === 58 ? end + 4 : end + 3;
  // A literal writes `T` and the offset's minutes; a row's driver may give a space and whole hours.
  if (!DATE_TIME_FORM.test(text) || (!stored && (text.charCodeAt(10) === 32 || (offset && minutesAt >= text.length))))
    return { ok: false, problem: 'expected YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm]', unsupported: false };
  const year = twoDigits(text, 0) * 100 + twoDigits(text, 2);
  const month = twoDigits(text, 5);
  const day = twoDigits(text, 8);
  const hour = twoDigits(text, 11);
  const minute = twoDigits(text, 14);
  const second = seconds ? twoDigits(text, 17) : 0;
  const monthDays = daysInMonth(year, month);
  const missing =
    year < 1
      ? 'year 0000'
      : monthDays === undefined
        ? `month ${text.slice(5, 7)}`
        : day < 1 || day > monthDays
          ? `day ${text.slice(8, 10)} of month ${text.slice(5, 7)}`
          : hour > 23
            ? `hour ${text.slice(11, 13)}`
            : minute > 59
              ? `minute ${text.slice(14, 16)}`
              : second > 59
                ? `second ${text.slice(17, 19)}`
                : undefined;
  if (missing) return { ok: false, problem: `there is no ${missing}`, unsupported: false };
  const fine = fractionOfSecond(text.slice(20, end));
  if (fine === undefined) {
    return {
      ok: false,
      problem: 'more precise than a picosecond (12 fractional digits), the precision of date-time values',
      unsupported: true,
    };
  }
  let offsetMinutes = 0;
  if (offset) {
    const minutes = minutesAt < text.length ? twoDigits(text, minutesAt) : 0;
    offsetMinutes = (sign === 45 ? -1 : 1) * (twoDigits(text, end + 1) * 60 + minutes);
    if (minutes > 59 || Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) {
      const problem = `offset ${text.slice(end, end + 3)}:${minutesAt < text.length ? text.slice(minutesAt) : '00'} is beyond ±14:00`;
      return { ok: false, problem, unsupported: false };
    }
  }
  const epochMs =
    daysSinceEpoch(year, month, day) * 86_400_000 +
    ((hour * 60 + minute - offsetMinutes) * 60 + second) * 1000 +
    fine.ms;
  return { ok: true, instant: timeValue(epochMs, fine.ps), epochMs, offsetMinutes };
}

/**
 * An instant's ISO 8601 text in UTC, `2012-03-01T09:00:00.000Z`, with the digits beyond the
 * millisecond a finer instant has (`…09:00:00.000000500Z`). Within a `Date`'s range.
 */
export function formatInstant(instant: TimeValue): string {
  return `${new Date(wholeMs(instant)).toISOString().slice(0, -1)}${subMillisecondDigits(instant)}Z`;
}
