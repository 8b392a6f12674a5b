// Reads of a call's result (docs/semantics.md §15): `Ns.Fn()/City`, `Ns.Fn()/any(x: …)`,
// `Ns.Fn()/$count`, `x in Ns.Fn()`, `Ns.Fn()/Ns.G()`. The result is bound to a variable no filter
// can name, as a lambda binds its element, and the construct that reads the path is checked with
// the path read from that variable; the typed `result` node holds the call and what reads it.

import type { FunctionCallExpr, Span } from '../../syntax/ast.js';
import type {
  CollectionProperty,
  DeclaredValueType,
  PrimitiveProperty,
  Property,
  StructuredProperty,
} from '../schema.js';
import type { CheckContext, Checked, MemberNode } from './context.js';
import { checkedCall } from './function-calls.js';

export function readResult(
  ctx: CheckContext,
  node: Span,
  path: MemberNode,
  check: (path: MemberNode) => Checked,
  // The call as written: its binding is read from a variable below, which messages do not name.
  written: FunctionCallExpr = path.call!,
): Checked {
  const call = path.call!;
  // `Ns.F()/Ns.G()/City`: the first call's result is in scope while the second is made.
  const before = call.binding;
  if (before?.call !== undefined)
    return readResult(ctx, node, before, (binding) =>
      readResult(ctx, node, { ...path, call: { ...call, binding } }, check, written),
    );
  const checked = checkedCall(ctx, call);
  if (checked === undefined) return undefined;
  const label = ctx.nameOf(written, written);
  if (checked.casts.length > 0) {
    ctx.report(
      'function_result',
      call.nameSpan,
      `'${label}' is bound through a type-cast segment: a path after it is not read; bind it to a path without one`,
    );
    return undefined;
  }
  const variable = `$result${ctx.lambdaDepth() + 1}`;
  const element = resultElement(checked.returns, call.name);
  ctx.enterScope({ name: variable, element, label, call: written }, call);
  let read: Checked;
  try {
    const head = { name: variable, start: call.start, end: call.end };
    read = check({ kind: 'member', segments: [head, ...path.segments], start: path.start, end: path.end });
  } finally {
    ctx.leaveScope();
  }
  if (read === undefined) return undefined;
  return {
    kind: 'result',
    type: read.type,
    call: checked.call,
    variable,
    element,
    read,
    start: node.start,
    end: node.end,
  };
}

/**
 * A function's result as a range variable's element is described: a primitive (an enumeration's
 * with its type), a structure of its declared type's members, or a collection of either; each
 * nullable, as a result may be null. A structure's navigation properties are left out: a result
 * holds values, not another resource's rows.
 */
export function resultElement(
  returns: DeclaredValueType,
  name: string,
): PrimitiveProperty | StructuredProperty | CollectionProperty {
  const one: PrimitiveProperty | StructuredProperty =
    returns.kind === 'primitive'
      ? {
          kind: 'primitive',
          name,
          type: returns.type,
          ...(returns.enum && { enum: returns.enum }),
          nullable: true,
          filterable: true,
        }
      : {
          kind: 'structured',
          name,
          properties: new Map([...returns.type.properties].filter(([, p]) => !isRelation(p))),
          nullable: true,
          filterable: true,
          relation: false,
          type: returns.type,
        };
  return returns.collection ? { kind: 'collection', name, element: one, filterable: true, relation: false } : one;
}

const isRelation = (p: Property): boolean => p.kind !== 'primitive' && p.relation;
