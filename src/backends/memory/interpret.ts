// Compiles a lowered filter to a tree of closures: the path for environments that forbid
// `new Function` (a strict Content-Security-Policy). Same representations and helpers as the
// generated code, so the two agree value for value. This file walks the lowered form; the reads
// of row values are in closure-reads.ts, the operations on values in value-operations.ts.

import type { Decimal } from 'decimal.js';
import { isFineTime, type TimeValue } from '../../semantics/fine-time.js';
import type { TypedExpr, TypedFilter, TypedMember } from '../../types/typed.js';
import type { PrimitiveProperty } from '../../types/schema.js';
import { lowerValue } from '../../lower/lower.js';
import type {
  ComparePredicate,
  ExistsPredicate,
  ForallPredicate,
  LoweredConstant,
  LoweredCount,
  LoweredFilter,
  LoweredPredicate,
  LoweredValue,
} from '../../lower/lowered.js';
import { assertNever } from '../../assert-never.js';
import {
  constantOf,
  convertRepr,
  literalValue,
  refuseDecimalsBeyondModel,
  reprOf,
  workingRepr,
  type Repr,
} from './plan.js';
import { isPredicateFunction } from '../../language/functions.js';
import * as rt from './runtime.js';
import { limitOnExhaustion, malformedTree } from '../../errors.js';
import { type Env, type Eval, type Row, type Scope, slotOf, type Test } from './closure-scope.js';
import { collectionReader, member, memberPresent, structureIsNull } from './closure-reads.js';
import { arithmetic, equality, FUNCTIONS, ordering, PREDICATES, strictCall } from './value-operations.js';
import { functionCall, resultRead } from './function-calls.js';
import type { FunctionRegistry } from '../../lower/function-registry.js';

export function compileClosures(
  filter: TypedFilter,
  lowered: LoweredFilter,
  trusted: boolean,
  functions?: FunctionRegistry,
): (row: unknown) => boolean {
  refuseDecimalsBeyondModel(filter);
  const scope: Scope =
    functions === undefined ? { slots: new Map(), trusted } : { slots: new Map(), trusted, functions };
  const test = truth(lowered.root, scope);
  const slots = scope.slots.size;
  const exhausted = (error: unknown): unknown => limitOnExhaustion(error, TOO_DEEP, filter.root, filter.text);
  if (trusted) {
    return (row) => {
      try {
        return test(row as Row, slots === 0 ? NO_ELEMENTS : new Array<unknown>(slots));
      } catch (error) {
        // Nothing was checked: whatever a row that broke the promise made fail is its RowValueError.
        throw rt.brokenRowPromise(exhausted(error), row, true);
      }
    };
  }
  return (row) => {
    if (row === null || typeof row !== 'object') rt.badRow(row);
    try {
      return test(row as Row, slots === 0 ? NO_ELEMENTS : new Array<unknown>(slots));
    } catch (error) {
      // Closures recurse per level: a filter nested far beyond the default limits can exhaust the stack.
      throw exhausted(error);
    }
  };
}

/**
 * A reader of a row's value of a primitive property, as a filter reads it (checked against its
 * declared type, in its in-memory representation; null for null or missing): what applyQuery
 * orders rows by.
 */
export function compileMemberReader(
  property: PrimitiveProperty,
  path: readonly string[],
): { readonly read: (row: unknown) => unknown; readonly repr: Repr } {
  const member: TypedMember = {
    kind: 'member',
    type: property.type,
    source: { kind: 'row' },
    path,
    property,
    nullable: true,
    start: 0,
    end: 0,
  };
  return compileValueReader(member);
}

/**
 * A checked expression of the row (an `orderby` item's) as a function of the row, with its
 * representation; `functions` implement the model's functions it calls.
 */
export function compileValueReader(
  expression: TypedExpr,
  functions?: FunctionRegistry,
): {
  readonly read: (row: unknown) => unknown;
  readonly repr: Repr;
} {
  const node = lowerValue(expression);
  const read = value(
    node,
    functions === undefined ? { slots: new Map(), trusted: false } : { slots: new Map(), trusted: false, functions },
  );
  return { read: (row) => read(row as Row, NO_ELEMENTS), repr: reprOf(node) };
}

