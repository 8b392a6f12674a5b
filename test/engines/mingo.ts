// Runs query documents the way MongoDB would, on mingo. mingo works on plain JavaScript values, so
// this harness (1) stores rows as MongoDB would under docs/mongo.md's conventions (Int64 as a long
// = bigint, Decimal as a Decimal128 stand-in, dates as Date, guids lower-case, binaries as
// Uint8Array, which the driver writes as BinData) and (2) replaces the operators where mingo
// differs from MongoDB's documented behaviour: BSON comparison across numeric types, of strings by
// code point and of BinData by length first, NaN in queries, Int64/Decimal128 arithmetic, PCRE
// anchors in $regex, $regexMatch and $regexFind, the missing $indexOfCP, $getField of null, ASCII-only
// $toLower/$toUpper, date parts of a null date (null, where mingo throws), $dateFromParts in the
// years before 100, $toInt and $toLong of a string.

import { dateText, durationMs, timeText } from './rows.js';
import { readTimeOfDay } from '../../src/semantics/temporal.js';
import { Decimal as DecimalJs } from 'decimal.js';
import { Context, evalExpr } from 'mingo/core';
import { Query } from 'mingo/query';
import * as expressionOperators from 'mingo/operators/expression';
import * as queryOperators from 'mingo/operators/query';
import { listPropertyPaths } from '../../src/types/schema.js';
import type { CollectionProperty, Property, Schema } from '../../src/types/schema.js';

/** IEEE 754 decimal128 arithmetic: 34 significant digits, half to even. */
const D34 = DecimalJs.clone({
  precision: 34,
  rounding: DecimalJs.ROUND_HALF_EVEN,
  modulo: DecimalJs.ROUND_DOWN,
  toExpNeg: -40,
  toExpPos: 40,
});
type D34 = InstanceType<typeof D34>;

/** The harness's BSON Decimal128. */
export class Decimal128 {
  readonly value: D34;
  constructor(value: string | D34) {
    this.value = typeof value === 'string' ? new D34(value).toSignificantDigits(34) : value;
  }
  toString(): string {
    return this.value.toString();
  }
  toExtendedJson(): unknown {
    return { $numberDecimal: this.toString() };
  }
}

/**
 * For `compileMongo(…, { decimal })`: strict, like `Decimal128.fromString` of the `bson` package
 * (5.5 and later), which throws rather than round text beyond 34 significant digits or outside
 * the exponent range.
 */
export const decimal128 = (text: string): Decimal128 => {
  const exact = new DecimalJs(text);
  const value = new Decimal128(text);
  const last = exact.isZero() ? 0 : exact.e - (exact.sd() - 1);
  if (!value.value.eq(exact) || (!exact.isZero() && (last < -6176 || exact.e > 6144))) {
    throw new Error(`"${text}" is not a valid Decimal128 string - inexact rounding`);
  }
  return value;
};

// ---- documented divergences ---------------------------------------------------------------------

/**
 * Where MongoDB's result departs from the reference by design (docs/semantics.md, "MongoDB:
 * differences"): a Decimal128 result rounded to 34 digits, or a case mapping of a non-ASCII
 * letter. Evaluation records each here, for tests that pin a difference; which rows the
 * differential tests leave out is decided from the row's values instead (test/mongo/gaps.ts).
 */
export type Divergence = 'decimal128-rounding' | 'non-ascii-case';
export const divergences = new Set<Divergence>();

/** A decimal result as Decimal128 holds it, noting when that rounded the exact value. */
function rounded(exact: DecimalJs): Decimal128 {
  const value = new D34(exact).toSignificantDigits(34);
  if (!value.eq(exact)) divergences.add('decimal128-rounding');
  return new Decimal128(value);
}

// ---- BSON comparison -------------------------------------------------------------------------

type NumberKind = 'number' | 'long' | 'decimal';
const numberKind = (v: unknown): NumberKind | undefined =>
  typeof v === 'number' ? 'number' : typeof v === 'bigint' ? 'long' : v instanceof Decimal128 ? 'decimal' : undefined;

/** BSON type order: missing < null < numbers < string < object < array < BinData < bool < date. */
function typeRank(v: unknown): number {
  if (v === undefined) return 0;
  if (v === null) return 1;
  if (numberKind(v)) return 2;
  if (typeof v === 'string') return 3;
  if (typeof v === 'boolean') return 8;
  if (v instanceof Date) return 9;
  if (Array.isArray(v)) return 5;
  if (v instanceof Uint8Array) return 6;
  return 4;
}

/**
 * BinData (of subtype 0: a Uint8Array, as the driver writes one) in MongoDB's documented order:
 * by length first, then subtype, then byte by byte. mingo orders typed arrays byte by byte, a
 * prefix first: not MongoDB's, so the harness decides it here.
 */
