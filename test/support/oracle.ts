// A deliberately plain tree-walking interpreter of docs/semantics.md, kept as the oracle that the
// compiled predicates are held to. No specialisation, no cleverness: every integer is a bigint,
// every Decimal a decimal.js value, strings are arrays of code points when counting or ordering.

import { Decimal } from 'decimal.js';
import type { TypedCollection, TypedExpr, TypedFilter, TypedSource } from '../../src/types/typed.js';
import type { EnumType } from '../../src/types/schema.js';
import { isInteger, type EdmType } from '../../src/language/edm.js';
import { FilterError } from '../../src/errors.js';
import { readInstant } from '../../src/semantics/instant.js';
import { FineTime, picosecondsOf } from '../../src/semantics/fine-time.js';

// The Decimal model of docs/semantics.md, section 4: values of at most 1,000 significant digits
// with an exponent (of the first digit) within ±9,999; results exact up to 1,000 digits, rounded
// half to even beyond; quotients to 34 digits; decimal.js's exponent limits at their largest.
const DIGITS = 1000;
const MAX_EXPONENT = 9999n;
const Exact = Decimal.clone({
  precision: DIGITS,
  rounding: Decimal.ROUND_HALF_EVEN,
  modulo: Decimal.ROUND_DOWN,
  minE: -9e15,
  maxE: 9e15,
});
const Quotient = Decimal.clone({ precision: 34, rounding: Decimal.ROUND_HALF_EVEN, minE: -9e15, maxE: 9e15 });

/** Decimal text (`-1.5e3`, `.5`, `1e+9`) as an exact Decimal if the model holds it, else undefined. */
function modelDecimal(text: string): Decimal | undefined {
  const m = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m || (m[1] === '' && (m[2] ?? '') === '')) return undefined;
  const digits = (m[1] ?? '') + (m[2] ?? '');
  const first = digits.search(/[1-9]/);
  if (first < 0) return new Exact(0);
  const last = digits.length - 1 - [...digits].reverse().join('').search(/[1-9]/);
  if (last - first + 1 > DIGITS) return undefined;
  const exponent = BigInt(m[3] ?? '0') + BigInt((m[1] ?? '').length - 1 - first);
  if (exponent > MAX_EXPONENT || exponent < -MAX_EXPONENT) return undefined;
  return new Exact(text);
}

type V = null | boolean | string | number | bigint | Decimal | Uint8Array;

export class OracleRowError extends Error {}

export function evaluateOracle(filter: TypedFilter, row: unknown): boolean {
  return evaluate(filter.root, row as Record<string, unknown>, NO_VARIABLES) === true;
}

function kindOf(type: EdmType): 'int' | 'dec' | 'dbl' | 'str' | 'guid' | 'bin' | 'bool' | 'time' {
  if (isInteger(type)) return 'int';
  switch (type) {
    case 'Edm.Decimal':
      return 'dec';
    case 'Edm.Double':
    case 'Edm.Single':
      return 'dbl';
    case 'Edm.String':
      return 'str';
    case 'Edm.Guid':
      return 'guid';
    case 'Edm.Binary':
      return 'bin';
    case 'Edm.Boolean':
      return 'bool';
    default:
      return 'time';
  }
}

function literal(type: EdmType, value: unknown): V {
  switch (kindOf(type)) {
    case 'int':
      return BigInt(value as number | bigint);
    case 'dec': {
      const d = modelDecimal(String(value));
      if (d === undefined)
        throw new FilterError({ kind: 'unsupported', message: `Decimal literal ${String(value)}`, start: 0, end: 0 });
      return d;
    }
    case 'guid':
      return String(value).toLowerCase();
    // A binary literal's value is its bytes in hexadecimal (src/types/typed.ts).
    case 'bin':
      return Uint8Array.from(Buffer.from(String(value), 'hex'));
    // Days for a Date; picoseconds for the other time types (§5, "Precision").
    case 'time':
      if (type === 'Edm.Date') return BigInt(value as number);
      return value instanceof FineTime ? BigInt(value.ms) * PS + BigInt(value.ps) : BigInt(value as number) * PS;
    default:
      return value as V;
  }
}

