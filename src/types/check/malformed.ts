// The shape checks of a tree not made by parse(): a node parse() could not make is a
// malformed-tree error at the node, raised before the checker reads what it holds.

import { isSpanNumber, malformedTree } from '../../errors.js';
import type { Span } from '../../syntax/ast.js';
import type { MemberNode } from './context.js';

/** The node, when `problem` is undefined; else the malformed-tree error at the node. */
export function expect<N extends Span>(node: N, problem: string | undefined): N {
  if (problem !== undefined) throw malformedTree(node, problem);
  return node;
}

/** The segments of a member node, once each is shown to have a name and a span. */
export function expectSegments(n: MemberNode): MemberNode['segments'] {
  const segments: unknown = n.segments;
  if (!Array.isArray(segments) || segments.length === 0)
    throw malformedTree(n, 'a member needs a non-empty array of path segments');
  for (const segment of segments as unknown[]) {
    const s = segment as Partial<{ name: unknown; start: unknown; end: unknown }> | null;
    if (
      typeof s !== 'object' ||
      s === null ||
      typeof s.name !== 'string' ||
      !isSpanNumber(s.start) ||
      !isSpanNumber(s.end)
    ) {
      throw malformedTree(n, 'a path segment needs a string name and a span');
    }
  }
  return n.segments;
}

/** A value of a malformed node, as the malformed-tree message names it. */
export function describe(value: unknown): string {
  return typeof value === 'string' ? `'${value}'` : typeof value;
}
