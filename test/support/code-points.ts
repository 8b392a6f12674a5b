// Strings of any code points for the properties.

import fc from 'fast-check';

/** The code points but the surrogates: U+0000 to U+D7FF, then U+E000 to U+10FFFF. */
const SURROGATES = 0x800;
const FIRST_SURROGATE = 0xd800;
const COUNT = 0x110000 - SURROGATES;

/**
 * One code point but a surrogate: what fast-check's `unit: 'binary'` draws, index for index (its
 * `mapToConstant` over the same two ranges), so a seed draws the same strings. Its inverse is
 * arithmetic: fast-check's own tabulates all 1,112,064 code points the first time a `string()`
 * is built on it (to split its list of dangerous strings into units), about a second of every
 * test file that draws rows.
 */
export const codePoint: fc.Arbitrary<string> = fc.nat({ max: COUNT - 1 }).map(
  (index) => String.fromCodePoint(index < FIRST_SURROGATE ? index : index + SURROGATES),
  (value) => {
    const point = typeof value === 'string' ? value.codePointAt(0) : undefined;
    if (point === undefined || String.fromCodePoint(point) !== value) throw new Error('not one code point');
    if (point >= FIRST_SURROGATE && point < FIRST_SURROGATE + SURROGATES) throw new Error('a surrogate');
    return point < FIRST_SURROGATE ? point : point - SURROGATES;
  },
);

/** Strings of any code points but surrogates, as `fc.string({ unit: 'binary', ... })` draws them. */
export function anyString(constraints: { minLength?: number; maxLength?: number } = {}): fc.Arbitrary<string> {
  return fc.string({ ...constraints, unit: codePoint });
}
