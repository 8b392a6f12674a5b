// The query document: plain operators ($eq, $gt, $in, $regex, …) wherever their MongoDB meaning is
// exactly the reference's, so indexes apply; anything else falls back to `$expr`. Three-valued
// logic is compiled by polarity: `not x` matches where x is false, which for nulls is not "x is not true".

import type { CompareOp } from '../../syntax/ast.js';
import { isInteger } from '../../types/edm.js';
import type { EdmType } from '../../types/edm.js';
import type { TypedCall, TypedCompare, TypedExpr, TypedIn, TypedMember } from '../../types/typed.js';
import type { Context } from './options.js';
import { plainValue } from './bson-value.js';
import { booleanConstantSides, ExpressionCompiler, neverNull, ORDER_OPERATORS } from './expression.js';
import { patternFor } from './regex.js';
import type { StringTest } from './regex.js';

export type QueryDocument = Record<string, unknown>;

const NOTHING: QueryDocument = { $expr: false };
const EVERYTHING: QueryDocument = {};

const SWAPPED: Record<CompareOp, CompareOp> = { eq: 'eq', ne: 'ne', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' };
const STRING_TESTS: Record<string, StringTest> = { startswith: 'startswith', endswith: 'endswith', contains: 'contains', substringof: 'contains' };

export class QueryCompiler {
  private readonly expressions: ExpressionCompiler;
  constructor(private readonly ctx: Context) {
    this.expressions = new ExpressionCompiler(ctx);
  }

  /** A document matching exactly the rows where `node` is `want`. */
  compile(node: TypedExpr, want: boolean): QueryDocument {
    return this.plain(node, want) ?? { $expr: this.expressions.truth(node, want) };
  }

  private plain(node: TypedExpr, want: boolean): QueryDocument | undefined {
    switch (node.kind) {
      case 'literal':
        return node.value === want ? EVERYTHING : NOTHING;
      case 'null':
        return NOTHING;
      case 'member':
        return { [this.ctx.field(node)]: want };
      case 'structureNull':
        // { f: null } matches a null or missing field, and one under a null or missing parent.
        return { [this.ctx.field(node)]: (node.op === 'eq') === want ? null : { $ne: null } };
      case 'not':
        return this.compile(node.operand, !want);
      case 'logical': {
        const parts = node.operands.map((o) => this.compile(o, want));
        if (parts.length === 1) return parts[0];
        const all = (node.op === 'and') === want;
        return (all && mergeConjuncts(parts)) || { [all ? '$and' : '$or']: parts };
      }
      case 'compare':
        return this.booleanCompare(node, want) ?? this.compare(node, want);
      case 'in':
        return this.in(node, want);
      case 'call':
        return this.stringTest(node, want);
      default:
        return undefined;
    }
  }

  /**
   * `x eq true`, `x ne false`, `x eq null`, … for a Boolean expression x that is not a field: the
   * document for x itself, compiled once. "x is not true" is x false when x is never null, else
   * `$nor` of "x is true" (it matches exactly the documents that one does not).
   */
  private booleanCompare(node: TypedCompare, want: boolean): QueryDocument | undefined {
    const sides = booleanConstantSides(node);
    if (!sides) return undefined;
    const [x, c] = sides;
    // Rows where `x eq c` is `equal`.
    const equal = (node.op === 'eq') === want;
    if (c === null) return neverNull(x) ? (equal ? NOTHING : EVERYTHING) : undefined;
    if (equal) return this.compile(x, c);
    if (neverNull(x)) return this.compile(x, !c);
    const doc = this.compile(x, c);
    return doc === NOTHING ? EVERYTHING : doc === EVERYTHING ? NOTHING : { $nor: [doc] };
  }

  private compare(node: TypedCompare, want: boolean): QueryDocument | undefined {
    let op = node.op;
    let member = fieldOf(node.left);
    let other = node.right;
    if (!member) {
      member = fieldOf(node.right);
      other = node.left;
      op = SWAPPED[op];
    }
    if (!member || (other.kind !== 'literal' && other.kind !== 'null')) return undefined;
    let value: unknown = null;
    if (other.kind === 'literal') {
      const plain = plainValue(other, this.ctx);
      if (!plain) return undefined;
      value = plain.value;
    }
    const field = this.ctx.field(member);
    if (op === 'eq' || op === 'ne') {
      // { f: null } also matches a missing field: that is the reference's `f eq null`.
      const equal = op === 'eq' ? want : !want;
      if (equal) return { [field]: isPrimitive(value) ? value : { $eq: value } };
      return { [field]: { $ne: value } };
    }
    // gt/ge/lt/le with a null operand are false, never null.
    if (value === null) return want ? NOTHING : EVERYTHING;
    // Comparison operators never match null or missing (type bracketing), and in queries NaN is
    // equal to NaN and unordered against numbers, as in the reference.
    const test = { [ORDER_OPERATORS[op]]: value };
    return { [field]: want ? test : { $not: test } };
  }

  private in(node: TypedIn, want: boolean): QueryDocument | undefined {
    const member = fieldOf(node.operand);
    if (!member) return undefined;
    const values: unknown[] = [];
    for (const item of node.list) {
      if (item.kind === 'null') {
        values.push(null);
        continue;
      }
      const plain = plainValue(item, this.ctx);
      if (!plain) return undefined;
      values.push(plain.value);
    }
    return { [this.ctx.field(member)]: { [want ? '$in' : '$nin']: values } };
  }

  private stringTest(node: TypedCall, want: boolean): QueryDocument | undefined {
    const test = STRING_TESTS[node.name];
    if (!test) return undefined;
    const [a, b] = node.args;
    const [subject, needle] = node.name === 'substringof' ? [b, a] : [a, b];
    if (subject?.kind !== 'member' || !needle) return undefined;
    // A null argument makes the test null: neither true nor false.
    if (needle.kind === 'null') return NOTHING;
    if (needle.kind !== 'literal') return undefined;
    const regex = { $regex: patternFor(test, String(needle.value)) };
    const field = this.ctx.field(subject);
    return { [field]: want ? regex : { $ne: null, $not: regex } };
  }
}

/**
 * The member under conversions that keep its value as MongoDB compares it (numbers compare by
 * exact value across BSON types; instants are dates either way). Conversions to Double round
 * Int64 and Decimal values, so those must be computed in `$expr`.
 */
function fieldOf(node: TypedExpr): TypedMember | undefined {
  if (node.kind === 'member') return node;
  if (node.kind !== 'convert') return undefined;
  const inner = fieldOf(node.operand);
  if (!inner) return undefined;
  return keepsValue(node.operand.type, node.type) ? inner : undefined;
}

function keepsValue(from: EdmType, to: EdmType): boolean {
  if (to === 'Edm.Double' || to === 'Edm.Single') return from === 'Edm.Double' || from === 'Edm.Single' || (isInteger(from) && from !== 'Edm.Int64');
  return true;
}

const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype && Object.keys(v).length > 0 && Object.keys(v).every((k) => k.startsWith('$'));

/**
 * Conjuncts as one document, the way a person writes it (`{ a: { $gte: 1, $lte: 9 }, b: 'x' }`),
 * when no two of them constrain the same field with the same operator; else undefined.
 */
function mergeConjuncts(parts: readonly QueryDocument[]): QueryDocument | undefined {
  const merged: QueryDocument = {};
  for (const part of parts) {
    for (const [key, value] of Object.entries(part)) {
      if (key.startsWith('$')) return undefined;
      if (!(key in merged)) {
        merged[key] = value;
        continue;
      }
      const existing = merged[key];
      if (!isOperatorObject(existing) || !isOperatorObject(value) || Object.keys(value).some((k) => k in existing)) return undefined;
      merged[key] = { ...existing, ...value };
    }
  }
  return merged;
}

function isPrimitive(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}
