// Strings by code point, as docs/semantics.md counts them: ordinal comparison, length, index and
// substring in code points (a surrogate pair is one), and the results bounded by MAX_STRING_LENGTH.

import { MAX_STRING_LENGTH } from '../../language/functions.js';

/** -1, 0 or 1: ordinal comparison by Unicode code point (not by UTF-16 code unit). */
export function compareStrings(a: string, b: string): number {
  if (a === b) return 0;
  const n = a.length < b.length ? a.length : b.length;
  for (let i = 0; i < n; i++) {
    const x = a.charCodeAt(i);
    const y = b.charCodeAt(i);
    if (x !== y) {
      // Surrogates (U+D800–DFFF) encode code points above U+FFFF, so they sort after U+E000–FFFF.
      if (x >= 0xd800 && y >= 0xd800) return surrogateRank(x) < surrogateRank(y) ? -1 : 1;
      return x < y ? -1 : 1;
    }
  }
  return a.length < b.length ? -1 : 1;
}

function surrogateRank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}

/** True when native UTF-16 order equals code-point order for any string compared with `s`. */
export function hasNoHighUnits(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0xd800) return false;
  return true;
}

/**
 * A high surrogate: the first of a pair. V8 answers this test on a string stored one byte per
 * character (every string of Latin-1 text) without reading it, since no such string can hold one.
 */
const HIGH_SURROGATE = /[\uD800-\uDBFF]/;

/** Number of surrogate pairs in s[0, end). */
function pairsBefore(s: string, end: number): number {
  if (!HIGH_SURROGATE.test(s)) return 0;
  let pairs = 0;
  for (let i = 0; i < end; i++) {
    const u = s.charCodeAt(i);
    if (u >= 0xd800 && u <= 0xdbff) pairs++;
  }
  return pairs;
}

export function lengthOf(s: string): number {
  return s.length - pairsBefore(s, s.length);
}

export function indexOf(s: string, t: string): number {
  const i = s.indexOf(t);
  return i <= 0 ? i : i - pairsBefore(s, i);
}

/** Code-point substring; a negative start or length is taken as 0. */
export function substring(s: string, start: number, length?: number): string {
  const from = start > 0 ? start : 0;
  const count = length === undefined ? Infinity : length > 0 ? length : 0;
  if (count === 0 || from >= s.length) return '';
  // Without a pair, code points are code units.
  if (!HIGH_SURROGATE.test(s)) return count === Infinity ? s.slice(from) : s.slice(from, from + count);
  let unitFrom = -1;
  let cp = 0;
  let i = 0;
  // Walk code points; stop once the end of the requested range is found.
  for (; i < s.length; cp++) {
    if (cp === from) unitFrom = i;
    if (unitFrom >= 0 && cp - from === count) break;
    const u = s.charCodeAt(i);
    i += u >= 0xd800 && u <= 0xdbff && i + 1 < s.length ? 2 : 1;
  }
  if (unitFrom < 0) return '';
  return s.slice(unitFrom, i);
}

export function trimSpaces(s: string): string {
  let from = 0;
  let to = s.length;
  while (from < to && s.charCodeAt(from) === 32) from++;
  while (to > from && s.charCodeAt(to - 1) === 32) to--;
  return from === 0 && to === s.length ? s : s.slice(from, to);
}

/**
 * Whether a result of `units` UTF-16 code units passes MAX_STRING_LENGTH code points, `length()`
 * giving its code points. A string within the bound in code units is within it in code points,
 * so only a longer one is counted.
 */
function beyondBound(units: number, length: () => number): boolean {
  return units > MAX_STRING_LENGTH && length() > MAX_STRING_LENGTH;
}

/** Every occurrence of `find` replaced; null where the result would pass MAX_STRING_LENGTH code points. */
export function replaceAll(s: string, find: string, replacement: string): string | null {
  if (find === '') return s;
  const parts = s.split(find);
  const occurrences = parts.length - 1;
  // Decided before the string is built: nested replaces grow geometrically.
  const units = s.length + occurrences * (replacement.length - find.length);
  if (beyondBound(units, () => lengthOf(s) + occurrences * (lengthOf(replacement) - lengthOf(find)))) return null;
  return parts.join(replacement);
}

export function toLower(s: string): string {
  return s.toLowerCase();
}

export function toUpper(s: string): string {
  return s.toUpperCase();
}

/** `a` and `b` joined; null where the result would pass MAX_STRING_LENGTH code points. */
export function concat(a: string, b: string): string | null {
  if (beyondBound(a.length + b.length, () => lengthOf(a) + lengthOf(b))) return null;
  return a + b;
}
