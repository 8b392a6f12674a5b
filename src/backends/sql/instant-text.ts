// A String read as a date-time literal in SQL (`cast(x, Edm.DateTimeOffset)`, docs/semantics.md
// §11): the text of src/semantics/instant.ts's readInstant — `YYYY-MM-DD` `T` `hh:mm`, then
// `:ss` and a fraction (digits past the unit the dialect stores all zeros), then `Z` or an offset
// `±hh:mm` or `±hhmm` within ±14:00 — checked character by character and read into exact epoch
// units with integer arithmetic only (the days from the civil date), so that no text, valid
// or not, makes an engine raise an error: NULL for anything else, and beyond 0001–9999.

import { sql } from './fragment.js';
import type { Frag } from './fragment.js';
import {
  charactersOf,
  fractionDigitsOf,
  microsOfFraction,
  n,
  unitsOfMs,
  type Characters,
  type TextReading,
} from './text-reading.js';

/** The instant a String spells as a date-time literal, else NULL. */
export function instantOfText(r: TextReading, text: Frag): Frag {
  return r.bindText([text], ([t]) => {
    const c = charactersOf(r, t!);
    const { char, len } = c;
    // The zone's length at the end: `Z`, `±hh:mm`, `±hhmm`, or none.
    const zone = sql`(CASE WHEN ${char(len, 'Z', 'z')} THEN 1 WHEN ${char(sql`${len} - 5`, '+', '-')} AND ${char(sql`${len} - 2`, ':')} THEN 6 WHEN ${char(sql`${len} - 4`, '+', '-')} THEN 5 ELSE 0 END)`;
    return r.bindIntegers([zone], ([z]) => {
      const text: Parsed = {
        ...c,
        zone: z!,
        body: sql`(${len} - 16 - ${z!})`,
        zoneStart: sql`(${len} - ${z!} + 1)`,
      };
      return r.bindIntegers([sql`(CASE WHEN ${shapeOf(r, text)} THEN 1 ELSE 0 END)`], ([ok]) =>
        r.bindIntegers(
          partsOf(r, text, sql`(${ok!} = 1)`),
          ([y, mo, d, h, mi, s, ms, offset, offsetMinutes, micros]) => {
            const valid = sql`(${validDate(y!, mo!, d!)} AND ${h!} <= 23 AND ${mi!} <= 59 AND ${s!} <= 59 AND ${offsetMinutes!} <= 59 AND abs(${offset!}) <= 840)`;
            const epochMs = sql`(${daysOf(r, y!, mo!, d!)} * 86400000 + ${h!} * 3600000 + ${mi!} * 60000 + ${s!} * 1000 + ${ms!} - ${offset!} * 60000)`;
            return sql`(CASE WHEN ${valid} THEN ${r.instant(unitsOfMs(r, epochMs, micros ?? n(0)))} END)`;
          },
        ),
      );
    });
  });
}

/** TRUE where the year (from 1), month and day name a day of the proleptic Gregorian calendar. */
export function validDate(y: Frag, mo: Frag, d: Frag): Frag {
  const leap = sql`((${y} % 4 = 0 AND ${y} % 100 <> 0) OR ${y} % 400 = 0)`;
  const monthDays = sql`(CASE WHEN ${mo} = 2 THEN (CASE WHEN ${leap} THEN 29 ELSE 28 END) WHEN ${mo} IN (4, 6, 9, 11) THEN 30 ELSE 31 END)`;
  return sql`(${y} >= 1 AND ${mo} BETWEEN 1 AND 12 AND ${d} BETWEEN 1 AND ${monthDays})`;
}

/** The text, and where its parts lie: the body between `hh:mm` and the zone, and the zone. */
interface Parsed extends Characters {
  /** The zone's length: 0, 1 (`Z`), 5 (`±hhmm`) or 6 (`±hh:mm`). */
  readonly zone: Frag;
  /** The body's length: 0 (nothing), 3 (`:ss`), or 4 and the fraction's digits (`:ss.fff`). */
  readonly body: Frag;
  readonly zoneStart: Frag;
}

