// Test helpers over syntax trees and checked filters.

import { expect } from 'vitest';
import { check, childrenOf, isFilterError } from '../../src/index.js';
import type { Expr, Schema } from '../../src/index.js';
import { childrenOfTyped } from '../../src/types/typed.js';
import type { TypedExpr } from '../../src/types/typed.js';

/** Every node of a tree (walked with a stack, so deep trees are fine). */
function walk<T>(tree: T, children: (node: T) => readonly T[]): T[] {
  const out: T[] = [];
  const stack = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    stack.push(...children(node));
  }
  return out;
}

/** Every node of a syntax tree. */
export function nodesOf(tree: Expr): Expr[] {
  return walk(tree, childrenOf);
}

/** Every node of a checked filter's tree. */
export function typedNodesOf(tree: TypedExpr): TypedExpr[] {
  return walk(tree, childrenOfTyped);
}

/**
 * A checked tree without its spans, for comparing two checks of one filter by structure: src's
 * withoutSpans() is for syntax trees; here `property` is the schema's own object and `path` a list
 * of names, so the property is left out.
 */
export function typedWithoutSpans(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(typedWithoutSpans);
  if (node === null || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'start' || key === 'end' || key === 'property') continue;
    out[key] = typedWithoutSpans(value);
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
