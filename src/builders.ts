// AST builders called by the grammar's actions: they decode and validate literals, fold operator
// chains and check function names and arities, throwing a FilterError at the offending span.

import type {
  ArithmeticOp,
  CompareOp,
  DateTimeLiteralType,
  Expr,
  Literal,
  LogicalOp,
  NumberLiteral,
  PathSegment,
  Span,
} from './ast.js';
import { FilterError } from './errors.js';
import { arityOf, lookupFunction, UNSUPPORTED_FUNCTIONS } from './functions.js';
import { INTEGER_RANGES } from './edm.js';

type Range = { readonly start: number; readonly end: number };

function syntaxError(message: string, span: Range, kind: 'syntax' | 'unsupported' = 'syntax'): FilterError {
  return new FilterError({ kind, message: `${message} at position ${span.start}`, start: span.start, end: span.end });
}

export function nullLiteral(r: Range): Expr {
  return { kind: 'null', start: r.start, end: r.end };
}

export function booleanLiteral(value: boolean, r: Range): Expr {
  return { kind: 'boolean', value, start: r.start, end: r.end };
}

export function string(body: string, r: Range): Expr {
  return { kind: 'string', value: body.includes("''") ? body.replace(/''/g, "'") : body, start: r.start, end: r.end };
}

export function unterminatedString(r: Range): never {
  throw syntaxError('Unterminated string literal', r);
}

export function segment(name: string, r: Range): PathSegment {
  return { name, start: r.start, end: r.end };
}

// ---------------------------------------------------------------------------------------------
// Numbers

const [INT32_MIN, INT32_MAX] = INTEGER_RANGES['Edm.Int32'];
const [INT64_MIN, INT64_MAX] = INTEGER_RANGES['Edm.Int64'];

export function number(raw: string, r: Range): NumberLiteral {
  const { start, end } = r;
  if (raw === 'INF' || raw === '-INF' || raw === 'NaN') {
    const value = raw === 'NaN' ? NaN : raw === 'INF' ? Infinity : -Infinity;
    return { kind: 'number', type: 'Edm.Double', raw, value, start, end };
  }
  const last = raw.charCodeAt(raw.length - 1);
  const suffix = last >= 48 && last <= 57 ? '' : raw[raw.length - 1]!.toLowerCase();
  const body = suffix === '' ? raw : raw.slice(0, -1);
  const isIntegral = !/[.eE]/.test(body);
  switch (suffix) {
    case 'l':
      if (!isIntegral) throw syntaxError(`Invalid Int64 literal '${raw}'`, r);
      return { kind: 'number', type: 'Edm.Int64', raw, value: int64(body, raw, r), start, end };
    case 'm':
      return { kind: 'number', type: 'Edm.Decimal', raw, value: normaliseDecimal(body), start, end };
    case 'd':
      return { kind: 'number', type: 'Edm.Double', raw, value: finite(Number(body), raw, r), start, end };
    case 'f':
      return { kind: 'number', type: 'Edm.Single', raw, value: finite(Math.fround(Number(body)), raw, r), start, end };
  }
  if (!isIntegral) {
    if (/[eE]/.test(body)) return { kind: 'number', type: 'Edm.Double', raw, value: finite(Number(body), raw, r), start, end };
    return { kind: 'number', type: 'Edm.Decimal', raw, value: normaliseDecimal(body), start, end };
  }
  // Up to nine digits always fits Int32; longer text is decided exactly with BigInt.
  const digits = body.charCodeAt(0) === 45 ? body.length - 1 : body.length;
  if (digits <= 9) return { kind: 'number', type: 'Edm.Int32', raw, value: Number(body), start, end };
  const big = int64(body, raw, r);
  if (big >= INT32_MIN && big <= INT32_MAX) return { kind: 'number', type: 'Edm.Int32', raw, value: Number(big), start, end };
  return { kind: 'number', type: 'Edm.Int64', raw, value: big, start, end };
}

function int64(body: string, raw: string, r: Range): bigint {
  const value = BigInt(body);
  if (value < INT64_MIN || value > INT64_MAX) throw syntaxError(`Integer literal '${raw}' is out of the Int64 range`, r);
  return value;
}

function finite(value: number, raw: string, r: Range): number {
  if (!Number.isFinite(value)) throw syntaxError(`Number literal '${raw}' is out of range (write INF for infinity)`, r);
  return value;
}

/** Strips redundant zeros so that equal decimals have equal text: `'007.50'` → `'7.5'`. */
function normaliseDecimal(body: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(body);
  if (!match) return body;
  const [, sign, intPart, fracPart = '', exp] = match;
  const int = intPart!.replace(/^0+(?=\d)/, '');
  const frac = fracPart.replace(/0+$/, '');
  const mantissa = frac ? `${int}.${frac}` : int;
  const isZero = /^0(\.0*)?$/.test(mantissa);
  const exponent = exp !== undefined && Number(exp) !== 0 ? `E${Number(exp) > 0 ? '+' : ''}${Number(exp)}` : '';
  return (isZero ? '' : sign) + mantissa + (isZero ? '' : exponent);
}

// ---------------------------------------------------------------------------------------------
// Date-times and guids

const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2}):?(\d{2}))?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const MAX_OFFSET_MINUTES = 14 * 60;

