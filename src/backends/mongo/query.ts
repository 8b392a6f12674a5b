// The query document, rendered from the lowered form (docs/lowering.md): plain operators ($eq,
// $gt, $in, $regex, …) wherever their MongoDB meaning is exactly the reference's, so indexes
// apply; anything else falls back to `$expr`. Polarity is the lowered form's: a negated predicate
// matches exactly where the plain one does not, which for nulls is not "x is not true".

import { assertNever } from '../../assert-never.js';
import { isInteger, type EdmType } from '../../language/edm.js';
import { negatePredicate } from '../../lower/predicates.js';
import type {
  BooleanTest,
  ComparePredicate,
  ExistsPredicate,
  InPredicate,
  LoweredCall,
  LoweredMember,
  LoweredPredicate,
  LoweredValue,
  NullTest,
  StructureNullTest,
} from '../../lower/lowered.js';
import type { Context, PathRead } from './options.js';
import { holdsOnNullElement } from './null-element.js';
import { isLiteral, plainValue } from './bson-value.js';
import { ORDER_OPERATORS } from './aggregation.js';
import { ExpressionCompiler } from './expression.js';
import { rendererOf } from './functions.js';
import { patternFor } from './regex.js';
import { MIRRORED } from '../../language/operators.js';

export type QueryDocument = Record<string, unknown>;

const NOTHING: QueryDocument = { $expr: false };
const EVERYTHING: QueryDocument = {};

/** The row: the document `find()` filters, where anything plain operators cannot say is `$expr`. */
interface RowScope {
  readonly kind: 'row';
}

/**
 * An element of a collection, inside `$elemMatch`: fields are the element's (`City`; the key ''
 * stands for a primitive element itself), and there is no `$expr` to fall back to.
 */
interface ElementScope {
  readonly kind: 'element';
  readonly variable: string;
  /** The collection's property path from the row (for the field mapping). */
  readonly path: readonly string[];
}

type Scope = RowScope | ElementScope;

const ROW: RowScope = { kind: 'row' };

export class QueryCompiler {
  private readonly expressions: ExpressionCompiler;
  constructor(private readonly ctx: Context) {
    this.expressions = new ExpressionCompiler(ctx);
  }

  /** A document matching exactly the rows where the predicate holds. */
  compile(node: LoweredPredicate): QueryDocument {
    return this.plain(node, ROW) ?? { $expr: this.expressions.truth(node) };
  }

  /** A document matching exactly where the predicate holds in the scope; in an element, undefined where plain operators cannot say it. */
  private document(node: LoweredPredicate, scope: Scope): QueryDocument | undefined {
    return scope.kind === 'row' ? this.compile(node) : this.plain(node, scope);
  }

  private plain(node: LoweredPredicate, scope: Scope): QueryDocument | undefined {
    switch (node.kind) {
      case 'constant':
        // Inside `$elemMatch` a constant is never needed: lower() folds it into the lambda.
        return node.value ? EVERYTHING : scope.kind === 'row' ? NOTHING : undefined;
      case 'booleanTest':
        return this.booleanTest(node, scope);
      case 'nullTest':
        return this.nullTest(node, scope);
      case 'structureNull':
        return this.structureNull(node, scope);
      case 'and':
      case 'or': {
        const parts = node.operands.map((o) => this.document(o, scope));
        if (!allDefined(parts)) return undefined;
        return (node.kind === 'and' && mergeConjuncts(parts)) || { [`$${node.kind}`]: parts };
      }
      case 'compare':
        return this.countTest(node, scope) ?? this.compare(node.asWritten ?? node, scope);
      case 'in':
        return this.in(node, scope);
      case 'exists':
        return this.exists(node, scope);
      case 'forall': {
        // Every element satisfies P: no element satisfies not P.
        const some = this.exists({ ...node, kind: 'exists', predicate: negatePredicate(node.predicate) }, scope);
        return some === undefined ? undefined : negation(some);
      }
      default:
        return assertNever(node, 'lowered predicate kind');
    }
  }

