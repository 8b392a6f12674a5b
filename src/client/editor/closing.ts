// How a text cut short at a place is closed so that it parses: each parenthesis it leaves open
// closed, after the arguments its call still lacks — `, null` for a missing value, a type name
// for `cast(` or `isof(` without one — as the parser's arity errors say, one at a time.

import { isFilterError } from '../../errors.js';
import type { ParseOptions } from '../../syntax/limits.js';
import { parse } from '../../syntax/parse.js';

/** The positions of the `(` that `before` leaves open, outermost first; strings and JSON strings skipped. */
export function openParenthesesOf(before: string): number[] {
  const open: number[] = [];
  let quote: string | undefined;
  for (let i = 0; i < before.length; i++) {
    const c = before[i]!;
    if (quote !== undefined) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '(') open.push(i);
    else if (c === ')') open.pop();
  }
  return open;
}

/** The `)` that close what `before` leaves open. */
export function closersOf(before: string): string {
  return ')'.repeat(openParenthesesOf(before).length);
}

/** What closes a text: per open parenthesis, outermost first, the arguments its call still lacks. */
export interface Closing {
  /** The values written before each `)`: `, null` once per missing one. */
  readonly values: readonly string[];
  /** Whether each call (`cast(`, `isof(`) lacks its type name, which is written after its values. */
  readonly typed: readonly boolean[];
}

/** The type name written where `cast(` or `isof(` lacks one. */
const STAND_IN_TYPE = 'Edm.String';

/** Most arguments added while closing a text: beyond them, it is left unread. */
const MOST_ADDED = 8;

/** The rest after the place that a closing writes; the innermost call's type name, if it lacks one, `type`. */
export function restOf(closing: Closing, type: string = STAND_IN_TYPE): string {
  let rest = '';
  const last = closing.values.length - 1;
  for (let level = last; level >= 0; level--) {
    rest += closing.values[level]!;
    if (closing.typed[level]) rest += `, ${level === last ? type : STAND_IN_TYPE}`;
    rest += ')';
  }
  return rest;
}

/** Whether the innermost call of a closing lacks its type name, which a reading may choose. */
export function innermostTyped(closing: Closing): boolean {
  return closing.typed[closing.typed.length - 1] ?? false;
}

/**
 * The closing of `text` (the text before the place and what stands there) that makes it parse, or
 * undefined when none does: the text has a syntax error of its own, or a call more arguments than
 * it takes, or a closing passes a limit (`nearLimit` is told which).
 */
export function closingOf(
  before: string,
  text: string,
  options: ParseOptions,
  nearLimit?: (code: string) => void,
): Closing | undefined {
  const positions = openParenthesesOf(before);
  const values = positions.map(() => '');
  const typed = positions.map(() => false);
  for (let added = 0; added <= MOST_ADDED; added++) {
    let issue: { code: string; end: number } | undefined;
    try {
      parse(text + restOf({ values, typed }), options);
      return { values, typed };
    } catch (error) {
      if (!isFilterError(error)) throw error;
      issue = error.issues[0];
      if (error.kind === 'limit' && issue !== undefined) nearLimit?.(issue.code);
    }
    // The parser names the call by its name, which ends at its `(`.
    const level = issue === undefined ? -1 : positions.indexOf(issue.end);
    if (level < 0) return undefined;
    if (issue!.code === 'wrong_arity') values[level] += ', null';
    else if (issue!.code === 'expected_type_name' && !typed[level]) typed[level] = true;
    else return undefined;
  }
  return undefined;
}