const DAY = 86_400_000n;
/** Picoseconds in a millisecond: instants, times of day and durations are picoseconds here (§5, "Precision"). */
const PS = 1_000_000_000n;
const DAY_PS = DAY * PS;
/** docs/semantics.md §5: the longest Duration, and the instants a result may be, in picoseconds. */
const MAX_DURATION = 315_537_897_599_999n * PS + PS - 1n;
const FIRST_INSTANT = -62_135_596_800_000n * PS;
const LAST_INSTANT = 253_402_300_799_999n * PS + PS - 1n;
const TIME_TEXT = /^(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,12})0*)?)?$/;
const DURATION_TEXT = /^(-)?P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)(?:\.(\d{1,12})0*)?S)?)?$/;

/** Up to 12 digits after a second's point, as picoseconds. */
const fractionPs = (digits: string | undefined): bigint => BigInt((digits ?? '').padEnd(12, '0'));

/** A Date, TimeOfDay or Duration row value as a bigint of its unit (days, picoseconds), written from §5 "Row values". */
function readTemporal(type: EdmType, v: unknown, fail: () => never): bigint {
  if (type === 'Edm.Date') {
    if (v instanceof Date) {
      const ms = BigInt(v.getTime());
      if (ms % DAY === 0n && ms * PS >= FIRST_INSTANT && ms * PS <= LAST_INSTANT) return ms / DAY;
      return fail();
    }
    if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v) || v < '0001') return fail();
    const ms = Date.parse(`${v}T00:00:00Z`);
    if (Number.isNaN(ms) || new Date(ms).toISOString().slice(0, 10) !== v) return fail();
    return BigInt(ms) / DAY;
  }
  if (type === 'Edm.TimeOfDay') {
    if (typeof v === 'number') return Number.isInteger(v) && v >= 0 && v < 86_400_000 ? BigInt(v) * PS : fail();
    const m = typeof v === 'string' ? TIME_TEXT.exec(v) : null;
    if (!m) return fail();
    const [h, mi, sec] = [Number(m[1]), Number(m[2]), Number(m[3] ?? 0)];
    if (h > 23 || mi > 59 || sec > 59) return fail();
    return BigInt((h * 60 + mi) * 60 + sec) * 1000n * PS + fractionPs(m[4]);
  }
  let ms: bigint;
  if (typeof v === 'number') ms = Number.isInteger(v) ? BigInt(v) * PS : fail();
  else if (typeof v === 'bigint') ms = v * PS;
  else {
    const m = typeof v === 'string' ? DURATION_TEXT.exec(v) : null;
    if (!m || m.slice(2, 6).every((part) => part === undefined) || (v as string).endsWith('T')) return fail();
    const part = (i: number): bigint => BigInt(m[i] ?? 0);
    ms = (part(2) * DAY + part(3) * 3_600_000n + part(4) * 60_000n + part(5) * 1000n) * PS + fractionPs(m[6]);
    if (m[1]) ms = -ms;
  }
  return ms >= -MAX_DURATION && ms <= MAX_DURATION ? ms : fail();
}

const TEMPORAL_TYPES = new Set<EdmType>(['Edm.Date', 'Edm.TimeOfDay', 'Edm.Duration']);

/** Date-time arithmetic (§5 "Arithmetic") on non-null values: bigints of their units; null beyond range. */
function temporal(op: string, leftType: EdmType, rightType: EdmType, a: Exclude<V, null>, b: Exclude<V, null>): V {
  const inRange = (x: bigint, lo: bigint, hi: bigint): V => (x >= lo && x <= hi ? x : null);
  const duration = (x: bigint): V => inRange(x, -MAX_DURATION, MAX_DURATION);
  const msOf = (x: bigint, type: EdmType): bigint => (type === 'Edm.Date' ? x * DAY_PS : x);
  if (rightType === 'Edm.Duration' && (op === 'add' || op === 'sub')) {
    const moved =
      op === 'add' ? msOf(a as bigint, leftType) + (b as bigint) : msOf(a as bigint, leftType) - (b as bigint);
    return leftType === 'Edm.Duration' ? duration(moved) : inRange(moved, FIRST_INSTANT, LAST_INSTANT);
  }
  if (op === 'sub') return duration(msOf(a as bigint, leftType) - msOf(b as bigint, rightType));
  // mul, div: the milliseconds (exact, picoseconds included) and the factor in the factor's
  // arithmetic, truncated toward zero to whole milliseconds.
  const ms = new Exact((a as bigint).toString()).div(PS.toString());
  const whole = (x: Decimal): V => duration(BigInt(x.trunc().toFixed()) * PS);
  if (typeof b === 'bigint') {
    if (op === 'div') return b === 0n ? null : whole(ms.div(b.toString()));
    return whole(ms.times(b.toString()));
  }
  if (b instanceof Decimal) {
    if (op === 'div' && b.isZero()) return null;
    return whole(op === 'mul' ? ms.times(b) : ms.dividedToIntegerBy(b));
  }
  const n = b as number;
  if (op === 'div' && n === 0) return null;
  const r = op === 'mul' ? Number(ms.toString()) * n : Number(ms.toString()) / n;
  return Number.isFinite(r) ? duration(BigInt(Math.trunc(r)) * PS) : null;
}