  /**
   * The document field of a path in the scope: a field of the row, or of the element (relative to
   * it, '' for a primitive element itself); undefined for a path from elsewhere (the row, or an
   * outer variable, inside `$elemMatch`), which plain operators cannot read.
   */
  private field(node: PathRead, scope: Scope): string | undefined {
    if (scope.kind === 'row') return node.source.kind === 'row' ? this.ctx.field(node) : undefined;
    if (node.source.kind !== 'variable' || node.source.name !== scope.variable) return undefined;
    return this.ctx.elementField({ ...node, path: scope.path }, { ...node, path: [...scope.path, ...node.path] });
  }

  /** { f: null } matches a null or missing field, and one under a null or missing parent. */
  private structureNull(node: StructureNullTest, scope: Scope): QueryDocument | undefined {
    if (
      scope.kind === 'element' &&
      node.source.kind === 'variable' &&
      node.source.name === scope.variable &&
      node.path.length === 0
    ) {
      // The object form of $elemMatch sees only elements that are documents, never a null one.
      return node.negated ? EVERYTHING : undefined;
    }
    const field = this.field(node, scope);
    if (field === undefined) return undefined;
    return { [field]: node.negated ? { $ne: null } : null };
  }

  /**
   * Some element satisfies the predicate: `$elemMatch`. Of primitives, its operators test each
   * element itself, as they would test a field (a null element as a null field). Of structures, it
   * is a query on each element that is a document, so a null element, where the predicate may
   * hold too (every member null), is looked for on its own (`{ $elemMatch: { $eq: null } }`).
   * `any()` is an element of any kind: `{ $elemMatch: { $exists: true } }`.
   */
  private exists(node: ExistsPredicate, scope: Scope): QueryDocument | undefined {
    const { collection } = node;
    const field = this.field({ ...collection, start: node.start, end: node.end }, scope);
    if (field === undefined || field === '') return undefined;
    if (node.predicate.kind === 'constant')
      return node.predicate.value ? { [field]: { $elemMatch: { $exists: true } } } : undefined;
    if (node.variable === undefined) return undefined;
    const element = collection.property.element;
    if (element.kind === 'primitive' && node.predicate.kind === 'or') {
      // Operators on one element have no `$or`, but some element satisfies P or Q exactly where
      // some element satisfies P or some element satisfies Q.
      const some = node.predicate.operands.map((p) => this.exists({ ...node, predicate: p }, scope));
      return allDefined(some) ? { $or: some } : undefined;
    }
    const nullElement = { [field]: { $elemMatch: { $eq: null } } };
    if (isElementNullTest(node.predicate, node.variable)) return nullElement;
    const path = scope.kind === 'row' ? collection.path : [...scope.path, ...collection.path];
    const inner = this.plain(node.predicate, { kind: 'element', variable: node.variable, path });
    if (inner === undefined) return undefined;
    if (element.kind === 'primitive') {
      const keys = Object.keys(inner);
      if (keys.length !== 1 || keys[0] !== '') return undefined;
      const test = inner[''];
      return { [field]: { $elemMatch: isOperatorObject(test) ? test : { $eq: test } } };
    }
    const some = { [field]: { $elemMatch: inner } };
    if (!element.nullable) return some;
    const onNull = holdsOnNullElement(node.predicate, node.variable);
    if (onNull === undefined) return undefined;
    return onNull ? { $or: [some, nullElement] } : some;
  }

