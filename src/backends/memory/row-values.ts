// Reading row values: each reader returns the representation of docs/semantics.md of a value of
// its type, or throws a RowValueError at the value's path.

import { Decimal } from 'decimal.js';
import { INTEGER_RANGES } from '../../language/edm.js';
import { GUID_TEXT, LONE_SURROGATE } from '../../language/literal-spelling.js';
import { hexOfBytes } from '../../language/binary-spelling.js';
import { decimalFromText, decimalProblem, ExactDecimal } from '../../semantics/decimal-model.js';
import type { TimeValue } from '../../semantics/fine-time.js';
import { readStoredInstant } from '../../semantics/instant.js';
import {
  MAX_DURATION,
  MAX_INSTANT,
  MAX_TIME_OF_DAY,
  MIN_INSTANT,
  MS_PER_DAY,
  readDate as readDateText,
  readDuration as readDurationText,
  readTimeOfDay as readTimeOfDayText,
} from '../../semantics/temporal.js';
import { isEnumValue, readEnumValue } from '../../types/enum-values.js';
import type { EnumType } from '../../types/schema.js';
import { badValue } from './row-value-error.js';

/**
 * A value of an enumeration type (docs/semantics.md §12, "Row values"): its number (a bigint too),
 * or its text, member names joined by commas; a bigint for an Int64 underlying type, else a number.
 */
export function readEnum(v: unknown, path: string, enumType: EnumType, variable?: string): number | bigint {
  let value: bigint | undefined;
  if (typeof v === 'number' && Number.isSafeInteger(v)) value = BigInt(v);
  else if (typeof v === 'bigint') value = v;
  else if (typeof v === 'string' && !v.split(ROW_ENUM_SEPARATOR).some((part) => /^-?[0-9]+$/.test(part))) {
    const read = readEnumValue(enumType, v, ROW_ENUM_SEPARATOR);
    if (typeof read === 'bigint') value = read;
  }
  if (value === undefined || !isEnumValue(enumType, value)) return badValue(v, path, enumType.name, variable);
  return enumType.underlyingType === 'Edm.Int64' ? value : Number(value);
}

/** Names in a row's text are joined by commas, a space after each allowed. */
const ROW_ENUM_SEPARATOR = /, ?/;

/** A collection's row value: an array, or null for a null or missing one (the empty collection). */
export function readArray(v: unknown, path: string, variable?: string): readonly unknown[] | null {
  if (v == null) return null;
  return Array.isArray(v) ? v : badValue(v, path, 'array', variable);
}

const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;
const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;

/** Whether strings have the native isWellFormed (Node 20+, current browsers). */
export const HAS_WELL_FORMED = typeof (String.prototype as { isWellFormed?: unknown }).isWellFormed === 'function';

/** True when `s` has no lone surrogate, so that it is a sequence of code points. */
export const isWellFormed: (s: string) => boolean = HAS_WELL_FORMED
  ? (s) => (s as unknown as { isWellFormed(): boolean }).isWellFormed()
  : (s) => !LONE_SURROGATE.test(s);

export function readString(v: unknown, path: string, variable?: string): string {
  if (typeof v === 'string' && isWellFormed(v)) return v;
  return badValue(v, path, 'Edm.String', variable);
}

export function readGuid(v: unknown, path: string, variable?: string): string {
  if (typeof v === 'string' && GUID_TEXT.test(v)) return v.toLowerCase();
  return badValue(v, path, 'Edm.Guid', variable);
}

/**
 * A Binary's bytes (a Uint8Array, a Buffer too), as the lower-case hexadecimal text filters
 * compare (docs/semantics.md §6).
 */
export function readBinary(v: unknown, path: string, variable?: string): string {
  if (v instanceof Uint8Array) return hexOfBytes(v);
  return badValue(v, path, 'Edm.Binary', variable);
}

export function readBoolean(v: unknown, path: string, variable?: string): boolean {
  if (typeof v === 'boolean') return v;
  return badValue(v, path, 'Edm.Boolean', variable);
}

export type SmallIntegerType = 'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32';
const SMALL_RANGES: { readonly [T in SmallIntegerType]: readonly [number, number] } = {
  'Edm.Byte': smallRange('Edm.Byte'),
  'Edm.SByte': smallRange('Edm.SByte'),
  'Edm.Int16': smallRange('Edm.Int16'),
  'Edm.Int32': smallRange('Edm.Int32'),
};

function smallRange(type: SmallIntegerType): readonly [number, number] {
  const [lo, hi] = INTEGER_RANGES[type];
  return [Number(lo), Number(hi)];
}

export function readSmallInteger(v: unknown, path: string, type: SmallIntegerType, variable?: string): number {
  const [lo, hi] = SMALL_RANGES[type];
  if (typeof v === 'number' && Number.isInteger(v) && v >= lo && v <= hi) return v;
  return badValue(v, path, type, variable);
}