function readRow(type: EdmType, v: unknown): V {
  const fail = (): never => {
    throw new OracleRowError(`bad ${type}: ${String(v)}`);
  };
  if (TEMPORAL_TYPES.has(type)) return readTemporal(type, v, fail);
  switch (kindOf(type)) {
    case 'str':
      if (typeof v !== 'string') fail();
      for (const ch of v as string) {
        const cp = ch.codePointAt(0)!;
        if (cp >= 0xd800 && cp <= 0xdfff) fail();
      }
      return v as string;
    case 'guid':
      if (typeof v !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v)) fail();
      return (v as string).toLowerCase();
    // docs/semantics.md §6: a Uint8Array (a Buffer is one), nothing else.
    case 'bin':
      if (!(v instanceof Uint8Array)) fail();
      return v as Uint8Array;
    case 'bool':
      if (typeof v !== 'boolean') fail();
      return v as boolean;
    case 'dbl':
      if (typeof v !== 'number') fail();
      return v as number;
    case 'int': {
      if (typeof v === 'number' && !Number.isInteger(v)) fail();
      if (typeof v !== 'number' && typeof v !== 'bigint') fail();
      if (typeof v === 'number' && type === 'Edm.Int64') {
        /* any integral number */
      } else if (typeof v === 'bigint' && type !== 'Edm.Int64') fail();
      const ranges: Record<string, [bigint, bigint]> = {
        'Edm.Byte': [0n, 255n],
        'Edm.SByte': [-128n, 127n],
        'Edm.Int16': [-32768n, 32767n],
        'Edm.Int32': [-2147483648n, 2147483647n],
        'Edm.Int64': [-(2n ** 63n), 2n ** 63n - 1n],
      };
      const b = BigInt(v as number | bigint);
      const [lo, hi] = ranges[type]!;
      if (b < lo || b > hi) fail();
      return b;
    }
    case 'dec': {
      let text: string | undefined;
      if (typeof v === 'number') text = Number.isFinite(v) ? String(v) : undefined;
      else if (typeof v === 'string') text = v;
      else if (Decimal.isDecimal(v)) text = (v as Decimal).isFinite() ? (v as Decimal).toString() : undefined;
      const d = text === undefined ? undefined : modelDecimal(text);
      return d ?? fail();
    }
    case 'time': {
      if (v instanceof Date && !Number.isNaN(v.getTime())) return BigInt(v.getTime()) * PS;
      // The core's one reader of ISO 8601 text (src/semantics/instant.ts), which the backends must match.
      if (typeof v === 'string') {
        const reading = readInstant(v);
        if (reading.ok) return picosecondsOf(reading.instant);
      }
      return fail();
    }
  }
}

/** Converts an already-evaluated value of type `from` to type `to`. */
function convert(v: V, from: EdmType, to: EdmType): V {
  if (v === null) return null;
  const f = kindOf(from);
  const t = kindOf(to);
  if (f === t) return v;
  if (t === 'dec') return new Exact((v as bigint).toString());
  if (t === 'dbl') return f === 'dec' ? Number((v as Decimal).toString()) : Number(v as bigint);
  throw new Error(`oracle: no conversion ${from} → ${to}`);
}

function codePoints(s: string): string[] {
  return Array.from(s);
}

/** The number of code points: `codePoints(s).length`, without an array of a million strings. */
function codePointCount(s: string): number {
  let count = 0;
  for (const _ of s) count++;
  return count;
}

