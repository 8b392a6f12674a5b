// What the Mongo compilers share: options, field paths and how literal values become BSON values.

import { FilterError } from '../../errors.js';
import type { EdmType } from '../../edm.js';
import type { TypedExpr, TypedLiteral, TypedMember } from '../../typed.js';

export interface MongoOptions {
  /**
   * Document field path for a property path, e.g. `{ 'PostalAddress/City': 'address.city' }`.
   * Paths not listed map to the property path with `/` replaced by `.`.
   */
  readonly fields?: Readonly<Record<string, string>> | ((path: readonly string[]) => string);
  /**
   * Builds a BSON Decimal128 from exact decimal text, e.g. `(s) => Decimal128.fromString(s)` from
   * the `bson` package. Without it, Decimal literals are written as `{ $toDecimal: '<text>' }`
   * inside `$expr` (exact, but not able to use an index).
   */
  readonly decimal?: (text: string) => unknown;
}

export interface Context {
  field(member: TypedMember): string;
  readonly decimal: ((text: string) => unknown) | undefined;
}

export function createContext(options: MongoOptions): Context {
  const { fields, decimal } = options;
  const field = (member: TypedMember): string => {
    const key = member.path.join('/');
    let mapped: string | undefined;
    if (typeof fields === 'function') mapped = fields(member.path);
    else if (fields && Object.prototype.hasOwnProperty.call(fields, key)) mapped = fields[key];
    const path = mapped ?? member.path.join('.');
    // A path starting with '$' would be read as an operator or a variable, not a field.
    if (path === '' || path.startsWith('$') || path.split('.').some((s) => s === '')) {
      throw new FilterError({ kind: 'unsupported', message: `The field mapping of '${key}' gives '${path}', which is not a document field path`, start: member.start, end: member.end });
    }
    return path;
  };
  return { field, decimal };
}

export function unsupported(node: TypedExpr, what: string): FilterError {
  return new FilterError({ kind: 'unsupported', message: `The MongoDB backend cannot compile ${what}`, start: node.start, end: node.end });
}

/**
 * A literal as a plain BSON-ready value: Int64 as a number when it is a safe integer, else a
 * bigint (the driver stores it as Int64); instants as Date; Decimal via the factory only.
 * Returns undefined for a Decimal without a factory: the caller must use an expression instead.
 */
export function plainValue(literal: TypedLiteral, ctx: Context): { value: unknown } | undefined {
  const { type, value } = literal;
  if (type === 'Edm.Decimal') return ctx.decimal ? { value: ctx.decimal(String(value)) } : undefined;
  return { value: convertLiteral(type, value) };
}

function convertLiteral(type: EdmType, value: TypedLiteral['value']): unknown {
  switch (type) {
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return new Date(Number(value));
    case 'Edm.Int64': {
      const big = BigInt(value as bigint | number);
      return big >= BigInt(Number.MIN_SAFE_INTEGER) && big <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(big) : big;
    }
    case 'Edm.Guid':
      return String(value).toLowerCase();
    default:
      return value;
  }
}
