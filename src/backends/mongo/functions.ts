// How each canonical function is rendered as an aggregation expression, keyed by FunctionName: a
// function the signature table gains without a renderer here is a compile error.

import type { FunctionName } from '../../language/functions.js';
import type { EdmType } from '../../language/edm.js';
import { dateOfInstant, timeOfInstant } from './temporal.js';
import { MAX_STRING_LENGTH } from '../../language/functions.js';
import type { Agg, ValueCompiler } from './aggregation.js';
import type { StringTest } from './regex.js';

/**
 * A function whose value is computed from its arguments' values, null when an argument that may
 * be null is null or missing.
 */
export interface ValueRenderer {
  readonly kind: 'value';
  /** `types`: the arguments' Edm types (a part of a Date or a TimeOfDay is read otherwise than an instant's). */
  readonly build: (compiler: ValueCompiler, args: Agg[], types: readonly EdmType[]) => Agg;
  /**
   * Arguments (by position) for which the MongoDB operator itself returns null when given null or
   * a missing field, as MongoDB documents: such an argument needs no null guard. ($strLenCP,
   * $substrCP and $toLower/$toUpper do not: they fail or return '' instead.)
   */
  readonly propagatesNull: readonly number[];
  /** Whether `build` uses each argument once (so a guard-free argument needs no variable). */
  readonly singleUse: boolean;
}

/** A function that is its argument's value in MongoDB (an instant is a Date either way). */
export interface AsIsRenderer {
  readonly kind: 'as-is';
}

/** A string test (true, false, or null with a null argument) of a subject string and a needle. */
export interface StringTestRenderer {
  readonly kind: 'test';
  /** The anchored regex that says it exactly of a field and a literal needle (src/backends/mongo/regex.ts). */
  readonly pattern: StringTest;
  /** Whether the subject is the second argument (`substringof(needle, subject)`). */
  readonly subjectSecond: boolean;
  readonly test: (compiler: ValueCompiler, subject: Agg, needle: Agg) => Agg;
}

/** A function MongoDB cannot compute exactly: refused with an 'unsupported' FilterError naming it. */
export interface UnsupportedRenderer {
  readonly kind: 'unsupported';
}

export type FunctionRenderer = ValueRenderer | AsIsRenderer | StringTestRenderer | UnsupportedRenderer;

const value = (
  build: ValueRenderer['build'],
  propagatesNull: readonly number[] = [],
  singleUse = true,
): ValueRenderer => ({ kind: 'value', build, propagatesNull, singleUse });
const stringTest = (
  pattern: StringTest,
  test: StringTestRenderer['test'],
  subjectSecond = false,
): StringTestRenderer => ({ kind: 'test', pattern, subjectSecond, test });

/**
 * A null or missing date gives null in $year, $month, $dayOfMonth, $hour, $minute, $second; a date
 * without a timezone is read in UTC. A Date is a BSON Date at midnight UTC, so it is read alike.
 */
const datePart = (op: string): ValueRenderer => value((_, [d]) => ({ [op]: d }), [0]);

/**
 * hour, minute, second: of an instant as `$hour`…; of a TimeOfDay (milliseconds since midnight)
 * by division — a double quotient of an integer below 2^53 truncates to the exact one. A null
 * or missing one gives null in both.
 */
const timePart = (op: string, unit: number, modulo: number | undefined): ValueRenderer =>
  value(
    (_, [x], [type]) => {
      if (type !== 'Edm.TimeOfDay') return { [op]: x };
      const whole = { $trunc: { $divide: [x, unit] } };
      return modulo === undefined ? whole : { $mod: [whole, modulo] };
    },
    [0],
  );

/** now(), mindatetime(), maxdatetime(): lower() makes them constants, so none is rendered. */
const DECIDED_BY_LOWERING: UnsupportedRenderer = { kind: 'unsupported' };

const contains = (_: ValueCompiler, s: Agg, t: Agg): Agg => ({ $ne: [{ $indexOfCP: [s, t] }, -1] });

