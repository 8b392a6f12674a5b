// Paths after a call of a model's function (docs/semantics.md §15): `Ns.Fn()/City`,
// `Ns.Fn()/Ns.Other()/Zip`, `Ns.Fn()/any(x: …)`, `Ns.Fn()/$count`. The grammar reads the calls of
// a chain in a loop; the tree is folded here, each call bound to the path after the one before.

import type { Expr, FunctionArgument, FunctionCallExpr, MemberExpr, PathSegment } from '../ast.js';
import type { LambdaOp } from '../../language/operators.js';
import { COUNT, emptyAll, type LambdaArgs } from './collections.js';

/** A call bound to a path after a call: the path's segments, the call's name last, its arguments and its end. */
export type ResultCall = readonly [tail: readonly PathSegment[], args: readonly FunctionArgument[], end: number];

/** How a path after a call ends: its segments, then `/$count`, a lambda or nothing, and its end. */
export type ResultEnd = readonly [tail: readonly PathSegment[], suffix: LambdaArgs | typeof COUNT | null, end: number];

/** What followed a call: calls bound to its result, then how the path ends; null for nothing. */
export interface ResultPath {
  readonly calls: readonly ResultCall[];
  readonly end: ResultEnd | null;
}

export function resultPath(calls: readonly ResultCall[], end: ResultEnd | null): ResultPath | null {
  return calls.length === 0 && end === null ? null : { calls, end };
}

/** The node a call and the path after it read, from `start` (where the call's text begins). */
export function afterCall(call: FunctionCallExpr, path: ResultPath | null, start: number): Expr {
  if (path === null) return call;
  let node = call;
  for (const [tail, args, end] of path.calls) {
    const fn = tail[tail.length - 1]!;
    node = {
      kind: 'functionCall',
      name: fn.name,
      nameSpan: { start: fn.start, end: fn.end },
      binding: resultMember(node, tail.slice(0, -1), start),
      args,
      start,
      end,
    };
  }
  if (path.end === null) return node;
  const [tail, suffix, end] = path.end;
  if (suffix === null) return { ...resultMember(node, tail, start), end };
  if (suffix === COUNT) return { kind: 'count', collection: resultMember(node, tail, start), start, end };
  const opSegment = tail[tail.length - 1]!;
  const op = opSegment.name as LambdaOp;
  if (suffix.body === undefined && op === 'all') throw emptyAll(end - 1);
  return {
    kind: 'lambda',
    op,
    collection: resultMember(node, tail.slice(0, -1), start),
    opSpan: { start: opSegment.start, end: opSegment.end },
    variable: suffix.variable,
    body: suffix.body,
    start,
    end,
  };
}

/** The path of `segments` after `call`, from `start` to its last segment (to the call's end for none). */
function resultMember(call: FunctionCallExpr, segments: readonly PathSegment[], start: number): MemberExpr {
  const end = segments.length === 0 ? call.end : segments[segments.length - 1]!.end;
  return { kind: 'member', call, segments, start, end };
}