  /**
   * `C/$count eq n` as `$size`, which is false for anything but an array (so for a null or missing
   * collection, whose count is 0, `eq 0` is "no element"). Other comparisons of a count are `$expr`.
   */
  private countTest(node: ComparePredicate, scope: Scope): QueryDocument | undefined {
    if (node.op !== 'eq') return undefined;
    const [count, other] = node.left.kind === 'count' ? [node.left, node.right] : [node.right, node.left];
    if (count.kind !== 'count' || count.predicate !== undefined || other.kind !== 'constant') return undefined;
    if (typeof other.value !== 'bigint' && !Number.isInteger(other.value)) return undefined;
    const n = BigInt(other.value as number | bigint);
    if (n < 0n || n > MAX_SIZE) return undefined;
    const field = this.field({ ...count.collection, start: count.start, end: count.end }, scope);
    if (field === undefined || field === '') return undefined;
    const test = n === 0n ? { $not: { $elemMatch: { $exists: true } } } : { $size: Number(n) };
    return node.negated ? negation({ [field]: test }) : { [field]: test };
  }

  /**
   * A Boolean value tested against true or false. "x is not true" is x false when x is never null
   * (lower() has made that a predicate), else `$nor` of "x is true": it matches exactly the
   * documents that one does not.
   */
  private booleanTest(node: BooleanTest, scope: Scope): QueryDocument | undefined {
    if (node.value.kind === 'member') {
      const field = this.field(node.value, scope);
      return field === undefined ? undefined : { [field]: node.negated ? { $ne: node.is } : node.is };
    }
    const doc = this.valueIs(node.value, node.is, scope);
    if (!node.negated || doc === undefined) return doc;
    return doc === NOTHING ? EVERYTHING : doc === EVERYTHING ? NOTHING : { $nor: [doc] };
  }

  /** A document matching exactly where the Boolean value is `is`; in an element, undefined where plain operators cannot say it. */
  private valueIs(node: LoweredValue, is: boolean, scope: Scope): QueryDocument | undefined {
    const plain = this.plainValueIs(node, is, scope);
    if (plain !== undefined || scope.kind === 'element') return plain;
    return { $expr: this.expressions.valueIs(node, is) };
  }

