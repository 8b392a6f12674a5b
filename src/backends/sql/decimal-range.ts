// Where a dialect's Decimal arithmetic fails on large values (MySQL/MariaDB compute in 81 digits,
// PostgreSQL's numeric ends below 10^131072), a factor of a Decimal `mul` or the dividend of a
// Decimal `div` is clamped before the operation, so no data can make the query fail. The clamp is
// written only where the static magnitudes of the operands (told from the lowered form and the
// storage conventions) say the operation could fail, so ordinary filters keep their plain SQL.

import { assertNever } from '../../assert-never.js';
import { DECIMAL_MAX_EXPONENT, decimalFromText } from '../../semantics/decimal-model.js';
import type { LoweredArithmetic, LoweredValue } from '../../lower/lowered.js';
import type { Frag } from './fragment.js';

/** A dialect's limits of Decimal arithmetic, and its clamp. */
export interface DecimalRange {
  /** Stored Decimal values are below 10^columnDigits in magnitude (the storage conventions). */
  readonly columnDigits: number;
  /** A Decimal literal, as the dialect binds it, is below 10^literalDigits (Infinity: exact). */
  readonly literalDigits: number;
  /** A nonzero stored Decimal is at least 10^columnMinExponent in magnitude. */
  readonly columnMinExponent: number;
  /** A nonzero Decimal the engine computes is at least 10^minExponent in magnitude. */
  readonly minExponent: number;
  /** Clamped values lie within ±10^clampDigits. */
  readonly clampDigits: number;
  /**
   * Whether the engine computes, without error, a product of factors below 10^a and 10^b, or a
   * quotient below 10^(a+b) (b: the digits the divisor's smallness adds), with room left for the
   * sums a filter can build on it. Must hold for a = b = clampDigits + 1, and for
   * a = clampDigits + 1, b = -minExponent (test/sql/decimal-range.test.ts).
   */
  fits(a: number, b: number): boolean;
  /** `x` clamped to ±10^clampDigits; NULL stays NULL. */
  clamp(x: Frag): Frag;
}

/** Which operands of a Decimal `mul`/`div` are clamped: [left, right]. */
export type Clamps = readonly [boolean, boolean];

const NONE: Clamps = [false, false];

/** Static magnitude bounds of the values of one lowered filter under a dialect's DecimalRange. */
export class DecimalMagnitudes {
  private readonly uppers = new WeakMap<LoweredValue, number>();

  constructor(private readonly range: DecimalRange) {}

  /** The operands a Decimal `mul` or `div` clamps (none for other nodes). */
  clamps(node: LoweredArithmetic): Clamps {
    if (node.type !== 'Edm.Decimal' || (node.op !== 'mul' && node.op !== 'div')) return NONE;
    const a = this.upper(node.left);
    const b = node.op === 'mul' ? this.upper(node.right) : this.growth(node.right);
    if (this.range.fits(a, b)) return NONE;
    const over = this.range.clampDigits;
    return [a > over, node.op === 'mul' && b > over];
  }

  /** e such that the node's value is below 10^e in magnitude (Infinity: no bound known). */
  upper(node: LoweredValue): number {
    let e = this.uppers.get(node);
    if (e === undefined) {
      e = this.computeUpper(node);
      this.uppers.set(node, e);
    }
    return e;
  }

  private computeUpper(node: LoweredValue): number {
    const range = node.range;
    if (range) {
      const [lo, hi] = range;
      const max = -lo > hi ? -lo : hi;
      return max === 0n ? 0 : max.toString().length;
    }
    switch (node.kind) {
      case 'constant':
        if (node.value === null) return 0;
        return typeof node.value === 'string'
          ? Math.min(decimalDigits(node.value), this.range.literalDigits)
          : Infinity;
      case 'member':
        return node.type === 'Edm.Decimal' ? this.range.columnDigits : Infinity;
      case 'convert':
      case 'negate':
        return this.upper(node.operand);
      case 'call':
        // Rounding can carry into one more digit (9.5 → 10).
        return node.name === 'round' || node.name === 'floor' || node.name === 'ceiling'
          ? this.upper(node.args[0]!) + 1
          : Infinity;
      case 'arithmetic': {
        const a = this.upper(node.left);
        const op = node.op;
        switch (op) {
          case 'add':
          case 'sub':
            return Math.max(a, this.upper(node.right)) + 1;
          case 'mod':
            // The remainder is below both operands, but MySQL sizes its integer part by theirs.
            return Math.max(a, this.upper(node.right));
          case 'mul':
          case 'div': {
            const [clampLeft, clampRight] = this.clamps(node);
            const clamped = (digits: number, clamp: boolean): number =>
              clamp ? Math.min(digits, this.range.clampDigits + 1) : digits;
            const b = op === 'mul' ? clamped(this.upper(node.right), clampRight) : this.growth(node.right);
            return clamped(a, clampLeft) + b;
          }
          default:
            return assertNever(op, 'arithmetic operator');
        }
      }
      // A Decimal made from a Double is below 10^309, one read from a String is within the model
      // (docs/semantics.md §4); no other cast is a Decimal.
      case 'cast':
        if (node.conversion === 'toDecimal') return 309;
        return node.conversion === 'fromString' && node.type === 'Edm.Decimal' ? DECIMAL_MAX_EXPONENT + 1 : Infinity;
      // The value where the condition holds; the constant (null or 0) has no digits to add.
      case 'guard':
      case 'result':
        return this.upper(node.value);
      // Kinds that are never numeric, and a count, whose integer range (above) always bounds it.
      // A function's result is anything its type holds.
      case 'functionCall':
      case 'collectionArgument':
      case 'count':
      case 'truth':
      case 'not':
      case 'logical':
      case 'temporal':
        return Infinity;
      default:
        return assertNever(node, 'lowered value kind');
    }
  }

  /** How many digits dividing by the node can add: -e for the smallest nonzero 10^e it can be. */
  private growth(node: LoweredValue): number {
    if ((node.kind === 'convert' ? node.operand : node).range) return 0;
    let exponent = this.range.minExponent;
    if (node.kind === 'constant' && typeof node.value === 'string')
      exponent = Math.max(decimalExponent(node.value), exponent);
    if (node.kind === 'member') exponent = this.range.columnMinExponent;
    if (node.kind === 'cast' && node.conversion === 'fromString') exponent = -DECIMAL_MAX_EXPONENT;
    return Math.max(0, -exponent);
  }
}

/** The number of digits before the point of a Decimal literal's magnitude (0 below 1; Infinity beyond the model, which the compiler refuses). */
function decimalDigits(text: string): number {
  const d = decimalFromText(text);
  if (typeof d === 'string') return Infinity;
  return d.isZero() ? 0 : Math.max(0, d.e + 1);
}

/** The exponent of a Decimal literal's first significant digit (0 for zero; -Infinity beyond the model). */
function decimalExponent(text: string): number {
  const d = decimalFromText(text);
  if (typeof d === 'string') return -Infinity;
  return d.isZero() ? 0 : d.e;
}
