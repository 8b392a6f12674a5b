// The input limits of parse(): the text's length, the nesting of parentheses measured on the text
// before the generated parser recurses into them, and the depth and size of the built tree.

import type { Expr } from './ast.js';
import { childrenOf } from './ast.js';
import { FilterError } from '../errors.js';
import type { FilterIssueCode } from '../errors.js';

export interface ParseOptions {
  /** Longest accepted filter text, in UTF-16 code units. Default 65,536. */
  readonly maxLength?: number;
  /**
   * Deepest accepted nesting: of parentheses in the text, and of nodes in the tree (calls, unary
   * chains, operator chains such as `a add b add c`). Default 100.
   */
  readonly maxDepth?: number;
  /** Most nodes accepted in the tree. Default 10,000. */
  readonly maxNodes?: number;
}

export const DEFAULT_LIMITS = { maxLength: 65_536, maxDepth: 100, maxNodes: 10_000 } as const;

export type Limits = { readonly [K in keyof ParseOptions]-?: number };

export function limitsOf(options: ParseOptions): Limits {
  return {
    maxLength: options.maxLength ?? DEFAULT_LIMITS.maxLength,
    maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxNodes: options.maxNodes ?? DEFAULT_LIMITS.maxNodes,
  };
}

function limitError(issueCode: FilterIssueCode, message: string, start: number, end: number, text: string): FilterError {
  return new FilterError({ kind: 'limit', issueCode, message, start, end, text });
}

/** The text before it is read: its length, and the nesting of its parentheses. */
export function checkText(text: string, { maxLength, maxDepth }: Limits): void {
  if (text.length > maxLength) {
    throw limitError('too_long', `Filter is ${text.length} characters long; the limit is ${maxLength}`, maxLength, text.length, text);
  }
  checkParenthesisDepth(text, maxDepth);
}

/**
 * The generated parser recurses once per parenthesis level, so nesting is measured on the text
 * before it runs: no input can exhaust the stack. String literals are skipped.
 */
function checkParenthesisDepth(text: string, maxDepth: number): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 /* ( */) {
      if (++depth > maxDepth) {
        throw limitError('too_deep', `Parentheses nest deeper than ${maxDepth} levels at position ${i}`, i, i + 1, text);
      }
    } else if (c === 41 /* ) */) {
      if (depth > 0) depth--;
    } else if (c === 39 /* ' */) {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return;
      i = close; // a doubled quote closes and reopens, which this loop sees as two literals
    }
  }
}

/** Depth and size of the built tree, walked with an explicit stack (no recursion, no tuples). */
export function checkTreeSize(tree: Expr, text: string, { maxDepth, maxNodes }: Limits): void {
  // Every node owns at least one character that its children do not, so a short text is within
  // both limits without a walk.
  if (text.length <= maxDepth && text.length <= maxNodes) return;
  const nodes: Expr[] = [tree];
  const depths: number[] = [1];
  let count = 0;
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    if (++count > maxNodes) {
      throw limitError('too_many_nodes', `Filter has more than ${maxNodes} nodes (limit reached at position ${node.start})`, node.start, node.end, text);
    }
    if (depth > maxDepth) {
      throw limitError('too_deep', `Expression nests deeper than ${maxDepth} levels at position ${node.start}`, node.start, node.end, text);
    }
    for (const child of childrenOf(node)) {
      nodes.push(child);
      depths.push(depth + 1);
    }
  }
}
