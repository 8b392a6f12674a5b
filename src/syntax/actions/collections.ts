// Collection operators on a path: the lambdas `any(…)` and `all(…)`, the `/$count` segment, and
// the collection's path on the right of `in`.

import type { Expr, LambdaExpr, MemberExpr, PathSegment } from '../ast.js';
import type { LambdaOp } from '../../language/operators.js';
import { FilterError } from '../../errors.js';
import type { Range } from './syntax-error.js';

/** The `/$count` that ended a path. */
export const COUNT = '$count' as const;

/** What was inside a lambda's parentheses: a range variable and a body, or nothing (`any()`). */
export interface LambdaArgs {
  readonly variable: PathSegment | undefined;
  readonly body: Expr | undefined;
}

const NO_LAMBDA_ARGS: LambdaArgs = { variable: undefined, body: undefined };

/** `any` or `all` spelt exactly so, as the last segment of a path, before `(`. */
export function isLambdaOperator(tail: readonly PathSegment[]): boolean {
  if (tail.length === 0) return false;
  const name = tail[tail.length - 1]!.name;
  return name === 'any' || name === 'all';
}

export function lambdaArgs(args: readonly [PathSegment, Expr] | null): LambdaArgs {
  return args === null ? NO_LAMBDA_ARGS : { variable: args[0], body: args[1] };
}

/** The path before its last segment, as a member of its own span. */
function pathBefore(first: PathSegment, tail: readonly PathSegment[], last: number): MemberExpr {
  const segments = [first, ...tail.slice(0, last)];
  return { kind: 'member', segments, start: first.start, end: segments[segments.length - 1]!.end };
}

/** `Path/any(v: body)`, `Path/all(v: body)`, `Path/any()`; `r` runs from the path to `)`. */
export function lambda(first: PathSegment, tail: readonly PathSegment[], args: LambdaArgs, r: Range): LambdaExpr {
  return lambdaOver(pathBefore(first, tail, tail.length - 1), tail[tail.length - 1]!, args, r);
}

/** The lambda `opSegment` names over `collection`, with its arguments; `r` runs from the path to `)`. */
export function lambdaOver(collection: MemberExpr, opSegment: PathSegment, args: LambdaArgs, r: Range): LambdaExpr {
  const op = opSegment.name as LambdaOp;
  if (args.body === undefined && op === 'all') throw emptyAll(r.end - 1);
  const opSpan = { start: opSegment.start, end: opSegment.end };
  return {
    kind: 'lambda',
    op,
    collection,
    opSpan,
    variable: args.variable,
    body: args.body,
    start: r.start,
    end: r.end,
  };
}

/**
 * `all()` would be true of every collection, empty or not: OData gives `all` no empty form, and a
 * reader who wrote it most likely left out the condition.
 */
export function emptyAll(at: number): FilterError {
  const expected = ['a range variable'];
  const message = `Unexpected ')' at position ${at}; expected a range variable: all() needs one and a condition, as in all(x: x ne null)`;
  return new FilterError({ kind: 'syntax', issueCode: 'unexpected_token', message, start: at, end: at + 1, expected });
}

/** `Path/$count`; `r` runs from the path to the end of `$count`. */
export function count(first: PathSegment, tail: readonly PathSegment[], r: Range): Expr {
  return { kind: 'count', collection: pathBefore(first, tail, tail.length), start: r.start, end: r.end };
}

/** The right-hand side of `x in Path`: a member path, and nothing else that starts with a word. */
export function collectionPath(node: Expr): MemberExpr {
  if (node.kind === 'member') return node;
  // `x in Ns.Fn()`: the collection a call returns (docs/semantics.md §15).
  if (node.kind === 'functionCall')
    return { kind: 'member', call: node, segments: [], start: node.start, end: node.end };
  const message = `Expected a list in parentheses, a JSON array or a collection's path after 'in' at position ${node.start}`;
  throw new FilterError({
    kind: 'syntax',
    issueCode: 'unexpected_token',
    message,
    start: node.start,
    end: node.end,
    expected: ['a list in parentheses', 'a JSON array', "a collection's path"],
  });
}
