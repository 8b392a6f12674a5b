// Compiles a lowered filter to a tree of closures: the path for environments that forbid
// `new Function` (a strict Content-Security-Policy). Same representations and helpers as the
// generated code, so the two agree value for value.

import type { Decimal } from 'decimal.js';
import type { ArithmeticOp } from '../../syntax/ast.js';
import type { TypedFilter } from '../../types/typed.js';
import type { FunctionName } from '../../types/functions.js';
import type { ComparePredicate, LoweredConstant, LoweredMember, LoweredPredicate, LoweredValue } from '../../lower/lowered.js';
import { lower } from '../../lower/lower.js';
import { assertNever } from '../../assert-never.js';
import { constantOf, convertRepr, isBooleanFunction, literalValue, refuseDecimalsBeyondModel, reprOf, workingRepr, type BooleanFunction, type Repr } from './plan.js';
import * as rt from './runtime.js';
import { limitOnExhaustion } from '../../errors.js';

type Row = Record<string, unknown>;

type Eval = (row: Row) => unknown;
type Test = (row: Row) => boolean;

export function compileClosures(filter: TypedFilter): (row: unknown) => boolean {
  refuseDecimalsBeyondModel(filter);
  const test = truth(lower(filter).root);
  return (row) => {
    if (row === null || typeof row !== 'object') rt.badRow(row);
    try {
      return test(row as Row);
    } catch (error) {
      // Closures recurse per level: a filter nested far beyond the default limits can exhaust the stack.
      throw limitOnExhaustion(error, TOO_DEEP, filter.root, filter.text);
    }
  };
}

/** The message of the 'limit' error for a filter nested too deeply for this runtime's stack. */
export const TOO_DEEP = 'Filter is too deeply nested for the in-memory backend; parse it with lower limits';

function as(f: Eval, from: Repr, to: Repr): Eval {
  if (from === to) return f;
  return (row) => {
    const v = f(row);
    return v === null ? null : convertRepr(v, from, to);
  };
}

function valueAs(node: LoweredValue, repr: Repr): Eval {
  return as(value(node), reprOf(node), repr);
}

function value(node: LoweredValue): Eval {
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
      return valueAs(node.operand, repr);
    }
    case 'member':
      return member(node);
    case 'negate': {
      const f = valueAs(node.operand, repr);
      return (row) => {
        const x = f(row);
        if (x === null) return null;
        return repr === 'dec' ? (x as Decimal).neg() : -(x as number);
      };
    }
    case 'arithmetic': {
      const work = workingRepr(node.left, node.right, repr);
      const l = valueAs(node.left, work);
      const r = valueAs(node.right, work);
      const op = arithmetic(node.op, work);
      return as((row) => {
        const a = l(row);
        if (a === null) return null;
        const b = r(row);
        return b === null ? null : op(a, b);
      }, work, repr);
    }
    case 'call': {
      const name = node.name;
      if (isBooleanFunction(name)) {
        const pred = PREDICATES[name];
        const [a, b] = node.args.map((x) => value(x)) as [Eval, Eval];
        return (row) => {
          const x = a(row);
          if (x === null) return null;
          const y = b(row);
          return y === null ? null : pred(x as string, y as string);
        };
      }
      const fn = FUNCTIONS[name](repr);
      const args = node.args.map((a, i) => valueAs(a, name === 'substring' && i > 0 ? 'num' : reprOf(a)));
      return strictCall(fn, args);
    }
    // A predicate's value is its truth: never null.
    case 'truth':
      return truth(node.predicate);
    case 'not': {
      const f = value(node.operand);
      return (row) => {
        const x = f(row);
        return x === null ? null : !x;
      };
    }
    case 'logical': {
      const operands = node.operands.map(value);
      // and stops at the first false, or at the first true; a null operand makes an undecided result null.
      const stop = node.op !== 'and';
      return (row) => {
        let sawNull = false;
        for (let i = 0; i < operands.length; i++) {
          const x = operands[i]!(row);
          if (x === stop) return stop;
          if (x === null) sawNull = true;
        }
        return sawNull ? null : !stop;
      };
    }
    default:
      return assertNever(node, 'lowered value kind');
  }
}

