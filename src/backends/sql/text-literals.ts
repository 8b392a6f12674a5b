// A String read as a literal representation of a type in SQL (`cast(x, T)` of a String,
// docs/semantics.md §11, "From text"): the forms of src/types/literal-representation.ts, tested
// character by character with the dialect's text functions (text-reading.ts) before anything is
// converted, so that no text makes an engine raise an error; NULL where the text is no literal of
// the type or names no value of it. A dialect that cannot read a type's text exactly says why.

import { assertNever } from '../../assert-never.js';
import { INTEGER_RANGES, type EdmType, type IntegerType } from '../../language/edm.js';
import { durationOfText } from './duration-text.js';
import { join, raw, sql, type Frag } from './fragment.js';
import { instantOfText, validDate } from './instant-text.js';
import { charactersOf, fractionDigitsOf, microsOfFraction, n, type TextReading, unitsOfMs } from './text-reading.js';

/** What the readers need beside the text functions: the dialect's integer types and concatenation. */
export interface TextLiteralSpelling {
  readonly reading: TextReading;
  /** The type an integer within `to`'s range is cast to. */
  integerType(to: IntegerType): string;
  concat(parts: readonly Frag[]): Frag;
}

/** The value of type `to` that the String `text` spells, NULL where it spells none; or why the dialect cannot read it. */
export function literalOfText(s: TextLiteralSpelling, to: EdmType, text: Frag): Frag | string {
  const r = s.reading;
  switch (to) {
    case 'Edm.String':
      return text;
    case 'Edm.Boolean':
      return booleanOfText(r, text);
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
    case 'Edm.Int64':
      return integerOfText(s, to, text);
    case 'Edm.Decimal':
      return r.decimal(text);
    case 'Edm.Double':
    case 'Edm.Single':
      return r.double(text);
    case 'Edm.Date':
      return dateOfText(r, text);
    case 'Edm.TimeOfDay':
      return timeOfDayOfText(r, text);
    case 'Edm.Duration':
      return durationOfText(r, text);
    case 'Edm.Guid':
      return guidOfText(r, text);
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return instantOfText(r, text);
    case 'Edm.Binary':
      return binaryOfText(s, text);
    default:
      return assertNever(to, 'Edm type');
  }
}

/**
 * base64url, OData 4.01's binaryValue (src/language/binary-spelling.ts): groups of four of
 * `A–Z a–z 0–9 - _`, then two or three characters whose bits beyond the last byte are zero, with
 * all of their padding or none; read as base64 once `-_` are `+/` and the padding is whole.
 */
function binaryOfText(s: TextLiteralSpelling, text: Frag): Frag | string {
  const r = s.reading;
  const probe = r.base64(text);
  if (typeof probe === 'string') return probe;
  return r.bindText([text], ([t]) => {
    const { len, char, at } = charactersOf(r, t!);
    const padding = sql`(CASE WHEN ${len} >= 2 AND ${char(sql`${len} - 1`, '=')} AND ${char(len, '=')} THEN 2 WHEN ${len} >= 1 AND ${char(len, '=')} THEN 1 ELSE 0 END)`;
    return r.bindIntegers([len, padding], ([length, padded]) => {
      const m = sql`(${length!} - ${padded!})`;
      const body = at(1, m);
      const rest = sql`(${m} % 4)`;
      // The body's last character (at m) holds the bits beyond the last byte.
      const shape = sql`(${m} = 0 OR ${r.only(body, 'A-Za-z0-9_-')}) AND (CASE ${rest} WHEN 0 THEN ${padded!} = 0 WHEN 2 THEN (${padded!} = 0 OR ${padded!} = 2) AND ${char(m, 'A', 'Q', 'g', 'w')} WHEN 3 THEN ${padded!} <= 1 AND ${char(m, ...'AEIMQUYcgkosw048')} ELSE FALSE END)`;
      const base64 = s.concat([
        sql`replace(replace(${body}, '-', '+'), '_', '/')`,
        sql`(CASE ${rest} WHEN 2 THEN '==' WHEN 3 THEN '=' ELSE '' END)`,
      ]);
      return sql`(CASE WHEN ${shape} THEN ${r.base64(base64) as Frag} END)`;
    });
  });
}

/** `true` or `false` in any case (ASCII letters). */
function booleanOfText(r: TextReading, text: Frag): Frag {
  return r.bindText([text], ([t]) => {
    const c = charactersOf(r, t!);
    const spelled = (word: string): Frag =>
      sql`(${c.len} = ${n(word.length)} AND ${join(
        [...word].map((letter, i) => c.char(i + 1, letter.toUpperCase(), letter)),
        ' AND ',
      )})`;
    return sql`(CASE WHEN ${spelled('true')} THEN TRUE WHEN ${spelled('false')} THEN FALSE END)`;
  });
}

/**
 * `-`? and digits, within the target's range: the digits after the sign, less their leading
 * zeros, compared as text with the range's end (a text of more digits is beyond it), then cast.
 */