export function compareBinData(a: Uint8Array, b: Uint8Array): number {
  if (a.length !== b.length) return a.length < b.length ? -1 : 1;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
  return 0;
}

function toD(v: number | bigint | Decimal128): D34 {
  if (v instanceof Decimal128) return v.value;
  // Unlimited precision for exact conversion of integers and of a double's shortest text.
  return new DecimalJs(typeof v === 'bigint' ? v.toString() : v) as unknown as D34;
}

const EXACT = DecimalJs.clone({ precision: 1e9 });
const exactOf = (v: Num): DecimalJs => new EXACT(toD(v).toString()) as unknown as DecimalJs;

/** Numbers by exact value; NaN equals NaN and sorts below every other number (MongoDB's order). */
function compareNumbers(a: number | bigint | Decimal128, b: number | bigint | Decimal128): number {
  const nanA = typeof a === 'number' && Number.isNaN(a);
  const nanB = typeof b === 'number' && Number.isNaN(b);
  if (nanA || nanB) return nanA && nanB ? 0 : nanA ? -1 : 1;
  if (typeof a === 'number' && typeof b === 'number') return a < b ? -1 : a > b ? 1 : 0;
  if (typeof a === 'number' && !Number.isFinite(a)) return a > 0 ? 1 : -1;
  if (typeof b === 'number' && !Number.isFinite(b)) return b > 0 ? -1 : 1;
  return toD(a).comparedTo(toD(b));
}

/** Binary UTF-8 order, which is code point order (not UTF-16 code unit order). */
export function compareCodePoints(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x === y) continue;
    const sx = x >= 0xd800 && x <= 0xdfff;
    const sy = y >= 0xd800 && y <= 0xdfff;
    if (sx !== sy) return sx ? 1 : -1;
    return x < y ? -1 : 1;
  }
  return a.length - b.length;
}

/** MongoDB's total order of values (aggregation comparisons, $max/$min). */
export function compareBson(a: unknown, b: unknown): number {
  const ra = typeRank(a);
  const rb = typeRank(b);
  if (ra !== rb) return ra - rb;
  if (ra === 2) return compareNumbers(a as number, b as number);
  if (typeof a === 'string') return Math.sign(compareCodePoints(a, b as string));
  if (typeof a === 'boolean') return Number(a) - Number(b);
  if (a instanceof Date) return Math.sign(a.getTime() - (b as Date).getTime());
  if (a instanceof Uint8Array) return compareBinData(a, b as Uint8Array);
  if (ra <= 1) return 0;
  throw new Error(`harness: cannot compare ${String(a)} and ${String(b)}`);
}

// ---- query operators ---------------------------------------------------------------------------

type QueryPredicate = (value: unknown, operand: unknown) => boolean;
const queryOperator =
  (predicate: QueryPredicate) =>
  (selector: string, operand: unknown) =>
  (obj: object): boolean =>
    predicate(scalarAt(obj, selector), operand);

/**
 * The value at a dotted path, for a query operator that compares it. MongoDB's operators look
 * into arrays on the way and at the end (`{ Tags: 'red' }` matches an array holding 'red', or one
 * holding an array holding it), which the harness does not model: the documents test arrays only
 * through `$elemMatch` and `$size`, and the harness fails on anything else that meets an array.
 */
function scalarAt(obj: object, selector: string): unknown {
  let value: unknown = obj;
  for (const key of selector.split('.')) {
    if (Array.isArray(value))
      throw new Error(`harness: a query operator on a path through an array (${selector}) is not modelled`);
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  if (Array.isArray(value))
    throw new Error(
      `harness: a query operator other than $elemMatch or $size on an array (${selector}) is not modelled`,
    );
  return value;
}

const isNil = (v: unknown): boolean => v === null || v === undefined;
const sameClass = (a: unknown, b: unknown): boolean => typeRank(a) === typeRank(b);

function queryEq(value: unknown, operand: unknown): boolean {
  if (operand === null) return isNil(value);
  return sameClass(value, operand) && compareBson(value, operand) === 0;
}

/** Type bracketing, and MongoDB's query rule for NaN: equal to NaN, unordered against numbers. */
function queryOrder(test: (c: number) => boolean, orEqual: boolean): QueryPredicate {
  return (value, operand) => {
    if (isNil(value) || !sameClass(value, operand)) return false;
    const nanV = typeof value === 'number' && Number.isNaN(value);
    const nanO = typeof operand === 'number' && Number.isNaN(operand);
    if (nanV || nanO) return orEqual && nanV && nanO;
    return test(compareBson(value, operand));
  };
}

function queryIn(value: unknown, operand: unknown): boolean {
  return (operand as unknown[]).some((item) => queryEq(value, item));
}

/** PCRE (no flags) to an equivalent JavaScript RegExp: \A, \z, \Z and `$` keep their PCRE meaning. */
export function pcreToJs(pattern: string): RegExp {
  let out = '';
  let inClass = false;
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i]!;
    if (c === '\\') {
      const next = pattern[i + 1] ?? '';
      i++;
      if (!inClass && next === 'A') out += '^';
      else if (!inClass && next === 'z') out += '(?![\\s\\S])';
      else if (!inClass && next === 'Z') out += '(?=\\n?(?![\\s\\S]))';
      else out += `\\${next}`;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') inClass = true;
    // PCRE's `$` (no multiline) also matches before a final newline.
    out += c === '$' ? '(?=\\n?(?![\\s\\S]))' : c;
  }
  return new RegExp(out, 'u');
}

