// The operations of the closures on in-memory values, chosen once per node by the
// representation of their operands: functions, string predicates, arithmetic, equality and
// order. The generated code spells the same operations as JavaScript source (compile.ts).

import type { Decimal } from 'decimal.js';
import type { TimeValue } from '../../semantics/fine-time.js';
import type { EdmType } from '../../language/edm.js';
import type { FunctionName, PredicateFunction } from '../../language/functions.js';
import type { ComparePredicate, LoweredArithmeticOp } from '../../lower/lowered.js';
import type { Eval } from './closure-scope.js';
import type { Repr } from './plan.js';
import * as rt from './runtime.js';

/** A function applied to its arguments' values, null as soon as one is null. */
export function strictCall(fn: Fn, args: readonly Eval[]): Eval {
  if (args.length === 1) {
    const [a] = args as [Eval];
    return (row, env) => {
      const x = a(row, env);
      return x === null ? null : fn(x);
    };
  }
  if (args.length === 2) {
    const [a, b] = args as [Eval, Eval];
    return (row, env) => {
      const x = a(row, env);
      if (x === null) return null;
      const y = b(row, env);
      return y === null ? null : fn(x, y);
    };
  }
  return (row, env) => {
    const xs: unknown[] = [];
    for (const a of args) {
      const x = a(row, env);
      if (x === null) return null;
      xs.push(x);
    }
    return fn(...xs);
  };
}

// biome-ignore lint/suspicious/noExplicitAny: each helper takes its own argument types
type Fn = (...xs: any[]) => unknown;

/** The implementation of each value-returning function, by the representation of its result. */
export const FUNCTIONS: {
  readonly [N in Exclude<FunctionName, PredicateFunction>]: (repr: Repr, argType: EdmType | undefined) => Fn;
} = {
  length: () => rt.lengthOf,
  indexof: () => rt.indexOf,
  replace: () => rt.replaceAll,
  substring: () => rt.substring,
  tolower: () => rt.toLower,
  toupper: () => rt.toUpper,
  trim: () => rt.trimSpaces,
  concat: () => rt.concat,
  year: (_, t) => (t === 'Edm.Date' ? rt.yearOfDate : rt.yearOf),
  month: (_, t) => (t === 'Edm.Date' ? rt.monthOfDate : rt.monthOf),
  day: (_, t) => (t === 'Edm.Date' ? rt.dayOfDate : rt.dayOf),
  // Of a time of day too: its milliseconds are those of an instant on 1970-01-01.
  hour: () => rt.hourOf,
  minute: () => rt.minuteOf,
  second: () => rt.secondOf,
  round: (r) => (r === 'dec' ? rt.roundDecimal : rt.roundDouble),
  floor: (r) => (r === 'dec' ? rt.floorDecimal : rt.floorDouble),
  ceiling: (r) => (r === 'dec' ? rt.ceilingDecimal : rt.ceilingDouble),
  datetime: () => (x: number) => x,
  datetimeoffset: () => (x: number) => x,
  fractionalseconds: () => rt.fractionalSecondsOf,
  date: () => rt.dateOf,
  time: () => rt.timeOf,
  totaloffsetminutes: () => rt.totalOffsetMinutes,
  totalseconds: () => rt.totalSecondsOf,
  now: decidedByLowering,
  mindatetime: decidedByLowering,
  maxdatetime: decidedByLowering,
};

/** now(), mindatetime(), maxdatetime(): lower() makes them constants, so none reaches a backend. */
function decidedByLowering(): never {
  throw new Error('now(), mindatetime() and maxdatetime() are decided by lower()');
}

export const PREDICATES: { readonly [N in PredicateFunction]: (a: string, b: string) => boolean } = {
  substringof: (a, b) => b.includes(a),
  contains: (a, b) => a.includes(b),
  startswith: (a, b) => a.startsWith(b),
  endswith: (a, b) => a.endsWith(b),
};