/** Whether every character is where the literal's form puts it. */
function shapeOf(r: TextReading, p: Parsed): Frag {
  const { at, char, digits, len, zone, body, zoneStart } = p;
  const kept = fractionDigitsOf(r);
  const fraction = sql`(${digits(21, sql`${body} - 4`)} AND (${body} <= ${n(4 + kept)} OR ${r.exact(sql`replace(${at(21 + kept, sql`${body} - ${n(4 + kept)}`)}, '0', '')`)} = ''))`;
  const bodyOk = sql`(${body} = 0 OR (${char(17, ':')} AND ${digits(18, 2)} AND (${body} = 3 OR (${char(20, '.')} AND ${body} >= 5 AND ${fraction}))))`;
  const offsetOk = sql`(${zone} <= 1 OR (${digits(sql`${zoneStart} + 1`, 2)} AND ${digits(sql`${len} - 1`, 2)}))`;
  return sql`(${len} >= 16 AND ${digits(1, 4)} AND ${char(5, '-')} AND ${digits(6, 2)} AND ${char(8, '-')} AND ${digits(9, 2)} AND ${char(11, 'T', 't')} AND ${digits(12, 2)} AND ${char(14, ':')} AND ${digits(15, 2)} AND ${bodyOk} AND ${offsetOk})`;
}

/**
 * Year, month, day, hour, minute, second, milliseconds, the offset in signed minutes and the
 * offset's minutes, and where the reader keeps them the microseconds within the millisecond,
 * each read only where `ok` (the shape holds), so no cast meets a non-digit.
 */
function partsOf(r: TextReading, p: Parsed, ok: Frag): Frag[] {
  const { at, char, len, zone, body, zoneStart } = p;
  const when = (value: Frag): Frag => sql`(CASE WHEN ${ok} THEN ${value} END)`;
  const read = (from: number | Frag, length: number): Frag => r.integer(at(from, length));
  // The fraction's first three digits, scaled to milliseconds.
  const digits = sql`(CASE WHEN ${body} - 4 < 3 THEN ${body} - 4 ELSE 3 END)`;
  const millis = sql`(CASE WHEN ${body} < 5 THEN 0 ELSE ${r.integer(at(21, digits))} * (CASE ${body} WHEN 5 THEN 100 WHEN 6 THEN 10 ELSE 1 END) END)`;
  // `-` is west of UTC: the instant is later than the local time by the offset.
  const offset = sql`(CASE WHEN ${zone} <= 1 THEN 0 ELSE (${read(sql`${zoneStart} + 1`, 2)} * 60 + ${read(sql`${len} - 1`, 2)}) * (CASE WHEN ${char(zoneStart, '-')} THEN -1 ELSE 1 END) END)`;
  return [
    when(read(1, 4)),
    when(read(6, 2)),
    when(read(9, 2)),
    when(read(12, 2)),
    when(read(15, 2)),
    when(sql`(CASE WHEN ${body} = 0 THEN 0 ELSE ${read(18, 2)} END)`),
    when(millis),
    when(offset),
    when(sql`(CASE WHEN ${zone} <= 1 THEN 0 ELSE ${read(sql`${len} - 1`, 2)} END)`),
    ...(r.unit === 'microseconds' ? [when(microsOfFraction(r, p, 21, sql`(${body} - 4)`))] : []),
  ];
}

/** Days since 1970-01-01 of a civil date, years counted from March; every division is of non-negative integers. */
function daysOf(r: TextReading, y: Frag, mo: Frag, d: Frag): Frag {
  const shifted = sql`(${y} - (CASE WHEN ${mo} <= 2 THEN 1 ELSE 0 END))`;
  const era = r.div(shifted, n(400));
  const yearOfEra = sql`(${shifted} - ${era} * 400)`;
  const dayOfYear = sql`(${r.div(sql`(153 * ((${mo} + 9) % 12) + 2)`, n(5))} + ${d} - 1)`;
  const dayOfEra = sql`(${yearOfEra} * 365 + ${r.div(yearOfEra, n(4))} - ${r.div(yearOfEra, n(100))} + ${dayOfYear})`;
  return sql`(${era} * 146097 + ${dayOfEra} - 719468)`;
}
