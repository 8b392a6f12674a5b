// Literal actions: null, Booleans, strings, date-times, guids and binaries, decoded and validated at their span.

import { type DateTimeLiteralType, type Expr, type Literal, isLiteralKind } from '../ast.js';
import { unsupported } from '../../errors.js';
import { type TimeValue, wholeMs } from '../../semantics/fine-time.js';
import { readInstant } from '../../semantics/instant.js';
import {
  readDate,
  readDuration,
  readDurationTimeOfDay,
  readTimeOfDay,
  type TemporalReading,
} from '../../semantics/temporal.js';
import { syntaxError, type Range } from './syntax-error.js';
import { GUID_TEXT, LONE_SURROGATE, unquoteString } from '../../language/literal-spelling.js';
import { hexOfBase64Url, hexOfHexText } from '../../language/binary-spelling.js';

export function nullLiteral(r: Range): Expr {
  return { kind: 'null', start: r.start, end: r.end };
}

export function booleanLiteral(value: boolean, r: Range): Expr {
  return { kind: 'boolean', value, start: r.start, end: r.end };
}

export function string(body: string, r: Range): Expr {
  // A string value must be a sequence of code points: every backend counts and orders by them.
  const lone = LONE_SURROGATE.exec(body);
  if (lone) {
    const at = r.start + 1 + lone.index;
    const unit = lone[0].charCodeAt(0).toString(16).toUpperCase();
    throw syntaxError('unpaired_surrogate', `String literal contains an unpaired surrogate U+${unit}`, {
      start: at,
      end: at + 1,
    });
  }
  return { kind: 'string', value: unquoteString(body), start: r.start, end: r.end };
}

export function unterminatedString(r: Range): never {
  throw syntaxError('unterminated_string', 'Unterminated string literal', r);
}

export function dateTime(type: DateTimeLiteralType, body: string, raw: string, r: Range): Literal {
  const reading = readInstant(body);
  if (!reading.ok) {
    if (reading.unsupported) {
      const message = `Date-time '${body}' is ${reading.problem} at position ${r.start}`;
      throw unsupported({ construct: 'sub_picosecond_precision', message, start: r.start, end: r.end });
    }
    throw syntaxError('invalid_datetime', `Invalid date-time '${body}': ${reading.problem}`, r);
  }
  const { epochMs, offsetMinutes, instant } = reading;
  // Two literals rather than a spread of finer(): a spread in the middle of an object literal is
  // copied property by property at run time, a cost every date-time literal paid.
  return typeof instant === 'number'
    ? { kind: 'datetime', type, raw, epochMs, offsetMinutes, start: r.start, end: r.end }
    : { kind: 'datetime', type, raw, epochMs, picoseconds: instant.ps, offsetMinutes, start: r.start, end: r.end };
}

export function guid(body: string, raw: string, r: Range): Literal {
  if (!GUID_TEXT.test(body))
    throw syntaxError('invalid_guid', `Invalid guid '${body}': expected xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, r);
  return { kind: 'guid', raw, value: body.toLowerCase(), start: r.start, end: r.end };
}

/**
 * `binary'…'` (base64url in OData 4, hexadecimal in 2.0 and 3.0) and `X'…'` (hexadecimal): an
 * Edm.Binary, docs/semantics.md §6. Hexadecimal is kept as `X'…'`, which every version reads alike.
 */
export function binary(body: string, raw: string, hex: boolean, r: Range): Literal {
  const value = hex ? hexOfHexText(body) : hexOfBase64Url(body);
  if (value === undefined)
    throw syntaxError('invalid_binary', `Invalid binary '${body}': expected ${hex ? 'hexadecimal' : 'base64url'}`, r);
  return { kind: 'binary', raw: hex ? `X'${body}'` : raw, value, start: r.start, end: r.end };
}

/** The v4 bare forms `2012-12-03T07:16:23Z` (Edm.DateTimeOffset) and `2012-12-03` (Edm.Date). */
export function bareDateTime(body: string, r: Range): Literal {
  if (body.length === 10) return date(body, r);
  return dateTime('Edm.DateTimeOffset', body, body, r);
}

/** A literal's `picoseconds` field: present only where finer digits were written. */
function finer(value: TimeValue): { picoseconds?: number } {
  return typeof value === 'number' ? {} : { picoseconds: value.ps };
}

/** A literal's `ms` and `picoseconds` fields of a time value. */
function timeFields(value: TimeValue): { ms: number; picoseconds?: number } {
  return { ms: wholeMs(value), ...finer(value) };
}

/** The value a reading gives, or the error at the literal: syntax for an impossible value, unsupported beyond the picosecond. */
function temporalValue<V>(
  reading: TemporalReading<V>,
  code: 'invalid_date' | 'invalid_time_of_day' | 'invalid_duration',
  what: string,
  body: string,
  r: Range,
): V {
  if (reading.ok) return reading.value;
  if (reading.unsupported) {
    throw unsupported({
      construct: 'sub_picosecond_precision',
      message: `${what} '${body}' is ${reading.problem} at position ${r.start}`,
      start: r.start,
      end: r.end,
    });
  }
  throw syntaxError(code, `Invalid ${what.toLowerCase()} '${body}': ${reading.problem}`, r);
}

/** `2012-12-03`: an Edm.Date. */
export function date(body: string, r: Range): Literal {
  const days = temporalValue(readDate(body), 'invalid_date', 'Date', body, r);
  return { kind: 'date', raw: body, days, start: r.start, end: r.end };
}

/** `07:59:59.999`: an Edm.TimeOfDay. */
export function timeOfDay(body: string, r: Range): Literal {
  const value = temporalValue(readTimeOfDay(body), 'invalid_time_of_day', 'Time of day', body, r);
  return { kind: 'timeOfDay', raw: body, ...timeFields(value), start: r.start, end: r.end };
}

/** v2/v3 `time'PT13H20M'`: an Edm.TimeOfDay written as the duration since midnight. */
export function durationTimeOfDay(body: string, raw: string, r: Range): Literal {
  const value = temporalValue(readDurationTimeOfDay(body), 'invalid_time_of_day', 'Time of day', body, r);
  return { kind: 'timeOfDay', raw, ...timeFields(value), start: r.start, end: r.end };
}

/** `duration'P1DT2H'`: an Edm.Duration. */
export function duration(body: string, raw: string, r: Range): Literal {
  const value = temporalValue(readDuration(body), 'invalid_duration', 'Duration', body, r);
  return { kind: 'duration', raw, ...timeFields(value), start: r.start, end: r.end };
}

export function isLiteral(node: Expr): node is Literal {
  return isLiteralKind(node.kind);
}
