// The input limits of parse(): the text's length, the nesting of parentheses measured on the text
// before the generated parser recurses into them, and the depth, size and lambda nesting of the
// built tree.

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
  /**
   * Deepest accepted nesting of lambdas (`any`/`all` inside the body of another): each level asks a
   * backend for one more nested scan of a collection per row. Default 4.
   */
  readonly maxLambdaDepth?: number;
}

export const DEFAULT_LIMITS = { maxLength: 65_536, maxDepth: 100, maxNodes: 10_000, maxLambdaDepth: 4 } as const;

export type Limits = { readonly [K in keyof ParseOptions]-?: number };

export function limitsOf(options: ParseOptions): Limits {
  return {
    maxLength: options.maxLength ?? DEFAULT_LIMITS.maxLength,
    maxDepth: options.maxDepth ?? DEFAULT_LIMITS.maxDepth,
    maxNodes: options.maxNodes ?? DEFAULT_LIMITS.maxNodes,
    maxLambdaDepth: options.maxLambdaDepth ?? DEFAULT_LIMITS.maxLambdaDepth,
  };
}

function limitError(
  issueCode: FilterIssueCode,
  message: string,
  start: number,
  end: number,
  text: string,
): FilterError {
  return new FilterError({ kind: 'limit', issueCode, message, start, end, text });
}

/** The text before it is read: its length, and the nesting of its parentheses. */
export function checkText(text: string, { maxLength, maxDepth }: Limits): void {
  if (text.length > maxLength) {
    throw limitError(
      'too_long',
      `Filter is ${text.length} characters long; the limit is ${maxLength}`,
      maxLength,
      text.length,
      text,
    );
  }
  checkParenthesisDepth(text, maxDepth);
}

/**
 * The generated parser recurses once per parenthesis level, and once per level of JSON objects
 * (a structure's value), so nesting is measured on the text before it runs: no input can exhaust
 * the stack. String literals, and JSON strings, are skipped.
 */
function checkParenthesisDepth(text: string, maxDepth: number): void {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 40 /* ( */ || c === 123 /* { */) {
      if (++depth > maxDepth) {
        const what = c === 40 ? 'Parentheses' : 'Parentheses and JSON objects';
        throw limitError('too_deep', `${what} nest deeper than ${maxDepth} levels at position ${i}`, i, i + 1, text);
      }
    } else if (c === 41 /* ) */ || c === 125 /* } */) {
      if (depth > 0) depth--;
    } else if (c === 39 /* ' */) {
      const close = text.indexOf("'", i + 1);
      if (close < 0) return;
      i = close; // a doubled quote closes and reopens, which this loop sees as two literals
    } else if (c === 34 /* " */) {
      // A JSON string, which no parser recurses into; `\` escapes the next character.
      let j = i + 1;
      while (j < text.length && text.charCodeAt(j) !== 34) j += text.charCodeAt(j) === 92 ? 2 : 1;
      if (j >= text.length) return;
      i = j;
    }
  }
}

/** The fewest characters a lambda owns beside its children: `1 in T`, `a/any()`. */
const SHORTEST_LAMBDA = 6;

/**
 * Depth, size and lambda nesting of the built tree, walked with an explicit stack (no recursion,
 * no tuples). A lambda nested too deeply is reported at the first one beyond the limit, which for
 * one chain of nested lambdas is the innermost. `lambdas`, where the reader counted them, is at
 * least the number of lambdas and `x in C` in the tree.
 */
export function checkTreeSize(
  tree: Expr,
  text: string,
  { maxDepth, maxNodes, maxLambdaDepth }: Limits,
  lambdas = Math.floor(text.length / SHORTEST_LAMBDA),
): void {
  // Every node owns at least one character that its children do not, and every lambda six, so
  // a short text is within all three limits without a walk.
  if (text.length <= maxDepth && text.length <= maxNodes && lambdas <= maxLambdaDepth) return;
  const nodes: Expr[] = [tree];
  const depths: number[] = [1];
  const lambdaDepths: number[] = [0];
  let count = 0;
  while (nodes.length > 0) {
    const node = nodes.pop()!;
    const depth = depths.pop()!;
    let lambdaDepth = lambdaDepths.pop()!;
    if (++count > maxNodes) {
      throw limitError(
        'too_many_nodes',
        `Filter has more than ${maxNodes} nodes (limit reached at position ${node.start})`,
        node.start,
        node.end,
        text,
      );
    }
    if (depth > maxDepth) {
      throw limitError(
        'too_deep',
        `Expression nests deeper than ${maxDepth} levels at position ${node.start}`,
        node.start,
        node.end,
        text,
      );
    }
    // `x in C` is `C/any(v: v eq x)`, and nests as one: its operand is read inside the lambda.
    if ((node.kind === 'lambda' || node.kind === 'inCollection') && ++lambdaDepth > maxLambdaDepth)
      throw tooDeepLambda(node, text, maxLambdaDepth);
    for (const child of childrenOf(node)) {
      nodes.push(child);
      depths.push(depth + 1);
      lambdaDepths.push(lambdaDepth);
    }
  }
}

/**
 * The limit on nodes, reached by the values of aliases over all their uses (each use reads its
 * alias's value anew, as if written there), at the use that passes it.
 */
export function tooManyAliasNodes(
  span: { start: number; end: number },
  text: string | undefined,
  maxNodes: number,
): FilterError {
  return new FilterError({
    kind: 'limit',
    issueCode: 'too_many_nodes',
    message: `The values of parameter aliases have more than ${maxNodes} nodes over all their uses (limit reached at position ${span.start})`,
    start: span.start,
    end: span.end,
    text,
  });
}

/**
 * The limit on lambdas nested in one another, at the first one beyond it: a lambda, an `x in C`,
 * or (found by the checker, which knows what a call is bound to) a call bound to a collection,
 * which reads its elements as a lambda does.
 */
export function tooDeepLambda(
  span: { start: number; end: number },
  text: string | undefined,
  maxLambdaDepth: number,
): FilterError {
  return new FilterError({
    kind: 'limit',
    issueCode: 'too_deep_lambda',
    message: `Lambdas nest deeper than ${maxLambdaDepth} levels at position ${span.start}`,
    start: span.start,
    end: span.end,
    text,
  });
}
