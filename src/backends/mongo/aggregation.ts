// Small builders of aggregation expressions that fold what is constant: null tests, `$or` of
// tests, negation, order comparisons with the reference's nulls and NaN.

import type { CompareOp } from '../../language/operators.js';
import type { LoweredValue } from '../../lower/lowered.js';

/** An aggregation expression: plain data. */
export type Agg = unknown;

/** A value of a class (Date, a driver's Decimal128): a constant, not an expression object. */
const isValueObject = (e: object): boolean => Object.getPrototypeOf(e) !== Object.prototype && !Array.isArray(e);

export function isSimple(e: Agg): boolean {
  if (e === null || typeof e !== 'object' || isValueObject(e)) return true;
  const keys = Object.keys(e);
  return keys.length === 1 && (keys[0] === '$literal' || keys[0] === '$toDecimal') && isSimple(Object.values(e)[0]);
}

/** A constant: no field path, no variable. */
export function isConstant(e: Agg): boolean {
  if (typeof e === 'string') return !e.startsWith('$');
  if (e === null || typeof e !== 'object' || isValueObject(e)) return true;
  const keys = Object.keys(e);
  if (keys.length !== 1) return false;
  if (keys[0] === '$literal') return true;
  return keys[0] === '$toDecimal' && isConstant(Object.values(e)[0]);
}

/** A constant that is null: null itself, or a conversion of null (`{ $toDecimal: null }`). */
function isNullConstant(e: Agg): boolean {
  if (e === null) return true;
  if (typeof e !== 'object' || isValueObject(e as object)) return false;
  const keys = Object.keys(e as object);
  return keys.length === 1 && keys[0] === '$toDecimal' && isNullConstant(Object.values(e as object)[0]);
}

/** The value with missing read as null; only a field path (or a variable), or `$getField`, can be missing. */
export function orNull(e: Agg): Agg {
  // Operators return null for null or missing input, never missing; a path can be missing, and so
  // can `$getField` of a field its input lacks (a call result's `@odata.type`, docs/mongo.md).
  const missable =
    (typeof e === 'string' && e.startsWith('$')) ||
    (typeof e === 'object' && e !== null && !Array.isArray(e) && Object.hasOwn(e, '$getField'));
  return missable ? { $ifNull: [e, null] } : e;
}

/** True when the value is null or missing ($ifNull treats both alike). */
export function isNull(e: Agg): Agg {
  if (isConstant(e)) return isNullConstant(e);
  return { $eq: [{ $ifNull: [e, null] }, null] };
}

/** `$or` of the tests, folding the constant ones. */
export function anyOf(tests: readonly Agg[]): Agg {
  const open = tests.filter((t) => t !== false);
  if (open.some((t) => t === true)) return true;
  if (open.length === 0) return false;
  return open.length === 1 ? open[0] : { $or: open };
}

/** Whether a constant number (or bigint, or decimal text in $toDecimal) equals `n`. */
export function compareConstant(e: Agg, n: number): boolean | Agg {
  if (typeof e === 'number') return e === n;
  if (typeof e === 'bigint') return e === BigInt(n);
  return { $eq: [e, n] };
}

export function polarity(test: Agg, want: boolean): Agg {
  if (want) return test;
  if (typeof test === 'boolean') return !test;
  // A hoisted null test keeps its place: `not` applies to both of its answers.
  const cond = (test as { $cond?: unknown })?.$cond;
  if (Array.isArray(cond) && typeof cond[1] === 'boolean' && Object.keys(test as object).length === 1)
    return { $cond: [cond[0], !cond[1], polarity(cond[2], false)] };
  return { $not: [test] };
}

export const ORDER_OPERATORS: Record<'gt' | 'ge' | 'lt' | 'le', string> = {
  gt: '$gt',
  ge: '$gte',
  lt: '$lt',
  le: '$lte',
};

export const NOT_NAN = (e: Agg): Agg => (typeof e === 'number' && !Number.isNaN(e) ? true : { $ne: [e, Number.NaN] });

/**
 * gt/ge/lt/le with the reference's nulls (false) and NaN (unordered; ge is gt or eq). In
 * aggregation MongoDB orders null below every value and NaN below every number, so both are guarded.
 */
export function order(op: CompareOp, l: Agg, r: Agg, double: boolean, mayBeNull: boolean): Agg {
  const guards = mayBeNull
    ? [isNull(l), isNull(r)].filter((g) => g !== false).map((g) => (g === true ? true : { $not: [g] }))
    : [];
  if (guards.includes(true)) return false;
  const name = ORDER_OPERATORS[op as keyof typeof ORDER_OPERATORS];
  if (!double) return guards.length === 0 ? { [name]: [l, r] } : { $and: [...guards, { [name]: [l, r] }] };
  const strict = op === 'gt' || op === 'ge' ? '$gt' : '$lt';
  const less = { $and: [...guards, NOT_NAN(l), NOT_NAN(r), { [strict]: [l, r] }].filter((t) => t !== true) };
  if (op === 'gt' || op === 'lt') return less;
  return { $or: [less, { $and: [...guards, { $eq: [l, r] }] }] };
}

/**
 * What the function, cast and temporal renderers ask of the expression compiler
 * (src/backends/mongo/expression.ts) for their operands.
 */
export interface ValueCompiler {
  /** The value, or null/missing when it is null. */
  value(node: LoweredValue): Agg;
  /** Binds compound expressions to fresh variables so each is computed once; simple ones stay inline. */
  bind(exprs: Agg[], build: (refs: Agg[]) => Agg): Agg;
}
