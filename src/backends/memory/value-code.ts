// The operations of the generated code on values, as JavaScript source by the representation of
// their operands: the runtime helper of each function, the string predicates, equality, order,
// arithmetic and conversions between representations. The closures choose the same operations
// as functions (value-operations.ts).

import type { EdmType } from '../../language/edm.js';
import type { FunctionName, PredicateFunction } from '../../language/functions.js';
import type { ComparePredicate, LoweredArithmeticOp, LoweredValue } from '../../lower/lowered.js';
import { type Repr, reprOf } from './plan.js';
import type * as runtime from './runtime.js';

/** A helper of the runtime namespace, by name. */
export type HelperName = keyof typeof runtime;

/** Names the generated function's helpers: `h_<name>`, bound once beside the predicate. */
export interface Helpers {
  helper(name: HelperName): string;
}

type ValueFunction = Exclude<FunctionName, PredicateFunction>;

/** The code of each Boolean function on its non-null arguments. */
export const PREDICATES: { readonly [N in PredicateFunction]: (a: string, b: string) => string } = {
  substringof: (a, b) => `${b}.includes(${a})`,
  contains: (a, b) => `${a}.includes(${b})`,
  startswith: (a, b) => `${a}.startsWith(${b})`,
  endswith: (a, b) => `${a}.endsWith(${b})`,
};

/** now(), mindatetime(), maxdatetime(): lower() makes them constants, so none reaches a backend. */
const decidedByLowering = (): never => {
  throw new Error('now(), mindatetime() and maxdatetime() are decided by lower()');
};

/**
 * The runtime helper of each value-returning function, by the representation of its result and
 * the type of its first argument.
 */
export const FUNCTION_HELPERS: {
  readonly [N in ValueFunction]: (repr: Repr, argType: EdmType | undefined) => HelperName | 'identity';
} = {
  length: () => 'lengthOf',
  indexof: () => 'indexOf',
  replace: () => 'replaceAll',
  substring: () => 'substring',
  tolower: () => 'toLower',
  toupper: () => 'toUpper',
  trim: () => 'trimSpaces',
  concat: () => 'concat',
  year: (_, t) => (t === 'Edm.Date' ? 'yearOfDate' : 'yearOf'),
  month: (_, t) => (t === 'Edm.Date' ? 'monthOfDate' : 'monthOf'),
  day: (_, t) => (t === 'Edm.Date' ? 'dayOfDate' : 'dayOf'),
  // Of a time of day too: its milliseconds are those of an instant on 1970-01-01.
  hour: () => 'hourOf',
  minute: () => 'minuteOf',
  second: () => 'secondOf',
  fractionalseconds: () => 'fractionalSecondsOf',
  date: () => 'dateOf',
  time: () => 'timeOf',
  totaloffsetminutes: () => 'totalOffsetMinutes',
  totalseconds: () => 'totalSecondsOf',
  now: decidedByLowering,
  mindatetime: decidedByLowering,
  maxdatetime: decidedByLowering,
  round: (repr) => (repr === 'dec' ? 'roundDecimal' : 'roundDouble'),
  floor: (repr) => (repr === 'dec' ? 'floorDecimal' : 'floorDouble'),
  ceiling: (repr) => (repr === 'dec' ? 'ceilingDecimal' : 'ceilingDouble'),
  datetime: () => 'identity',
  datetimeoffset: () => 'identity',
};

/** The representation each argument of a function is passed in. */
export function argumentRepr(name: FunctionName, index: number, node: LoweredValue): Repr {
  if (name === 'substring' && index > 0) return 'num';
  return reprOf(node);
}

/**
 * Whether `x === constant` is the whole meaning of eq for this representation and value. A whole
 * time value is: a value with picoseconds (a FineTime) never equals one.
 */
export function isPlainEquality(repr: Repr, value: unknown): boolean {
  if (repr === 'dec') return false;
  if (repr === 'ms') return typeof value === 'number';
  return !(typeof value === 'number' && Number.isNaN(value));
}

export function equalCode(a: string, b: string, repr: Repr, gen: Helpers): string {
  switch (repr) {
    case 'dec':
      return `${a}.eq(${b})`;
    case 'ms':
      return `${gen.helper('sameTime')}(${a}, ${b})`;
    case 'dbl':
      return `(${a} === ${b} || (${a} !== ${a} && ${b} !== ${b}))`;
    default:
      return `${a} === ${b}`;
  }
}

const DECIMAL_ORDER = { gt: 'gt', ge: 'gte', lt: 'lt', le: 'lte' } as const;
const JS_ORDER = { gt: '>', ge: '>=', lt: '<', le: '<=' } as const;

export function orderCode(
  op: Exclude<ComparePredicate['op'], 'eq'>,
  a: string,
  b: string,
  repr: Repr,
  native: boolean,
  gen: Helpers,
): string {
  if (repr === 'dec') return `${a}.${DECIMAL_ORDER[op]}(${b})`;
  if (repr === 'str' && !native) return `${gen.helper('compareStrings')}(${a}, ${b}) ${JS_ORDER[op]} 0`;
  // Whole milliseconds, the common case, compare as numbers; a FineTime by its parts.
  if (repr === 'ms')
    return `(typeof ${a} === 'number' && typeof ${b} === 'number' ? ${a} ${JS_ORDER[op]} ${b} : ${gen.helper('compareTimes')}(${a}, ${b}) ${JS_ORDER[op]} 0)`;
  const base = `${a} ${JS_ORDER[op]} ${b}`;
  // ge is gt or eq, and NaN eq NaN.
  if (repr === 'dbl' && (op === 'ge' || op === 'le')) return `(${base} || (${a} !== ${a} && ${b} !== ${b}))`;
  return base;
}

export function arithmeticCode(op: LoweredArithmeticOp, a: string, b: string, repr: Repr, gen: Helpers): string {
  switch (repr) {
    case 'dec':
      switch (op) {
        case 'add':
          return `${a}.plus(${b})`;
        case 'sub':
          return `${a}.minus(${b})`;
        case 'mul':
          return `${a}.times(${b})`;
        case 'div':
          return `${gen.helper('divideDecimals')}(${a}, ${b})`;
        default:
          return `${gen.helper('modDecimals')}(${a}, ${b})`;
      }
    case 'big': {
      const js = { add: '+', sub: '-', mul: '*', div: '/', mod: '%' }[op];
      return op === 'div' || op === 'mod' ? `(${b} === 0n ? null : ${a} ${js} ${b})` : `(${a} ${js} ${b})`;
    }
    default: {
      if (op === 'div' && repr === 'num') return `${gen.helper('divideIntegers')}(${a}, ${b})`;
      const js = { add: '+', sub: '-', mul: '*', div: '/', mod: '%' }[op];
      return op === 'div' || op === 'mod' ? `(${b} === 0 ? null : ${a} ${js} ${b})` : `(${a} ${js} ${b})`;
    }
  }
}

export function convertCode(x: string, from: Repr, to: Repr, gen: Helpers): string {
  switch (`${from}>${to}`) {
    case 'num>big':
      return `BigInt(${x})`;
    case 'num>dec':
    case 'big>dec':
      return `${gen.helper('decimal')}(${from === 'big' ? `${x}.toString()` : x})`;
    case 'big>num':
    case 'big>dbl':
      return `Number(${x})`;
    case 'dec>dbl':
      return `${x}.toNumber()`;
    default:
      return x;
  }
}
