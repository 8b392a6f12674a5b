// parse(): enforces the input limits, reads the text by the fast path or else by the generated
// parser, and returns the untyped syntax tree or throws a FilterError.

import type { Expr } from './ast.js';
import { FilterError } from '../errors.js';
import { parseFast } from './fast-path.js';
import { checkText, checkTreeSize, limitsOf } from './limits.js';
import type { ParseOptions } from './limits.js';
import { parseGenerated } from './parse-generated.js';
import { rememberTree } from './made-trees.js';
import type { VersionOption } from '../language/versions.js';

/**
 * Parses filter text into an untyped syntax tree, or throws a {@link FilterError}. The `version`
 * the text is written for reads `binary'…'` (docs/semantics.md §6); every other text reads alike.
 */
export function parse(text: string, options: ParseOptions & VersionOption = {}): Expr {
  if (typeof text !== 'string') {
    throw new FilterError({
      kind: 'syntax',
      issueCode: 'not_a_string',
      message: `A filter must be a string, not ${typeof text}`,
      start: 0,
      end: 0,
    });
  }
  const limits = limitsOf(options);
  checkText(text, limits);
  const fast = parseFast(text, options.version);
  const tree = fast === undefined ? parseGenerated(text, options.version) : fast.tree;
  checkTreeSize(tree, text, limits, fast?.lambdas);
  // Remembered, so that print() and check() take it without walking it again.
  return rememberTree(tree);
}
