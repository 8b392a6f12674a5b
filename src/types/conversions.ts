// What `cast(x, T)` does for each pair of a value's type and a target type (docs/semantics.md §11):
// the checker types `cast` and `isof` by it, and lower() decides from it how a value converts.

import { INTEGER_RANGES, isInstant, isInteger, isNumeric, type EdmType } from '../language/edm.js';

/**
 * - `same`: the value is kept, in the target type (the same type, a wider integer type, an integer
 *   to Decimal, Double or Single as promotion does, Double and Single, the two instant types);
 * - `toString`: the value's literal text;
 * - `toInteger`: rounded half away from zero, null beyond the target's range;
 * - `toDecimal`: a Double's shortest round-trip decimal, null for NaN and ±INF;
 * - `toDouble`: a Decimal's nearest binary64, null beyond the finite range;
 * - `fromString`: a String read as a literal representation of the target type
 *   (src/types/literal-representation.ts), null when it is not one;
 * - `none`: OData defines no conversion (`cast` is a type issue, `isof` false).
 */
export type Conversion = 'same' | 'toString' | 'toInteger' | 'toDecimal' | 'toDouble' | 'fromString' | 'none';

export function conversionOf(from: EdmType, to: EdmType): Conversion {
  if (from === to) return 'same';
  if (to === 'Edm.String') return 'toString';
  if (from === 'Edm.String') return 'fromString';
  if (isInstant(from) && isInstant(to)) return 'same';
  if (!isNumeric(from) || !isNumeric(to)) return 'none';
  if (isInteger(to)) {
    if (!isInteger(from)) return 'toInteger';
    const [lo, hi] = INTEGER_RANGES[from];
    const [tlo, thi] = INTEGER_RANGES[to];
    return lo >= tlo && hi <= thi ? 'same' : 'toInteger';
  }
  if (to === 'Edm.Decimal') return isInteger(from) ? 'same' : 'toDecimal';
  // To Double or Single, computed alike as binary64 (docs/semantics.md §4).
  return from === 'Edm.Decimal' ? 'toDouble' : 'same';
}

/** True when `cast` to the target type can be null for a value that is not: `isof` then tests the cast. */
export function canFail(conversion: Conversion): boolean {
  return (
    conversion === 'toInteger' || conversion === 'toDecimal' || conversion === 'toDouble' || conversion === 'fromString'
  );
}