function integerOfText(s: TextLiteralSpelling, to: IntegerType, text: Frag): Frag {
  const r = s.reading;
  const [lo, hi] = INTEGER_RANGES[to];
  return r.bindText([text], ([t]) => {
    const c = charactersOf(r, t!);
    const negative = c.char(1, '-');
    const body = sql`(CASE WHEN ${negative} THEN ${c.at(2, c.len)} ELSE ${t!} END)`;
    return r.bindText([body, r.trimStart(body, '0')], ([digits, magnitude]) => {
      const length = r.length(magnitude!);
      const within = (end: bigint): Frag => {
        const bound = String(end < 0n ? -end : end);
        return sql`(${length} < ${n(bound.length)} OR (${length} = ${n(bound.length)} AND ${r.atMost(magnitude!, bound)}))`;
      };
      const signed = sql`(CASE WHEN ${length} = 0 THEN '0' WHEN ${negative} THEN ${s.concat([raw(`'-'`), magnitude!])} ELSE ${magnitude!} END)`;
      return sql`(CASE WHEN ${r.only(digits!, '0-9')} AND (CASE WHEN ${negative} THEN ${within(lo)} ELSE ${within(hi)} END) THEN CAST(${signed} AS ${raw(s.integerType(to))}) END)`;
    });
  });
}

/** `YYYY-MM-DD`, a day of the years 0001–9999. */
function dateOfText(r: TextReading, text: Frag): Frag {
  return r.bindText([text], ([t]) => {
    const { len, char, digits, at } = charactersOf(r, t!);
    const shape = sql`(${len} = 10 AND ${digits(1, 4)} AND ${char(5, '-')} AND ${digits(6, 2)} AND ${char(8, '-')} AND ${digits(9, 2)})`;
    const when = (value: Frag): Frag => sql`(CASE WHEN ${shape} THEN ${value} END)`;
    const read = (from: number, length: number): Frag => when(r.integer(at(from, length)));
    return r.bindIntegers(
      [read(1, 4), read(6, 2), read(9, 2)],
      ([y, mo, d]) => sql`(CASE WHEN ${validDate(y!, mo!, d!)} THEN ${r.date(t!)} END)`,
    );
  });
}

/** `hh:mm`, `hh:mm:ss` or `hh:mm:ss.` and digits, those past the stored unit zeros; within a day. */
function timeOfDayOfText(r: TextReading, text: Frag): Frag {
  return r.bindText([text], ([t]) => {
    const c = charactersOf(r, t!);
    const { len, char, digits, at } = c;
    const kept = fractionDigitsOf(r);
    const fraction = sql`(${char(9, '.')} AND ${digits(10, sql`${len} - 9`)} AND (${len} <= ${n(9 + kept)} OR ${r.exact(sql`replace(${at(10 + kept, sql`${len} - ${n(9 + kept)}`)}, '0', '')`)} = ''))`;
    const seconds = sql`(${char(6, ':')} AND ${digits(7, 2)} AND (${len} = 8 OR ${fraction}))`;
    const shape = sql`(${len} >= 5 AND ${digits(1, 2)} AND ${char(3, ':')} AND ${digits(4, 2)} AND (${len} = 5 OR ${seconds}))`;
    const when = (value: Frag): Frag => sql`(CASE WHEN ${shape} THEN ${value} END)`;
    // The fraction's first three digits, scaled to milliseconds.
    const shown = sql`(CASE WHEN ${len} - 9 < 3 THEN ${len} - 9 ELSE 3 END)`;
    const millis = sql`(CASE WHEN ${len} < 10 THEN 0 ELSE ${r.integer(at(10, shown))} * (CASE ${len} WHEN 10 THEN 100 WHEN 11 THEN 10 ELSE 1 END) END)`;
    const parts = [
      when(r.integer(at(1, 2))),
      when(r.integer(at(4, 2))),
      when(sql`(CASE WHEN ${len} = 5 THEN 0 ELSE ${r.integer(at(7, 2))} END)`),
      when(millis),
      ...(r.unit === 'microseconds' ? [when(microsOfFraction(r, c, 10, sql`(${len} - 9)`))] : []),
    ];
    return r.bindIntegers(
      parts,
      ([h, mi, sec, ms, micros]) =>
        sql`(CASE WHEN ${h!} <= 23 AND ${mi!} <= 59 AND ${sec!} <= 59 THEN ${r.timeOfDay(unitsOfMs(r, sql`(${h!} * 3600000 + ${mi!} * 60000 + ${sec!} * 1000 + ${ms!})`, micros ?? n(0)))} END)`,
    );
  });
}

/** 8-4-4-4-12 hexadecimal digits, any case. */
function guidOfText(r: TextReading, text: Frag): Frag {
  return r.bindText([text], ([t]) => {
    const { len, char, at } = charactersOf(r, t!);
    const hex = (from: number, length: number): Frag => r.only(at(from, length), '0-9A-Fa-f');
    const shape = sql`(${len} = 36 AND ${hex(1, 8)} AND ${char(9, '-')} AND ${hex(10, 4)} AND ${char(14, '-')} AND ${hex(15, 4)} AND ${char(19, '-')} AND ${hex(20, 4)} AND ${char(24, '-')} AND ${hex(25, 12)})`;
    return sql`(CASE WHEN ${shape} THEN ${r.guid(t!)} END)`;
  });
}
