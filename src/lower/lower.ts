// lower(): a checked filter to the lowered form (src/lower/lowered.ts, docs/lowering.md). A pure
// pass dispatched through two tables keyed by every typed node kind: one for a node whose truth is
// wanted (the root, operands of `and`/`or`/`not`), one for a node whose value is used.

import { handlerOf } from '../dispatch.js';
import type {
  TypedCast,
  TypedCollection,
  TypedCompare,
  TypedCount,
  TypedGuard,
  TypedExpr,
  TypedFilter,
  TypedHas,
  TypedIn,
  TypedIsOf,
  TypedKind,
  TypedLambda,
  TypedLogical,
  TypedNot,
  TypedTemporal,
  TypedFunctionCall,
  TypedCallOf,
  TypedCollectionArgument,
  TypedCollectionBinding,
  TypedResult,
} from '../types/typed.js';
import { canFail, conversionOf } from '../types/conversions.js';
import { assertNever } from '../assert-never.js';
import type { FunctionName } from '../language/functions.js';
import { malformedTree } from '../errors.js';
import { madeFilter } from '../types/filter-validation.js';
import { integerRange } from './integer-range.js';
import { integerComparison } from './integer-comparison.js';
import { callsNow, readClock, withNow, type ClockOption } from './now.js';
import { negateTime, type TimeValue } from '../semantics/fine-time.js';
import { foldTemporal, MAX_DATETIME, MIN_DATETIME } from './temporal.js';
import { andOf, constantPredicate, negatePredicate, orOf, quantified } from './predicates.js';
import type {
  LoweredCollection,
  LoweredConstant,
  LoweredFilter,
  LoweredFunctionCall,
  LoweredCallOf,
  LoweredElements,
  LoweredMember,
  LoweredPredicate,
  LoweredTruth,
  LoweredValue,
} from './lowered.js';

/** `clock`: what `now()` is, read once when the filter calls it (src/lower/now.ts). */
export function lower(given: TypedFilter, options: ClockOption = {}): LoweredFilter {
  // A filter check() did not make is read back first: no backend renders a tree it could not make.
  const filter = madeFilter(given);
  const root = callsNow(filter.root) ? withNow(filter.root, readClock(options.clock, filter.text)) : filter.root;
  return { root: lowerPredicate(root, true), schema: filter.schema, text: filter.text };
}

/** The predicate that holds where the node's value is `want` (true, or false). */
export function lowerPredicate(node: TypedExpr, want: boolean): LoweredPredicate {
  return handlerOf<(node: TypedExpr, want: boolean) => LoweredPredicate>(
    PREDICATES,
    node,
    'typed node kind',
  )(node, want);
}

/** The node as a value, null where it is null. */
export function lowerValue(node: TypedExpr): LoweredValue {
  return handlerOf<(node: TypedExpr) => LoweredValue>(VALUES, node, 'typed node kind')(node);
}

/** A handler per typed node kind, taking that kind's node; adding a kind without one is a compile error. */
type ByKind<A extends unknown[], R> = {
  readonly [K in TypedKind]: (node: Extract<TypedExpr, { kind: K }>, ...rest: A) => R;
};

// ---------------------------------------------------------------------------------------------
// Predicates

const notBoolean = (node: TypedExpr): never => {
  throw malformedTree(node, `a ${node.kind} node where a condition is expected`);
};

