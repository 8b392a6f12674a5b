// ISO 8601 date-time text to an instant: the one reader behind date-time literals in filters and
// date-time strings in rows. Rows accept the same forms, and also the text that the SQL storage
// conventions' drivers return (docs/sql.md): a space for the `T`, and a whole-hour offset.

import { fractionOfSecond, subMillisecondDigits, type TimeValue, timeValue, wholeMs } from './fine-time.js';

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})([Tt ])(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
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

/**
 * Days since 1970-01-01 of a day of the proleptic Gregorian calendar, year 0 or later: the count
 * of whole 400-year eras and the day within its era (the platform's `Date` counts the same days).
 */
function daysSinceEpoch(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5) + day - 1;
  return (
    era * 146_097 + yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear - 719_468
  );
}

function readDateTime(text: string, stored: boolean): InstantReading {
  const match = ISO_DATE_TIME.exec(text);
  const literalForm = match !== null && match[4] !== ' ' && (match[11] === undefined || match[12] !== undefined);
  if (!match || (!stored && !literalForm))
    return { ok: false, problem: 'expected YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm]', unsupported: false };
  const [, y, mo, d, , h, mi, s = '0', fraction = '', zulu, sign, oh, om = '00'] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  const missing =
    year < 1
      ? 'year 0000'
      : monthDays === undefined
        ? `month ${mo}`
        : day < 1 || day > monthDays
          ? `day ${d} of month ${mo}`
          : hour > 23
            ? `hour ${h}`
            : minute > 59
              ? `minute ${mi}`
              : second > 59
                ? `second ${s}`
                : undefined;
  if (missing) return { ok: false, problem: `there is no ${missing}`, unsupported: false };
  const fine = fractionOfSecond(fraction);
  if (fine === undefined) {
    return {
      ok: false,
      problem: 'more precise than a picosecond (12 fractional digits), the precision of date-time values',
      unsupported: true,
    };
  }
  let offsetMinutes = 0;
  if (sign !== undefined && zulu === undefined) {
    const oMinutes = Number(om);
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + oMinutes);
    if (oMinutes > 59 || Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) {
      return { ok: false, problem: `offset ${sign}${oh}:${om} is beyond ±14:00`, unsupported: false };
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
