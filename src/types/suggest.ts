// Did-you-mean suggestions for a literal of the wrong type: the literal of another type that its
// text spells exactly (`'50'` → `50`). Misspelt names are src/language/suggest-name.ts's.

import { assertNever } from '../assert-never.js';
import type { Literal } from '../syntax/ast.js';
import { parse } from '../syntax/parse.js';
import { canonicalText } from '../syntax/print.js';

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
      case 'binary':
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
      case 'functionCall':
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
      case 'structure':
      case 'collection':
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