const PREDICATES = {
  literal: (node, want) => constantPredicate(node.value === want, node),
  // `null` as a condition is null, which is neither true nor false.
  null: (node) => constantPredicate(false, node),
  member: (node, want) => booleanTest(lowerValue(node), want, false, node),
  structureNull: (node, want) => ({
    kind: 'structureNull',
    source: node.source,
    path: node.path,
    property: node.property,
    nullable: node.nullable,
    op: node.op,
    negated: (node.op === 'eq') !== want,
    start: node.start,
    end: node.end,
  }),
  call: (node, want) => booleanTest(lowerValue(node), want, false, node),
  functionCall: (node, want) => booleanTest(lowerValue(node), want, false, node),
  result: (node, want) => booleanTest(lowerValue(node), want, false, node),
  cast: (node, want) => booleanTest(lowerValue(node), want, false, node),
  isof: (node, want) => isofPredicate(node, want),
  has: (node, want) => hasPredicate(node, want),
  not: (node, want) => lowerPredicate(node.operand, !want),
  logical: (node, want) => logicalPredicate(node, want),
  compare: (node, want) => comparePredicate(node, want),
  in: (node, want) => inPredicate(node, want),
  lambda: (node, want) => lambdaPredicate(node, want),
  // The value where the condition holds, else the constant: wanted `want`, (c and v) or (not c and k).
  guard: (node, want) =>
    orOf(
      [
        andOf([lowerPredicate(node.condition, true), lowerPredicate(node.value, want)], node),
        andOf(
          [
            lowerPredicate(node.condition, false),
            constantPredicate(node.otherwise.kind === 'literal' && node.otherwise.value === want, node),
          ],
          node,
        ),
      ],
      node,
    ),
  count: notBoolean,
  collectionArgument: notBoolean,
  negate: notBoolean,
  arithmetic: notBoolean,
  temporal: notBoolean,
  convert: notBoolean,
} satisfies ByKind<[want: boolean], LoweredPredicate>;

/**
 * `isof(x, T)` holds where x is not null and `cast(x, T)` is not null (docs/semantics.md §11):
 * the null test of the cast where the conversion can fail, else of x; false where OData defines
 * no conversion.
 */
function isofPredicate(node: TypedIsOf, want: boolean): LoweredPredicate {
  const conversion = conversionOf(node.operand.type, node.target);
  if (conversion === 'none') return constantPredicate(!want, node);
  const tested: TypedExpr = canFail(conversion)
    ? { kind: 'cast', type: node.target, operand: node.operand, start: node.start, end: node.end }
    : node.operand;
  return nullTest(lowerValue(tested), want, node);
}

/**
 * `x has v` (docs/semantics.md §12): for each bit b set in v, `(x div 2^b) mod 2 eq 1`, on x as an
 * Int64 (a value of the type is never negative where it has flags to test); with no bit set,
 * `x ne null`. Integer arithmetic every backend computes exactly, so `has` needs no operator of
 * its own anywhere.
 */
function hasPredicate(node: TypedHas, want: boolean): LoweredPredicate {
  const span = { start: node.start, end: node.end };
  const int64 = (value: bigint): TypedExpr => ({ kind: 'literal', type: 'Edm.Int64', value, ...span });
  const x: TypedExpr =
    node.operand.type === 'Edm.Int64'
      ? node.operand
      : { kind: 'convert', type: 'Edm.Int64', operand: node.operand, ...span };
  const mask = BigInt(node.value.value as number | bigint);
  if (mask === 0n)
    return lowerPredicate(
      {
        kind: 'compare',
        type: 'Edm.Boolean',
        op: 'ne',
        left: x,
        right: { kind: 'null', type: 'Edm.Int64', ...span },
        ...span,
      },
      want,
    );
  const tests: TypedExpr[] = [];
  for (let bit = 0n; mask >> bit > 0n; bit++) {
    if (((mask >> bit) & 1n) === 0n) continue;
    const shifted: TypedExpr = {
      kind: 'arithmetic',
      type: 'Edm.Int64',
      op: 'div',
      left: x,
      right: int64(1n << bit),
      ...span,
    };
    const parity: TypedExpr = {
      kind: 'arithmetic',
      type: 'Edm.Int64',
      op: 'mod',
      left: shifted,
      right: int64(2n),
      ...span,
    };
    tests.push({ kind: 'compare', type: 'Edm.Boolean', op: 'eq', left: parity, right: int64(1n), ...span });
  }
  const all: TypedExpr =
    tests.length === 1 ? tests[0]! : { kind: 'logical', type: 'Edm.Boolean', op: 'and', operands: tests, ...span };
  return lowerPredicate(all, want);
}

