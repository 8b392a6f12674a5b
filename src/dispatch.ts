// Dispatch through a table keyed by every node kind: the one lookup the stages share. A kind is
// looked up as an own property only (a kind such as `toString` must not find
// Object.prototype.toString); a kind the table lacks reaches only a tree built by hand, and is
// refused as every stage refuses a malformed tree.

import { assertNever } from './assert-never.js';

export function handlerOf<F>(table: object, node: { readonly kind: string }, what?: string): F {
  const found: unknown = Object.hasOwn(table, node.kind) ? (table as Record<string, unknown>)[node.kind] : undefined;
  if (found === undefined) return assertNever(node as never, what);
  return found as F;
}
