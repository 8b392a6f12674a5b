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
import { FilterError } from '../errors.js';
import { arityOf, lookupFunction, UNSUPPORTED_FUNCTIONS } from '../types/functions.js';
import { INTEGER_RANGES } from '../types/edm.js';
import { readInstant } from '../semantics/instant.js';

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

/** A surrogate code unit without its partner: text that no UTF-8 URL can carry. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function string(body: string, r: Range): Expr {
  // A string value must be a sequence of code points: every backend counts and orders by them.
  const lone = LONE_SURROGATE.exec(body);
  if (lone) {
    const at = r.start + 1 + lone.index;
    const unit = lone[0].charCodeAt(0).toString(16).toUpperCase();
    throw syntaxError(`String literal contains an unpaired surrogate U+${unit}`, { start: at, end: at + 1 });
  }
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

interface SpecialNumber {
  readonly type: 'Edm.Double' | 'Edm.Single';
  readonly value: number;
}
const special = (type: SpecialNumber['type'], word: string): [string, SpecialNumber] => [word, { type, value: word.startsWith('INF') ? Infinity : NaN }];
/**
 * INF and NaN, and the v2/v3 forms with a type suffix: the ABNF's singleUriLiteral is any
 * singleLiteral, `nan`, `-INF` and `INF` included, followed by F or f; its doubleLiteral puts D
 * or d after the same alternatives. A `-` before INF is part of the literal.
 */
const SPECIAL_NUMBERS: ReadonlyMap<string, SpecialNumber> = new Map([
  ...['INF', 'INFD', 'INFd', 'NaN', 'NaND', 'NaNd'].map((word) => special('Edm.Double', word)),
  ...['INFF', 'INFf', 'NaNF', 'NaNf'].map((word) => special('Edm.Single', word)),
]);

const [INT32_MIN, INT32_MAX] = INTEGER_RANGES['Edm.Int32'];
const [INT64_MIN, INT64_MAX] = INTEGER_RANGES['Edm.Int64'];

export function number(raw: string, r: Range): NumberLiteral {
  const { start, end } = r;
  const named = SPECIAL_NUMBERS.get(raw.charCodeAt(0) === 45 ? raw.slice(1) : raw);
  if (named !== undefined) {
    const value = raw.charCodeAt(0) === 45 ? -named.value : named.value;
    return { kind: 'number', type: named.type, raw, value, start, end };
  }
  const last = raw.charCodeAt(raw.length - 1);
  const suffix = last >= 48 && last <= 57 ? '' : raw[raw.length - 1]!.toLowerCase();
  const body = suffix === '' ? raw : raw.slice(0, -1);
  const isIntegral = !/[.eE]/.test(body);
  switch (suffix) {
    case 'l': {
      if (!isIntegral) throw syntaxError(`Invalid Int64 literal '${raw}'`, r);
      const value = BigInt(body);
      if (value < INT64_MIN || value > INT64_MAX) {
        throw syntaxError(`Int64 literal '${raw}' is out of the Int64 range (without the L suffix it is a Decimal)`, r);
      }
      return { kind: 'number', type: 'Edm.Int64', raw, value, start, end };
    }
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
  // `+ 0` turns -0 into 0: Int32 has no negative zero.
  if (digits <= 9) return { kind: 'number', type: 'Edm.Int32', raw, value: Number(body) + 0, start, end };
  const big = BigInt(body);
  if (big >= INT32_MIN && big <= INT32_MAX) return { kind: 'number', type: 'Edm.Int32', raw, value: Number(big), start, end };
  if (big >= INT64_MIN && big <= INT64_MAX) return { kind: 'number', type: 'Edm.Int64', raw, value: big, start, end };
  // The v4 ABNF's decimalValue needs no point: an integer beyond Int64 is a Decimal.
  return { kind: 'number', type: 'Edm.Decimal', raw, value: normaliseDecimal(body), start, end };
}

function finite(value: number, raw: string, r: Range): number {
  if (!Number.isFinite(value)) throw syntaxError(`Number literal '${raw}' is out of range (write INF for infinity)`, r);
  return value;
}

/**
 * Strips redundant zeros so that equal decimals have equal text: `'007.50'` → `'7.5'`,
 * `'1e+007'` → `'1E+7'`. The exponent stays text: as a number it would be rounded beyond 2^53
 * and written as `1e+21` beyond 10^21, and the Decimal model decides what is too large.
 */
function normaliseDecimal(body: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?)0*(\d*))?$/.exec(body);
  if (!match) return body;
  const [, sign, intPart, fracPart = '', expSign, expDigits = ''] = match;
  const int = intPart!.replace(/^0+(?=\d)/, '');
  const frac = fracPart.replace(/0+$/, '');
  const mantissa = frac ? `${int}.${frac}` : int;
  const isZero = /^0(\.0*)?$/.test(mantissa);
  if (isZero) return mantissa;
  const exponent = expDigits === '' ? '' : `E${expSign === '-' ? '-' : '+'}${expDigits}`;
  return sign + mantissa + exponent;
}