/**
 * `any(v: p)` holds where p is true for some element, `all(v: p)` where it is true for every one
 * (a null p fails an element). Wanted false, they are the negations: `any` wanted false is every
 * element's p not true, `all` wanted false some element's p not true.
 */
function lambdaPredicate(node: TypedLambda, want: boolean): LoweredPredicate {
  const body = node.body === undefined ? constantPredicate(true, node) : lowerPredicate(node.body, true);
  const collection = lowerCollection(node.collection);
  const some = node.op === 'any';
  if (some === want) return quantified('exists', collection, node.variable, some ? body : negatePredicate(body), node);
  return quantified('forall', collection, node.variable, some ? negatePredicate(body) : body, node);
}

/** A guarded value: decided where the condition is a constant, else the value where it holds and the constant elsewhere. */
function guardValue(node: TypedGuard): LoweredValue {
  const condition = lowerPredicate(node.condition, true);
  const value = lowerValue(node.value);
  const otherwise = lowerValue(node.otherwise) as LoweredConstant;
  if (condition.kind === 'constant') return condition.value ? value : otherwise;
  return {
    kind: 'guard',
    condition,
    value,
    otherwise,
    ...facts(node, value.nullable || otherwise.value === null, undefined),
  };
}

/**
 * A call of a model's function: null where its binding is null, without a call (docs/semantics.md
 * §15); its arguments, null ones too, go to the implementation.
 */
function functionCallValue(node: TypedFunctionCall): LoweredValue {
  const { call: parts, present } = lowerCall(node);
  if (present?.kind === 'constant' && !present.value) return constant(node, null);
  const call: LoweredFunctionCall = { kind: 'functionCall', ...parts, ...facts(node, true, undefined) };
  if (present === undefined || present.kind === 'constant') return call;
  return {
    kind: 'guard',
    condition: present,
    value: call,
    otherwise: constant(node, null),
    ...facts(node, true, undefined),
  };
}

/**
 * A collection argument: a JSON array's values lowered one by one (a null value stays an element),
 * or a path's elements, as a collection binding's are. Never null.
 */
function collectionArgumentValue(node: TypedCollectionArgument): LoweredValue {
  const given = node.elements;
  const elements = 'kind' in given ? lowerElements(given) : given.map(lowerValue);
  const structure = node.structure && { structure: node.structure };
  const slots = node.slots && { slots: node.slots.map(lowerValue) };
  return { kind: 'collectionArgument', ...structure, elements, ...slots, ...facts(node, false, []) };
}

/** A collection passed whole: its elements, those where its body holds when it has one. */
function lowerElements(binding: TypedCollectionBinding): LoweredElements {
  // Never null: a null or missing collection is passed as an empty one.
  const predicate = binding.body === undefined ? undefined : lowerPredicate(binding.body, true);
  return {
    kind: 'collection',
    collection: lowerCollection(binding.collection),
    variable: binding.variable,
    members: binding.members,
    predicate: predicate?.kind === 'constant' && predicate.value ? undefined : predicate,
  };
}

/**
 * A call's parts lowered, and where it is made: `present`, the test that its binding is not null
 * (undefined where it never is; the constant false for a binding that is the null constant).
 */
function lowerCall(node: TypedCallOf): { call: LoweredCallOf; present: LoweredPredicate | undefined } {
  const binding = node.binding;
  const args = node.args.map(lowerValue);
  let present: LoweredPredicate | undefined;
  let bound: LoweredFunctionCall['binding'];
  if (binding === undefined) bound = undefined;
  else if (binding.kind === 'collection') bound = lowerElements(binding);
  else if (binding.kind === 'structure') {
    const { source, path, property, members, nullable } = binding;
    bound = { kind: 'structure', source, path, members };
    if (property !== undefined && nullable)
      present = {
        kind: 'structureNull',
        source,
        path,
        property,
        nullable,
        op: 'ne',
        negated: true,
        start: node.start,
        end: node.end,
      };
  } else {
    bound = lowerValue(binding);
    if (isNull(bound)) present = constantPredicate(false, node);
    else if (bound.nullable) present = nullTest(bound, true, node);
  }
  const call: LoweredCallOf = { function: node.function, binding: bound, args, start: node.start, end: node.end };
  return { call, present };
}

