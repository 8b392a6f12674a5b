// Paths after a call of a model's function (docs/semantics.md §15): `Ns.Fn()/City`,
// `Ns.Fn()/Ns.Other()/Zip`, `Ns.Fn()/any(x: …)`, `Ns.Fn()/$count`. The grammar reads the steps of
// a chain in a loop; the tree is folded here, each call bound to the path after the one before.

import type { Expr, FunctionArgument, FunctionCallExpr, MemberExpr, PathSegment } from '../ast.js';
import { COUNT, lambdaOver, type LambdaArgs } from './collections.js';
import { syntaxError } from './syntax-error.js';

/**
 * A step after a call: segments, then a call bound to them (its arguments), `/$count`, a lambda or
 * nothing; and where the step ends.
 */
export type ResultStep = readonly [
  tail: readonly PathSegment[],
  suffix: readonly FunctionArgument[] | LambdaArgs | typeof COUNT | null,
  end: number,
];

/** What followed a call, from `start` (the end of its `)`); null for nothing. */
export interface ResultPath {
  readonly steps: readonly ResultStep[];
  readonly start: number;
}

export function resultPath(steps: readonly ResultStep[], start: number): ResultPath | null {
  return steps.length === 0 ? null : { steps, start };
}

/** The node a call and the path after it read, from `start` (where the call's text begins). */
export function afterCall(call: FunctionCallExpr, path: ResultPath | null, start: number): Expr {
  if (path === null) return call;
  let node: Expr = call;
  let from = path.start;
  for (const [tail, suffix, end] of path.steps) {
    // Only a call is followed by more: nothing reads a lambda's, a count's or a value's path.
    if (node.kind !== 'functionCall')
      throw syntaxError('unexpected_token', "Unexpected '/'", { start: from, end: from + 1 });
    from = end;
    if (suffix === null) node = { ...resultMember(node, tail, start), end };
    else if (suffix === COUNT) node = { kind: 'count', collection: resultMember(node, tail, start), start, end };
    else if (Array.isArray(suffix)) {
      const fn = tail[tail.length - 1]!;
      const binding = resultMember(node, tail.slice(0, -1), start);
      node = {
        kind: 'functionCall',
        name: fn.name,
        nameSpan: { start: fn.start, end: fn.end },
        binding,
        args: suffix,
        start,
        end,
      };
    } else
      node = lambdaOver(resultMember(node, tail.slice(0, -1), start), tail[tail.length - 1]!, suffix as LambdaArgs, {
        start,
        end,
      });
  }
  return node;
}

/** The path of `segments` after `call`, from `start` to its last segment (to the call's end for none). */
function resultMember(call: FunctionCallExpr, segments: readonly PathSegment[], start: number): MemberExpr {
  const end = segments.length === 0 ? call.end : segments[segments.length - 1]!.end;
  return { kind: 'member', call, segments, start, end };
}