function compareValues(a: V, b: V, kind: string): number {
  if (kind === 'dec') return (a as Decimal).cmp(b as Decimal);
  if (kind === 'str' || kind === 'guid') {
    // Code point by code point, walking both strings at once.
    const x = (a as string)[Symbol.iterator]();
    const y = (b as string)[Symbol.iterator]();
    for (;;) {
      const p = x.next();
      const q = y.next();
      if (p.done || q.done) return p.done && q.done ? 0 : p.done ? -1 : 1;
      const c = p.value.codePointAt(0)!;
      const d = q.value.codePointAt(0)!;
      if (c !== d) return c < d ? -1 : 1;
    }
  }
  if (kind === 'bin') {
    // Byte by byte, unsigned; a value that begins another comes first (docs/semantics.md §6).
    const x = a as Uint8Array;
    const y = b as Uint8Array;
    for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! < y[i]! ? -1 : 1;
    return x.length === y.length ? 0 : x.length < y.length ? -1 : 1;
  }
  if (kind === 'bool') return a === b ? 0 : a === false ? -1 : 1;
  return (a as number) < (b as number) ? -1 : (a as number) > (b as number) ? 1 : 0;
}

function equalValues(a: V, b: V, kind: string): boolean {
  if (a === null || b === null) return a === null && b === null;
  if (kind === 'dbl' && Number.isNaN(a) && Number.isNaN(b)) return true;
  if (kind === 'dbl' && (Number.isNaN(a) || Number.isNaN(b))) return false;
  return compareValues(a, b, kind) === 0;
}

/** The value of one node of a checked filter on a row (a Decimal as decimal.js, integers as bigint). */
export function evaluateOracleValue(node: TypedExpr, row: unknown): V {
  return evaluate(node, row as Record<string, unknown>, NO_VARIABLES);
}

/** The elements bound to the range variables of the lambdas around a node, by name. */
type Env = ReadonlyMap<string, unknown>;

const NO_VARIABLES: Env = new Map();