/**
 * What reads a call's result: where the call is not made (its binding null), the result is null,
 * which the reads see as a null structure or an empty collection (docs/semantics.md §15).
 */
function resultValue(node: TypedResult): LoweredValue {
  const value = lowerValue(node.read);
  // A read that does not depend on the result (a constant) needs no call.
  if (value.kind === 'constant') return value;
  const lowered = lowerCall(node.call);
  const made = node.made === undefined ? [] : [lowerPredicate(node.made, true)];
  const present = andOf([...(lowered.present === undefined ? [] : [lowered.present]), ...made], node);
  return {
    kind: 'result',
    call: lowered.call,
    present: present.kind === 'constant' && present.value ? undefined : present,
    variable: node.variable,
    element: node.element,
    value,
    ...facts(node, value.nullable, undefined),
  };
}

/** `C/$count`, of the elements where the body is true when it has one: no element counts where it is false or null. */
function countValue(node: TypedCount): LoweredValue {
  const predicate = node.body === undefined ? undefined : lowerPredicate(node.body, true);
  if (predicate?.kind === 'constant' && !predicate.value) return constant(node, 0n);
  const restricted = predicate !== undefined && predicate.kind !== 'constant';
  return {
    kind: 'count',
    collection: lowerCollection(node.collection),
    variable: restricted ? node.variable : undefined,
    predicate: restricted ? predicate : undefined,
    type: 'Edm.Int64',
    nullable: false,
    nullDecidedBy: [],
    range: integerRange(node),
    start: node.start,
    end: node.end,
  };
}

function lowerCollection(c: TypedCollection): LoweredCollection {
  return { source: c.source, path: c.path, property: c.property };
}

/** `and` wanted true is every operand true; wanted false, some operand false (and dually for `or`). */
function logicalPredicate(node: TypedLogical, want: boolean): LoweredPredicate {
  const operands = node.operands.map((o) => lowerPredicate(o, want));
  return (node.op === 'and') === want ? andOf(operands, node) : orOf(operands, node);
}

/** A test of a Boolean value against true or false; a constant or a predicate's truth is decided here. */
function booleanTest(value: LoweredValue, is: boolean, negated: boolean, span: TypedExpr): LoweredPredicate {
  if (value.kind === 'constant') return constantPredicate((value.value === is) !== negated, span);
  if (value.kind === 'truth') return is !== negated ? value.predicate : negatePredicate(value.predicate);
  return { kind: 'booleanTest', value, is, negated, start: span.start, end: span.end };
}

/** Whether the value is null; decided here for a value that is null, or that no row makes null. */
function nullTest(value: LoweredValue, negated: boolean, span: { start: number; end: number }): LoweredPredicate {
  if (value.kind === 'constant') return constantPredicate((value.value === null) !== negated, span);
  if (value.kind === 'truth') return constantPredicate(negated, span);
  return { kind: 'nullTest', value, negated, start: span.start, end: span.end };
}

const isBooleanConstant = (v: LoweredValue): v is LoweredConstant & { value: boolean } =>
  v.kind === 'constant' && typeof v.value === 'boolean';

function comparePredicate(typed: TypedCompare, want: boolean): LoweredPredicate {
  const rewritten = integerComparison(typed);
  if (rewritten?.kind === 'literal') return constantPredicate(rewritten.value === want, typed);
  if (rewritten?.kind !== 'compare') return lowerComparison(typed, typed, want);
  const lowered = lowerComparison(rewritten, typed, want);
  // The comparison as written stays beside its rewrite, for a backend that compares it exactly as it is.
  const asWritten = lowerComparison(typed, typed, want);
  return lowered.kind === 'compare' && asWritten.kind === 'compare' ? { ...lowered, asWritten } : lowered;
}

