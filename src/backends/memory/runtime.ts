// The value helpers of docs/semantics.md that compiled predicates call: code-point string
// functions, exact decimals, UTC date parts, and reading row values with clear errors.

import { Decimal } from 'decimal.js';
import { INTEGER_RANGES, type EdmType } from '../../language/edm.js';
import type { EnumType } from '../../types/schema.js';
import { isEnumValue, readEnumValue } from '../../types/enum-values.js';
import { MAX_STRING_LENGTH } from '../../language/functions.js';
import { readStoredInstant } from '../../semantics/instant.js';
import { ExactDecimal, QuotientDecimal, decimalFromText, decimalProblem } from '../../semantics/decimal-model.js';
import {
  MAX_DURATION,
  MAX_INSTANT,
  MAX_TIME_OF_DAY,
  MIN_INSTANT,
  MS_PER_DAY,
  secondsText,
} from '../../semantics/temporal.js';
import { evaluateTemporal } from '../../semantics/temporal-arithmetic.js';
import type { TemporalOp } from '../../language/operators.js';
import {
  readDate as readDateText,
  readDuration as readDurationText,
  readTimeOfDay as readTimeOfDayText,
} from '../../semantics/temporal.js';

export { castValue } from './cast.js';
export {
  DECIMAL_DIGITS,
  DECIMAL_MAX_EXPONENT,
  ExactDecimal,
  decimalFromText,
  decimalProblem,
} from '../../semantics/decimal-model.js';
import { GUID_TEXT, LONE_SURROGATE } from '../../language/literal-spelling.js';

// ---------------------------------------------------------------------------------------------
// Errors

/**
 * A row holds a value that does not fit the type its schema declares. Bad data, not a bad filter,
 * so this is not a FilterError: a server answers it with a 500, not a 400.
 */
export class RowValueError extends Error {
  override readonly name = 'RowValueError';
  /** The property path, segments joined by `/` as in a filter. */
  readonly path: string;
  /** The declared type, `'object'` for a structured step of a path, `'array'` for a collection. */
  readonly expected: Expected | 'row';
  readonly value: unknown;

  constructor(path: string, expected: Expected | 'row', value: unknown) {
    const what =
      expected === 'object' || expected === 'row'
        ? 'an object'
        : expected === 'array'
          ? 'an array'
          : expected.startsWith('Edm.')
            ? `an ${expected}`
            : `a value of ${expected}`;
    super(`${expected === 'row' ? 'Row' : `Row value at '${path}'`} is not ${what}: ${describe(value)}`);
    this.path = path;
    this.expected = expected;
    this.value = value;
  }
}

/** What a row value should have been: an Edm type, an enumeration type's qualified name, an object or an array. */
export type Expected = EdmType | 'object' | 'array' | (string & {});

/**
 * A RowValueError read from a lambda's element, its path relative to that element: the lambda's
 * loop makes it the error of the element's own source, prefixing the collection's path and the
 * element's index (`Qty` read from `l` becomes `Lines[1]/Qty`, then `Orders[0]/Lines[1]/Qty`). It
 * never leaves the predicate: every read of a variable runs inside the loop that binds it.
 */
export class ElementValueError extends RowValueError {
  /** The range variable the path is relative to. */
  readonly variable: string;

  constructor(variable: string, path: string, expected: Expected, value: unknown) {
    super(path, expected, value);
    this.variable = variable;
  }
}

/**
 * The error as it leaves the loop of the lambda binding `variable` to the element at `index` of
 * the collection at `collectionPath` (from `outer`, the variable the collection is read from, or
 * the row): the element's errors re-rooted there; any other error as it is.
 */
export function elementError(
  error: unknown,
  variable: string,
  collectionPath: string,
  index: number,
  outer: string | undefined,
): unknown {
  if (!(error instanceof ElementValueError) || error.variable !== variable) return error;
  const path = `${collectionPath}[${index}]${error.path === '' ? '' : `/${error.path}`}`;
  const expected = error.expected as Expected;
  return outer === undefined
    ? new RowValueError(path, expected, error.value)
    : new ElementValueError(outer, path, expected, error.value);
}

