// What the Mongo compilers share: options, field paths and how literal values become BSON values.

import { FilterError } from '../../errors.js';
import type { EdmType } from '../../types/edm.js';
import type { TypedExpr, TypedLiteral, TypedMember, TypedStructureNull } from '../../types/typed.js';

export interface MongoOptions {
  /**
   * Document field path for a property path, e.g. `{ 'PostalAddress/City': 'address.city' }`.
   * Paths not listed map to the property path with `/` replaced by `.`.
   */
  readonly fields?: Readonly<Record<string, string>> | ((path: readonly string[]) => string);
  /**
   * Builds a BSON Decimal128 from exact decimal text, e.g. `(s) => Decimal128.fromString(s)` from
   * the `bson` package. Without it, Decimal literals are written as `{ $toDecimal: '<text>' }`
   * inside `$expr` (exact, but not able to use an index). It is only given text that Decimal128
   * holds exactly; if it throws, compileMongo throws a FilterError of kind 'unsupported'.
   */
  readonly decimal?: (text: string) => unknown;
  /**
   * Builds a BSON Int64 from an Int64 literal beyond ±2^53, e.g. `(v) => Long.fromBigInt(v)` from
   * the `bson` package. Without it such a literal is a `bigint`, which the MongoDB Node driver
   * (5.1 and later) writes as an Int64; earlier drivers reject a `bigint` with an error. Literals
   * within ±2^53 are numbers. If it throws, compileMongo throws a FilterError of kind 'unsupported'.
   */
  readonly long?: (value: bigint) => unknown;
}

export interface Context {
  /** The document field of a property path, or of a structure's (its null test reads it). */
  field(member: TypedMember | TypedStructureNull): string;
  readonly decimal: ((text: string) => unknown) | undefined;
  readonly long: ((value: bigint) => unknown) | undefined;
}

export function createContext(options: MongoOptions): Context {
  const { fields, decimal, long } = options;
  const field = (member: TypedMember | TypedStructureNull): string => {
    const key = member.path.join('/');
    let mapped: string | undefined;
    if (typeof fields === 'function') mapped = fromOption(member, `the field mapping (options.fields) of '${key}'`, () => fields(member.path));
    else if (fields && Object.prototype.hasOwnProperty.call(fields, key)) mapped = fields[key];
    const path = mapped ?? member.path.join('.');
    const problem = fieldPathProblem(path);
    if (problem !== undefined) {
      throw new FilterError({ kind: 'unsupported', message: `The field mapping of '${key}' gives ${typeof path === 'string' ? `'${path}'` : String(path)}, which is not a document field path: ${problem}`, start: member.start, end: member.end });
    }
    return path;
  };
  return { field, decimal, long };
}

/**
 * Why the mapping is not a document field path, or undefined when it is. Each dotted segment must
 * be non-empty and hold no NUL (MongoDB rejects both), and none may start with '$': inside `$expr`,
 * `"$a.$b"` is refused by the server and a leading '$' is read as an operator or a variable.
 */
export function fieldPathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string') return 'it is not a string';
  if (path === '') return 'it is empty';
  for (const segment of path.split('.')) {
    if (segment === '') return 'it has an empty segment';
    if (segment.startsWith('$')) return `its segment '${segment}' starts with '$'`;
    if (segment.includes('\0')) return 'it holds a NUL character';
  }
  return undefined;
}

export function unsupported(node: TypedExpr, what: string): FilterError {
  return new FilterError({ kind: 'unsupported', message: `The MongoDB backend cannot compile ${what}`, start: node.start, end: node.end });
}

/** Calls a user-supplied option; whatever it throws is reported as an 'unsupported' FilterError at the node. */
function fromOption<T>(node: TypedExpr, what: string, call: () => T): T {
  try {
    return call();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new FilterError({ kind: 'unsupported', message: `The MongoDB backend cannot compile this: ${what} threw: ${reason}`, start: node.start, end: node.end });
  }
}

/** Decimal128: at most 34 significant digits, exponent (of the last digit) from -6176 to 6111. */
const DECIMAL128_DIGITS = 34;
const DECIMAL128_MIN_EXPONENT = -6176;
const DECIMAL128_MAX_EXPONENT = 6111;

/**
 * Why Decimal128 cannot hold the decimal text exactly, or undefined when it can. Decimal128 holds
 * c × 10^q for an integer c of at most 34 digits and -6176 ≤ q ≤ 6111: so a value needs at most 34
 * significant digits, its last one no further right than 10^-6176, and its first no further left
 * than 10^6144 (trailing zeros of an integer can be exponent).
 */
export function decimal128Problem(text: string): string | undefined {
  const match = /^[+-]?(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!match || (match[1] === '' && (match[2] ?? '') === '')) return 'it is not decimal text';
  const [, int = '', frac = '', exp = '0'] = match;
  let digits = (int + frac).replace(/^0+/, '');
  if (digits === '') return undefined; // zero: any exponent clamps
  let exponent = BigInt(exp) - BigInt(frac.length);
  const trimmed = digits.replace(/0+$/, '');
  exponent += BigInt(digits.length - trimmed.length);
  digits = trimmed;
  if (digits.length > DECIMAL128_DIGITS) return `it has ${digits.length} significant digits, and Decimal128 holds at most ${DECIMAL128_DIGITS}`;
  const first = exponent + BigInt(digits.length - 1);
  if (exponent < BigInt(DECIMAL128_MIN_EXPONENT)) return `its digits reach 10^${exponent}, below Decimal128's smallest exponent (10^${DECIMAL128_MIN_EXPONENT})`;
  if (first > BigInt(DECIMAL128_MAX_EXPONENT + DECIMAL128_DIGITS - 1)) return `it is 10^${first} or more, beyond Decimal128's largest finite value (about 10^${DECIMAL128_MAX_EXPONENT + DECIMAL128_DIGITS})`;
  return undefined;
}

/** The Decimal literal's exact text, after making sure Decimal128 holds it exactly. */
export function decimalText(literal: TypedLiteral): string {
  const text = String(literal.value);
  const problem = decimal128Problem(text);
  if (problem !== undefined) throw unsupported(literal, `the Decimal literal ${text}: Decimal128 cannot hold it exactly (${problem})`);
  return text;
}

/**
 * A literal as a plain BSON-ready value: Int64 as a number when it is a safe integer, else a
 * bigint or the `long` factory's value; instants as Date; Decimal via the factory only.
 * Returns undefined for a Decimal without a factory: the caller must use an expression instead.
 */
export function plainValue(literal: TypedLiteral, ctx: Context): { value: unknown } | undefined {
  const { type, value } = literal;
  if (type === 'Edm.Decimal') {
    const text = decimalText(literal);
    const { decimal } = ctx;
    return decimal ? { value: fromOption(literal, `options.decimal on the Decimal literal ${text}`, () => decimal(text)) } : undefined;
  }
  if (type === 'Edm.Int64') {
    const big = BigInt(value as bigint | number);
    if (big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER)) return { value: Number(big) };
    const { long } = ctx;
    return { value: long ? fromOption(literal, `options.long on the Int64 literal ${big}`, () => long(big)) : big };
  }
  return { value: convertLiteral(type, value) };
}

function convertLiteral(type: EdmType, value: TypedLiteral['value']): unknown {
  switch (type) {
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return new Date(Number(value));
    case 'Edm.Guid':
      return String(value).toLowerCase();
    default:
      return value;
  }
}