export function readInt64(v: unknown, path: string, variable?: string): bigint {
  if (typeof v === 'bigint') {
    if (v >= INT64_MIN && v <= INT64_MAX) return v;
  } else if (typeof v === 'number' && Number.isInteger(v)) {
    const big = BigInt(v);
    if (big >= INT64_MIN && big <= INT64_MAX) return big;
  }
  return badValue(v, path, 'Edm.Int64', variable);
}

/** A number, decimal text or Decimal within the Decimal model of docs/semantics.md, section 4. */
export function readDecimal(v: unknown, path: string, variable?: string): Decimal {
  if (typeof v === 'number') {
    // At most 17 digits and an exponent within ±324: always within the model.
    if (Number.isFinite(v)) return new ExactDecimal(v);
  } else if (typeof v === 'string') {
    if (DECIMAL_TEXT.test(v)) {
      const d = decimalFromText(v);
      if (typeof d !== 'string') return d;
    }
  } else if (Decimal.isDecimal(v)) {
    if ((v as Decimal).isFinite() && decimalProblem(v as Decimal) === undefined) return new ExactDecimal(v as Decimal);
  }
  return badValue(v, path, 'Edm.Decimal', variable);
}

/** The instants a `Date` can hold: ±8.64e15 ms, about 275,000 years either side of 1970. */
const MAX_EPOCH_MS = 8.64e15;

/**
 * An instant as the storage conventions write it (docs/semantics.md, section 1): a valid `Date`,
 * an integer number of epoch milliseconds (SQLite's default), or ISO 8601 text with up to 12
 * fractional digits, including the `2012-03-01 09:00:00.123456` text of MySQL and PostgreSQL
 * drivers, read in UTC without an offset.
 */
export function readInstant(
  v: unknown,
  path: string,
  type: 'Edm.DateTime' | 'Edm.DateTimeOffset' = 'Edm.DateTimeOffset',
  variable?: string,
): TimeValue {
  if (v instanceof Date) {
    const ms = v.getTime();
    if (!Number.isNaN(ms)) return ms;
  } else if (typeof v === 'number') {
    // `+ 0` turns -0 into 0, as `new Date(-0).getTime()` does.
    if (Number.isInteger(v) && Math.abs(v) <= MAX_EPOCH_MS) return v + 0;
  } else if (typeof v === 'string') {
    const instant = parseInstant(v);
    if (instant !== undefined) return instant;
  }
  return badValue(v, path, type, variable);
}

/**
 * A date (docs/semantics.md §5, "Row values"): `YYYY-MM-DD`, or a `Date` at midnight UTC, as days
 * since 1970-01-01.
 */
export function readDate(v: unknown, path: string, variable?: string): number {
  if (typeof v === 'string') {
    const reading = readDateText(v);
    if (reading.ok) return reading.value;
  } else if (v instanceof Date) {
    const ms = v.getTime();
    if (Number.isInteger(ms) && ms % MS_PER_DAY === 0 && ms >= MIN_INSTANT && ms <= MAX_INSTANT)
      return ms / MS_PER_DAY + 0;
  }
  return badValue(v, path, 'Edm.Date', variable);
}

/** A time of day: `hh:mm[:ss[.fff…]]` (up to 12 fractional digits), or an integer number of milliseconds since midnight. */
export function readTimeOfDay(v: unknown, path: string, variable?: string): TimeValue {
  if (typeof v === 'string') {
    const reading = readTimeOfDayText(v);
    if (reading.ok) return reading.value;
  } else if (typeof v === 'number') {
    if (Number.isInteger(v) && v >= 0 && v <= MAX_TIME_OF_DAY) return v + 0;
  }
  return badValue(v, path, 'Edm.TimeOfDay', variable);
}

/**
 * A duration: an integer number or bigint of milliseconds within the range, or ISO 8601 text
 * (`P1DT2H`, `PT0.000001S`).
 */
export function readDuration(v: unknown, path: string, variable?: string): TimeValue {
  if (typeof v === 'number') {
    if (Number.isInteger(v) && Math.abs(v) <= MAX_DURATION) return v + 0;
  } else if (typeof v === 'bigint') {
    if (v >= -BigInt(MAX_DURATION) && v <= BigInt(MAX_DURATION)) return Number(v);
  } else if (typeof v === 'string') {
    const reading = readDurationText(v);
    if (reading.ok) return reading.value;
  }
  return badValue(v, path, 'Edm.Duration', variable);
}

/** The instant of a row's date-time text (no offset means UTC), or undefined if invalid. */
export function parseInstant(text: string): TimeValue | undefined {
  const reading = readStoredInstant(text);
  return reading.ok ? reading.instant : undefined;
}

/** Object.prototype's own names: a row property with one of these names is read as an own property only. */
export function readOwn(o: object, name: string): unknown {
  return Object.hasOwn(o, name) ? (o as Record<string, unknown>)[name] : undefined;
}

export function isPrototypeName(name: string): boolean {
  return name in Object.prototype;
}
