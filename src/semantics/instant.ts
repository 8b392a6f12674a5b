// ISO 8601 date-time text to an instant: the one reader behind date-time literals in filters and
// date-time strings in rows. Rows accept the same forms, and also the text that the SQL storage
// conventions' drivers return (docs/sql.md): a space for the `T`, and a whole-hour offset.

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})([Tt ])(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MAX_OFFSET_MINUTES = 14 * 60;

export type InstantReading =
  | { readonly ok: true; readonly epochMs: number; readonly offsetMinutes: number }
  /** `unsupported`: well-formed, but more precise than the millisecond precision of instants. */
  | { readonly ok: false; readonly problem: string; readonly unsupported: boolean };

/**
 * Reads `YYYY-MM-DDThh:mm[:ss[.fff…]][Z|±hh:mm|±hhmm]`; no offset means UTC. Impossible dates,
 * times and offsets beyond ±14:00 are refused, and so are non-zero digits beyond the millisecond.
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
  if (/[1-9]/.test(fraction.slice(3))) {
    return {
      ok: false,
      problem: 'more precise than a millisecond, the precision of date-time values',
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
  // setUTCFullYear, not Date.UTC: Date.UTC reads years 0–99 as 1900–1999.
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, Number(fraction.slice(0, 3).padEnd(3, '0')));
  return { ok: true, epochMs: local.getTime() - offsetMinutes * 60_000, offsetMinutes };
}
