// Where MySQL/MariaDB compute a Decimal other than the reference, by the rules of docs/semantics.md
// ("SQL backends: differences"), decided from the reference's own values: the differential tests
// leave those filters out on MySQL/MariaDB (and test/sql/boundaries.test.ts pins examples).

import { Decimal } from 'decimal.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import type { TypedExpr, TypedFilter } from '../../src/types/typed.js';
import { evaluateOracleValue } from '../support/oracle.js';
import { childrenOfTyped } from '../../src/types/typed.js';
import { typedNodesOf } from '../support/trees.js';
import { rememberFilter } from '../../src/types/made-filters.js';

/** Whether MySQL/MariaDB may compute some Decimal of the filter other than the reference on some row. */
export function mysqlDecimalDiffers(typed: TypedFilter, rows: readonly object[]): boolean {
  return clampsDecimal(typed, rows) || rows.some((row) => mysqlInexact(typed, row));
}

/** The factors of Decimal `mul`s and the dividends of Decimal `div`s: what MySQL/MariaDB clamp. */
function decimalFactors(node: TypedExpr): TypedExpr[] {
  return typedNodesOf(node).flatMap((n) =>
    n.kind === 'arithmetic' && n.type === 'Edm.Decimal' && (n.op === 'mul' || n.op === 'div' || n.op === 'divby')
      ? n.op === 'mul'
        ? [n.left, n.right]
        : [n.left]
      : [],
  );
}

/**
 * Whether some Decimal factor or dividend of the filter reaches 10^35 in magnitude on some row
 * (where MySQL/MariaDB may clamp it): decided from the reference's own values, by compiling
 * `node ge 1e35 or node le -1e35` for each such node.
 */
function clampsDecimal(typed: TypedFilter, rows: readonly object[]): boolean {
  return decimalFactors(typed.root).some((node) => {
    const span = { start: node.start, end: node.end };
    const bound = (value: string): TypedExpr => ({ kind: 'literal', type: 'Edm.Decimal', value, ...span });
    const compare = (op: 'ge' | 'le', value: string): TypedExpr => ({
      kind: 'compare',
      op,
      type: 'Edm.Boolean',
      left: node,
      right: bound(value),
      ...span,
    });
    const root: TypedExpr = {
      kind: 'logical',
      op: 'or',
      type: 'Edm.Boolean',
      // The literals as check() writes a Decimal of `1e35m`.
      operands: [compare('ge', '1E+35'), compare('le', '-1E+35')],
      ...span,
    };
    // A probe of the test's own making over a lambda's scope (test/sql/lambda-scopes.ts): taken as made.
    const reaches = compilePredicate(rememberFilter({ ...typed, root } as TypedFilter));
    return rows.some((row) => reaches(row));
  });
}

const words = (digits: number): number => Math.ceil(digits / 9);
/** Digits before the point of |v| (0 below 1). */
const integerDigits = (v: Decimal): number => (v.abs().lt(1) ? 0 : v.e + 1);

/** What MySQL/MariaDB track of a Decimal value: its integer digits (at most) and its scale. */
interface Tracked {
  readonly value: Decimal;
  readonly intDigits: number;
  readonly scale: number;
}

/** Quotients to 200 digits, truncated: enough to tell where one ends and to round it at 38 decimals. */
const Long = Decimal.clone({ precision: 200, rounding: Decimal.ROUND_DOWN });

/**
 * Whether MySQL/MariaDB compute some Decimal `add`, `sub`, `mul`, `div` or `mod` of the filter on
 * the row other than the reference, by the rules of docs/semantics.md ("SQL backends:
 * differences"). A quotient has the dividend's scale (at least 30, a stored Decimal's) plus 4
 * decimals, at most 38; compared, it is that rounded half up (the reference rounds to 34
 * significant digits), and in further arithmetic MySQL uses more of its digits than that, so there
 * it agrees only where the quotient ends within that scale and within 34 digits. Other operations
 * run in nine words of nine digits, the integer words of the result and the words of the operands'
 * scales (30 for a column or literal, the sum of the factors' for a product, at most 38; both
 * factors' for a product, the larger for a sum); where they need more, the operands' lowest
 * fractional words are dropped, which changes the result where those words held digits. A
 * product keeps at most 38 fractional digits, rounded. Decided
 * from the reference's values, with the integer digits counted in whole words (at most what the
 * engine counts), so a case the engine computes exactly may be left out, but none it does not.
 */