// ---------------------------------------------------------------------------------------------
// Date-times and guids

export function dateTime(type: DateTimeLiteralType, body: string, raw: string, r: Range): Literal {
  const reading = readInstant(body);
  if (!reading.ok) {
    if (reading.unsupported) throw syntaxError(`Date-time '${body}' is ${reading.problem}`, r, 'unsupported');
    throw syntaxError(`Invalid date-time '${body}': ${reading.problem}`, r);
  }
  const { epochMs, offsetMinutes } = reading;
  return { kind: 'datetime', type, raw, epochMs, offsetMinutes, start: r.start, end: r.end };
}

const GUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

export function guid(body: string, raw: string, r: Range): Literal {
  if (!GUID.test(body)) throw syntaxError(`Invalid guid '${body}': expected xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, r);
  return { kind: 'guid', raw, value: body.toLowerCase(), start: r.start, end: r.end };
}


/** The v4 bare form `2012-12-03T07:16:23Z`; a bare date is matched only to say it is unsupported. */
export function bareDateTime(body: string, r: Range): Literal {
  if (body.length === 10) {
    return unsupported(`Date literal '${body}' (Edm.Date)`, r, `; write a date-time such as ${body}T00:00:00Z`);
  }
  return dateTime('Edm.DateTimeOffset', body, body, r);
}

// ---------------------------------------------------------------------------------------------
// Words: keyword literals, prefixed literals, member paths and calls

/** Whole words that are never identifiers, in any letter case. */
const RESERVED = new Set(['and', 'or', 'not', 'eq', 'ne', 'gt', 'ge', 'lt', 'le', 'add', 'sub', 'mul', 'div', 'mod', 'in', 'null', 'true', 'false']);
const LONGEST_RESERVED = 5;

export function isReserved(word: string): boolean {
  return word.length <= LONGEST_RESERVED && RESERVED.has(word.toLowerCase());
}

/**
 * `null`, `true`, `false` in any case; `INF` and `NaN` exactly, as the OData ABNF spells them,
 * alone or with a type suffix (`INFF`, `NaNd`).
 */
export function isKeywordLiteral(word: string): boolean {
  if (word.length < 3 || word.length > 5) return false;
  if (SPECIAL_NUMBERS.has(word)) return true;
  const lower = word.toLowerCase();
  return lower === 'null' || lower === 'true' || lower === 'false';
}

const HEX8 = /^[0-9A-Fa-f]{8}$/;

/** A word that may be the first group of a bare guid such as `abcdef01-…`. */
export function isHex8(word: string): boolean {
  return word.length === 8 && HEX8.test(word);
}

/** Names whose call on a quoted string is the service's cast form of a date-time literal. */
export function isCastName(word: string): boolean {
  if (word.length !== 8 && word.length !== 14) return false;
  const lower = word.toLowerCase();
  return lower === 'datetime' || lower === 'datetimeoffset';
}

/** What followed a word, as the grammar's WordLed rule reports it. */
export type WordRest =
  | readonly ['prefixed', string]
  | readonly ['cast', string]
  | readonly ['guid', string]
  | readonly ['qualified', dotted: string, quotedBody: string | null, isCall: boolean]
  | typeof KEYWORD
  | typeof UNSUPPORTED_CALL
  | PathRest;

interface PathRest {
  readonly tail: readonly PathSegment[];
  readonly args: Expr[] | null;
}

export const KEYWORD = 'keyword' as const;
/** A call of a function outside the language, refused before its arguments (`cast(x, Edm.String)`). */
export const UNSUPPORTED_CALL = 'unsupported call' as const;
const PLAIN_PATH: PathRest = { tail: [], args: null };

export function pathOrCall(tail: PathSegment[], args: Expr[] | null): PathRest {
  return tail.length === 0 && args === null ? PLAIN_PATH : { tail, args };
}

/** Literal prefixes of the OData conventions that this language does not have. */
const UNSUPPORTED_PREFIXES = new Set(['binary', 'x', 'time', 'duration', 'date', 'timeofday', 'geography', 'geometry']);

export function wordLed(head: string, rest: WordRest, r: Range): Expr {
  if (rest === KEYWORD) return keywordLiteral(head, r);
  if (rest === UNSUPPORTED_CALL) return unsupported(`Function '${head}'`, { start: r.start, end: r.start + head.length });
  if (Array.isArray(rest)) {
    const lower = head.toLowerCase();
    if (rest[0] === 'guid') return guid(head + rest[1], head + rest[1], r);
    if (rest[0] === 'qualified') return qualifiedName(head + rest[1], rest[2], rest[3], r);
    if (rest[0] === 'cast') {
      const type = lower === 'datetime' ? 'Edm.DateTime' : 'Edm.DateTimeOffset';
      // Canonical spelling: whitespace inside the parentheses is not kept.
      return dateTime(type, rest[1], `${head}('${rest[1]}')`, r);
    }
    const body = rest[1];
    const raw = `${head}'${body}'`;
    if (lower === 'datetime') return dateTime('Edm.DateTime', body, raw, r);
    if (lower === 'datetimeoffset') return dateTime('Edm.DateTimeOffset', body, raw, r);
    if (lower === 'guid') return guid(body, raw, r);
    if (UNSUPPORTED_PREFIXES.has(lower)) return unsupported(`Literal ${raw}`, r);
    throw syntaxError(`Unknown literal prefix '${head}'`, r);
  }
  const { tail, args } = rest as PathRest;
  const first: PathSegment = { name: head, start: r.start, end: r.start + head.length };
  if (args !== null) return call(first, args, r);
  return { kind: 'member', segments: tail.length === 0 ? [first] : [first, ...tail], start: r.start, end: r.end };
}

function keywordLiteral(word: string, r: Range): Expr {
  if (SPECIAL_NUMBERS.has(word)) return number(word, r);
  const lower = word.toLowerCase();
  if (lower === 'null') return nullLiteral(r);
  return booleanLiteral(lower === 'true', r);
}

/**
 * `Tags/any(…)`, `Path/fn(…)`, `Path/NS.fn(…)`: a call on a path, which the language does not have
 * yet. Called at the opening parenthesis, before the arguments (a lambda's `t: …` is not an
 * argument list).
 */
export function rejectBoundCall(head: string, tail: readonly PathSegment[], qualified: string | null): false {
  if (tail.length === 0) return false;
  const start = tail[0]!.start - 1 - head.length;
  const last = tail[tail.length - 1]!;
  const lower = last.name.toLowerCase();
  const isLambda = qualified === null && (lower === 'any' || lower === 'all');
  const what = isLambda ? `Lambda operator '${last.name}'` : `Bound function '${last.name}${qualified ?? ''}'`;
  return unsupported(what, { start, end: last.end + (qualified?.length ?? 0) });
}

/** `Address/NS.HomeAddress/City`: a path segment that is a qualified name casts to a derived type. */
export function rejectTypeCast(tail: readonly PathSegment[], qualified: string | null): false {
  if (qualified === null) return false;
  const last = tail[tail.length - 1]!;
  return unsupported(`Type cast '${last.name}${qualified}'`, { start: last.start, end: last.end + qualified.length });
}

/** `NS.Color'Red'` (an enumeration literal), `geo.distance(…)` (a function), `Edm.String` (a type). */
function qualifiedName(name: string, quoted: string | null, isCall: boolean, r: Range): never {
  const nameSpan = { start: r.start, end: r.start + name.length };
  if (quoted !== null) return unsupported(`Enumeration literal ${name}'${quoted}'`, { start: r.start, end: nameSpan.end + quoted.length + 2 });
  return unsupported(isCall ? `Function '${name}'` : `Qualified name '${name}'`, nameSpan);
}

export function isUnsupportedFunction(word: string): boolean {
  return UNSUPPORTED_FUNCTIONS.has(word.toLowerCase());
}

/** `$it`, `$this`, `$root`, as the grammar's ImplicitVariable rule reads them. */
export function describeVariable(name: string): string {
  return name === 'root' ? "Service-root path '$root'" : `Implicit variable '$${name}'`;
}

/**
 * `x in ["a", "b"]`, OData 4.01's JSON-array form of the list. `rest` is the text from the `[`;
 * the error covers the array up to its closing bracket (strings and nested arrays skipped).
 */
export function rejectJsonArray(rest: string, start: number): never {
  let depth = 0;
  let end = rest.length;
  for (let i = 0, inString = false; i < rest.length; i++) {
    const c = rest[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[') depth++;
    else if (c === ']' && --depth === 0) {
      end = i + 1;
      break;
    }
  }
  return unsupported("JSON array as the list of 'in'", { start, end: start + end }, "; write the list in parentheses, such as ('a', 'b'),");
}

/** Refuses a construct of the OData conventions that this language does not have. */
export function unsupported(what: string, span: Range, advice = ''): never {
  throw syntaxError(`${what} is not supported${advice}`, span, 'unsupported');
}

function call(head: PathSegment, args: Expr[], r: Range): Expr {
  const nameSpan: Span = { start: head.start, end: head.end };
  const lower = head.name.toLowerCase();
  const signature = lookupFunction(lower);
  if (!signature) throw syntaxError(`Unknown function '${head.name}'`, nameSpan);
  const { min, max } = arityOf(signature);
  if (args.length < min || args.length > max) {
    const expected = min === max ? `${min}` : `${min} or ${max}`;
    const plural = max === 1 ? '' : 's';
    throw syntaxError(`Function '${lower}' takes ${expected} argument${plural}, not ${args.length},`, nameSpan);
  }
  return { kind: 'call', name: lower, nameSpan, args, start: r.start, end: r.end };
}

const LITERAL_KINDS = new Set<string>(['null', 'boolean', 'number', 'string', 'datetime', 'guid']);

export function isLiteral(node: Expr): node is Literal {
  return LITERAL_KINDS.has(node.kind);
}

// ---------------------------------------------------------------------------------------------
// Operators

/** Binding strength of each binary operator, loosest first; `in` is not one (see {@link foldIn}). */
const PRECEDENCE: Readonly<Record<string, number>> = Object.assign(Object.create(null) as Record<string, number>, {
  or: 1,
  and: 2,
  eq: 3,
  ne: 3,
  gt: 4,
  ge: 4,
  lt: 4,
  le: 4,
  add: 5,
  sub: 5,
  mul: 6,
  div: 6,
  mod: 6,
});

export function isBinaryOperator(word: string): boolean {
  return word.length <= 3 && PRECEDENCE[word.toLowerCase()] !== undefined;
}

type BinaryOp = CompareOp | ArithmeticOp | LogicalOp;

/** The right-hand side of `in`: the literals and where the closing parenthesis ends. */
export interface InList {
  readonly list: readonly Literal[];
  readonly end: number;
}

export function inList(list: Literal[], r: Range): InList {
  return { list, end: r.end };
}

const COMPARE = new Set<string>(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);

/**
 * Folds `head op1 x1 op2 x2 …` by precedence with an explicit operator stack (left-associative:
 * an operator reduces every pending one that binds at least as tightly). An `and`/`or` built in
 * this fold absorbs the next operand of the same operator, so chains stay flat; a parenthesised
 * chain, built by an inner fold, stays one operand.
 */
export function chain(head: Expr, tail: [BinaryOp, Expr][]): Expr {
  const operands: Expr[] = [head];
  const ops: BinaryOp[] = [];
  const flat = new Set<Expr>();
  const reduce = (): void => {
    const op = ops.pop()!;
    const right = operands.pop()!;
    const left = operands.pop()!;
    operands.push(combine(op, left, right, flat));
  };
  for (const [op, right] of tail) {
    const level = PRECEDENCE[op]!;
    while (ops.length > 0 && PRECEDENCE[ops[ops.length - 1]!]! >= level) reduce();
    ops.push(op);
    operands.push(right);
  }
  while (ops.length > 0) reduce();
  return operands[0]!;
}

function combine(op: BinaryOp, left: Expr, right: Expr, flat: Set<Expr>): Expr {
  const start = left.start;
  const end = right.end;
  if (op === 'and' || op === 'or') {
    if (left.kind === 'logical' && left.op === op && flat.has(left)) {
      (left.operands as Expr[]).push(right);
      (left as { end: number }).end = end;
      return left;
    }
    const node: Expr = { kind: 'logical', op, operands: [left, right], start, end };
    flat.add(node);
    return node;
  }
  if (COMPARE.has(op)) return { kind: 'compare', op: op as CompareOp, left, right, start, end };
  return { kind: 'arithmetic', op: op as ArithmeticOp, left, right, start, end };
}

/** `x in (…) in (…)`: each list applies to everything before it, as `in` binds left to right. */
export function foldIn(head: Expr, lists: readonly InList[]): Expr {
  let node = head;
  for (const { list, end } of lists) node = { kind: 'in', operand: node, list, start: head.start, end };
  return node;
}

/**
 * A parenthesised expression is its inner node with a span that includes the parentheses, so the
 * span of every node, and of every operator built on it, covers its whole source text.
 */
export function parenthesised(expr: Expr, r: Range): Expr {
  return (RESPAN[expr.kind] as (node: Expr, start: number, end: number) => Expr)(expr, r.start, r.end);
}

/**
 * A copy of each kind of node with a new span, keys in the order the builders write them. An
 * object spread does the same but falls to a slow generic path once it has seen many node shapes.
 */
const RESPAN: { readonly [K in Expr['kind']]: (node: Extract<Expr, { kind: K }>, start: number, end: number) => Expr } = {
  null: (n, start, end) => ({ kind: n.kind, start, end }),
  boolean: (n, start, end) => ({ kind: n.kind, value: n.value, start, end }),
  number: (n, start, end) => ({ kind: n.kind, type: n.type, raw: n.raw, value: n.value, start, end }) as NumberLiteral,
  string: (n, start, end) => ({ kind: n.kind, value: n.value, start, end }),
  datetime: (n, start, end) => ({ kind: n.kind, type: n.type, raw: n.raw, epochMs: n.epochMs, offsetMinutes: n.offsetMinutes, start, end }),
  guid: (n, start, end) => ({ kind: n.kind, raw: n.raw, value: n.value, start, end }),
  member: (n, start, end) => ({ kind: n.kind, segments: n.segments, start, end }),
  call: (n, start, end) => ({ kind: n.kind, name: n.name, nameSpan: n.nameSpan, args: n.args, start, end }),
  not: (n, start, end) => ({ kind: n.kind, operand: n.operand, start, end }),
  negate: (n, start, end) => ({ kind: n.kind, operand: n.operand, start, end }),
  compare: (n, start, end) => ({ kind: n.kind, op: n.op, left: n.left, right: n.right, start, end }),
  arithmetic: (n, start, end) => ({ kind: n.kind, op: n.op, left: n.left, right: n.right, start, end }),
  logical: (n, start, end) => ({ kind: n.kind, op: n.op, operands: n.operands, start, end }),
  in: (n, start, end) => ({ kind: n.kind, operand: n.operand, list: n.list, start, end }),
};

export function unaryOp(kind: 'not' | 'negate', start: number): ['not' | 'negate', number] {
  return [kind, start];
}

export function foldUnary(ops: ['not' | 'negate', number][], operand: Expr): Expr {
  let node = operand;
  for (let i = ops.length - 1; i >= 0; i--) {
    const [kind, start] = ops[i]!;
    node = { kind, operand: node, start, end: operand.end };
  }
  return node;
}
