// `cast(Double, Edm.Decimal)` on PostgreSQL (docs/semantics.md §11): the Decimal that
// JavaScript's shortest round-trip text of the Double spells.
//
// float8's text is the shortest decimal strictly between the Double's rounding bounds (the
// midpoints to its neighbours). JavaScript's is the shortest that reads back as the Double, and a
// Double with an even significand is read back from its bounds too (round half to even): where a
// bound is shorter than every decimal between them, the texts differ. 1e23 lies halfway between
// 99999999999999991611392 and 100000000000000008388608 and reads back as the first (even), which
// JavaScript writes `1e+23` and PostgreSQL `9.999999999999999e+22`.
//
// Such a bound then has fewer digits than float8's text, and lies within one unit of that text's
// last digit from it (both are within the bounds, which one unit of that digit cannot fit between,
// or a shorter decimal would lie between them): it is the text truncated by its last digit, or that
// plus one unit of the digit before. Whichever of the two reads back as the Double is
// JavaScript's; else float8's text is (a decimal that reads back with fewer digits than float8's
// and lies strictly between the bounds does not exist).

import { raw, sql } from '../fragment.js';
import type { Binder, Frag } from '../fragment.js';

/**
 * Above every Double's upper bound but the largest's (2^1024 - 2^970, where the text reads back as
 * ±Infinity): a candidate at or beyond it would make the cast to float8 fail ("out of range").
 */
const BELOW_OVERFLOW = raw('1.7976931348623158e308');

/** The Decimal of a finite Double `v` (a named float8), as JavaScript's shortest text spells it. */
export function shortestDecimalOf(bind: Binder, v: Frag): Frag {
  const text = sql`CAST(CAST(${v} AS text) AS numeric)`;
  return bind([text, sql`trim_scale(abs(${text}))`], ([written, magnitude]) => {
    // The position of the last digit but one, as trunc()'s scale: the fraction's digits less
    // one, or minus the integer's trailing zeros and one (trunc(1230, -2) is 1200).
    const digits = sql`CAST(${magnitude!} AS text)`;
    const at = sql`(CASE WHEN scale(${magnitude!}) > 0 THEN scale(${magnitude!}) - 1 ELSE length(rtrim(${digits}, '0')) - length(${digits}) - 1 END)`;
    const unit = sql`CAST('1e' || CAST(-${at} AS text) AS numeric)`;
    return bind([sql`trunc(${magnitude!}, ${at})`, sql`(trunc(${magnitude!}, ${at}) + ${unit})`], ([below, above]) => {
      const signed = (x: Frag): Frag => sql`(sign(${written!}) * ${x})`;
      const readsBack = (x: Frag): Frag =>
        sql`(CASE WHEN ${x} < ${BELOW_OVERFLOW} THEN CAST(${signed(x)} AS double precision) = ${v} ELSE FALSE END)`;
      return sql`(CASE WHEN ${readsBack(below!)} THEN ${signed(below!)} WHEN ${readsBack(above!)} THEN ${signed(above!)} ELSE ${written!} END)`;
    });
  });
}
