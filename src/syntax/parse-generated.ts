// The parser generated from grammar/filter.peggy, given the actions, with its failures as
// FilterErrors: every text the fast path does not read, and the reference the fast path is held to.

import type { Expr } from './ast.js';
import { actions } from './actions/index.js';
import { parse as generatedParse } from '../generated/parser.js';
import { toFilterError } from './parse-error.js';

export function parseGenerated(text: string): Expr {
  try {
    return generatedParse(text, { actions }) as Expr;
  } catch (error) {
    throw toFilterError(error, text);
  }
}
