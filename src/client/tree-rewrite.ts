// A syntax tree rewritten node by node: what build() does to the tree its operands made, once each
// value's literal is known (src/client/builder.ts).

import type { Expr } from '../syntax/ast.js';
import { childrenOf } from '../syntax/ast.js';

/**
 * The tree with each node `replace` gives a replacement for (it sees the node with its children
 * already rewritten), and every node above one rebuilt; the others are kept as they are. Walked
 * with an explicit stack, so any depth the builder makes is rewritten; a subtree used twice is
 * rewritten once.
 */
export function rewritten(root: Expr, replace: (node: Expr) => Expr | undefined): Expr {
  const done = new Map<Expr, Expr>();
  const stack: [Expr, boolean][] = [[root, false]];
  while (stack.length > 0) {
    const [node, childrenDone] = stack.pop()!;
    if (done.has(node)) continue;
    const children = childrenOf(node);
    if (!childrenDone) {
      stack.push([node, true]);
      for (const child of children) if (!done.has(child)) stack.push([child, false]);
      continue;
    }
    const changed = children.some((child) => done.get(child) !== child);
    const rebuilt = changed ? withChildren(node, done) : node;
    done.set(node, replace(rebuilt) ?? rebuilt);
  }
  return done.get(root)!;
}

/**
 * A copy of the node whose fields that hold nodes (or lists of them, or a call's named arguments,
 * each holding its node as `value`) hold their rewritten forms.
 */
function withChildren(node: Expr, done: ReadonlyMap<Expr, Expr>): Expr {
  const copy: Record<string, unknown> = {};
  const again = (value: unknown): unknown => done.get(value as Expr) ?? value;
  const item = (value: unknown): unknown => {
    const argument = (value as { readonly value?: Expr }).value;
    return done.has(argument as Expr) ? { ...(value as object), value: again(argument) } : again(value);
  };
  for (const [key, value] of Object.entries(node)) copy[key] = Array.isArray(value) ? value.map(item) : again(value);
  return copy as unknown as Expr;
}