export const FUNCTIONS: { readonly [N in FunctionName]: FunctionRenderer } = {
  length: value((_, [s]) => ({ $strLenCP: s })),
  // $indexOfCP: null string → null (a null substring is an error)
  indexof: value((_, [s, t]) => ({ $indexOfCP: [s, t] }), [0]),
  substring: value((c, [s, i, n]) => substring(c, s, i, n), [], false),
  tolower: value((_, [s]) => ({ $toLower: s })),
  toupper: value((_, [s]) => ({ $toUpper: s })),
  trim: value((_, [s]) => ({ $trim: { input: s, chars: ' ' } }), [0]),
  concat: value(
    (_, [a, b]) => withinBound({ $add: [{ $strLenCP: a }, { $strLenCP: b }] }, { $concat: [a, b] }),
    [],
    false,
  ),
  // MongoDB's $replaceAll with an empty `find` inserts the replacement everywhere. Otherwise the
  // result's length is s's plus, per occurrence (one fewer than the parts of a $split), the
  // replacement's length less find's.
  replace: value(
    (_, [s, find, replacement]) => ({
      $cond: [
        { $eq: [find, { $literal: '' }] },
        s,
        withinBound(
          {
            $add: [
              { $strLenCP: s },
              {
                $multiply: [
                  { $subtract: [{ $size: { $split: [s, find] } }, 1] },
                  { $subtract: [{ $strLenCP: replacement }, { $strLenCP: find }] },
                ],
              },
            ],
          },
          { $replaceAll: { input: s, find, replacement } },
        ),
      ],
    }),
    [],
    false,
  ),
  year: datePart('$year'),
  month: datePart('$month'),
  day: datePart('$dayOfMonth'),
  hour: timePart('$hour', 3_600_000, undefined),
  minute: timePart('$minute', 60_000, 60),
  second: timePart('$second', 1000, 60),
  // Decimal128, as every Decimal: the milliseconds of the second, divided exactly.
  fractionalseconds: value(
    (_, [x], [type]) => ({
      $divide: [{ $toDecimal: type === 'Edm.TimeOfDay' ? { $mod: [x, 1000] } : { $millisecond: x } }, 1000],
    }),
    [0],
  ),
  date: value((c, [x]) => dateOfInstant(c, x), [], false),
  time: value((c, [x]) => timeOfInstant(c, x), [], false),
  totaloffsetminutes: value(() => 0),
  totalseconds: value((_, [x]) => ({ $divide: [{ $toDecimal: x }, 1000] }), [0]),
  now: DECIDED_BY_LOWERING,
  mindatetime: DECIDED_BY_LOWERING,
  maxdatetime: DECIDED_BY_LOWERING,
  // $round rounds half to even; half away from zero is trunc(x) plus sign(x) when |x - trunc(x)| >= 0.5.
  round: value(
    (c, [x]) =>
      c.bind([{ $trunc: x }], ([t]) => ({
        $cond: [
          { $gte: [{ $abs: { $subtract: [x, t] } }, 0.5] },
          { $add: [t, { $cond: [{ $gt: [x, 0] }, 1, -1] }] },
          t,
        ],
      })),
    [],
    false,
  ),
  floor: value((_, [x]) => ({ $floor: x }), [0]),
  ceiling: value((_, [x]) => ({ $ceil: x }), [0]),
  datetime: { kind: 'as-is' },
  datetimeoffset: { kind: 'as-is' },
  contains: stringTest('contains', contains),
  substringof: stringTest('contains', contains, true),
  startswith: stringTest('startswith', (_, s, t) => ({ $eq: [{ $substrCP: [s, 0, { $strLenCP: t }] }, t] })),
  endswith: stringTest('endswith', (c, s, t) =>
    c.bind([{ $strLenCP: s }, { $strLenCP: t }], ([ls, lt]) => ({
      $cond: [{ $lt: [ls, lt] }, false, { $eq: [{ $substrCP: [s, { $subtract: [ls, lt] }, lt] }, t] }],
    })),
  ),
};

/** substring(s, i[, n]) by code points; negative start or length as 0, all clamped to the length. */
function substring(c: ValueCompiler, s: Agg, i: Agg, n: Agg | undefined): Agg {
  return c.bind([{ $strLenCP: s }], ([length]) =>
    c.bind([{ $max: [0, { $min: [i, length] }] }], ([start]) => {
      const count = n === undefined ? { $subtract: [length, start] } : { $max: [0, { $min: [n, length] }] };
      return { $substrCP: [s, { $toInt: start }, { $toInt: count }] };
    }),
  );
}

/** `result`, or null where `length` (in code points) passes the string bound: decided before it is built. */
function withinBound(length: Agg, result: Agg): Agg {
  return { $cond: [{ $gt: [length, MAX_STRING_LENGTH] }, null, result] };
}

/** The function's renderer; a name the signature table does not have (a tree made by hand) is unsupported. */
export function rendererOf(name: string): FunctionRenderer {
  return Object.hasOwn(FUNCTIONS, name) ? FUNCTIONS[name as FunctionName] : UNSUPPORTED;
}

const UNSUPPORTED: UnsupportedRenderer = { kind: 'unsupported' };
