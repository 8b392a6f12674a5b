// The query document, rendered from the lowered form (docs/lowering.md): plain operators ($eq,
// $gt, $in, $regex, …) wherever their MongoDB meaning is exactly the reference's, so indexes
// apply; anything else falls back to `$expr`. Polarity is the lowered form's: a negated predicate
// matches exactly where the plain one does not, which for nulls is not "x is not true".

import { assertNever } from '../../assert-never.js';
import { isInteger } from '../../types/edm.js';
import type { EdmType } from '../../types/edm.js';
import { negatePredicate } from '../../lower/predicates.js';
import type { BooleanTest, ComparePredicate, InPredicate, LoweredCall, LoweredMember, LoweredPredicate, LoweredValue, NullTest } from '../../lower/lowered.js';
import type { Context } from './options.js';
import { isLiteral, plainValue } from './bson-value.js';
import { ORDER_OPERATORS } from './aggregation.js';
import { ExpressionCompiler } from './expression.js';
import { rendererOf } from './functions.js';
import { patternFor } from './regex.js';

export type QueryDocument = Record<string, unknown>;

const NOTHING: QueryDocument = { $expr: false };
const EVERYTHING: QueryDocument = {};

const MIRRORED = { eq: 'eq', gt: 'lt', ge: 'le', lt: 'gt', le: 'ge' } as const;

export class QueryCompiler {
  private readonly expressions: ExpressionCompiler;
  constructor(private readonly ctx: Context) {
    this.expressions = new ExpressionCompiler(ctx);
  }

  /** A document matching exactly the rows where the predicate holds. */
  compile(node: LoweredPredicate): QueryDocument {
    return this.plain(node) ?? { $expr: this.expressions.truth(node) };
  }

  private plain(node: LoweredPredicate): QueryDocument | undefined {
    switch (node.kind) {
      case 'constant':
        return node.value ? EVERYTHING : NOTHING;
      case 'booleanTest':
        return this.booleanTest(node);
      case 'nullTest':
        return this.nullTest(node);
      case 'structureNull':
        // { f: null } matches a null or missing field, and one under a null or missing parent.
        return { [this.ctx.field(node)]: node.negated ? { $ne: null } : null };
      case 'and':
      case 'or': {
        const parts = node.operands.map((o) => this.compile(o));
        return (node.kind === 'and' && mergeConjuncts(parts)) || { [`$${node.kind}`]: parts };
      }
      case 'compare':
        return this.compare(node.asWritten ?? node);
      case 'in':
        return this.in(node);
      default:
        return assertNever(node, 'lowered predicate kind');
    }
  }

  /**
   * A Boolean value tested against true or false. "x is not true" is x false when x is never null
   * (lower() has made that a predicate), else `$nor` of "x is true": it matches exactly the
   * documents that one does not.
   */
  private booleanTest(node: BooleanTest): QueryDocument {
    if (node.value.kind === 'member') return { [this.ctx.field(node.value)]: node.negated ? { $ne: node.is } : node.is };
    const doc = this.valueIs(node.value, node.is);
    if (!node.negated) return doc;
    return doc === NOTHING ? EVERYTHING : doc === EVERYTHING ? NOTHING : { $nor: [doc] };
  }

  /** A document matching exactly the rows where the Boolean value is `is`. */
  private valueIs(node: LoweredValue, is: boolean): QueryDocument {
    return this.plainValueIs(node, is) ?? { $expr: this.expressions.valueIs(node, is) };
  }

  private plainValueIs(node: LoweredValue, is: boolean): QueryDocument | undefined {
    switch (node.kind) {
      case 'constant':
        return node.value === is ? EVERYTHING : NOTHING;
      case 'member':
        return { [this.ctx.field(node)]: is };
      case 'truth':
        return this.compile(is ? node.predicate : negatePredicate(node.predicate));
      case 'not':
        return this.valueIs(node.operand, !is);
      case 'logical': {
        const parts = node.operands.map((o) => this.valueIs(o, is));
        const all = (node.op === 'and') === is;
        return (all && mergeConjuncts(parts)) || { [all ? '$and' : '$or']: parts };
      }
      case 'call':
        return this.stringTest(node, is);
      case 'convert':
      case 'negate':
      case 'arithmetic':
        return undefined;
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /** `{ f: null }` also matches a missing field: that is the reference's `f eq null`. */
  private nullTest(node: NullTest): QueryDocument | undefined {
    const member = fieldOf(node.value);
    if (!member) return undefined;
    return { [this.ctx.field(member)]: node.negated ? { $ne: null } : null };
  }

  private compare(node: ComparePredicate): QueryDocument | undefined {
    let [op, member, other] = [node.op, fieldOf(node.left), node.right] as [ComparePredicate['op'], LoweredMember | undefined, LoweredValue];
    if (!member) [op, member, other] = [MIRRORED[node.op], fieldOf(node.right), node.left];
    if (!member || !isLiteral(other)) return undefined;
    const plain = plainValue(other, this.ctx);
    if (!plain) return undefined;
    const { value } = plain;
    const field = this.ctx.field(member);
    if (op === 'eq') {
      if (!node.negated) return { [field]: isPrimitive(value) ? value : { $eq: value } };
      return { [field]: { $ne: value } };
    }
    // Comparison operators never match null or missing (type bracketing), and in queries NaN is
    // equal to NaN and unordered against numbers, as in the reference.
    const test = { [ORDER_OPERATORS[op]]: value };
    return { [field]: node.negated ? { $not: test } : test };
  }

  private in(node: InPredicate): QueryDocument | undefined {
    const member = fieldOf(node.operand);
    if (!member) return undefined;
    const values: unknown[] = [];
    for (const item of node.values) {
      if (!isLiteral(item)) return undefined;
      const plain = plainValue(item, this.ctx);
      if (!plain) return undefined;
      values.push(plain.value);
    }
    if (node.orNull) values.push(null);
    return { [this.ctx.field(member)]: { [node.negated ? '$nin' : '$in']: values } };
  }

  /** A string test of a field against a constant as an anchored, escaped regex; null (no match either way) for a null field. */
  private stringTest(node: LoweredCall, is: boolean): QueryDocument | undefined {
    const renderer = rendererOf(node.name);
    if (renderer.kind !== 'test') return undefined;
    const [a, b] = node.args;
    const [subject, needle] = renderer.subjectSecond ? [b, a] : [a, b];
    if (subject?.kind !== 'member' || needle?.kind !== 'constant' || needle.value === null) return undefined;
    const regex = { $regex: patternFor(renderer.pattern, String(needle.value)) };
    const field = this.ctx.field(subject);
    return { [field]: is ? regex : { $ne: null, $not: regex } };
  }
}

/**
 * The member under conversions that keep its value as MongoDB compares it (numbers compare by
 * exact value across BSON types; instants are dates either way). Conversions to Double round
 * Int64 and Decimal values, so those must be computed in `$expr`.
 */
function fieldOf(node: LoweredValue): LoweredMember | undefined {
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
