// The text of a syntax tree (print() is in print-filter.ts, which first reads a tree built by
// hand back from its text): the canonical text, with parentheses only where precedence needs them,
// so that parse(print(tree)) rebuilds the same tree. Canonical spelling: lower-case keywords,
// operators and function names; one space around a binary operator; `, ` between arguments and
// list items; identifiers and literals as written; a lambda as `Tags/any(t: t eq 'red')` (no
// space before the colon, one after, as between arguments) and `Tags/any()`; a parameter alias
// as `@p`. An `in` list is written in parentheses whether it was read from them or from a JSON
// array (`x in ["a", 1]` prints `x in ('a', 1)`, the same tree), except a JSON array holding a
// string that spells a guid or a date-time: that string's meaning depends on the operand, which
// only the JSON form says, so that list stays a JSON array.
//
// For an earlier OData version (the `version` option) the same renderers are overridden where that
// version writes otherwise (src/syntax/print-version.ts): the default, 4.01, prints as above.

import { type Expr, childrenOf } from './ast.js';
import { limitOnExhaustion } from '../errors.js';
import { versionOf, type VersionOption } from '../language/versions.js';
import { printerFor } from './print-version.js';
import { BINDING, renderers, type Renderer, type Renderers, type Rendered } from './renderers.js';

/** print()'s text of a tree whose shape is known (src/syntax/print-filter.ts). */
export function versionText(expr: Expr, options: VersionOption = {}): string {
  const version = versionOf(options);
  if (version === '4.01') return canonicalText(expr);
  const { table, refuse } = printerFor(version, renderers, BINDING);
  try {
    return render(expr, table, refuse).text;
  } catch (error) {
    throw limitOnExhaustion(error, 'Filter is too large to print', expr);
  }
}

/** The 4.01 text of a tree whose shape is known (src/syntax/tree-validation.ts reads it back). */
export function canonicalText(expr: Expr): string {
  try {
    return render(expr, renderers).text;
  } catch (error) {
    throw limitOnExhaustion(error, 'Filter is too large to print', expr);
  }
}

/**
 * print() for a version, with parameter aliases kept where a version before 4.0 has none: the
 * typed builder's values, which its errors show as the filter template's holes when one does not
 * fit its place (src/client/builder.ts).
 */
export function printWithAliases(expr: Expr, options: VersionOption = {}): string {
  const version = versionOf(options);
  if (version === '4.01') return canonicalText(expr);
  const { table, refuse } = printerFor(version, renderers, BINDING);
  try {
    return render(expr, table, (node) => (node.kind === 'alias' ? undefined : refuse(node))).text;
  } catch (error) {
    throw limitOnExhaustion(error, 'Filter is too large to print', expr);
  }
}

/**
 * Renders each node after its children (in the order of childrenOf), from an explicit stack.
 * `refuse` sees each node before its children, so that the outermost, leftmost construct a version
 * cannot express is the one refused.
 */
function render(root: Expr, table: Renderers, refuse?: (node: Expr) => void): Rendered {
  const pending: Expr[] = [root];
  const childrenDone: boolean[] = [false];
  const rendered: Rendered[] = [];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const children = childrenOf(node);
    const done = childrenDone.pop()!;
    if (!done) refuse?.(node);
    if (done || children.length === 0) {
      const parts = rendered.splice(rendered.length - children.length, children.length);
      rendered.push((table[node.kind] as Renderer<Expr>)(node, parts));
      continue;
    }
    pending.push(node);
    childrenDone.push(true);
    for (let i = children.length - 1; i >= 0; i--) {
      pending.push(children[i]!);
      childrenDone.push(false);
    }
  }
  return rendered[0]!;
}