/** The environment of a filter without lambdas: never written. */
const NO_ELEMENTS: Env = [];

/** The message of the 'limit' error for a filter nested too deeply for this runtime's stack. */
export const TOO_DEEP = 'Filter is too deeply nested for the in-memory backend; parse it with lower limits';

function as(f: Eval, from: Repr, to: Repr): Eval {
  if (from === to) return f;
  return (row, env) => {
    const v = f(row, env);
    return v === null ? null : convertRepr(v, from, to);
  };
}

function valueAs(node: LoweredValue, repr: Repr, scope: Scope): Eval {
  return as(value(node, scope), reprOf(node), repr);
}

function value(node: LoweredValue, scope: Scope): Eval {
  const repr = reprOf(node);
  switch (node.kind) {
    case 'constant': {
      const v = literalValue(node, repr);
      return () => v;
    }
    case 'convert': {
      // A constant converted once, here.
      const c = constantOf(node);
      if (c) {
        const v = c.value;
        return () => v;
      }
      return valueAs(node.operand, repr, scope);
    }
    case 'member':
      return member(node, scope);
    case 'count':
      return count(node, scope);
    case 'negate': {
      const f = valueAs(node.operand, repr, scope);
      return (row, env) => {
        const x = f(row, env);
        if (x === null) return null;
        return repr === 'dec' ? (x as Decimal).neg() : repr === 'ms' ? rt.negateTime(x as TimeValue) : -(x as number);
      };
    }
    case 'cast': {
      const { conversion, type } = node;
      const from = node.operand.type;
      const f = value(node.operand, scope);
      return (row, env) => {
        const x = f(row, env);
        return x === null ? null : rt.castValue(conversion, from, type, repr, x);
      };
    }
    case 'temporal': {
      const { op } = node;
      const leftType = node.left.type;
      const rightType = node.right.type;
      return strictCall(
        (a: number, b: number | bigint | Decimal) => rt.temporal(op, leftType, rightType, a, b),
        [value(node.left, scope), value(node.right, scope)],
      );
    }
    case 'arithmetic': {
      const work = workingRepr(node.left, node.right, repr);
      const l = valueAs(node.left, work, scope);
      const r = valueAs(node.right, work, scope);
      const op = arithmetic(node.op, work);
      return as(
        (row, env) => {
          const a = l(row, env);
          if (a === null) return null;
          const b = r(row, env);
          return b === null ? null : op(a, b);
        },
        work,
        repr,
      );
    }
    case 'call': {
      const name = node.name;
      if (isPredicateFunction(name)) {
        const pred = PREDICATES[name];
        const [a, b] = node.args.map((x) => value(x, scope)) as [Eval, Eval];
        return (row, env) => {
          const x = a(row, env);
          if (x === null) return null;
          const y = b(row, env);
          return y === null ? null : pred(x as string, y as string);
        };
      }
      const fn = FUNCTIONS[name](repr, node.args[0]?.type);
      const args = node.args.map((a, i) => valueAs(a, name === 'substring' && i > 0 ? 'num' : reprOf(a), scope));
      return strictCall(fn, args);
    }
    // A predicate's value is its truth: never null.
    case 'truth':
      return truth(node.predicate, scope);
    case 'not': {
      const f = value(node.operand, scope);
      return (row, env) => {
        const x = f(row, env);
        return x === null ? null : !x;
      };
    }
    case 'logical': {
      const operands = node.operands.map((o) => value(o, scope));
      // and stops at the first false, or at the first true; a null operand makes an undecided result null.
      const stop = node.op !== 'and';
      return (row, env) => {
        let sawNull = false;
        for (let i = 0; i < operands.length; i++) {
          const x = operands[i]!(row, env);
          if (x === stop) return stop;
          if (x === null) sawNull = true;
        }
        return sawNull ? null : !stop;
      };
    }
    case 'functionCall':
      return functionCall(node, scope, value, truth);
    case 'result':
      return resultRead(node, scope, value, truth);
    // Read by the call it is an argument of (src/backends/memory/function-calls.ts), never alone.
    case 'collectionArgument':
      throw malformedTree(node, 'a collection stands outside the arguments of a call');
    case 'guard': {
      const holds = truth(node.condition, scope);
      const v = valueAs(node.value, repr, scope);
      const k = valueAs(node.otherwise, repr, scope);
      return (row, env) => (holds(row, env) ? v(row, env) : k(row, env));
    }
    default:
      return assertNever(node, 'lowered value kind');
  }
}