function evaluate(node: TypedExpr, row: Record<string, unknown>, env: Env): V {
  switch (node.kind) {
    case 'literal':
      return literal(node.type, node.value);
    case 'null':
      return null;
    case 'member': {
      let v = sourceValue(node.source, row, env);
      for (const name of node.path) {
        if (v === null || v === undefined) return null;
        if (typeof v !== 'object') throw new OracleRowError('not an object');
        v = Object.hasOwn(v, name) ? (v as Record<string, unknown>)[name] : undefined;
      }
      if (v === null || v === undefined) return null;
      return node.property.enum ? readEnumRow(node.property.enum, v) : readRow(node.type, v);
    }
    case 'structureNull': {
      // Null or missing anywhere along the path; an object, even with every member null, is not.
      let v = sourceValue(node.source, row, env);
      for (const name of node.path) {
        if (v === null || v === undefined) break;
        if (typeof v !== 'object') throw new OracleRowError('not an object');
        v = Object.hasOwn(v, name) ? (v as Record<string, unknown>)[name] : undefined;
      }
      if (v !== null && v !== undefined && typeof v !== 'object') throw new OracleRowError('not an object');
      return (v === null || v === undefined) === (node.op === 'eq');
    }
    case 'convert':
      return convert(evaluate(node.operand, row, env), node.operand.type, node.type);
    case 'not': {
      const v = evaluate(node.operand, row, env);
      return v === null ? null : !v;
    }
    case 'logical': {
      const values = node.operands.map((o) => evaluate(o, row, env));
      if (node.op === 'and') return values.includes(false) ? false : values.includes(null) ? null : true;
      return values.includes(true) ? true : values.includes(null) ? null : false;
    }
    case 'negate': {
      const v = evaluate(node.operand, row, env);
      if (v === null) return null;
      if (v instanceof Decimal) return v.neg();
      return typeof v === 'bigint' ? -v : -(v as number);
    }
    case 'compare': {
      const a = evaluate(node.left, row, env);
      const b = evaluate(node.right, row, env);
      const kind = kindOf(node.left.type);
      if (node.op === 'eq') return equalValues(a, b, kind);
      if (node.op === 'ne') return !equalValues(a, b, kind);
      if (a === null || b === null) return false;
      const nan = kind === 'dbl' && (Number.isNaN(a) || Number.isNaN(b));
      if (nan) return (node.op === 'ge' || node.op === 'le') && equalValues(a, b, kind);
      const c = compareValues(a, b, kind);
      return { gt: c > 0, ge: c >= 0, lt: c < 0, le: c <= 0 }[node.op];
    }
    case 'in': {
      const v = evaluate(node.operand, row, env);
      const kind = kindOf(node.operand.type);
      return node.list.some((item) => equalValues(v, evaluate(item, row, env), kind));
    }
    case 'arithmetic': {
      const a = evaluate(node.left, row, env);
      const b = evaluate(node.right, row, env);
      if (a === null || b === null) return null;
      const kind = kindOf(node.type);
      if (kind === 'int') {
        const x = a as bigint;
        const y = b as bigint;
        switch (node.op) {
          case 'add':
            return x + y;
          case 'sub':
            return x - y;
          case 'mul':
            return x * y;
          case 'div':
            return y === 0n ? null : x / y;
          case 'mod':
            return y === 0n ? null : x % y;
        }
      }
      if (kind === 'dec') {
        const x = a as Decimal;
        const y = b as Decimal;
        switch (node.op) {
          case 'add':
            return x.plus(y);
          case 'sub':
            return x.minus(y);
          case 'mul':
            return x.times(y);
          // `divby` divides as `div` does, its operands already of the quotient's type (§4).
          case 'div':
          case 'divby':
            return y.isZero() ? null : new Exact(Quotient.div(x, y));
          case 'mod':
            return y.isZero() ? null : x.mod(y);
        }
      }
      const x = a as number;
      const y = b as number;
      switch (node.op) {
        case 'add':
          return x + y;
        case 'sub':
          return x - y;
        case 'mul':
          return x * y;
        case 'div':
        case 'divby':
          return y === 0 ? null : x / y;
        case 'mod':
          return y === 0 ? null : x % y;
      }
      throw new Error('unreachable');
    }
    case 'temporal': {
      const a = evaluate(node.left, row, env);
      const b = evaluate(node.right, row, env);
      return a === null || b === null ? null : temporal(node.op, node.left.type, node.right.type, a, b);
    }
    case 'call': {
      const args = node.args.map((a) => evaluate(a, row, env));
      if (args.includes(null)) return null;
      return callFunction(node.name, args as Exclude<V, null>[], node);
    }
    case 'count': {
      // A restricted count counts the elements its body is true for (docs/query.md, "Row filters").
      const elements = elementsOf(node.collection, row, env);
      const body = node.body;
      if (body === undefined) return BigInt(elements.length);
      return BigInt(
        elements.filter((element) => evaluate(body, row, new Map([...env, [node.variable!, element]])) === true).length,
      );
    }
    // What a model's function computes is its implementation's, which the oracle does not know.
    case 'functionCall':
      throw new Error(`oracle: the function '${node.function.name}' of the model has no reference meaning`);
    case 'result':
      throw new Error(`oracle: the function '${node.call.function.name}' of the model has no reference meaning`);
    // Only an argument of a model's function, which the oracle never calls (above).
    case 'collectionArgument':
      throw new Error('oracle: a collection argument outside a call of a model function');
    case 'guard':
      return evaluate(node.condition, row, env) === true
        ? evaluate(node.value, row, env)
        : evaluate(node.otherwise, row, env);
    case 'cast':
      return castOracle(evaluate(node.operand, row, env), node.operand.type, node.type);
    case 'has': {
      // docs/semantics.md §12: every bit of the value set in the operand; false for a null operand.
      const v = evaluate(node.operand, row, env);
      const mask = BigInt(node.value.value as number | bigint);
      return v !== null && ((v as bigint) & mask) === mask;
    }
    case 'isof': {
      const v = evaluate(node.operand, row, env);
      return v !== null && castOracle(v, node.operand.type, node.target) !== null;
    }
    case 'lambda': {
      // docs/semantics.md, section 8: every element is tried (no stopping early), with the
      // variable bound to it beside the enclosing lambdas' variables.
      const elements = elementsOf(node.collection, row, env);
      if (node.body === undefined) return elements.length > 0;
      const body = node.body;
      const truths = elements.map((element) => evaluate(body, row, new Map([...env, [node.variable!, element]])));
      return node.op === 'any' ? truths.some((t) => t === true) : truths.every((t) => t === true);
    }
  }
}

/** Where a path starts: the row, or the element a range variable is bound to. */
function sourceValue(source: TypedSource, row: Record<string, unknown>, env: Env): unknown {
  if (source.kind === 'row') return row;
  if (!env.has(source.name)) throw new Error(`oracle: unbound variable ${source.name}`);
  return env.get(source.name);
}

/** A collection's elements: an array, or none for null or missing. */
function elementsOf(collection: TypedCollection, row: Record<string, unknown>, env: Env): readonly unknown[] {
  let v = sourceValue(collection.source, row, env);
  for (const name of collection.path) {
    if (v === null || v === undefined) return [];
    if (typeof v !== 'object') throw new OracleRowError('not an object');
    v = Object.hasOwn(v, name) ? (v as Record<string, unknown>)[name] : undefined;
  }
  if (v === null || v === undefined) return [];
  if (!Array.isArray(v)) throw new OracleRowError('not an array');
  // A hole reads as undefined: a null element.
  return Array.from(v as unknown[]);
}