function mysqlInexact(typed: TypedFilter, row: object): boolean {
  let inexact = false;
  const dropsDigits = (a: Tracked, b: Tracked, intWords: number, resultScaleWords: number): boolean => {
    const spare = 9 - intWords - resultScaleWords;
    if (spare >= 0) return false;
    // Worst case: either operand loses all the words that must go.
    const keeps = (t: Tracked): boolean => words(t.value.decimalPlaces()) <= words(t.scale) + spare;
    return !keeps(a) || !keeps(b);
  };
  /** `compared`: the node's value is an operand of a comparison (or `in`), not of more arithmetic. */
  const walk = (node: TypedExpr, compared = false): Tracked | null | undefined => {
    if (node.type !== 'Edm.Decimal') {
      visitChildren(node);
      return undefined;
    }
    const value = evaluateOracleValue(node, row) as Decimal | null;
    switch (node.kind) {
      case 'member':
      case 'literal':
        return value === null ? null : { value, intDigits: 9 * words(Math.max(integerDigits(value), 1)), scale: 30 };
      case 'convert':
        visitChildren(node);
        return value === null ? null : { value, intDigits: 9 * words(integerDigits(value)), scale: 0 };
      case 'negate': {
        const a = walk(node.operand);
        return a && value !== null ? { ...a, value } : null;
      }
      case 'call': {
        const a = walk(node.args[0]!);
        return a && value !== null ? { value, intDigits: a.intDigits + 9, scale: 0 } : null;
      }
      case 'arithmetic': {
        const a = walk(node.left);
        const b = walk(node.right);
        if (!a || !b || value === null) return null;
        // `divby` is lowered to `div` (docs/semantics.md §4).
        if (node.op === 'div' || node.op === 'divby') {
          const scale = Math.min(Math.max(a.scale, 30) + 4, 38);
          const quotient = new Long(a.value).div(new Long(b.value));
          const ends = quotient.times(b.value).eq(a.value);
          // Digits left for the quotient's fraction in nine words, beside its integer words.
          const fractionDigits = 9 * (9 - words(integerDigits(quotient)));
          const computedDivisor =
            node.right.kind !== 'member' && node.right.kind !== 'literal' && b.value.decimalPlaces() > 38;
          const agrees = compared
            ? fractionDigits > scale && quotient.toDecimalPlaces(scale, Decimal.ROUND_HALF_UP).eq(value)
            : ends && quotient.decimalPlaces() <= Math.min(scale, fractionDigits) && quotient.eq(value);
          if (!agrees || computedDivisor) inexact = true;
          return { value, intDigits: 9 * words(integerDigits(value)), scale };
        }
        if (node.op === 'mul') {
          if (
            dropsDigits(a, b, words(a.intDigits + b.intDigits), words(a.scale) + words(b.scale)) ||
            value.decimalPlaces() > 38
          )
            inexact = true;
          return { value, intDigits: 9 * words(integerDigits(value)), scale: Math.min(a.scale + b.scale, 38) };
        }
        const intDigits = 9 * words(Math.max(a.intDigits, b.intDigits)) + 9;
        const scale = Math.max(a.scale, b.scale);
        if (dropsDigits(a, b, words(intDigits), words(scale))) inexact = true;
        return { value, intDigits, scale };
      }
      default:
        return null;
    }
  };
  const visitChildren = (node: TypedExpr): void => {
    for (const child of childrenOfTyped(node)) walk(child, node.kind === 'compare' || node.kind === 'in');
  };
  walk(typed.root);
  return inexact;
}