function lowerComparison(node: TypedCompare, typed: TypedCompare, want: boolean): LoweredPredicate {
  const left = lowerValue(node.left);
  const right = lowerValue(node.right);
  const span = { start: typed.start, end: typed.end };
  const isNullConstant = (v: LoweredValue): boolean => v.kind === 'constant' && v.value === null;
  if (node.op === 'eq' || node.op === 'ne') {
    // Where the comparison wants "equal" (eq wanted true, ne wanted false) or "not equal".
    const equal = (node.op === 'eq') === want;
    if (isNullConstant(left) && isNullConstant(right)) return constantPredicate(equal, typed);
    if (isNullConstant(left) || isNullConstant(right))
      return nullTest(isNullConstant(left) ? right : left, !equal, typed);
    if (isBooleanConstant(left) && isBooleanConstant(right))
      return constantPredicate((left.value === right.value) === equal, typed);
    if (isBooleanConstant(left)) return booleanTest(right, left.value, !equal, typed);
    if (isBooleanConstant(right)) return booleanTest(left, right.value, !equal, typed);
    return { kind: 'compare', op: 'eq', left, right, negated: !equal, ...span };
  }
  // An order comparison with a null operand is false, not null.
  if (isNullConstant(left) || isNullConstant(right)) return constantPredicate(!want, typed);
  return { kind: 'compare', op: node.op, left, right, negated: !want, ...span };
}

/** `x in (…)` is a chain of `eq`: true where x equals an item, or is null and null is listed. */
function inPredicate(node: TypedIn, want: boolean): LoweredPredicate {
  const operand = lowerValue(node.operand);
  const items = node.list.map(lowerValue) as LoweredConstant[];
  const values = items.filter((i) => i.value !== null);
  const listsNull = values.length < items.length;
  if (values.length === 0) return listsNull ? nullTest(operand, !want, node) : constantPredicate(!want, node);
  if (operand.kind === 'constant' && operand.value === null) return constantPredicate(listsNull === want, node);
  const orNull = listsNull && operand.kind !== 'constant' && operand.kind !== 'truth';
  return { kind: 'in', operand, values, orNull, negated: !want, start: node.start, end: node.end };
}

// ---------------------------------------------------------------------------------------------
// Values

/** Functions whose result is null only for a null argument (`concat` and `replace` also beyond the string bound). */
const NULL_ONLY_FROM_ARGUMENTS: { readonly [N in FunctionName]: boolean } = {
  substringof: true,
  contains: true,
  startswith: true,
  endswith: true,
  length: true,
  indexof: true,
  replace: false,
  substring: true,
  tolower: true,
  toupper: true,
  trim: true,
  concat: false,
  year: true,
  month: true,
  day: true,
  hour: true,
  minute: true,
  second: true,
  round: true,
  floor: true,
  ceiling: true,
  datetime: true,
  datetimeoffset: true,
  fractionalseconds: true,
  date: true,
  time: true,
  totaloffsetminutes: true,
  totalseconds: true,
  // Constants: decided here, never null.
  now: true,
  mindatetime: true,
  maxdatetime: true,
};