/**
 * `exists` stops at the first element that satisfies the predicate, `forall` at the first that
 * does not; a plain loop over the array, the element kept in the variable's slot. An element's
 * bad value leaves the loop re-rooted at the element (`Tags[2]`, runtime.elementError).
 */
function quantifier(p: ExistsPredicate | ForallPredicate, scope: Scope): Test {
  const elements = collectionReader(p.collection, scope);
  const some = p.kind === 'exists';
  const variable = p.variable;
  if (variable === undefined) {
    // `any()` and its negation: the predicate reads no element, so any one element decides.
    const test = truth(p.predicate, scope);
    return (row, env) => {
      const c = elements(row, env);
      return c === null || c.length === 0 ? !some : test(row, env);
    };
  }
  const slot = slotOf(scope, variable);
  const test = truth(p.predicate, scope);
  const where = p.collection.path.join('/');
  const outer = p.collection.source.kind === 'variable' ? p.collection.source.name : undefined;
  return (row, env) => {
    const c = elements(row, env);
    if (c === null) return !some;
    let i = 0;
    try {
      for (; i < c.length; i++) {
        env[slot] = c[i];
        if (test(row, env) === some) return some;
      }
    } catch (error) {
      throw rt.elementError(error, variable, where, i, outer);
    }
    return !some;
  };
}

/** The number of elements (those its predicate holds for, when it has one), in the count's representation. */
function count(node: LoweredCount, scope: Scope): Eval {
  const elements = collectionReader(node.collection, scope);
  const big = reprOf(node) === 'big';
  const { variable, predicate } = node;
  if (predicate === undefined) {
    if (big) return (row, env) => BigInt(elements(row, env)?.length ?? 0);
    return (row, env) => elements(row, env)?.length ?? 0;
  }
  const slot = variable === undefined ? undefined : slotOf(scope, variable);
  const test = truth(predicate, scope);
  const where = node.collection.path.join('/');
  const outer = node.collection.source.kind === 'variable' ? node.collection.source.name : undefined;
  return (row, env) => {
    const c = elements(row, env);
    let n = 0;
    if (c !== null) {
      let i = 0;
      try {
        for (; i < c.length; i++) {
          if (slot !== undefined) env[slot] = c[i];
          if (test(row, env)) n++;
        }
      } catch (error) {
        throw rt.elementError(error, variable ?? '', where, i, outer);
      }
    }
    return big ? BigInt(n) : n;
  };
}

function truth(p: LoweredPredicate, scope: Scope): Test {
  switch (p.kind) {
    case 'constant': {
      const r = p.value;
      return () => r;
    }
    case 'booleanTest': {
      const t = booleanTest(p.value, p.is, scope);
      return p.negated ? (row, env) => !t(row, env) : t;
    }
    case 'nullTest': {
      // Only whether the value is null matters here: a member's value is not even checked.
      if (p.value.kind === 'member') {
        const present = memberPresent(p.value, scope);
        return p.negated ? present : (row, env) => !present(row, env);
      }
      const f = value(p.value, scope);
      return p.negated ? (row, env) => f(row, env) !== null : (row, env) => f(row, env) === null;
    }
    case 'structureNull': {
      const isNull = structureIsNull(p.source, p.path, scope);
      return p.negated ? (row, env) => !isNull(row, env) : isNull;
    }
    case 'and':
    case 'or':
      return chain(
        p.operands.map((o) => truth(o, scope)),
        p.kind === 'and',
      );
    case 'compare': {
      const t = compare(p, scope);
      return p.negated ? (row, env) => !t(row, env) : t;
    }
    case 'in': {
      const t = inList(p.operand, p.values, p.orNull, scope);
      return p.negated ? (row, env) => !t(row, env) : t;
    }
    case 'exists':
    case 'forall':
      return quantifier(p, scope);
    default:
      return assertNever(p, 'lowered predicate kind');
  }
}

