// Time values finer than the unit a backend stores instants, times of day and durations in
// (docs/semantics.md §5, "Precision"): milliseconds on MongoDB and by default in SQL, microseconds
// in SQL under that option (docs/sql.md). There, every value a row gives and every value the
// engine computes from it is a whole number of the unit, so a comparison with a finer constant has
// an exact equivalent with whole ones, as src/lower/integer-comparison.ts finds for integers: in
// milliseconds, `Due gt …00.0000005Z` is `Due gt …00Z`, `Due ge …00.0000005Z` is `Due gt …00Z`
// too, `Due lt …` and `Due le …` are `Due le …00Z`, `Due eq …00.0000005Z` is false and `ne` true,
// and a finer item of an `in` list is never equal, nor a finer `x` of `x in C`. A finer constant anywhere else (arithmetic, a
// function, a cast to text) would need the engine to produce a finer value: refused by name.
// Below the least Duration's first whole unit the floor is no Duration, and the next whole unit
// bounds instead: `Wait gt duration'-PT315537897599.9999995S'` is `Wait ge -PT315537897599.999S`.

import {
  addTimes,
  compareTimes,
  floorIn,
  isFineTime,
  isWholeIn,
  negateTime,
  PS_PER_UNIT,
  timeValue,
  type TimeUnit,
  type TimeValue,
} from '../semantics/fine-time.js';
import { MAX_FINE_DURATION } from '../semantics/temporal.js';
import { MIRRORED, type CompareOp } from '../language/operators.js';
import { madeFilter } from '../types/filter-validation.js';
import { rememberFilter } from '../types/made-filters.js';
import {
  childrenOfTyped,
  mapChildrenOfTyped,
  type TypedExpr,
  type TypedFilter,
  type TypedLiteral,
} from '../types/typed.js';

/** The filter with each comparison with a constant finer than the unit made exact on whole units. */
export function toStoredPrecision(
  filter: TypedFilter,
  unit: TimeUnit,
  refuse: (literal: TypedLiteral) => never,
): TypedFilter {
  if (!hasFinerLiteral(filter.root, unit)) return filter;
  // Made of a filter check() made, by rules of its own: remembered as made, so that lower() does
  // not read it back as text (which holds no model function's call, and no bound beyond a type's
  // range).
  return rememberFilter({ ...madeFilter(filter), root: rewriterFor(unit, refuse)(filter.root) });
}

/**
 * A value (an order key's expression) with each comparison with a constant finer than the unit
 * made exact, as {@link toStoredPrecision} makes a filter's: an order and the rows after a keyset
 * token read the same comparisons.
 */
export function valueAtStoredPrecision(
  expression: TypedExpr,
  unit: TimeUnit,
  refuse: (literal: TypedLiteral) => never,
): TypedExpr {
  return hasFinerLiteral(expression, unit) ? rewriterFor(unit, refuse)(expression) : expression;
}

/** A time literal that is not a whole number of the unit. */
function isFiner(node: TypedExpr, unit: TimeUnit): node is TypedLiteral {
  return node.kind === 'literal' && isFineTime(node.value) && !isWholeIn(node.value, unit);
}

/** Walked with a stack, so that a filter without one costs one linear pass at any depth. */
function hasFinerLiteral(root: TypedExpr, unit: TimeUnit): boolean {
  const stack: TypedExpr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isFiner(node, unit)) return true;
    stack.push(...childrenOfTyped(node));
  }
  return false;
}

/** The rewriting of a tree (and, recursively, of its children) for one unit. */
function rewriterFor(unit: TimeUnit, refuse: (literal: TypedLiteral) => never): (node: TypedExpr) => TypedExpr {
  /** A finer literal, or one converted between the instant types (which keeps its value). */
  const finerConstant = (node: TypedExpr): TypedLiteral | undefined => {
    const literal = node.kind === 'convert' ? node.operand : node;
    return isFiner(literal, unit) ? { ...literal, type: node.type } : undefined;
  };
  const rewrite = (node: TypedExpr): TypedExpr => {
    if (isFiner(node, unit)) return refuse(node);
    if (node.kind === 'compare') {
      const right = finerConstant(node.right);
      const left = right ? undefined : finerConstant(node.left);
      const [other, bound, op] = right
        ? [node.left, right, node.op]
        : left
          ? [node.right, left, MIRRORED[node.op]]
          : [undefined, undefined, node.op];
      if (other && bound && !finerConstant(other)) {
        const span = { start: node.start, end: node.end };
        if (op === 'eq' || op === 'ne') return { kind: 'literal', type: 'Edm.Boolean', value: op === 'ne', ...span };
        const above = op === 'gt' || op === 'ge';
        const floor = floorIn(bound.value as TimeValue, unit);
        // The least Duration is finer than every unit, so a bound below its first whole unit has
        // a floor that is no Duration: there the bound is compared with its ceiling, the next
        // whole unit (`gt floor` is `ge ceiling`, `le floor` is `lt ceiling`).
        const [wholeOp, whole]: [CompareOp, TimeValue] = isValueOf(bound.type, floor)
          ? [above ? 'gt' : 'le', floor]
          : [above ? 'ge' : 'lt', addTimes(floor, oneUnit(unit))];
        const wholeBound: TypedLiteral = { ...bound, value: whole };
        return { kind: 'compare', type: 'Edm.Boolean', op: wholeOp, left: rewrite(other), right: wholeBound, ...span };
      }
    }
    if (node.kind === 'in') {
      const list = node.list.filter((item) => !isFiner(item, unit));
      if (list.length < node.list.length) {
        const span = { start: node.start, end: node.end };
        if (list.length === 0) return { kind: 'literal', type: 'Edm.Boolean', value: false, ...span };
        // Only nulls left: `x in (null)` is `x eq null` (a list of nulls alone would type as String).
        if (list.every((item) => item.kind === 'null')) {
          const operand = rewrite(node.operand);
          if (operand.kind === 'null') return { kind: 'literal', type: 'Edm.Boolean', value: true, ...span };
          const nothing: TypedExpr = { ...list[0]!, type: operand.type };
          return { kind: 'compare', type: 'Edm.Boolean', op: 'eq', left: operand, right: nothing, ...span };
        }
        return rewrite({ ...node, list });
      }
    }
    const rewritten = mapChildrenOfTyped(node, rewrite);
    // `x in C` with a finer x is `C/any(v: v eq x)` whose body is now false, and an `any` whose body
    // is false holds for no collection: false, as check() reads the text (a lambda over the element
    // variable of an `in` with any other body is no tree it makes).
    if (rewritten.kind === 'lambda' && rewritten.op === 'any' && isFalse(rewritten.body))
      return { kind: 'literal', type: 'Edm.Boolean', value: false, start: node.start, end: node.end };
    return rewritten;
  };
  return rewrite;
}

/** One unit, as a value. */
const oneUnit = (unit: TimeUnit): TimeValue => timeValue(0, PS_PER_UNIT[unit]);

/**
 * Whether a whole value at or below a bound of the type is still one of its values: only a
 * Duration's floor can leave the type, below its least value (instants and times of day start at a
 * whole unit).
 */
const isValueOf = (type: string, value: TimeValue): boolean =>
  type !== 'Edm.Duration' || compareTimes(value, negateTime(MAX_FINE_DURATION)) >= 0;

const isFalse = (node: TypedExpr | undefined): boolean =>
  node?.kind === 'literal' && node.type === 'Edm.Boolean' && node.value === false;
