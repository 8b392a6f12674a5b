// Where a syntax tree came from: the trees parse() made, and those a walk has found to be trees
// parse() could make. Knowing it is cheaper than walking a tree again: a tree from the package is
// taken at once, a tree built by hand is walked once (src/syntax/tree-validation.ts) and then
// remembered. Trees are immutable values (every field is readonly), so what was true of a tree
// when it was made stays true; a WeakSet keeps no tree alive.

import type { Expr } from './ast.js';

const MADE = new WeakSet<object>();

/** The tree, remembered as one parse() could make. */
export function rememberTree<T extends Expr>(tree: T): T {
  MADE.add(tree);
  return tree;
}

/** Whether the value is a tree parse() made, or one a walk has found it could make. */
export function isMadeTree(value: unknown): value is Expr {
  return typeof value === 'object' && value !== null && MADE.has(value);
}