/** A document (or array) as `$elemMatch` sees one: BSON's object and array types, not a Date or a Decimal128. */
const isDocument = (v: unknown): v is object =>
  v !== null &&
  typeof v === 'object' &&
  !(v instanceof Date) &&
  !(v instanceof Decimal128) &&
  !(v instanceof Uint8Array);

/**
 * `$elemMatch` as MongoDB's matcher runs it (ElemMatchObjectMatchExpression and
 * ElemMatchValueMatchExpression): false unless the field is an array; with operators only (no
 * field name, no `$and`/`$or`/`$nor`), each element itself is tested by them, a null element too;
 * otherwise the criteria are a query on each element that is a document, and other elements (a
 * null one) are skipped. mingo runs an object query on a null element too.
 */
function queryElemMatch(selector: string, criteria: unknown, options: unknown) {
  if (!isDocument(criteria) || Array.isArray(criteria)) throw new Error('harness: $elemMatch expects a document');
  const keys = Object.keys(criteria);
  const valueForm =
    keys.length > 0 && keys.every((k) => k.startsWith('$') && k !== '$and' && k !== '$or' && k !== '$nor');
  const query = new Query(valueForm ? { element: criteria } : (criteria as Record<string, unknown>), options as never);
  const matches = valueForm
    ? (e: unknown) => query.test({ element: e })
    : (e: unknown) => isDocument(e) && query.test(e as Record<string, unknown>);
  return (obj: object): boolean => {
    const value = arrayAt(obj, selector);
    return Array.isArray(value) && value.some(matches);
  };
}

/** `$size`: true for an array of exactly that many elements, false for anything else (also a missing field). */
function querySize(selector: string, size: unknown) {
  if (typeof size !== 'number' || !Number.isInteger(size) || size < 0)
    throw new Error('harness: $size expects a non-negative integer');
  return (obj: object): boolean => {
    const value = arrayAt(obj, selector);
    return Array.isArray(value) && value.length === size;
  };
}

