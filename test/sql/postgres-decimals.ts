// Where PostgreSQL computes a Decimal other than the reference, by the rules of docs/semantics.md
// ("SQL backends: differences"), decided from the reference's own values: the reference rounds a
// Decimal result beyond 1,000 significant digits (section 4), PostgreSQL's numeric keeps it
// exact; and PostgreSQL divides to a scale of its own choosing, not to 34 significant digits.
// The differential tests leave those filters out on PostgreSQL (test/sql/boundaries.test.ts pins
// examples).

import { Decimal } from 'decimal.js';
import type { TypedExpr, TypedFilter } from '../../src/types/typed.js';
import { childrenOfTyped } from '../../src/types/typed.js';
import { evaluateOracleValue } from '../support/oracle.js';

/** Exact for every sum, product and remainder of two values of the model (a million digits). */
const Exact = Decimal.clone({ precision: 1_000_000, modulo: Decimal.ROUND_DOWN, minE: -9e15, maxE: 9e15 });

const EXACT_OPERATIONS: { readonly [op: string]: (a: Decimal, b: Decimal) => Decimal } = {
  add: (a, b) => new Exact(a).plus(b),
  sub: (a, b) => new Exact(a).minus(b),
  mul: (a, b) => new Exact(a).times(b),
  mod: (a, b) => new Exact(a).mod(b),
};

/** A value and the display scale PostgreSQL keeps with it (its digits after the point). */
interface Tracked {
  readonly value: Decimal;
  readonly scale: number;
}

export interface PostgresDecimalOptions {
  /** Whether quotients are decided too (by PostgreSQL's division scale); otherwise they are not looked at. */
  readonly division?: boolean;
}

/**
 * Whether PostgreSQL computes some Decimal of the filter other than the reference on some row:
 * an `add`, `sub`, `mul` or `mod` that needs more than 1,000 significant digits, or (with
 * `division`) a quotient whose value at PostgreSQL's scale is not the reference's. Stored values
 * and literals are taken to be written without trailing zeros (their scale is their decimal
 * places), as the generators write them.
 */
export function postgresDecimalDiffers(
  typed: TypedFilter,
  rows: readonly object[],
  options: PostgresDecimalOptions = {},
): boolean {
  return rows.some((row) => differsOnRow(typed.root, row, options.division === true));
}

function differsOnRow(root: TypedExpr, row: object, division: boolean): boolean {
  let differs = false;
  const walk = (node: TypedExpr): Tracked | null => {
    if (node.type !== 'Edm.Decimal') {
      for (const child of childrenOfTyped(node)) walk(child);
      return null;
    }
    const operands = childrenOfTyped(node).map(walk);
    const value = evaluateOracleValue(node, row) as Decimal | null;
    if (value === null) return null;
    switch (node.kind) {
      case 'member':
      case 'literal':
        return { value, scale: Math.max(0, value.decimalPlaces()) };
      case 'negate':
        return operands[0] ? { value, scale: operands[0].scale } : null;
      case 'arithmetic': {
        const [a, b] = operands;
        if (!a || !b) return null;
        // `divby` is lowered to `div` (docs/semantics.md §4).
        if (node.op === 'div' || node.op === 'divby') {
          const scale = divisionScale(a, b);
          if (division && !quotient(a.value, b.value, scale).eq(value)) differs = true;
          return { value, scale };
        }
        if (EXACT_OPERATIONS[node.op]!(a.value, b.value).sd() > 1000) differs = true;
        return { value, scale: node.op === 'mul' ? a.scale + b.scale : Math.max(a.scale, b.scale) };
      }
      default:
        // An integer converted (CAST(… AS numeric)) or a round, floor or ceiling: scale 0.
        return { value, scale: 0 };
    }
  };
  walk(root);
  return differs;
}

/**
 * PostgreSQL's scale of a quotient (select_div_scale in numeric.c): 16 significant digits by an
 * estimate of the quotient's weight from the first base-10000 digit groups of the operands, and
 * at least either operand's scale, at most 1,000.
 */
function divisionScale(a: Tracked, b: Tracked): number {
  const [w1, d1] = firstGroup(a.value);
  const [w2, d2] = firstGroup(b.value);
  const weight = w1 - w2 - (d1 <= d2 ? 1 : 0);
  return Math.min(Math.max(16 - weight * 4, a.scale, b.scale, 0), 1000);
}

/** The weight (power of 10000) and value of the first non-zero base-10000 digit group; [0, 0] for zero. */
function firstGroup(v: Decimal): readonly [number, number] {
  if (v.isZero()) return [0, 0];
  const weight = Math.floor(v.e / 4);
  return [weight, new Exact(v).abs().div(new Exact(10000).pow(weight)).floor().toNumber()];
}

/** a / b rounded half away from zero to `scale` decimals, as PostgreSQL's numeric division does. */
function quotient(a: Decimal, b: Decimal, scale: number): Decimal {
  // Truncated a few digits beyond the scale, then rounded: the same as rounding the exact quotient.
  const Truncated = Decimal.clone({
    precision: Math.max(0, a.e - b.e + 2) + scale + 5,
    rounding: Decimal.ROUND_DOWN,
    minE: -9e15,
    maxE: 9e15,
  });
  return new Truncated(a).div(b).toDecimalPlaces(scale, Decimal.ROUND_HALF_UP);
}