  private plainValueIs(node: LoweredValue, is: boolean, scope: Scope): QueryDocument | undefined {
    switch (node.kind) {
      case 'constant':
        return node.value === is ? EVERYTHING : scope.kind === 'row' ? NOTHING : undefined;
      case 'member': {
        const field = this.field(node, scope);
        return field === undefined ? undefined : { [field]: is };
      }
      case 'truth':
        return this.document(is ? node.predicate : negatePredicate(node.predicate), scope);
      case 'not':
        return this.valueIs(node.operand, !is, scope);
      case 'logical': {
        const parts = node.operands.map((o) => this.valueIs(o, is, scope));
        if (!allDefined(parts)) return undefined;
        const all = (node.op === 'and') === is;
        return (all && mergeConjuncts(parts)) || { [all ? '$and' : '$or']: parts };
      }
      case 'call':
        return this.stringTest(node, is, scope);
      // An aggregation expression: $expr says it.
      case 'functionCall':
      case 'result':
      case 'count':
      case 'convert':
      case 'negate':
      case 'arithmetic':
      case 'temporal':
      case 'cast':
      case 'guard':
      case 'collectionArgument':
        return undefined;
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /** `{ f: null }` also matches a missing field: that is the reference's `f eq null`. */
  private nullTest(node: NullTest, scope: Scope): QueryDocument | undefined {
    const member = fieldOf(node.value);
    const field = member && this.field(member, scope);
    if (field === undefined) return undefined;
    return { [field]: node.negated ? { $ne: null } : null };
  }

  private compare(node: ComparePredicate, scope: Scope): QueryDocument | undefined {
    let [op, member, other] = [node.op, fieldOf(node.left), node.right] as [
      ComparePredicate['op'],
      LoweredMember | undefined,
      LoweredValue,
    ];
    if (!member) [op, member, other] = [MIRRORED[node.op], fieldOf(node.right), node.left];
    if (!member || !isLiteral(other)) return undefined;
    // MongoDB orders BinData by length first: the expression compiler refuses an order of binaries.
    if (op !== 'eq' && member.type === 'Edm.Binary') return undefined;
    const field = this.field(member, scope);
    if (field === undefined) return undefined;
    const plain = plainValue(other, this.ctx);
    if (!plain) return undefined;
    const { value } = plain;
    if (op === 'eq') {
      if (!node.negated) return { [field]: isPrimitive(value) ? value : { $eq: value } };
      return { [field]: { $ne: value } };
    }
    // Comparison operators never match null or missing (type bracketing), and in queries NaN is
    // equal to NaN and unordered against numbers, as in the reference.
    const test = { [ORDER_OPERATORS[op]]: value };
    return { [field]: node.negated ? { $not: test } : test };
  }

  private in(node: InPredicate, scope: Scope): QueryDocument | undefined {
    const member = fieldOf(node.operand);
    const field = member && this.field(member, scope);
    if (field === undefined) return undefined;
    const values: unknown[] = [];
    for (const item of node.values) {
      if (!isLiteral(item)) return undefined;
      const plain = plainValue(item, this.ctx);
      if (!plain) return undefined;
      values.push(plain.value);
    }
    if (node.orNull) values.push(null);
    return { [field]: { [node.negated ? '$nin' : '$in']: values } };
  }

  /** A string test of a field against a constant as an anchored, escaped regex; null (no match either way) for a null field. */
  private stringTest(node: LoweredCall, is: boolean, scope: Scope): QueryDocument | undefined {
    const renderer = rendererOf(node.name);
    if (renderer.kind !== 'test') return undefined;
    const [a, b] = node.args;
    const [subject, needle] = renderer.subjectSecond ? [b, a] : [a, b];
    if (subject?.kind !== 'member' || needle?.kind !== 'constant' || needle.value === null) return undefined;
    const field = this.field(subject, scope);
    if (field === undefined) return undefined;
    const regex = { $regex: patternFor(renderer.pattern, String(needle.value)) };
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
  if (to === 'Edm.Double' || to === 'Edm.Single')
    return from === 'Edm.Double' || from === 'Edm.Single' || (isInteger(from) && from !== 'Edm.Int64');
  return true;
}

const isOperatorObject = (v: unknown): v is Record<string, unknown> =>
  v !== null &&
  typeof v === 'object' &&
  Object.getPrototypeOf(v) === Object.prototype &&
  Object.keys(v).length > 0 &&
  Object.keys(v).every((k) => k.startsWith('$'));

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
      if (!isOperatorObject(existing) || !isOperatorObject(value) || Object.keys(value).some((k) => k in existing))
        return undefined;
      merged[key] = { ...existing, ...value };
    }
  }
  return merged;
}

/**
 * The document that matches exactly where `doc` does not: a `$not` on the one field it tests when
 * it tests one with operators (`{ Tags: { $not: { $elemMatch: … } } }`), else `$nor`.
 */
function negation(doc: QueryDocument): QueryDocument {
  const keys = Object.keys(doc);
  const test = doc[keys[0]!];
  if (keys.length === 1 && !keys[0]!.startsWith('$') && isOperatorObject(test) && Object.keys(test).length === 1) {
    const [op] = Object.keys(test);
    // `$not` of `$not` is refused by MongoDB: the inner test stands as it is.
    if (op === '$not') return { [keys[0]!]: test.$not };
    return { [keys[0]!]: { $not: test } };
  }
  return { $nor: [doc] };
}

/** Whether the predicate is `v eq null` of the element itself (`Addresses/any(a: a eq null)`). */
function isElementNullTest(p: LoweredPredicate, variable: string): boolean {
  return (
    p.kind === 'structureNull' &&
    !p.negated &&
    p.path.length === 0 &&
    p.source.kind === 'variable' &&
    p.source.name === variable
  );
}

/** The largest `$size` operand: MongoDB reads it as a 32-bit integer. */
const MAX_SIZE = 2n ** 31n - 1n;

const allDefined = <T>(parts: readonly (T | undefined)[]): parts is readonly T[] => parts.every((p) => p !== undefined);

function isPrimitive(value: unknown): boolean {
  return value === null || (typeof value !== 'object' && typeof value !== 'function');
}