function describe(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
      return `${JSON.stringify(shown)} (a string)`;
    }
    case 'bigint':
      return `${value}n (a bigint)`;
    case 'number':
    case 'boolean':
      return `${String(value)} (a ${typeof value})`;
    case 'object':
      if (value instanceof Date)
        return Number.isNaN(value.getTime()) ? 'an invalid Date' : `Date ${value.toISOString()}`;
      if (Decimal.isDecimal(value)) return `Decimal ${String(value)}`;
      return Array.isArray(value) ? 'an array' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** Throws for a bad row value at `path`, from the row, or from the element `variable` is bound to. */
export function badValue(value: unknown, path: string, expected: Expected, variable?: string): never {
  throw variable === undefined
    ? new RowValueError(path, expected, value)
    : new ElementValueError(variable, path, expected, value);
}

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

export function badRow(row: unknown): never {
  throw new RowValueError('', 'row', row);
}

// ---------------------------------------------------------------------------------------------
// Reading row values: each returns the representation of docs/semantics.md or throws.

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
 * an integer number of epoch milliseconds (SQLite's default), or ISO 8601 text, including the
 * `2012-03-01 09:00:00` text of MySQL and PostgreSQL drivers, read in UTC without an offset.
 */
export function readInstant(
  v: unknown,
  path: string,
  type: 'Edm.DateTime' | 'Edm.DateTimeOffset' = 'Edm.DateTimeOffset',
  variable?: string,
): number {
  if (v instanceof Date) {
    const ms = v.getTime();
    if (!Number.isNaN(ms)) return ms;
  } else if (typeof v === 'number') {
    // `+ 0` turns -0 into 0, as `new Date(-0).getTime()` does.
    if (Number.isInteger(v) && Math.abs(v) <= MAX_EPOCH_MS) return v + 0;
  } else if (typeof v === 'string') {
    const ms = parseInstant(v);
    if (ms !== undefined) return ms;
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

/** A time of day: `hh:mm[:ss[.fff]]`, or an integer number of milliseconds since midnight. */
export function readTimeOfDay(v: unknown, path: string, variable?: string): number {
  if (typeof v === 'string') {
    const reading = readTimeOfDayText(v);
    if (reading.ok) return reading.value;
  } else if (typeof v === 'number') {
    if (Number.isInteger(v) && v >= 0 && v <= MAX_TIME_OF_DAY) return v + 0;
  }
  return badValue(v, path, 'Edm.TimeOfDay', variable);
}

/** A duration: an integer number or bigint of milliseconds within the range, or ISO 8601 text (`P1DT2H`). */
export function readDuration(v: unknown, path: string, variable?: string): number {
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

/** Epoch milliseconds of a row's date-time text (no offset means UTC), or undefined if invalid. */
export function parseInstant(text: string): number | undefined {
  const reading = readStoredInstant(text);
  return reading.ok ? reading.epochMs : undefined;
}

/** Object.prototype's own names: a row property with one of these names is read as an own property only. */
export function readOwn(o: object, name: string): unknown {
  return Object.hasOwn(o, name) ? (o as Record<string, unknown>)[name] : undefined;
}

export function isPrototypeName(name: string): boolean {
  return name in Object.prototype;
}

// ---------------------------------------------------------------------------------------------
// Strings by code point

/** -1, 0 or 1: ordinal comparison by Unicode code point (not by UTF-16 code unit). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (U+D800–DFFF) encode code points above U+FFFF, so they sort after U+E000–FFFF.
      if (x >= 0xd800 && y >= 0xd800) return surrogateRank(x) < surrogateRank(y) ? -1 : 1;
      return x < y ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : 1;
}

function surrogateRank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** True when native UTF-16 order equals code-point order for any string compared with `s`. */
export function hasNoHighUnits(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0xd800) return false;
  return true;
}

/** Number of surrogate pairs in s[0, end). */
function pairsBefore(s: string, end: number): number {
  let pairs = 0;
  for (let i = 0; i < end; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff) pairs++;
  }
  return pairs;
}

export function lengthOf(s: string): number {
  return s.length - pairsBefore(s, s.length);
}

export function indexOf(s: string, t: string): number {
  const i = s.indexOf(t);
  return i <= 0 ? i : i - pairsBefore(s, i);
}

/** Code-point substring; a negative start or length is taken as 0. */
export function substring(s: string, start: number, length?: number): string {
  const from = start > 0 ? start : 0;
  const count = length === undefined ? Infinity : length > 0 ? length : 0;
  if (count === 0 || from >= s.length) return '';
  let unitFrom = -1;
  let cp = 0;
  let i = 0;
  // Walk code points; stop once the end of the requested range is found.
  for (; i < s.length; cp++) {
    if (cp === from) unitFrom = i;
    if (unitFrom >= 0 && cp - from === count) break;
    const u = s.charCodeAt(i);
    i += u >= 0xd800 && u <= 0xdbff && i + 1 < s.length ? 2 : 1;
  }
  if (unitFrom < 0) return '';
  return s.slice(unitFrom, i);
}

export function trimSpaces(s: string): string {
  let from = 0;
  let to = s.length;
  while (from < to && s.charCodeAt(from) === 32) from++;
  while (to > from && s.charCodeAt(to - 1) === 32) to--;
  return from === 0 && to === s.length ? s : s.slice(from, to);
}

/**
 * Whether a result of `units` UTF-16 code units passes MAX_STRING_LENGTH code points, `length()`
 * giving its code points. A string within the bound in code units is within it in code points,
 * so only a longer one is counted.
 */
function beyondBound(units: number, length: () => number): boolean {
  return units > MAX_STRING_LENGTH && length() > MAX_STRING_LENGTH;
}

/** Every occurrence of `find` replaced; null where the result would pass MAX_STRING_LENGTH code points. */
export function replaceAll(s: string, find: string, replacement: string): string | null {
  if (find === '') return s;
  const parts = s.split(find);
  const occurrences = parts.length - 1;
  // Decided before the string is built: nested replaces grow geometrically.
  const units = s.length + occurrences * (replacement.length - find.length);
  if (beyondBound(units, () => lengthOf(s) + occurrences * (lengthOf(replacement) - lengthOf(find)))) return null;
  return parts.join(replacement);
}

export function toLower(s: string): string {
  return s.toLowerCase();
}

export function toUpper(s: string): string {
  return s.toUpperCase();
}

/** `a` and `b` joined; null where the result would pass MAX_STRING_LENGTH code points. */
export function concat(a: string, b: string): string | null {
  if (beyondBound(a.length + b.length, () => lengthOf(a) + lengthOf(b))) return null;
  return a + b;
}

// ---------------------------------------------------------------------------------------------
// Numbers

export function decimal(text: string | number): Decimal {
  return new ExactDecimal(text);
}

export function divideDecimals(a: Decimal, b: Decimal): Decimal | null {
  if (b.isZero()) return null;
  return new ExactDecimal(QuotientDecimal.div(a, b));
}

/** `x = c · 10^k` with an integer coefficient c (decimal.js keeps base-1e7 limbs and the exponent of the first digit). */
function scaled(x: Decimal): [bigint, number] {
  const limbs = (x as unknown as { d: number[] }).d;
  let digits = String(limbs[0]);
  for (let i = 1; i < limbs.length; i++) digits += String(limbs[i]).padStart(7, '0');
  return [BigInt(digits), x.e - (digits.length - 1)];
}

function powMod(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n % modulus;
  let b = base % modulus;
  for (let e = exponent; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * b) % modulus;
    b = (b * b) % modulus;
  }
  return result;
}

/**
 * The remainder of the quotient truncated toward zero, exact, with the sign of `a`. Computed on
 * integer coefficients with a modular power of ten, because decimal.js computes the whole integer
 * quotient first: `1e9999m mod 7m` would take 10,000 digits, and far more after multiplications.
 */
export function modDecimals(a: Decimal, b: Decimal): Decimal | null {
  if (b.isZero()) return null;
  if (a.isZero() || a.abs().lt(b.abs())) return a;
  const [ca, ka] = scaled(a);
  const [cb, kb] = scaled(b);
  // |a| >= |b| and each has at most DECIMAL_DIGITS digits, so kb - k is at most about that many.
  const k = ka < kb ? ka : kb;
  const modulus = cb * 10n ** BigInt(kb - k);
  const r = (ca * powMod(10n, BigInt(ka - k), modulus)) % modulus;
  return new ExactDecimal(`${a.isNeg() ? '-' : ''}${r}e${k}`);
}

export function roundDecimal(a: Decimal): Decimal {
  return a.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
}
export function floorDecimal(a: Decimal): Decimal {
  return a.toDecimalPlaces(0, Decimal.ROUND_FLOOR);
}
export function ceilingDecimal(a: Decimal): Decimal {
  return a.toDecimalPlaces(0, Decimal.ROUND_CEIL);
}

/** Half away from zero; NaN and ±INF stay. */
export function roundDouble(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

export function divideIntegers(a: number, b: number): number | null {
  return b === 0 ? null : Math.trunc(a / b);
}

/** Doubles: NaN equals NaN (docs/semantics.md, section 4). */
export function equalDoubles(a: number, b: number): boolean {
  return a === b || (Number.isNaN(a) && Number.isNaN(b));
}

// ---------------------------------------------------------------------------------------------
// Dates: parts of the instant in UTC, computed from the epoch milliseconds with integer
// arithmetic (the proleptic Gregorian calendar, as `Date` reads it) instead of a `Date` per row.

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

export function yearOf(ms: number): number {
  const z = marchDays(ms);
  const doe = dayOfEra(z);
  // January and February (March months 10 and 11) belong to the next calendar year.
  return ((z - doe) / 146_097) * 400 + yearOfEra(doe) + (marchMonth(dayOfMarchYear(doe)) >= 10 ? 1 : 0);
}
export function monthOf(ms: number): number {
  const mp = marchMonth(dayOfMarchYear(dayOfEra(marchDays(ms))));
  return mp < 10 ? mp + 3 : mp - 9;
}
export function dayOf(ms: number): number {
  const doy = dayOfMarchYear(dayOfEra(marchDays(ms)));
  return doy - Math.floor((153 * marchMonth(doy) + 2) / 5) + 1;
}

/** Milliseconds since midnight UTC. */
function timeOfDay(ms: number): number {
  return ms - Math.floor(ms / DAY_MS) * DAY_MS;
}
export function hourOf(ms: number): number {
  return Math.floor(timeOfDay(ms) / 3_600_000);
}
export function minuteOf(ms: number): number {
  return Math.floor(timeOfDay(ms) / 60_000) % 60;
}
export function secondOf(ms: number): number {
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
export function dateOf(ms: number): number {
  return Math.floor(ms / DAY_MS);
}
/** `time(x)`: the UTC time of day of an instant. */
export const timeOf: (ms: number) => number = timeOfDay;
/** `fractionalseconds(x)` of an instant or a time of day: the milliseconds of its second, as decimal seconds. */
export function fractionalSecondsOf(ms: number): Decimal {
  return new ExactDecimal(secondsText(timeOfDay(ms) % 1000));
}
/** `totalseconds(d)`: the duration in decimal seconds. */
export function totalSecondsOf(ms: number): Decimal {
  return new ExactDecimal(secondsText(ms));
}
/** `totaloffsetminutes(x)`: instants are read in UTC. */
export function totalOffsetMinutes(): number {
  return 0;
}
/** Date-time arithmetic on non-null operands, by their types (src/semantics/temporal-arithmetic.ts). */
export function temporal(
  op: TemporalOp,
  leftType: EdmType,
  rightType: EdmType,
  a: number,
  b: number | bigint | Decimal,
): number | null {
  return evaluateTemporal(
    op,
    leftType,
    rightType,
    a,
    Decimal.isDecimal(b) ? (b as Decimal).toString() : (b as number | bigint),
  );
}
export const floorDouble: (x: number) => number = Math.floor;
export const ceilingDouble: (x: number) => number = Math.ceil;