/** docs/semantics.md, section 3: replace and concat results longer than this many code points are null. */
const MAX_STRING = 1024 * 1024;

function bounded(result: string): string | null {
  return codePointCount(result) <= MAX_STRING ? result : null;
}

function callFunction(name: string, args: Exclude<V, null>[], node: TypedExpr & { readonly name: string }): V {
  const s = args[0] as string;
  const t = args[1] as string;
  const argType = (node as { args?: readonly TypedExpr[] }).args?.[0]?.type;
  // An instant's parts in UTC; a Date's are those of its midnight, a TimeOfDay's those of 1970-01-01.
  const floorDiv = (x: bigint, y: bigint): bigint => (x >= 0n ? x / y : -((-x + y - 1n) / y));
  const date = () =>
    new Date(Number(argType === 'Edm.Date' ? (args[0] as bigint) * DAY : floorDiv(args[0] as bigint, PS)));
  const ps = () => args[0] as bigint;
  switch (name) {
    case 'substringof':
      return t.includes(s);
    case 'contains':
      return s.includes(t);
    case 'startswith':
      return s.startsWith(t);
    case 'endswith':
      return s.endsWith(t);
    case 'length':
      return BigInt(codePointCount(s));
    case 'indexof': {
      const cs = codePoints(s);
      const ct = codePoints(t);
      for (let i = 0; i + ct.length <= cs.length; i++) {
        if (cs.slice(i, i + ct.length).join('') === t) return BigInt(i);
      }
      return -1n;
    }
    case 'replace': {
      if (t === '') return s;
      const w = args[2] as string;
      const count = s.split(t).length - 1;
      // Counted before building: nested replaces would build gigabytes.
      if (codePointCount(s) + count * (codePointCount(w) - codePointCount(t)) > MAX_STRING) return null;
      return bounded(s.split(t).join(w));
    }
    case 'substring': {
      const cs = codePoints(s);
      const from = Math.max(0, Number(args[1] as bigint));
      const count = args.length > 2 ? Math.max(0, Number(args[2] as bigint)) : cs.length;
      return cs.slice(from, from + count).join('');
    }
    case 'tolower':
      return s.toLowerCase();
    case 'toupper':
      return s.toUpperCase();
    case 'trim':
      return s.replace(/^ +| +$/g, '');
    case 'concat':
      return bounded(s + t);
    case 'year':
      return BigInt(date().getUTCFullYear());
    case 'month':
      return BigInt(date().getUTCMonth() + 1);
    case 'day':
      return BigInt(date().getUTCDate());
    case 'hour':
      return BigInt(date().getUTCHours());
    case 'minute':
      return BigInt(date().getUTCMinutes());
    case 'second':
      return BigInt(date().getUTCSeconds());
    case 'round':
    case 'floor':
    case 'ceiling': {
      const x = args[0]!;
      if (x instanceof Decimal) {
        const mode = { round: Decimal.ROUND_HALF_UP, floor: Decimal.ROUND_FLOOR, ceiling: Decimal.ROUND_CEIL }[name];
        return x.toDecimalPlaces(0, mode);
      }
      const n = x as number;
      if (name === 'floor') return Math.floor(n);
      if (name === 'ceiling') return Math.ceil(n);
      if (!Number.isFinite(n)) return n;
      // Half away from zero, decided on the exact binary value.
      const whole = Math.trunc(n);
      const frac = Math.abs(n - whole);
      return frac >= 0.5 ? whole + Math.sign(n) : whole === 0 ? 0 * Math.sign(n) : whole;
    }
    case 'datetime':
    case 'datetimeoffset':
      return args[0]!;
    case 'date':
      return floorDiv(ps(), DAY_PS);
    case 'time':
      return ps() - floorDiv(ps(), DAY_PS) * DAY_PS;
    case 'fractionalseconds': {
      const second = 1000n * PS;
      const within = ((ps() % second) + second) % second;
      return new Exact(within.toString()).div(second.toString());
    }
    case 'totalseconds':
      return new Exact(ps().toString()).div((1000n * PS).toString());
    case 'totaloffsetminutes':
      return 0n;
    case 'mindatetime':
      return FIRST_INSTANT;
    // 9999-12-31T23:59:59.999Z (§5): the last instant a millisecond holds, not the last one a value may be.
    case 'maxdatetime':
      return LAST_INSTANT - PS + 1n;
  }
  throw new Error(`oracle: unknown function ${name}`);
}