const VALUES = {
  literal: (node) => constant(node, node.value),
  null: (node) => constant(node, null),
  member: (node) => {
    const member: { -readonly [K in keyof LoweredMember]: LoweredMember[K] } = {
      kind: 'member',
      source: node.source,
      path: node.path,
      property: node.property,
      type: node.type,
      nullable: node.nullable,
      nullDecidedBy: undefined,
      range: integerRange(node),
      start: node.start,
      end: node.end,
    };
    member.nullDecidedBy = [member];
    return member;
  },
  convert: (node) => {
    const operand = lowerValue(node.operand);
    if (isNull(operand)) return constant(node, null);
    return { kind: 'convert', operand, ...facts(node, operand.nullable, operand.nullDecidedBy) };
  },
  negate: (node) => {
    const operand = lowerValue(node.operand);
    if (isNull(operand)) return constant(node, null);
    // A negated Duration constant is one (`now() sub -duration'P1D'` folds); its negation is in range.
    if (operand.kind === 'constant' && node.type === 'Edm.Duration')
      return constant(node, negateTime(operand.value as TimeValue));
    return { kind: 'negate', operand, ...facts(node, operand.nullable, operand.nullDecidedBy) };
  },
  arithmetic: (node) => {
    const left = lowerValue(node.left);
    const right = lowerValue(node.right);
    if (isNull(left) || isNull(right)) return constant(node, null);
    // `divby` is `div` on operands the checker converted to the quotient's type (docs/semantics.md §4).
    const op = node.op === 'divby' ? 'div' : node.op;
    // Division and remainder by zero are null; by a non-zero constant they are not.
    const byZero = (op === 'div' || op === 'mod') && !(right.kind === 'constant' && !isZero(right.value));
    const nullable = left.nullable || right.nullable || byZero;
    return {
      kind: 'arithmetic',
      op,
      left,
      right,
      ...facts(node, nullable, byZero ? undefined : union([left, right])),
    };
  },
  temporal: (node) => temporalValue(node),
  cast: (node) => castValue(node),
  isof: (node) => truthValue(lowerPredicate(node, true), node),
  has: (node) => truthValue(lowerPredicate(node, true), node),
  call: (node) => {
    if (node.name === 'mindatetime') return constant(node, MIN_DATETIME);
    if (node.name === 'maxdatetime') return constant(node, MAX_DATETIME);
    // lower() has put the clock's instant in place of every now().
    if (node.name === 'now') throw malformedTree(node, 'now() left for the lowering to decide');
    const args = node.args.map(lowerValue);
    // Every function is null for a null argument.
    if (args.some(isNull)) return constant(node, null);
    const own = !NULL_ONLY_FROM_ARGUMENTS[node.name];
    const nullable = own || args.some((a) => a.nullable);
    return { kind: 'call', name: node.name, args, ...facts(node, nullable, own ? undefined : union(args)) };
  },
  compare: (node) => truthValue(lowerPredicate(node, true), node),
  in: (node) => truthValue(lowerPredicate(node, true), node),
  structureNull: (node) => truthValue(lowerPredicate(node, true), node),
  lambda: (node) => truthValue(lowerPredicate(node, true), node),
  count: (node) => countValue(node),
  guard: (node) => guardValue(node),
  functionCall: (node) => functionCallValue(node),
  result: (node) => resultValue(node),
  collectionArgument: (node) => collectionArgumentValue(node),
  not: (node) => notValue(node),
  logical: (node) => logicalValue(node),
} satisfies ByKind<[], LoweredValue>;

/**
 * `cast(x, T)`: x itself where the value is kept (a `convert` where the type changes), else a
 * `cast` node, null-able where the conversion can fail (docs/semantics.md §11).
 */
function castValue(node: TypedCast): LoweredValue {
  const operand = lowerValue(node.operand);
  if (isNull(operand)) return constant(node, null);
  const conversion = conversionOf(operand.type, node.type);
  switch (conversion) {
    case 'same':
      return operand.type === node.type
        ? operand
        : { kind: 'convert', operand, ...facts(node, operand.nullable, operand.nullDecidedBy) };
    case 'toString':
      return { kind: 'cast', conversion, operand, ...facts(node, operand.nullable, operand.nullDecidedBy) };
    case 'toInteger':
    case 'toDecimal':
    case 'toDouble':
    case 'fromString':
      return { kind: 'cast', conversion, operand, ...facts(node, true, undefined) };
    case 'none':
      throw malformedTree(node, `no cast from ${operand.type} to ${node.type}`);
    default:
      return assertNever(conversion);
  }
}

/** Date-time arithmetic: decided where both operands are constants, null-able (it may leave its range) otherwise. */
function temporalValue(node: TypedTemporal): LoweredValue {
  const left = lowerValue(node.left);
  const right = lowerValue(node.right);
  if (isNull(left) || isNull(right)) return constant(node, null);
  if (left.kind === 'constant' && right.kind === 'constant') return constant(node, foldTemporal(node, left, right));
  return { kind: 'temporal', op: node.op, left, right, ...facts(node, true, undefined), type: node.type };
}