/** A function applied to its arguments' values, null as soon as one is null. */
function strictCall(fn: Fn, args: readonly Eval[]): Eval {
  if (args.length === 1) {
    const [a] = args as [Eval];
    return (row) => {
      const x = a(row);
      return x === null ? null : fn(x);
    };
  }
  if (args.length === 2) {
    const [a, b] = args as [Eval, Eval];
    return (row) => {
      const x = a(row);
      if (x === null) return null;
      const y = b(row);
      return y === null ? null : fn(x, y);
    };
  }
  return (row) => {
    const xs: unknown[] = [];
    for (const a of args) {
      const x = a(row);
      if (x === null) return null;
      xs.push(x);
    }
    return fn(...xs);
  };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each helper takes its own argument types
type Fn = (...xs: any[]) => unknown;

/** The implementation of each value-returning function, by the representation of its result. */
const FUNCTIONS: { readonly [N in Exclude<FunctionName, BooleanFunction>]: (repr: Repr) => Fn } = {
  length: () => rt.lengthOf,
  indexof: () => rt.indexOf,
  replace: () => rt.replaceAll,
  substring: () => rt.substring,
  tolower: () => rt.toLower,
  toupper: () => rt.toUpper,
  trim: () => rt.trimSpaces,
  concat: () => rt.concat,
  year: () => rt.yearOf,
  month: () => rt.monthOf,
  day: () => rt.dayOf,
  hour: () => rt.hourOf,
  minute: () => rt.minuteOf,
  second: () => rt.secondOf,
  round: (r) => (r === 'dec' ? rt.roundDecimal : rt.roundDouble),
  floor: (r) => (r === 'dec' ? rt.floorDecimal : rt.floorDouble),
  ceiling: (r) => (r === 'dec' ? rt.ceilingDecimal : rt.ceilingDouble),
  datetime: () => (x: number) => x,
  datetimeoffset: () => (x: number) => x,
};

const PREDICATES: { readonly [N in BooleanFunction]: (a: string, b: string) => boolean } = {
  substringof: (a, b) => b.includes(a),
  contains: (a, b) => a.includes(b),
  startswith: (a, b) => a.startsWith(b),
  endswith: (a, b) => a.endsWith(b),
};


function arithmetic(op: ArithmeticOp, repr: Repr): (a: unknown, b: unknown) => unknown {
  if (repr === 'dec') {
    switch (op) {
      case 'add': return (a, b) => (a as Decimal).plus(b as Decimal);
      case 'sub': return (a, b) => (a as Decimal).minus(b as Decimal);
      case 'mul': return (a, b) => (a as Decimal).times(b as Decimal);
      case 'div': return (a, b) => rt.divideDecimals(a as Decimal, b as Decimal);
      default: return (a, b) => rt.modDecimals(a as Decimal, b as Decimal);
    }
  }
  if (repr === 'big') {
    switch (op) {
      case 'add': return (a, b) => (a as bigint) + (b as bigint);
      case 'sub': return (a, b) => (a as bigint) - (b as bigint);
      case 'mul': return (a, b) => (a as bigint) * (b as bigint);
      case 'div': return (a, b) => (b === 0n ? null : (a as bigint) / (b as bigint));
      default: return (a, b) => (b === 0n ? null : (a as bigint) % (b as bigint));
    }
  }
  switch (op) {
    case 'add': return (a, b) => (a as number) + (b as number);
    case 'sub': return (a, b) => (a as number) - (b as number);
    case 'mul': return (a, b) => (a as number) * (b as number);
    case 'div': return repr === 'num' ? (a, b) => rt.divideIntegers(a as number, b as number) : (a, b) => (b === 0 ? null : (a as number) / (b as number));
    default: return (a, b) => (b === 0 ? null : (a as number) % (b as number));
  }
}

function member(node: LoweredMember): Eval {
  const path = node.path;
  const names = path.map((name) => ({ name, own: rt.isPrototypeName(name) }));
  const read = reader(node);
  if (!names.some((n) => n.own) && path.length <= 2) {
    const [first, second] = path as unknown as [string, string | undefined];
    if (second === undefined) {
      return (row) => {
        const v = row[first];
        return v == null ? null : read(v);
      };
    }
    const prefix = first;
    return (row) => {
      const o = row[first];
      if (o == null) return null;
      if (typeof o !== 'object') rt.badValue(o, prefix, 'object');
      const v = (o as Row)[second];
      return v == null ? null : read(v);
    };
  }
  return (row) => {
    let v: unknown = row;
    for (let i = 0; i < names.length; i++) {
      if (i > 0 && typeof v !== 'object') rt.badValue(v, path.slice(0, i).join('/'), 'object');
      const { name, own } = names[i]!;
      v = own ? rt.readOwn(v as object, name) : (v as Row)[name];
      if (v == null) return null;
    }
    return read(v);
  };
}

/** Whether the structure at a path is null or missing: reads each step, checked to be an object. */
function structureIsNull(path: readonly string[]): Test {
  const names = path.map((name) => ({ name, own: rt.isPrototypeName(name) }));
  return (row) => {
    let v: unknown = row;
    for (let i = 0; i < names.length; i++) {
      const { name, own } = names[i]!;
      v = own ? rt.readOwn(v as object, name) : (v as Row)[name];
      if (v == null) return true;
      if (typeof v !== 'object') rt.badValue(v, path.slice(0, i + 1).join('/'), 'object');
    }
    return false;
  };
}

function reader(node: LoweredMember): (v: unknown) => unknown {
  const p = node.path.join('/');
  switch (node.type) {
    case 'Edm.String':
      return rt.HAS_WELL_FORMED
        ? (v) => (typeof v === 'string' && (v as unknown as { isWellFormed(): boolean }).isWellFormed() ? v : rt.badValue(v, p, 'Edm.String'))
        : (v) => rt.readString(v, p);
    case 'Edm.Guid': return (v) => rt.readGuid(v, p);
    case 'Edm.Boolean': return (v) => rt.readBoolean(v, p);
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32': {
      const type = node.type;
      if (type === 'Edm.Int32') return (v) => (typeof v === 'number' && (v | 0) === v ? v : rt.badValue(v, p, type));
      return (v) => rt.readSmallInteger(v, p, type);
    }
    case 'Edm.Int64': return (v) => rt.readInt64(v, p);
    case 'Edm.Decimal': return (v) => rt.readDecimal(v, p);
    case 'Edm.Double':
    case 'Edm.Single': {
      const type = node.type;
      return (v) => (typeof v === 'number' ? v : rt.badValue(v, p, type));
    }
    default: {
      const type = node.type;
      return (v) => rt.readInstant(v, p, type);
    }
  }
}