// ---------------------------------------------------------------------------------------------
// docs/semantics.md §11, written from the text: cast(v, T) for a value of type `from`; undefined
// conversions are null here (isof is then false; check() refuses such a cast).

const INTEGER_BOUNDS: Record<string, [bigint, bigint]> = {
  'Edm.Byte': [0n, 255n],
  'Edm.SByte': [-128n, 127n],
  'Edm.Int16': [-32768n, 32767n],
  'Edm.Int32': [-2147483648n, 2147483647n],
  'Edm.Int64': [-(2n ** 63n), 2n ** 63n - 1n],
};
const INSTANT_TYPES = new Set<EdmType>(['Edm.DateTime', 'Edm.DateTimeOffset']);

function castOracle(v: V, from: EdmType, to: EdmType): V {
  if (v === null) return null;
  if (from === to) return v;
  if (to === 'Edm.String') return textOracle(v, from);
  if (from === 'Edm.String') return textCastOracle(v as string, to);
  if (INSTANT_TYPES.has(from) && INSTANT_TYPES.has(to)) return v;
  const f = kindOf(from);
  const t = kindOf(to);
  if (!['int', 'dec', 'dbl'].includes(f) || !['int', 'dec', 'dbl'].includes(t)) return null;
  if (t === 'int') {
    let whole: bigint;
    if (f === 'int') whole = v as bigint;
    else if (f === 'dec') {
      const d = v as Decimal;
      // Half away from zero: the magnitude plus one half, floored, with the sign put back.
      const m = d.abs().plus(0.5).floor();
      whole = BigInt((d.isNegative() ? m.neg() : m).toFixed());
    } else {
      const x = v as number;
      if (!Number.isFinite(x)) return null;
      // The fraction |x| - floor(|x|) is exact, so the half is decided exactly (adding 0.5 first
      // would round 0.49999999999999994 up).
      const floor = Math.floor(Math.abs(x));
      const magnitude = Math.abs(x) - floor >= 0.5 ? floor + 1 : floor;
      whole = BigInt(x < 0 ? -magnitude : magnitude);
    }
    const [lo, hi] = INTEGER_BOUNDS[to]!;
    return whole < lo || whole > hi ? null : whole;
  }
  if (t === 'dec') {
    if (f === 'int') return new Exact((v as bigint).toString());
    const x = v as number;
    return Number.isFinite(x) ? new Exact(String(x)) : null;
  }
  if (f === 'dec') {
    const x = Number((v as Decimal).toString());
    return Number.isFinite(x) ? x : null;
  }
  return f === 'int' ? Number(v as bigint) : v;
}

/** §11 "From text": a String read as the bare literal of T, or null. */
function textCastOracle(text: string, to: EdmType): V {
  const NUMBER = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
  if (INSTANT_TYPES.has(to)) {
    const reading = readInstant(text);
    if (!reading.ok) return null;
    const instant = picosecondsOf(reading.instant);
    return instant >= FIRST_INSTANT && instant <= LAST_INSTANT ? instant : null;
  }
  if (TEMPORAL_TYPES.has(to)) {
    // The literal's text is a row value's text (§5, "Row values"), and no number.
    try {
      return readTemporal(to, text, () => {
        throw new OracleRowError('not a literal');
      });
    } catch (error) {
      if (error instanceof OracleRowError) return null;
      throw error;
    }
  }
  switch (kindOf(to)) {
    case 'bool':
      return ['true', 'false'].includes(text.toLowerCase()) ? text.toLowerCase() === 'true' : null;
    case 'int': {
      if (!/^-?\d+$/.test(text)) return null;
      const value = BigInt(text);
      const [lo, hi] = INTEGER_BOUNDS[to]!;
      return value < lo || value > hi ? null : value;
    }
    case 'dec':
      return NUMBER.test(text) ? (modelDecimal(text) ?? null) : null;
    case 'dbl': {
      const words: Record<string, number> = { NaN: NaN, INF: Infinity, '-INF': -Infinity };
      if (Object.hasOwn(words, text)) return words[text]!;
      const x = NUMBER.test(text) ? Number(text) : NaN;
      return Number.isFinite(x) ? x : null;
    }
    case 'guid':
      return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(text) ? text.toLowerCase() : null;
    case 'bin': {
      // base64url whose bytes write it back: Node's reader takes any padding and ignores what
      // does not fit, so a text is one only where the bytes give it again, padded or not.
      if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return null;
      const bytes = Buffer.from(text, 'base64url');
      const written = bytes.toString('base64url');
      const padded = written.padEnd(Math.ceil(written.length / 4) * 4, '=');
      return text === written || text === padded ? Uint8Array.from(bytes) : null;
    }
    default:
      return text;
  }
}