/** The value at a dotted path that leads through documents only (never through an array). */
function arrayAt(obj: object, selector: string): unknown {
  let value: unknown = obj;
  for (const key of selector.split('.')) {
    if (Array.isArray(value)) throw new Error(`harness: a path through an array (${selector}) is not modelled`);
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

const regexCache = new Map<string, RegExp>();
function queryRegex(selector: string, operand: unknown) {
  // mingo's normalize() has already built a JavaScript RegExp from the pattern text; take the text back.
  if (operand instanceof RegExp) {
    if (operand.flags !== '') throw new Error('harness: $regex options are not modelled');
    operand = operand.source;
  }
  if (typeof operand !== 'string') throw new Error('harness: $regex expects a string pattern');
  let re = regexCache.get(operand);
  if (!re) regexCache.set(operand, (re = pcreToJs(operand)));
  const regex = re;
  return (obj: object): boolean => {
    const value = scalarAt(obj, selector);
    return typeof value === 'string' && regex.test(value);
  };
}

// ---- expression operators ----------------------------------------------------------------------

type Options = Parameters<typeof evalExpr>[2];
type ExprOp = (obj: object, expr: unknown, options: Options) => unknown;
const args = (obj: object, expr: unknown, options: Options): unknown[] =>
  evalExpr(obj, expr as never, options) as unknown[];

const exprCompare =
  (test: (c: number) => boolean): ExprOp =>
  (obj, expr, options) => {
    const [a, b] = args(obj, expr, options);
    return test(compareBson(a, b));
  };

type Num = number | bigint | Decimal128;
const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** MongoDB's arithmetic result types: decimal if any decimal, else double if any double, else long. */
function arithmetic(
  name: string,
  op: (a: DecimalJs, b: DecimalJs) => DecimalJs,
  doubleOp: (a: number, b: number) => number,
  longOp: (a: bigint, b: bigint) => bigint,
): ExprOp {
  return (obj, expr, options) => combine(name, args(obj, expr, options), op, doubleOp, longOp);
}

/** The arithmetic of already evaluated operands (each operand is evaluated once). */
function combine(
  name: string,
  values: unknown[],
  op: (a: DecimalJs, b: DecimalJs) => DecimalJs,
  doubleOp: (a: number, b: number) => number,
  longOp: (a: bigint, b: bigint) => bigint,
): unknown {
  if (values.some(isNil)) return null;
  for (const v of values)
    if (!numberKind(v)) throw new Error(`harness: ${name} only supports numeric types, not ${String(v)}`);
  return (values as Num[]).reduce((a, b) => {
    if (a instanceof Decimal128 || b instanceof Decimal128) return rounded(op(exactOf(a), exactOf(b)));
    if (typeof a === 'bigint' || typeof b === 'bigint') {
      if ((typeof a === 'number' && !Number.isInteger(a)) || (typeof b === 'number' && !Number.isInteger(b)))
        return doubleOp(Number(a), Number(b));
      const result = longOp(BigInt(a), BigInt(b));
      // A long result beyond int64 becomes a double in MongoDB.
      return result < INT64_MIN || result > INT64_MAX ? doubleOp(Number(a), Number(b)) : result;
    }
    return doubleOp(a, b);
  });
}

function unary(name: string, decimalOp: (d: D34) => D34, numberOp: (n: number) => number): ExprOp {
  return (obj, expr, options) => {
    const [v] = args(obj, Array.isArray(expr) ? expr : [expr], options);
    if (isNil(v)) return null;
    if (v instanceof Decimal128) return new Decimal128(decimalOp(v.value));
    if (typeof v === 'bigint') return name === '$abs' && v < 0n ? -v : v;
    if (typeof v === 'number') return numberOp(v);
    throw new Error(`harness: ${name} expects a number`);
  };
}

function toDecimal(v: unknown): Decimal128 | null {
  if (isNil(v)) return null;
  if (v instanceof Decimal128) return v;
  if (typeof v === 'bigint') return new Decimal128(v.toString());
  if (typeof v === 'number') {
    if (!Number.isInteger(v)) throw new Error('harness: $toDecimal of a non-integral double is not modelled');
    return new Decimal128(String(v));
  }
  if (typeof v === 'string') return new Decimal128(v);
  throw new Error(`harness: $toDecimal of ${String(v)}`);
}

function toDouble(v: unknown): number | null {
  if (isNil(v)) return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  if (v instanceof Decimal128) return decimalToDouble(v.value);
  throw new Error(`harness: $toDouble of ${String(v)}`);
}

/** 2^-1022, exactly: 5^1022 × 10^-1022. */
const MIN_NORMAL = new EXACT(5).pow(1022).mul('1e-1022');

/**
 * MongoDB's $toDouble of a Decimal128: the decimal rounded half to even, but an error when the
 * conversion signals anything beyond "inexact" (the server accepts only those flags): overflow (a
 * finite decimal whose double would be infinite) and underflow (a nonzero decimal below the
 * smallest normal double, which no double holds exactly). NaN and ±Infinity convert as they are.
 */
function decimalToDouble(d: D34): number {
  if (d.isNaN()) return Number.NaN;
  if (!d.isFinite()) return d.isNeg() ? -Infinity : Infinity;
  const n = Number(d.toString());
  if (!Number.isFinite(n))
    throw new Error(
      `harness: $toDouble overflow: Conversion would overflow target type in $convert with no onError value: ${d.toString()}`,
    );
  if (!d.isZero() && d.abs().lt(MIN_NORMAL))
    throw new Error(
      `harness: $toDouble underflow: Conversion would overflow target type in $convert with no onError value: ${d.toString()}`,
    );
  return n;
}

/**
 * $toInt and $toLong of a string: MongoDB reads a base-10 integer ("-5", "123456") and fails on
 * anything else, or beyond the type's range.
 */
function integerOfString(v: string, name: string): bigint {
  if (!/^-?[0-9]+$/.test(v))
    throw new Error(`harness: ${name} of a string that is no base-10 integer: ${JSON.stringify(v)}`);
  return BigInt(v);
}

function toInt(v: unknown): number | null {
  if (isNil(v)) return null;
  const n =
    typeof v === 'number'
      ? Math.trunc(v)
      : typeof v === 'bigint'
        ? Number(v)
        : v instanceof Decimal128
          ? Number(v.value.trunc().toString())
          : typeof v === 'string'
            ? Number(integerOfString(v, '$toInt'))
            : NaN;
  if (!Number.isInteger(n) || n < -(2 ** 31) || n >= 2 ** 31)
    throw new Error(`harness: $toInt overflow or bad value ${String(v)}`);
  return n;
}

const single =
  (f: (v: unknown) => unknown): ExprOp =>
  (obj, expr, options) =>
    f(args(obj, Array.isArray(expr) ? expr : [expr], options)[0]);

function extreme(sign: 1 | -1): ExprOp {
  return (obj, expr, options) => {
    const values = args(obj, expr, options).filter((v) => !isNil(v));
    if (values.length === 0) return null;
    return values.reduce((a, b) => (compareBson(b, a) * sign > 0 ? b : a));
  };
}

/** $indexOfCP: [string, substring] as MongoDB documents it (code points; null string → null). */
const indexOfCP: ExprOp = (obj, expr, options) => {
  const [s, t, start, end] = args(obj, expr, options);
  if (isNil(s)) return null;
  if (typeof s !== 'string' || typeof t !== 'string') throw new Error('harness: $indexOfCP expects strings');
  if (start !== undefined || end !== undefined) throw new Error('harness: $indexOfCP start/end are not modelled');
  const unit = s.indexOf(t);
  return unit === -1 ? -1 : [...s.slice(0, unit)].length;
};

/**
 * $getField as MongoDB documents it: `{ field, input }` reads the field named exactly (dots and
 * all) of the object `input` is, null where `input` is null or missing; mingo reads the current
 * document for a null `input`.
 */
const getField: ExprOp = (obj, expr, options) => {
  const spec = (typeof expr === 'object' && expr !== null && 'field' in expr ? expr : { field: expr }) as {
    field: unknown;
    input?: unknown;
  };
  const field = evalExpr(obj, spec.field as never, options);
  if (typeof field !== 'string') throw new Error('harness: $getField expects a string field');
  const input = 'input' in spec ? evalExpr(obj, spec.input as never, options) : obj;
  if (isNil(input)) return null;
  if (typeof input !== 'object' || Array.isArray(input)) throw new Error('harness: $getField expects an object input');
  return Object.hasOwn(input as object, field) ? (input as Record<string, unknown>)[field] : undefined;
};

/**
 * $strLenCP as mingo has it (a string's code points; anything else an error), counted without
 * mingo's array of every character, which made megabyte strings the cost of their suites.
 */
const strLenCP: ExprOp = single((v) => {
  if (typeof v !== 'string') throw new Error('harness: $strLenCP expects a string');
  let count = 0;
  for (const _ of v) count++;
  return count;
});

/** MongoDB maps only ASCII letters; every other character is left as it is. */
const asciiCase = (upper: boolean): ExprOp =>
  single((v) => {
    if (isNil(v)) return '';
    if (typeof v !== 'string') throw new Error('harness: case mapping expects a string');
    const ascii = upper ? v.replace(/[a-z]+/g, (m) => m.toUpperCase()) : v.replace(/[A-Z]+/g, (m) => m.toLowerCase());
    if (ascii !== (upper ? v.toUpperCase() : v.toLowerCase())) divergences.add('non-ascii-case');
    return upper ? v.replace(/[a-z]+/g, (m) => m.toUpperCase()) : v.replace(/[A-Z]+/g, (m) => m.toLowerCase());
  });

const divide: ExprOp = (obj, expr, options) => {
  const [a, b] = args(obj, expr, options);
  if (isNil(a) || isNil(b)) return null;
  if (compareBson(b, 0) === 0) throw new Error("harness: can't $divide by zero");
  if (a instanceof Decimal128 || b instanceof Decimal128)
    return new Decimal128(new D34(toD(a as Num)).div(new D34(toD(b as Num))));
  return Number(a) / Number(b);
};

const mod: ExprOp = (obj, expr, options) => {
  const [a, b] = args(obj, expr, options);
  if (isNil(a) || isNil(b)) return null;
  if (compareBson(b, 0) === 0) throw new Error("harness: can't $mod by 0");
  if (a instanceof Decimal128 || b instanceof Decimal128)
    return new Decimal128(new D34(toD(a as Num)).mod(new D34(toD(b as Num))));
  if (typeof a === 'bigint' && typeof b === 'bigint') return a % b;
  return Number(a) % Number(b);
};

/**
 * MongoDB's date arithmetic: `$add` of one date and numbers is the date moved by that many
 * milliseconds (a second date is an error); `$subtract` of two dates is their difference in
 * milliseconds (a long), of a date and a number the date moved back. Only whole milliseconds are
 * modelled (the server rounds a fraction, which the backend never gives).
 */
function dateArithmetic(name: '$add' | '$subtract', numeric: (values: unknown[]) => unknown): ExprOp {
  const whole = (v: unknown): number => {
    const n = typeof v === 'bigint' ? Number(v) : v;
    if (typeof n !== 'number' || !Number.isInteger(n))
      throw new Error(`harness: ${name} of a date and ${String(v)} is not modelled`);
    return n;
  };
  return (obj, expr, options) => {
    const values = args(obj, expr, options);
    if (!values.some((v) => v instanceof Date)) return numeric(values);
    if (values.some(isNil)) return null;
    if (name === '$subtract') {
      const [a, b] = values;
      if (!(a instanceof Date)) throw new Error('harness: $subtract of a date from a number');
      return b instanceof Date ? BigInt(a.getTime() - b.getTime()) : new Date(a.getTime() - whole(b));
    }
    if (values.filter((v) => v instanceof Date).length > 1)
      throw new Error('harness: only one date allowed in an $add expression');
    return new Date(values.reduce<number>((sum, v) => sum + (v instanceof Date ? v.getTime() : whole(v)), 0));
  };
}

/**
 * `$toLong`: a date's epoch milliseconds, a number truncated (an error beyond int64), a long as it
 * is; a Decimal128 truncated exactly (MongoDB converts it digit for digit, not through a double).
 */
function toLong(v: unknown): bigint | null {
  if (isNil(v)) return null;
  if (v instanceof Date) return BigInt(v.getTime());
  if (typeof v === 'bigint') return v;
  if (typeof v === 'string') {
    const n = integerOfString(v, '$toLong');
    if (n < -(2n ** 63n) || n >= 2n ** 63n) throw new Error(`harness: $toLong overflow ${v}`);
    return n;
  }
  if (v instanceof Decimal128) {
    const whole = v.value.trunc();
    if (!whole.isFinite()) throw new Error(`harness: $toLong of a non-finite Decimal128 ${whole.toString()}`);
    const exact = BigInt(whole.toFixed());
    if (exact < -(2n ** 63n) || exact >= 2n ** 63n) throw new Error(`harness: $toLong overflow ${whole.toString()}`);
    return exact;
  }
  const n = typeof v === 'number' ? Math.trunc(v) : NaN;
  // -2^63 is a long; 2^63, the next double up from the largest long, is not.
  if (!Number.isFinite(n) || n < -(2 ** 63) || n >= 2 ** 63)
    throw new Error(`harness: $toLong overflow or bad value ${String(v)}`);
  return BigInt(n);
}

/**
 * $regexMatch and $regexFind as MongoDB runs them: PCRE (\A, \z, and a `$` that also matches before
 * a final newline), no options; a null or missing input does not match (and finds null); any
 * other non-string fails. mingo runs the pattern as a JavaScript RegExp.
 */
const regexOperator =
  (found: (match: RegExpExecArray | null) => unknown, ifNull: unknown): ExprOp =>
  (obj, expr, options) => {
    const spec = expr as { input: unknown; regex: unknown; options?: unknown };
    if (spec.options !== undefined) throw new Error('harness: regex options are not modelled');
    const [input, regex] = args(obj, [spec.input, spec.regex], options);
    if (isNil(input)) return ifNull;
    if (typeof input !== 'string' || typeof regex !== 'string')
      throw new Error('harness: $regexMatch and $regexFind expect a string input and a string regex');
    return found(pcreToJs(regex).exec(input));
  };
const regexMatch = regexOperator((m) => m !== null, false);
const regexFind = regexOperator(
  (m) =>
    m === null
      ? null
      : { match: m[0], idx: [...m.input.slice(0, m.index)].length, captures: m.slice(1).map((c) => c ?? null) },
  null,
);

/**
 * $dateFromParts in UTC (no timezone), as MongoDB documents it: year 1–9999 and each part within
 * its range here; mingo's Date.UTC reads the years 0–99 as 1900–1999.
 */
const dateFromParts: ExprOp = (obj, expr, options) => {
  const spec = expr as Record<string, unknown>;
  const names = ['year', 'month', 'day', 'hour', 'minute', 'second', 'millisecond'] as const;
  if (Object.keys(spec).some((k) => !(names as readonly string[]).includes(k)))
    throw new Error('harness: $dateFromParts parts other than year … millisecond are not modelled');
  const values = args(
    obj,
    names.map((k) => spec[k] ?? (k === 'month' || k === 'day' ? 1 : 0)),
    options,
  );
  if (values.some(isNil)) return null;
  const [year, month, day, hour, minute, second, ms] = values.map((v) => Number(v));
  if (!Number.isInteger(year) || year! < 1 || year! > 9999) throw new Error(`harness: $dateFromParts year ${year}`);
  const date = new Date(0);
  date.setUTCFullYear(year!, month! - 1, day!);
  date.setUTCHours(hour!, minute!, second!, ms!);
  return date;
};

/**
 * $year, $month, $dayOfMonth, $hour, $minute, $second on a date, in UTC (no timezone argument).
 * MongoDB returns null for a null or missing date (DateExpressionAcceptingTimeZone::evaluate in
 * the server: `if (dateVal.nullish()) return Value(BSONNULL)`) and fails on any other non-date;
 * mingo throws on null.
 */
const datePart = (name: string, part: (d: Date) => number): ExprOp =>
  single((v) => {
    if (isNil(v)) return null;
    if (!(v instanceof Date)) throw new Error(`harness: ${name} expects a date, not ${String(v)}`);
    return part(v);
  });

const CONTEXT = Context.init({
  query: {
    ...queryOperators,
    $eq: queryOperator(queryEq),
    $ne: queryOperator((v, o) => !queryEq(v, o)),
    $gt: queryOperator(queryOrder((c) => c > 0, false)),
    $gte: queryOperator(queryOrder((c) => c >= 0, true)),
    $lt: queryOperator(queryOrder((c) => c < 0, false)),
    $lte: queryOperator(queryOrder((c) => c <= 0, true)),
    $in: queryOperator(queryIn),
    $nin: queryOperator((v, o) => !queryIn(v, o)),
    $regex: queryRegex,
    $elemMatch: queryElemMatch,
    $size: querySize,
    $exists: (selector: string, exists: unknown) => (obj: object) =>
      (arrayAt(obj, selector) !== undefined) === Boolean(exists),
  },
  expression: {
    ...expressionOperators,
    $eq: exprCompare((c) => c === 0),
    $ne: exprCompare((c) => c !== 0),
    $gt: exprCompare((c) => c > 0),
    $gte: exprCompare((c) => c >= 0),
    $lt: exprCompare((c) => c < 0),
    $lte: exprCompare((c) => c <= 0),
    $in: (obj: object, expr: unknown, options: Options) => {
      const [v, list] = args(obj, expr, options);
      return (list as unknown[]).some((item) => compareBson(v, item) === 0);
    },
    $add: dateArithmetic('$add', (values) =>
      combine(
        '$add',
        values,
        (a, b) => a.add(b),
        (a, b) => a + b,
        (a, b) => a + b,
      ),
    ),
    $subtract: dateArithmetic('$subtract', (values) =>
      combine(
        '$subtract',
        values,
        (a, b) => a.sub(b),
        (a, b) => a - b,
        (a, b) => a - b,
      ),
    ),
    $multiply: arithmetic(
      '$multiply',
      (a, b) => a.mul(b),
      (a, b) => a * b,
      (a, b) => a * b,
    ),
    $divide: divide,
    $mod: mod,
    $abs: unary('$abs', (d) => d.abs(), Math.abs),
    $trunc: unary('$trunc', (d) => d.trunc(), Math.trunc),
    $floor: unary('$floor', (d) => d.floor(), Math.floor),
    $ceil: unary('$ceil', (d) => d.ceil(), Math.ceil),
    $toDecimal: single(toDecimal),
    $toDouble: single(toDouble),
    $toInt: single(toInt),
    $toLong: single(toLong),
    $max: extreme(1),
    $min: extreme(-1),
    $indexOfCP: indexOfCP,
    $getField: getField,
    $strLenCP: strLenCP,
    $regexMatch: regexMatch,
    $regexFind: regexFind,
    $dateFromParts: dateFromParts,
    $toLower: asciiCase(false),
    $toUpper: asciiCase(true),
    $year: datePart('$year', (d) => d.getUTCFullYear()),
    $month: datePart('$month', (d) => d.getUTCMonth() + 1),
    $dayOfMonth: datePart('$dayOfMonth', (d) => d.getUTCDate()),
    $hour: datePart('$hour', (d) => d.getUTCHours()),
    $minute: datePart('$minute', (d) => d.getUTCMinutes()),
    $second: datePart('$second', (d) => d.getUTCSeconds()),
    $millisecond: datePart('$millisecond', (d) => d.getUTCMilliseconds()),
  },
} as never);

/** A compiled query with MongoDB's semantics. Throws (like a server error) on what MongoDB rejects. */
export function mongoQuery(document: Record<string, unknown>): { test(doc: object): boolean } {
  // mingo's constructor JSON-prints the document (for an error message it may not need), which
  // fails on a bigint; a long prints as its digits meanwhile.
  const proto = BigInt.prototype as unknown as { toJSON?: () => string };
  proto.toJSON = function (this: bigint) {
    return this.toString();
  };
  try {
    return new Query(document, { context: CONTEXT } as never);
  } finally {
    delete proto.toJSON;
  }
}

/** Ids (`Id`) of the documents the query matches, in input order. */
export function matchIds(document: Record<string, unknown>, docs: readonly Record<string, unknown>[]): number[] {
  const query = mongoQuery(document);
  return docs.filter((d) => query.test(d)).map((d) => d.Id as number);
}

// ---- storage -----------------------------------------------------------------------------------

/**
 * A row as docs/mongo.md stores it (default field mapping): collections (not relations, which a
 * `find()` document cannot read) as arrays, their elements stored by the element's type.
 */
export function toMongoDocument(schema: Schema, row: Record<string, unknown>): Record<string, unknown> {
  const doc = storePrimitives(schema, row);
  for (const { path, property } of listCollectionPaths(schema.properties, [])) {
    const value = valueAt(row, path);
    if (value !== undefined && !property.relation) setPath(doc, path, storeCollection(property, value));
  }
  return doc;
}

/** Every collection reachable from the root through structures, with its path. */
function listCollectionPaths(
  properties: ReadonlyMap<string, Property>,
  prefix: readonly string[],
): { path: string[]; property: CollectionProperty }[] {
  return [...properties.values()].flatMap((property) => {
    const path = [...prefix, property.name];
    if (property.kind === 'collection') return [{ path, property }];
    return property.kind === 'structured' ? listCollectionPaths(property.properties, path) : [];
  });
}

/** The value at a path, undefined when a step on the way is missing, null or not an object. */
function valueAt(row: Record<string, unknown>, path: readonly string[]): unknown {
  let value: unknown = row;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[key];
  }
  return value;
}

/** A collection's value: null stays null, an array's elements are stored by the element's type. */
function storeCollection(property: CollectionProperty, value: unknown): unknown {
  if (!Array.isArray(value)) return value;
  const element = property.element;
  return value.map((e) =>
    element.kind === 'primitive' ? store(element.type, e) : storeStructure(element.properties, e),
  );
}

/** A structure (an element, or one inside it): each member by its type, a missing one left out. */
function storeStructure(properties: ReadonlyMap<string, Property>, value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const property of properties.values()) {
    const member = (value as Record<string, unknown>)[property.name];
    if (member === undefined) continue;
    if (property.kind === 'primitive') out[property.name] = store(property.type, member);
    else if (property.kind === 'structured') out[property.name] = storeStructure(property.properties, member);
    else if (!property.relation) out[property.name] = storeCollection(property, member);
  }
  return out;
}