function truth(p: LoweredPredicate): Test {
  switch (p.kind) {
    case 'constant': {
      const r = p.value;
      return () => r;
    }
    case 'booleanTest': {
      const t = booleanTest(p.value, p.is);
      return p.negated ? (row) => !t(row) : t;
    }
    case 'nullTest': {
      const f = value(p.value);
      return p.negated ? (row) => f(row) !== null : (row) => f(row) === null;
    }
    case 'structureNull': {
      const isNull = structureIsNull(p.path);
      return p.negated ? (row) => !isNull(row) : isNull;
    }
    case 'and':
    case 'or':
      return chain(p.operands.map(truth), p.kind === 'and');
    case 'compare': {
      const t = compare(p);
      return p.negated ? (row) => !t(row) : t;
    }
    case 'in': {
      const t = inList(p.operand, p.values, p.orNull);
      return p.negated ? (row) => !t(row) : t;
    }
    default:
      return assertNever(p, 'lowered predicate kind');
  }
}

/** Whether a Boolean value is `is`. */
function booleanTest(node: LoweredValue, is: boolean): Test {
  if (node.kind === 'call' && isBooleanFunction(node.name)) {
    const pred = PREDICATES[node.name];
    const [a, b] = node.args.map((x) => value(x)) as [Eval, Eval];
    return (row) => {
      const x = a(row);
      if (x === null) return false;
      const y = b(row);
      return y !== null && pred(x as string, y as string) === is;
    };
  }
  const f = value(node);
  return (row) => f(row) === is;
}