/** An arithmetic operator on two non-null values of the representation; null where the result is (a division by zero). */
export function arithmetic(op: LoweredArithmeticOp, repr: Repr): (a: unknown, b: unknown) => unknown {
  if (repr === 'dec') {
    switch (op) {
      case 'add':
        return (a, b) => (a as Decimal).plus(b as Decimal);
      case 'sub':
        return (a, b) => (a as Decimal).minus(b as Decimal);
      case 'mul':
        return (a, b) => (a as Decimal).times(b as Decimal);
      case 'div':
        return (a, b) => rt.divideDecimals(a as Decimal, b as Decimal);
      default:
        return (a, b) => rt.modDecimals(a as Decimal, b as Decimal);
    }
  }
  if (repr === 'big') {
    switch (op) {
      case 'add':
        return (a, b) => (a as bigint) + (b as bigint);
      case 'sub':
        return (a, b) => (a as bigint) - (b as bigint);
      case 'mul':
        return (a, b) => (a as bigint) * (b as bigint);
      case 'div':
        return (a, b) => (b === 0n ? null : (a as bigint) / (b as bigint));
      default:
        return (a, b) => (b === 0n ? null : (a as bigint) % (b as bigint));
    }
  }
  switch (op) {
    case 'add':
      return (a, b) => (a as number) + (b as number);
    case 'sub':
      return (a, b) => (a as number) - (b as number);
    case 'mul':
      return (a, b) => (a as number) * (b as number);
    case 'div':
      return repr === 'num'
        ? (a, b) => rt.divideIntegers(a as number, b as number)
        : (a, b) => (b === 0 ? null : (a as number) / (b as number));
    default:
      return (a, b) => (b === 0 ? null : (a as number) % (b as number));
  }
}

/** `eq` on two non-null values of the representation: Decimals by value, Doubles with NaN equal to NaN. */
export function equality(repr: Repr): (a: unknown, b: unknown) => boolean {
  if (repr === 'dec') return (a, b) => (a as Decimal).eq(b as Decimal);
  if (repr === 'dbl') return (a, b) => rt.equalDoubles(a as number, b as number);
  if (repr === 'ms') return (a, b) => rt.sameTime(a as TimeValue, b as TimeValue);
  return (a, b) => a === b;
}

/** An order comparison on two non-null values of the representation: strings by code point, Doubles with NaN. */
export function ordering(op: Exclude<ComparePredicate['op'], 'eq'>, repr: Repr): (a: unknown, b: unknown) => boolean {
  if (repr === 'num' || repr === 'big' || repr === 'bool') {
    // Never NaN: plain JavaScript order.
    switch (op) {
      case 'gt':
        return (a, b) => (a as number) > (b as number);
      case 'lt':
        return (a, b) => (a as number) < (b as number);
      case 'ge':
        return (a, b) => (a as number) >= (b as number);
      default:
        return (a, b) => (a as number) <= (b as number);
    }
  }
  if (repr === 'dbl') {
    // IEEE order; ge is gt or eq, and NaN eq NaN.
    switch (op) {
      case 'gt':
        return (a, b) => (a as number) > (b as number);
      case 'lt':
        return (a, b) => (a as number) < (b as number);
      case 'ge':
        return (a, b) => (a as number) >= (b as number) || (Number.isNaN(a) && Number.isNaN(b));
      default:
        return (a, b) => (a as number) <= (b as number) || (Number.isNaN(a) && Number.isNaN(b));
    }
  }
  // Decimals, time values and strings: never NaN.
  const sign =
    repr === 'dec'
      ? (a: unknown, b: unknown) => (a as Decimal).cmp(b as Decimal)
      : repr === 'ms'
        ? (a: unknown, b: unknown) => rt.compareTimes(a as TimeValue, b as TimeValue)
        : (a: unknown, b: unknown) => rt.compareStrings(a as string, b as string);
  switch (op) {
    case 'gt':
      return (a, b) => sign(a, b) > 0;
    case 'lt':
      return (a, b) => sign(a, b) < 0;
    case 'ge':
      return (a, b) => sign(a, b) >= 0;
    default:
      return (a, b) => sign(a, b) <= 0;
  }
}