function storePrimitives(schema: Schema, row: Record<string, unknown>): Record<string, unknown> {
  const doc: Record<string, unknown> = {};
  for (const { path, property } of listPropertyPaths(schema)) {
    let value: unknown = row;
    let parentMissing = false;
    for (let i = 0; i < path.length; i++) {
      if (value === null || value === undefined || typeof value !== 'object') {
        parentMissing = true;
        break;
      }
      value = (value as Record<string, unknown>)[path[i]!];
    }
    // Keep a null (or missing) structured parent as it was.
    if (parentMissing) {
      copyParents(doc, row, path);
      continue;
    }
    if (value === undefined) continue;
    setPath(doc, path, store(property.type, value));
  }
  return doc;
}

function copyParents(doc: Record<string, unknown>, row: Record<string, unknown>, path: readonly string[]): void {
  let source: unknown = row;
  let target = doc;
  for (const key of path) {
    if (source === null || source === undefined || typeof source !== 'object') return;
    const next = (source as Record<string, unknown>)[key];
    if (next === undefined) return;
    if (next === null || typeof next !== 'object') {
      if (!(key in target)) target[key] = next;
      return;
    }
    target = (target[key] ??= {}) as Record<string, unknown>;
    source = next;
  }
}

function setPath(doc: Record<string, unknown>, path: readonly string[], value: unknown): void {
  let target = doc;
  for (const key of path.slice(0, -1)) target = (target[key] ??= {}) as Record<string, unknown>;
  target[path[path.length - 1]!] = value;
}

function store(type: string, value: unknown): unknown {
  if (value === null) return null;
  switch (type) {
    case 'Edm.Int64':
      return BigInt(value as number | bigint);
    case 'Edm.Decimal':
      return new Decimal128(String(value));
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return value instanceof Date ? new Date(value.getTime()) : new Date(String(value));
    case 'Edm.Guid':
      return String(value).toLowerCase();
    // docs/mongo.md: a date as the Date of its midnight (UTC), a time of day and a duration as milliseconds.
    case 'Edm.Date':
      return new Date(`${dateText(value)}T00:00:00Z`);
    case 'Edm.TimeOfDay':
      return millisecondsOfTime(timeText(value));
    case 'Edm.Duration':
      return durationMs(value);
    // docs/mongo.md: BinData of subtype 0, which the driver reads back as a Binary (here its bytes).
    case 'Edm.Binary':
      return value instanceof Uint8Array ? Uint8Array.from(value) : value;
    default:
      return value;
  }
}

function millisecondsOfTime(text: string): number {
  const reading = readTimeOfDay(text);
  if (!reading.ok || typeof reading.value !== 'number') throw new Error(`not a time of day in milliseconds: ${text}`);
  return reading.value;
}