/** Whether a Boolean value is `is`. */
function booleanTest(node: LoweredValue, is: boolean, scope: Scope): Test {
  if (node.kind === 'call' && isPredicateFunction(node.name)) {
    const pred = PREDICATES[node.name];
    const [a, b] = node.args.map((x) => value(x, scope)) as [Eval, Eval];
    return (row, env) => {
      const x = a(row, env);
      if (x === null) return false;
      const y = b(row, env);
      return y !== null && pred(x as string, y as string) === is;
    };
  }
  const f = value(node, scope);
  return (row, env) => f(row, env) === is;
}

/** A comparison, before its negation; never null (docs/semantics.md, section 2). */
function compare({ op, left, right }: ComparePredicate, scope: Scope): Test {
  const repr: Repr = reprOf(left) === 'big' || reprOf(right) === 'big' ? 'big' : reprOf(left);
  const l = valueAs(left, repr, scope);
  const r = valueAs(right, repr, scope);
  const k = constantOf(right);
  const b = k && !constantOf(left) ? convertRepr(k.value, reprOf(right), repr) : undefined;
  if (op === 'eq') {
    const eq = equality(repr);
    if (b !== undefined) {
      return (row, env) => {
        const a = l(row, env);
        return a !== null && eq(a, b);
      };
    }
    return (row, env) => {
      const a = l(row, env);
      const c = r(row, env);
      return a === null || c === null ? a === c : eq(a, c);
    };
  }
  const ord = ordering(op, repr);
  if (b !== undefined) {
    return (row, env) => {
      const a = l(row, env);
      return a !== null && ord(a, b);
    };
  }
  return (row, env) => {
    const a = l(row, env);
    if (a === null) return false;
    const c = r(row, env);
    return c !== null && ord(a, c);
  };
}

/** `tests` joined by && (all) or || (any), without a loop or an iterator per row for short lists. */
function chain(tests: readonly Test[], all: boolean): Test {
  if (tests.length === 0) return () => all;
  if (tests.length === 1) return tests[0]!;
  if (tests.length === 2) {
    const [a, b] = tests as [Test, Test];
    return all ? (row, env) => a(row, env) && b(row, env) : (row, env) => a(row, env) || b(row, env);
  }
  if (tests.length === 3) {
    const [a, b, c] = tests as [Test, Test, Test];
    return all
      ? (row, env) => a(row, env) && b(row, env) && c(row, env)
      : (row, env) => a(row, env) || b(row, env) || c(row, env);
  }
  return all
    ? (row, env) => {
        for (let i = 0; i < tests.length; i++) if (!tests[i]!(row, env)) return false;
        return true;
      }
    : (row, env) => {
        for (let i = 0; i < tests.length; i++) if (tests[i]!(row, env)) return true;
        return false;
      };
}

function inList(operand: LoweredValue, list: readonly LoweredConstant[], orNull: boolean, scope: Scope): Test {
  const repr = reprOf(operand);
  const f = value(operand, scope);
  const values = list.map((i) => convertRepr(constantOf(i)!.value, reprOf(i), repr));
  // A Decimal and a FineTime are objects, equal to others by value.
  if (repr !== 'dec' && !values.some(isFineTime)) {
    // Set membership is SameValueZero: NaN finds NaN and 0 finds -0, as eq says.
    const set = new Set(values);
    return (row, env) => {
      const v = f(row, env);
      return v === null ? orNull : set.has(v);
    };
  }
  const eq = equality(repr);
  return (row, env) => {
    const v = f(row, env);
    if (v === null) return orNull;
    return values.some((x) => eq(v, x));
  };
}