const isNull = (v: LoweredValue): boolean => v.kind === 'constant' && v.value === null;
const isTruth = (v: LoweredValue): v is LoweredTruth => v.kind === 'truth';

function isZero(value: LoweredConstant['value']): boolean {
  if (typeof value === 'bigint') return value === 0n;
  return Number(value) === 0;
}

/** The facts every value carries, for a value made from `node`. */
function facts(node: TypedExpr, nullable: boolean, nullDecidedBy: readonly LoweredMember[] | undefined) {
  return { type: node.type, nullable, nullDecidedBy, range: integerRange(node), start: node.start, end: node.end };
}

function constant(node: TypedExpr, value: LoweredConstant['value']): LoweredConstant {
  return { kind: 'constant', value, ...facts(node, value === null, value === null ? undefined : []) };
}

/** The members of several values' `nullDecidedBy`, each once; undefined when any is. */
function union(values: readonly LoweredValue[]): readonly LoweredMember[] | undefined {
  // Most often one value brings members and the rest are constants: its list is the union.
  let only: readonly LoweredMember[] | undefined;
  let several = false;
  for (const v of values) {
    if (v.nullDecidedBy === undefined) return undefined;
    if (v.nullDecidedBy.length === 0) continue;
    if (only === undefined) only = v.nullDecidedBy;
    else several = true;
  }
  if (!several) return only ?? [];
  const seen = new Map<string, LoweredMember>();
  for (const v of values) {
    for (const m of v.nullDecidedBy!) {
      const key = `${m.source.kind === 'variable' ? m.source.name : '$it'}:${m.path.join('/')}`;
      if (!seen.has(key)) seen.set(key, m);
    }
  }
  return [...seen.values()];
}

/** A predicate as a Boolean value: a constant when it is one. */
function truthValue(predicate: LoweredPredicate, node: TypedExpr): LoweredValue {
  if (predicate.kind === 'constant') return constant(node, predicate.value);
  return {
    kind: 'truth',
    predicate,
    type: 'Edm.Boolean',
    nullable: false,
    nullDecidedBy: [],
    range: undefined,
    start: node.start,
    end: node.end,
  };
}

/** Three-valued `not`: decided for a constant, a predicate's negation where the operand is never null. */
function notValue(node: TypedNot): LoweredValue {
  const operand = lowerValue(node.operand);
  if (operand.kind === 'constant') return constant(node, typeof operand.value === 'boolean' ? !operand.value : null);
  if (operand.kind === 'truth') return truthValue(negatePredicate(operand.predicate), node);
  return {
    kind: 'not',
    operand,
    type: 'Edm.Boolean',
    nullable: operand.nullable,
    nullDecidedBy: operand.nullDecidedBy,
    range: undefined,
    start: node.start,
    end: node.end,
  };
}

/**
 * Three-valued `and`/`or`: a deciding constant (false for `and`, true for `or`) decides it, the
 * other Boolean constant drops out, and operands that are all never null make a predicate.
 */
function logicalValue(node: TypedLogical): LoweredValue {
  const decides = node.op === 'or';
  const operands: LoweredValue[] = [];
  for (const o of node.operands) {
    const v = lowerValue(o);
    if (v.kind === 'constant' && v.value === decides) return constant(node, decides);
    if (v.kind === 'constant' && v.value === !decides) continue;
    operands.push(v);
  }
  if (operands.length === 0) return constant(node, !decides);
  if (operands.length === 1) return operands[0]!;
  if (operands.every(isTruth)) {
    const predicates = operands.map((v) => v.predicate);
    return truthValue(node.op === 'and' ? andOf(predicates, node) : orOf(predicates, node), node);
  }
  const nullable = operands.some((v) => v.nullable);
  return {
    kind: 'logical',
    op: node.op,
    operands,
    type: 'Edm.Boolean',
    nullable,
    nullDecidedBy: undefined,
    range: undefined,
    start: node.start,
    end: node.end,
  };
}
