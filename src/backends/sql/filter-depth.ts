// How deep a filter is, as an engine that bounds the height of its expressions counts it. SQLite
// adds the height of each subquery's WHERE to the heights of the queries around it while it
// resolves names (its `nHeight`), so a lambda's body is counted once more for each lambda (or
// count, or call bound to a collection) that reads a child table around it: nested lambdas cost
// the square of their depth.

import { childrenOfTyped, collectionReadBy } from '../../types/typed.js';
import type { TypedExpr } from '../../types/typed.js';

/**
 * The nodes on the filter's longest path (each counting as `levels` says), plus, along the
 * deepest chain of lambdas and counts nested in one another, the depth of each of them: what the
 * heights of the WHERE clauses of the nested subqueries add up to, in levels of the filter.
 * Walked with a stack, so deep trees are fine.
 */
export function filterDepth(root: TypedExpr, levels: (node: TypedExpr) => number): number {
  const depth = new Map<TypedExpr, number>();
  const nested = new Map<TypedExpr, number>();
  const stack: [TypedExpr, boolean][] = [[root, false]];
  while (stack.length > 0) {
    const [node, childrenDone] = stack.pop()!;
    const children = childrenOfTyped(node);
    if (!childrenDone) {
      stack.push([node, true]);
      for (const child of children) stack.push([child, false]);
      continue;
    }
    let d = 0;
    let n = 0;
    for (const child of children) {
      d = Math.max(d, depth.get(child)!);
      n = Math.max(n, nested.get(child)!);
      depth.delete(child);
      nested.delete(child);
    }
    d += levels(node);
    depth.set(node, d);
    nested.set(node, collectionReadBy(node) !== undefined ? d + n : n);
  }
  return depth.get(root)! + nested.get(root)!;
}
