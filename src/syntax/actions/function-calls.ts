// Calls of a model's functions (docs/semantics.md §15): `Ns.Fn(P=v)` at a path's head, or
// `Path/Ns.Fn(P=v)` bound to the path before it. The grammar reads the named arguments; which
// function a name is, and whether the arguments fit it, is the checker's.

import type {
  CollectionLiteral,
  Expr,
  FunctionArgument,
  Literal,
  MemberExpr,
  PathSegment,
  StructureLiteral,
} from '../ast.js';
import type { Range } from './syntax-error.js';
import { afterCall, type ResultPath } from './result-paths.js';

/** What ends a path that is a bound call: its arguments, and the path after it. */
export interface FunctionArgs {
  readonly function: readonly FunctionArgument[];
  readonly after: ResultPath | null;
}

/** `Name=value` inside a call's parentheses. */
export function functionArgument(name: PathSegment, value: Expr, r: Range): FunctionArgument {
  return { name: name.name, nameSpan: { start: name.start, end: name.end }, value, start: r.start, end: r.end };
}

/** `[1,2]` as a whole argument: a collection's value, its items as written. */
export function collectionLiteral(items: (Literal | StructureLiteral)[], r: Range): CollectionLiteral {
  return { kind: 'collection', items, start: r.start, end: r.end };
}

/** The arguments of a bound call, as the end of its path. */
export function functionArgs(args: readonly FunctionArgument[], after: ResultPath | null): FunctionArgs {
  return { function: args, after };
}

/**
 * Whether `(` after this path opens a bound call's arguments: its last segment is a qualified
 * name (`Items/Ns.Fn(`), which as a type-cast segment could not be followed by one.
 */
export function isFunctionSegment(tail: readonly PathSegment[]): boolean {
  return tail.length > 0 && tail[tail.length - 1]!.name.includes('.');
}

/**
 * `geo.distance(…)`: OData's canonical geo functions, spelt in lower case, which the language does
 * not have; refused by name. A model's namespace `Geo` is a namespace like any other.
 */
export function isCanonicalNamespace(head: string): boolean {
  return head === 'geo';
}

/**
 * `Ns.Fn(…)` at a path's head: unbound, or bound to the resource (the checker decides); a path
 * after it reads its result.
 */
export function unboundCall(name: string, args: readonly FunctionArgument[], after: ResultPath | null, r: Range): Expr {
  const call = {
    kind: 'functionCall',
    name,
    nameSpan: { start: r.start, end: r.start + name.length },
    binding: undefined,
    args,
    start: r.start,
    end: after?.start ?? r.end,
  } as const;
  return afterCall(call, after, r.start);
}

/** `Path/Ns.Fn(…)`: the call of the last segment, bound to the path before it. */
export function boundCall(first: PathSegment, tail: readonly PathSegment[], args: FunctionArgs, r: Range): Expr {
  const segments = [first, ...tail];
  const fn = segments.pop()!;
  const last = segments[segments.length - 1]!;
  const binding: MemberExpr = { kind: 'member', segments, start: r.start, end: last.end };
  const call = {
    kind: 'functionCall',
    name: fn.name,
    nameSpan: { start: fn.start, end: fn.end },
    binding,
    args: args.function,
    start: r.start,
    end: args.after?.start ?? r.end,
  } as const;
  return afterCall(call, args.after, r.start);
}