const pad = (n: number | bigint, width: number): string => String(n).padStart(width, '0');

/** Picoseconds of a second as a fraction after a point, trailing zeros left out; nothing for zero. */
function fractionOracle(ps: bigint): string {
  if (ps === 0n) return '';
  let digits = pad(ps, 12);
  while (digits.endsWith('0')) digits = digits.slice(0, -1);
  return `.${digits}`;
}

function textOracle(v: Exclude<V, null>, from: EdmType): string {
  // Picoseconds within their second, and the whole seconds as a number.
  const second = 1000n * PS;
  const withinSecond = (x: bigint): bigint => ((x % second) + second) % second;
  if (INSTANT_TYPES.has(from) || from === 'Edm.Date') {
    const instant = from === 'Edm.Date' ? (v as bigint) * DAY_PS : (v as bigint);
    const d = new Date(Number((instant - withinSecond(instant)) / PS));
    const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
    if (from === 'Edm.Date') return date;
    return `${date}T${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}${fractionOracle(withinSecond(instant))}Z`;
  }
  if (from === 'Edm.TimeOfDay') {
    const ps = v as bigint;
    const s = Number(ps / second);
    return `${pad(Math.floor(s / 3600), 2)}:${pad(Math.floor(s / 60) % 60, 2)}:${pad(s % 60, 2)}${fractionOracle(withinSecond(ps))}`;
  }
  if (from === 'Edm.Duration') {
    const total = v as bigint;
    const magnitude = total < 0n ? -total : total;
    const s = Number(magnitude / second);
    const days = Math.floor(s / 86_400);
    const hours = Math.floor(s / 3600) % 24;
    const minutes = Math.floor(s / 60) % 60;
    const seconds = s % 60;
    const fraction = fractionOracle(withinSecond(magnitude));
    if (magnitude === 0n) return 'PT0S';
    const time = `${hours ? `${hours}H` : ''}${minutes ? `${minutes}M` : ''}${seconds || fraction ? `${seconds}${fraction}S` : ''}`;
    return `${total < 0n ? '-' : ''}P${days ? `${days}D` : ''}${time ? `T${time}` : ''}`;
  }
  switch (kindOf(from)) {
    // base64url (RFC 4648 §5) with its padding (docs/semantics.md §6).
    case 'bin': {
      const text = Buffer.from(v as Uint8Array).toString('base64url');
      return text.padEnd(Math.ceil(text.length / 4) * 4, '=');
    }
    case 'bool':
      return v ? 'true' : 'false';
    case 'int':
      return (v as bigint).toString();
    case 'dec': {
      const d = v as Decimal;
      return d.isZero() ? '0' : d.toFixed();
    }
    case 'dbl': {
      const x = v as number;
      if (Number.isNaN(x)) return 'NaN';
      if (x === Infinity) return 'INF';
      if (x === -Infinity) return '-INF';
      return String(x);
    }
    default:
      return v as string;
  }
}

// ---------------------------------------------------------------------------------------------
// docs/semantics.md §12, "Row values": an enumeration's number, or its member names joined by
// commas (a space after each allowed); a value no member (or combination, for flags) has fails.

function readEnumRow(enumType: EnumType, v: unknown): V {
  const fail = (): never => {
    throw new OracleRowError(`bad ${enumType.name}: ${String(v)}`);
  };
  let value: bigint;
  if (typeof v === 'number') value = Number.isInteger(v) ? BigInt(v) : fail();
  else if (typeof v === 'bigint') value = v;
  else if (typeof v === 'string') {
    value = 0n;
    const names = v.split(/, ?/);
    if (names.length > 1 && !enumType.flags) fail();
    for (const name of names) value |= enumType.members.has(name) ? enumType.members.get(name)! : fail();
  } else return fail();
  const values = [...enumType.members.values()];
  const union = values.reduce((a, b) => a | b, 0n);
  const valid = enumType.flags ? value >= 0n && (value | union) === union : values.includes(value);
  return valid ? value : fail();
}
