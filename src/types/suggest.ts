// Did-you-mean suggestions: for misspelt names, a case-insensitive match first, then the closest
// name by edit distance (with transpositions, so `Stauts` is one edit from `Status`); for a literal
// of the wrong type, the literal of another type that its text spells exactly (`'50'` → `50`).

import { assertNever } from '../assert-never.js';
import type { Literal } from '../syntax/ast.js';
import { parse } from '../syntax/parse.js';
import { canonicalText } from '../syntax/print.js';

/** The best candidate for `name`, or undefined when none is close enough to be a likely typo. */
export function suggestName(name: string, candidates: Iterable<string>): string | undefined {
  const list = [...candidates];
  const lower = name.toLowerCase();
  const caseMatch = list.find((c) => c.toLowerCase() === lower);
  if (caseMatch !== undefined) return caseMatch;
  const limit = name.length <= 2 ? 0 : name.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of list) {
    if (Math.abs(candidate.length - name.length) > limit) continue;
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent swaps. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = new Array<number>(rows * cols).fill(0);
  for (let i = 0; i < rows; i++) d[i * cols] = i;
  for (let j = 0; j < cols; j++) d[j] = j;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[(i - 1) * cols + j]! + 1, d[i * cols + j - 1]! + 1, d[(i - 1) * cols + j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[(i - 2) * cols + j - 2]! + 1);
      d[i * cols + j] = best;
    }
  }
  return d[rows * cols - 1]!;
}

/** Longer quoted text is no literal of another type (the longest, a Decimal, is rarely near it). */
const MAX_LITERAL_TEXT = 100;
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The literals of other types that a string's content spells, each with its canonical text:
 * `50`, `true`, a guid, a date-time, a time of day, and a date alone both as a Date and as
 * midnight UTC (`2012-01-01` → `2012-01-01`, `2012-01-01T00:00:00Z`), for an operand of either
 * type. Empty when the content is not exactly one such literal.
 */
export function literalsInString(content: string): readonly { readonly text: string; readonly literal: Literal }[] {
  if (content.length > MAX_LITERAL_TEXT) return [];
  const spellings = DATE_ONLY.test(content) ? [content, `${content}T00:00:00Z`] : [content];
  const found: { text: string; literal: Literal }[] = [];
  for (const spelling of spellings) {
    let expr;
    try {
      expr = parse(spelling);
    } catch {
      continue;
    }
    switch (expr.kind) {
      case 'number':
      case 'boolean':
      case 'datetime':
      case 'guid':
      case 'date':
      case 'timeOfDay':
      case 'duration':
        found.push({ text: canonicalText(expr), literal: expr });
        break;
      case 'null':
      case 'string':
      case 'member':
      case 'alias':
      case 'call':
      case 'typeFunction':
      case 'enum':
      case 'has':
      case 'not':
      case 'negate':
      case 'compare':
      case 'arithmetic':
      case 'logical':
      case 'in':
      case 'inAlias':
      case 'lambda':
      case 'count':
      case 'inCollection':
        break;
      default:
        assertNever(expr);
    }
  }
  return found;
}

const PLAIN_NUMBER_OR_BOOLEAN = /^(?:-?\d+(?:\.\d+)?|true|false)$/i;

/** The string literal a number or Boolean literal's source text spells (`50` → `'50'`), if it is plain. */
export function stringOfLiteral(source: string): string | undefined {
  return PLAIN_NUMBER_OR_BOOLEAN.test(source) ? `'${source}'` : undefined;
}
