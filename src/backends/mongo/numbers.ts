// Numbers as aggregation expressions: the implicit conversions between numeric types (a Decimal
// as a Double without the errors of MongoDB's `$toDouble`), negation and arithmetic, run on the
// stored numbers within ±2^53 and in Decimal128 beyond, so that no integer result rounds.

import { assertNever } from '../../assert-never.js';
import { isFloatingPoint, isInteger } from '../../language/edm.js';
import type {
  LoweredArithmetic,
  LoweredConstant,
  LoweredConvert,
  LoweredNegate,
  LoweredValue,
} from '../../lower/lowered.js';
import { type Agg, anyOf, compareConstant, isConstant, isNull, type ValueCompiler } from './aggregation.js';
import { isLiteral } from './bson-value.js';
import { decimalText } from './decimal128.js';

/** What the numbers ask of the expression compiler (src/backends/mongo/expression.ts) besides their operands. */
export interface NumberCompiler extends ValueCompiler {
  /** Whether the value may be null where it is being compiled. */
  mayBeNull(node: LoweredValue): boolean;
  /**
   * `{ $cond: [guard, null, result] }`, counted as a null guard inside a value: the compiler
   * tests the fields up front instead where that removes one.
   */
  nullGuard(guard: Agg, result: Agg): Agg;
}

/** 2^1024 - 2^970 rounded up to 34 digits: a Decimal128 at or above it converts to ±Infinity. */
const DOUBLE_OVERFLOW = '1.797693134862315807937289714053035E+308';
/** 2^-1022 (the smallest normal double) rounded up to 34 digits. */
const DOUBLE_MIN_NORMAL = '2.225073858507201383090232717332405E-308';
/** 2^1074 rounded to 34 digits, half to even. */
const TWO_TO_1074 = '2.024022533073106183524953467189173E+323';

/** Integers within ±2^53 are exact in every numeric BSON type, so arithmetic within that range needs no Decimal128. */
const SAFE = 2n ** 53n;

/** A number converted to a wider numeric type, as an implicit conversion of the typed tree. */
export function convert(c: NumberCompiler, node: LoweredConvert): Agg {
  const from = node.operand.type;
  const to = node.type;
  const value = c.value(node.operand);
  if (to === 'Edm.Decimal' && from !== 'Edm.Decimal') return { $toDecimal: value };
  if (isFloatingPoint(to) && from === 'Edm.Decimal') return decimalToDouble(c, node.operand, value);
  if (isFloatingPoint(to) && !isFloatingPoint(from)) return { $toDouble: value };
  return value;
}

/**
 * A Decimal as a Double, rounded to binary64 as the reference does, without MongoDB's errors:
 * `$toDouble` of a Decimal128 fails when the double would overflow (a magnitude of
 * 2^1024 - 2^970 or more) or underflow (a nonzero magnitude below 2^-1022). So those ranges are
 * computed otherwise: ±Infinity at or beyond the overflow threshold; below 2^-1022 the value is
 * a multiple k of 2^-1074 (a subnormal, or 0), k = |x| × 2^1074 rounded to an integer in
 * Decimal128 (34 digits; exact unless |x| × 2^1074 lies within about 5e-18 of a half-integer),
 * converted (an integer below 2^53: exact) and scaled by ±2^-1074 (exact). The thresholds are
 * the smallest 34-digit decimals at or above the exact bounds, so a Decimal128 compares with
 * them as with the bounds themselves. A literal is converted here, exactly.
 */
function decimalToDouble(c: NumberCompiler, operand: LoweredValue, value: Agg): Agg {
  if (isLiteral(operand)) return Number(decimalText(operand));
  return c.bind([value], ([x]) => ({
    $cond: [
      { $gte: [{ $abs: x }, { $toDecimal: DOUBLE_OVERFLOW }] },
      { $cond: [{ $gt: [x, 0] }, Infinity, -Infinity] },
      {
        $cond: [
          { $lt: [{ $abs: x }, { $toDecimal: DOUBLE_MIN_NORMAL }] },
          {
            $multiply: [
              {
                $toDouble: {
                  $trunc: {
                    $add: [{ $multiply: [{ $abs: x }, { $toDecimal: TWO_TO_1074 }] }, { $toDecimal: '0.5' }],
                  },
                },
              },
              { $cond: [{ $lt: [x, 0] }, -Number.MIN_VALUE, Number.MIN_VALUE] },
            ],
          },
          { $toDouble: x },
        ],
      },
    ],
  }));
}

/** `-x`: integers beyond ±2^53 are computed in Decimal128 so that no result overflows or rounds. */
export function negate(c: NumberCompiler, node: LoweredNegate): Agg {
  const value = c.value(node.operand);
  return { $multiply: [isInteger(node.type) && !native(node) ? { $toDecimal: value } : value, -1] };
}

/**
 * Whether integer arithmetic can run on the stored numbers: the result and both operands lie
 * within ±2^53 (lower()'s integer ranges), where int, long and double all hold integers exactly
 * (an int overflowing into a long, or an Int32 stored as a double, stays exact). Beyond that it
 * runs in Decimal128.
 */
function native(node: LoweredArithmetic | LoweredNegate): boolean {
  const operands = node.kind === 'negate' ? [node.operand] : [node.left, node.right];
  return [node, ...operands].every(({ range }) => range !== undefined && range[0] >= -SAFE && range[1] <= SAFE);
}

/** `add`, `sub`, `mul`, `div`, `mod`: exact for integers, null where a divisor is zero or an operand null. */
export function arithmetic(c: NumberCompiler, node: LoweredArithmetic): Agg {
  let left = c.value(node.left);
  let right = c.value(node.right);
  if (isInteger(node.type) && !native(node)) {
    // Exact integer arithmetic: Decimal128 holds 34 digits, where int64 would overflow to double.
    const lit = (n: LoweredValue) => n.kind === 'constant';
    if (!lit(node.left) || lit(node.right)) left = { $toDecimal: left };
    if (!lit(node.right)) right = { $toDecimal: right };
  }
  switch (node.op) {
    case 'add':
      return { $add: [left, right] };
    case 'sub':
      return { $subtract: [left, right] };
    case 'mul':
      return { $multiply: [left, right] };
    case 'div':
    case 'mod': {
      const integer = isInteger(node.type);
      return c.bind([left, right], ([a, b]) => {
        let result: Agg;
        if (node.op === 'mod') result = { $mod: [a, b] };
        // Truncating integer division, exact: (a - a mod b) / b divides exactly.
        else if (integer) result = { $divide: [{ $subtract: [a, { $mod: [a, b] }] }, b] };
        else result = { $divide: [a, b] };
        // A constant divisor is zero or not here, whatever BSON value (a Long, a Decimal128) it became.
        const zero =
          node.right.kind === 'constant'
            ? isZero(node.right.value)
            : isConstant(b)
              ? compareConstant(b, 0)
              : { $eq: [b, 0] };
        const guard = anyOf([
          c.mayBeNull(node.left) ? isNull(a) : false,
          c.mayBeNull(node.right) ? isNull(b) : false,
          zero,
        ]);
        if (guard === false) return result;
        if (guard === true) return null;
        return c.nullGuard(guard, result);
      });
    }
    default:
      return assertNever(node.op as never, 'arithmetic operator');
  }
}

function isZero(value: LoweredConstant['value']): boolean {
  if (typeof value === 'bigint') return value === 0n;
  return Number(value) === 0;
}
