// Test helpers over syntax trees and checked filters.

import { expect } from 'vitest';
import { check, childrenOf, isFilterError } from '../../src/index.js';
import type { Expr, Schema } from '../../src/index.js';

/** Every node of a syntax tree (walked with a stack, so deep trees are fine). */
export function nodesOf(tree: Expr): Expr[] {
  const out: Expr[] = [];
  const stack = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    stack.push(...childrenOf(node));
  }
  return out;
}

/** Each issue of a filter the checker rejects, as [code, the source text of its span, message]. */
export function issuesOf(filter: string, schema: Schema): [string, string, string][] {
  try {
    check(filter, schema);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    expect(error.kind).toBe('type');
    return error.issues.map((i) => [i.code, filter.slice(i.start, i.end), i.message]);
  }
  throw new Error(`expected ${filter} to be rejected`);
}