/** A comparison, before its negation; never null (docs/semantics.md, section 2). */
function compare({ op, left, right }: ComparePredicate): Test {
  const repr: Repr = reprOf(left) === 'big' || reprOf(right) === 'big' ? 'big' : reprOf(left);
  const l = valueAs(left, repr);
  const r = valueAs(right, repr);
  const k = constantOf(right);
  const b = k && !constantOf(left) ? convertRepr(k.value, reprOf(right), repr) : undefined;
  if (op === 'eq') {
    const eq = equality(repr);
    if (b !== undefined) {
      return (row) => {
        const a = l(row);
        return a !== null && eq(a, b);
      };
    }
    return (row) => {
      const a = l(row);
      const c = r(row);
      return a === null || c === null ? a === c : eq(a, c);
    };
  }
  const ord = ordering(op, repr);
  if (b !== undefined) {
    return (row) => {
      const a = l(row);
      return a !== null && ord(a, b);
    };
  }
  return (row) => {
    const a = l(row);
    if (a === null) return false;
    const c = r(row);
    return c !== null && ord(a, c);
  };
}

function equality(repr: Repr): (a: unknown, b: unknown) => boolean {
  if (repr === 'dec') return (a, b) => (a as Decimal).eq(b as Decimal);
  if (repr === 'dbl') return (a, b) => rt.equalDoubles(a as number, b as number);
  return (a, b) => a === b;
}

function ordering(op: Exclude<ComparePredicate['op'], 'eq'>, repr: Repr): (a: unknown, b: unknown) => boolean {
  if (repr === 'num' || repr === 'big' || repr === 'ms' || repr === 'bool') {
    // Never NaN: plain JavaScript order.
    switch (op) {
      case 'gt': return (a, b) => (a as number) > (b as number);
      case 'lt': return (a, b) => (a as number) < (b as number);
      case 'ge': return (a, b) => (a as number) >= (b as number);
      default: return (a, b) => (a as number) <= (b as number);
    }
  }
  if (repr === 'dbl') {
    // IEEE order; ge is gt or eq, and NaN eq NaN.
    switch (op) {
      case 'gt': return (a, b) => (a as number) > (b as number);
      case 'lt': return (a, b) => (a as number) < (b as number);
      case 'ge': return (a, b) => (a as number) >= (b as number) || (a !== a && b !== b);
      default: return (a, b) => (a as number) <= (b as number) || (a !== a && b !== b);
    }
  }
  // Decimals and strings: never NaN.
  const sign =
    repr === 'dec' ? (a: unknown, b: unknown) => (a as Decimal).cmp(b as Decimal) : (a: unknown, b: unknown) => rt.compareStrings(a as string, b as string);
  switch (op) {
    case 'gt': return (a, b) => sign(a, b) > 0;
    case 'lt': return (a, b) => sign(a, b) < 0;
    case 'ge': return (a, b) => sign(a, b) >= 0;
    default: return (a, b) => sign(a, b) <= 0;
  }
}

/** `tests` joined by && (all) or || (any), without a loop or an iterator per row for short lists. */
function chain(tests: readonly Test[], all: boolean): Test {
  if (tests.length === 0) return () => all;
  if (tests.length === 1) return tests[0]!;
  if (tests.length === 2) {
    const [a, b] = tests as [Test, Test];
    return all ? (row) => a(row) && b(row) : (row) => a(row) || b(row);
  }
  if (tests.length === 3) {
    const [a, b, c] = tests as [Test, Test, Test];
    return all ? (row) => a(row) && b(row) && c(row) : (row) => a(row) || b(row) || c(row);
  }
  return all
    ? (row) => {
        for (let i = 0; i < tests.length; i++) if (!tests[i]!(row)) return false;
        return true;
      }
    : (row) => {
        for (let i = 0; i < tests.length; i++) if (tests[i]!(row)) return true;
        return false;
      };
}

function inList(operand: LoweredValue, list: readonly LoweredConstant[], orNull: boolean): Test {
  const repr = reprOf(operand);
  const f = value(operand);
  const values = list.map((i) => convertRepr(constantOf(i)!.value, reprOf(i), repr));
  const eq = equality(repr);
  return (row) => {
    const v = f(row);
    if (v === null) return orNull;
    return values.some((x) => eq(v, x));
  };
}