export function dateTime(type: DateTimeLiteralType, body: string, raw: string, r: Range): Literal {
  const match = DATE_TIME.exec(body);
  if (!match) throw syntaxError(`Invalid date-time '${body}': expected YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm]`, r);
  const [, y, mo, d, h, mi, s = '0', fraction = '', zulu, sign, oh, om] = match;
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  const monthDays = month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1];
  const invalid =
    year < 1 ? 'year 0000' :
    monthDays === undefined ? `month ${mo}` :
    day < 1 || day > monthDays ? `day ${d} of month ${mo}` :
    hour > 23 ? `hour ${h}` :
    minute > 59 ? `minute ${mi}` :
    second > 59 ? `second ${s}` : undefined;
  if (invalid) throw syntaxError(`Invalid date-time '${body}': there is no ${invalid}`, r);
  if (/[1-9]/.test(fraction.slice(3))) {
    throw syntaxError(`Date-time '${body}' is more precise than a millisecond, the precision of date-time values`, r, 'unsupported');
  }
  let offsetMinutes = 0;
  if (sign !== undefined && zulu === undefined) {
    const oHours = Number(oh);
    const oMinutes = Number(om);
    offsetMinutes = (sign === '-' ? -1 : 1) * (oHours * 60 + oMinutes);
    if (oMinutes > 59 || Math.abs(offsetMinutes) > MAX_OFFSET_MINUTES) {
      throw syntaxError(`Invalid date-time '${body}': offset ${sign}${oh}:${om} is beyond ±14:00`, r);
    }
  }
  const millis = Number(fraction.slice(0, 3).padEnd(3, '0'));
  const local = new Date(0);
  local.setUTCFullYear(year, month - 1, day);
  local.setUTCHours(hour, minute, second, millis);
  const epochMs = local.getTime() - offsetMinutes * 60_000;
  return { kind: 'datetime', type, raw, epochMs, offsetMinutes, start: r.start, end: r.end };
}

const GUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

export function guid(body: string, raw: string, r: Range): Literal {
  if (!GUID.test(body)) throw syntaxError(`Invalid guid '${body}': expected xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, r);
  return { kind: 'guid', raw, value: body.toLowerCase(), start: r.start, end: r.end };
}

// ---------------------------------------------------------------------------------------------
// Paths and calls

export function member(head: PathSegment, tail: PathSegment[], r: Range): Expr {
  return { kind: 'member', segments: tail.length === 0 ? [head] : [head, ...tail], start: r.start, end: r.end };
}

/** `Tags/any(…)`, `Path/fn(…)`: a call on a path, which the language does not have yet. */
export function boundCall(head: PathSegment, tail: PathSegment[]): never {
  const last = tail[tail.length - 1]!;
  const lower = last.name.toLowerCase();
  const what = lower === 'any' || lower === 'all' ? `Lambda operator '${last.name}'` : `Bound function '${last.name}'`;
  throw syntaxError(`${what} is not supported`, { start: head.start, end: last.end }, 'unsupported');
}

export function call(head: PathSegment, args: Expr[], r: Range): Expr {
  const nameSpan: Span = { start: head.start, end: head.end };
  const lower = head.name.toLowerCase();
  const signature = lookupFunction(lower);
  if (!signature) {
    if (UNSUPPORTED_FUNCTIONS.has(lower)) throw syntaxError(`Function '${head.name}' is not supported`, nameSpan, 'unsupported');
    throw syntaxError(`Unknown function '${head.name}'`, nameSpan);
  }
  const { min, max } = arityOf(signature);
  if (args.length < min || args.length > max) {
    const expected = min === max ? `${min}` : `${min} or ${max}`;
    const plural = max === 1 ? '' : 's';
    throw syntaxError(`Function '${lower}' takes ${expected} argument${plural}, not ${args.length},`, nameSpan);
  }
  return { kind: 'call', name: lower, nameSpan, args, start: r.start, end: r.end };
}

// ---------------------------------------------------------------------------------------------
// Operator chains

export function logical(op: LogicalOp, head: Expr, tail: Expr[]): Expr {
  const last = tail[tail.length - 1]!;
  return { kind: 'logical', op, operands: [head, ...tail], start: head.start, end: last.end };
}

export function foldCompare(head: Expr, tail: [CompareOp, Expr][]): Expr {
  let left = head;
  for (const [op, right] of tail) left = { kind: 'compare', op, left, right, start: left.start, end: right.end };
  return left;
}

/** Folds `gt ge lt le` and `in` tails; each tail carries the offset where it ends. */
export function foldRelational(head: Expr, tail: ([CompareOp, Expr, number] | ['in', Literal[], number])[]): Expr {
  let left = head;
  for (const [op, right, end] of tail) {
    left =
      op === 'in'
        ? { kind: 'in', operand: left, list: right as Literal[], start: left.start, end }
        : { kind: 'compare', op, left, right: right as Expr, start: left.start, end };
  }
  return left;
}

export function foldArithmetic(head: Expr, tail: [ArithmeticOp, Expr][]): Expr {
  let left = head;
  for (const [op, right] of tail) left = { kind: 'arithmetic', op, left, right, start: left.start, end: right.end };
  return left;
}

export function foldUnary(ops: ['not' | 'negate', number][], operand: Expr): Expr {
  let node = operand;
  for (let i = ops.length - 1; i >= 0; i--) {
    const [kind, start] = ops[i]!;
    node = { kind, operand: node, start, end: operand.end };
  }
  return node;
}
