// The parser generated from grammar/filter.peggy, given the actions, with its failures as
// FilterErrors: every text the fast path does not read, and the reference the fast path is held to;
// and, from its own start rule, the list a parameter alias gives `in`.

import type { Expr, Literal, StructureLiteral } from './ast.js';
import { actions } from './actions/index.js';
import type { InList } from './actions/index.js';
import { parse as generatedParse } from '../generated/parser.js';
import { toFilterError } from './parse-error.js';
import type { ODataVersion } from '../language/versions.js';

export function parseGenerated(text: string, version?: ODataVersion): Expr {
  try {
    return generatedParse(text, { actions, version }) as Expr;
  } catch (error) {
    throw toFilterError(error, text);
  }
}

/**
 * The value of a parameter alias that is the list of `in`: a list in parentheses or a JSON array,
 * as the grammar's AliasList reads it; its items at offsets into `text`.
 */
export function parseGeneratedList(text: string, version?: ODataVersion): readonly (Literal | StructureLiteral)[] {
  try {
    return (generatedParse(text, { actions, version, startRule: 'AliasList' }) as InList).list;
  } catch (error) {
    throw toFilterError(error, text);
  }
}
