// What reading a String as a literal in SQL needs of a dialect (docs/semantics.md §11, "From
// text"): a few text functions that never raise an error, whatever the text, and the values each
// target type is stored as. The readers (instant-text.ts, text-literals.ts, duration-text.ts) test
// a text character by character with them before any conversion, so that no text, valid or not,
// makes an engine raise an error.

import { raw, sql, type Frag } from './fragment.js';
import type { TimeUnit } from '../../semantics/fine-time.js';

export interface TextReading {
  /**
   * The unit the dialect stores times in (undefined: milliseconds): a text's fraction of a second
   * is read to it, and a digit beyond it must be zero, as nothing finer is stored.
   */
  readonly unit?: TimeUnit;
  /** Names a text value once (a constant too) for a body that uses it more than once. */
  bindText(values: readonly Frag[], body: (refs: readonly Frag[]) => Frag): Frag;
  /** Names integer values once. */
  bindIntegers(values: readonly Frag[], body: (refs: readonly Frag[]) => Frag): Frag;
  /** The characters of `x` from the 1-based position `from`, `length` of them (none for a length below 1). */
  substr(x: Frag, from: Frag, length: Frag): Frag;
  /** The number of characters of `x`. */
  length(x: Frag): Frag;
  /**
   * TRUE where `x` is one or more characters of the ASCII character class `chars` (`0-9`,
   * `0-9A-Fa-f`) and nothing else; on the characters themselves, never on a collation's idea of
   * them (which may take other digits), and without a regular expression's `$` (which may let a
   * final newline through).
   */
  only(x: Frag, chars: string): Frag;
  /** `x` compared by its exact characters (case and accents matter). */
  exact(x: Frag): Frag;
  /** `x` without the characters `char` (one ASCII character) it starts with. */
  trimStart(x: Frag, char: string): Frag;
  /** The 1-based position of the first `char` (one ASCII character) in `x`, by exact characters; 0 where there is none. */
  position(x: Frag, char: string): Frag;
  /** TRUE where the digits `x`, as many as `bound` has, spell at most `bound`. */
  atMost(x: Frag, bound: string): Frag;
  /** The integer that a text of at most 18 ASCII digits spells. */
  integer(x: Frag): Frag;
  /** Division of non-negative integers. */
  div(a: Frag, b: Frag): Frag;
  /** The instant of exact epoch units, NULL outside the instants the dialect holds. */
  instant(units: Frag): Frag;
  /** The Date a text `YYYY-MM-DD` of a day of the years 1–9999 names. */
  date(text: Frag): Frag;
  /** The TimeOfDay of units since midnight (0 to the last unit of the day). */
  timeOfDay(units: Frag): Frag;
  /** The Guid of 8-4-4-4-12 hexadecimal digits in any case. */
  guid(text: Frag): Frag;
  /**
   * The Binary of base64 text (`+` and `/`, padded to a multiple of four) that is known to be well
   * formed; or why the dialect cannot read it.
   */
  base64(text: Frag): Frag | string;
  /** The Decimal a String spells (src/backends/sql/text-literals.ts), NULL where it spells none; or why the dialect cannot read it. */
  decimal(text: Frag): Frag | string;
  /** The Double a String spells, NULL where it spells none; or why the dialect cannot read it. */
  double(text: Frag): Frag | string;
}

/** Positions and lengths written into the SQL: integers the code chose, never user values. */
export const n = (value: number): Frag => raw(String(value));

/** The fraction digits a reader reads: 3 for milliseconds, 6 for microseconds. */
export function fractionDigitsOf(r: TextReading): number {
  return r.unit === 'microseconds' ? 6 : 3;
}

/**
 * The microseconds within the millisecond of a fraction that starts at `from` and has `count`
 * digits (its 4th to 6th digits, scaled): 0 where it has three or fewer.
 */
export function microsOfFraction(r: TextReading, c: Characters, from: number | Frag, count: Frag): Frag {
  const start = typeof from === 'number' ? n(from + 3) : sql`${from} + 3`;
  const shown = sql`(CASE WHEN ${count} - 3 < 3 THEN ${count} - 3 ELSE 3 END)`;
  return sql`(CASE WHEN ${count} <= 3 THEN 0 ELSE ${r.integer(c.at(start, shown))} * (CASE ${count} WHEN 4 THEN 100 WHEN 5 THEN 10 ELSE 1 END) END)`;
}

/** Whole milliseconds and the microseconds within them as units of the reader. */
export function unitsOfMs(r: TextReading, ms: Frag, micros: Frag): Frag {
  return r.unit === 'microseconds' ? sql`(${ms} * 1000 + ${micros})` : ms;
}

/** A text `t` (a name bound once) and the tests of its characters the readers share. */
export interface Characters {
  readonly t: Frag;
  readonly len: Frag;
  /** The characters of `t` from `from`, `length` of them. */
  at(from: number | Frag, length: number | Frag): Frag;
  /** TRUE where the character at `from` is one of `allowed` (exactly: case matters). */
  char(from: number | Frag, ...allowed: string[]): Frag;
  /** TRUE where the characters from `from`, `length` of them, are all ASCII digits (and there is one). */
  digits(from: number | Frag, length: number | Frag): Frag;
}

export function charactersOf(r: TextReading, t: Frag): Characters {
  const at = (from: number | Frag, length: number | Frag): Frag =>
    r.substr(t, typeof from === 'number' ? n(from) : from, typeof length === 'number' ? n(length) : length);
  return {
    t,
    len: r.length(t),
    at,
    char: (from, ...allowed) => sql`(${r.exact(at(from, 1))} IN (${raw(allowed.map((c) => `'${c}'`).join(', '))}))`,
    digits: (from, length) => r.only(at(from, length), '0-9'),
  };
}
