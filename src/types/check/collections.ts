// Collections: the lambdas `any` and `all`, whose range variable is in scope in their body,
// `$count`, and `x in C`, which is `C/any(v: v eq x)`.

import type { Expr } from '../../syntax/ast.js';
import type { PrimitiveProperty, StructuredProperty } from '../schema.js';
import type { TypedMember } from '../typed.js';
import { compare } from './comparisons.js';
import type { CheckContext, Checked } from './context.js';
import { booleanOperand } from './logic.js';
import { describe, expect } from './malformed.js';
import { collectionOf, UNKNOWN_ELEMENT } from './members.js';
import { lambdaExample } from './messages.js';

/** `C/any(x: …)`, `C/all(x: …)`, `C/any()`: the body a condition over the elements of C, bound to x. */
export function lambda(ctx: CheckContext, n: Extract<Expr, { kind: 'lambda' }>): Checked {
  expect(n, n.op === 'any' || n.op === 'all' ? undefined : `unknown lambda operator ${describe(n.op)}`);
  expect(
    n,
    (n.variable === undefined) === (n.body === undefined) && (n.body !== undefined || n.op === 'any')
      ? undefined
      : "a lambda needs a variable and a body, or neither for 'any()'",
  );
  const collection = collectionOf(ctx, n.collection, n.op);
  if (n.variable === undefined || n.body === undefined) {
    return (
      collection && {
        kind: 'lambda',
        type: 'Edm.Boolean',
        op: n.op,
        collection,
        variable: undefined,
        body: undefined,
        start: n.start,
        end: n.end,
      }
    );
  }
  const name: unknown = n.variable.name;
  expect(n, typeof name === 'string' && name !== '' ? undefined : 'a lambda variable needs a name');
  const variable = n.variable.name;
  if (ctx.scopes.some((s) => s.name === variable)) {
    ctx.report(
      'variable_shadows',
      n.variable,
      `Range variable '${variable}' is already bound by an enclosing lambda; give this one another name`,
    );
  }
  // The body is checked even when the collection has an issue, so that its own issues are found
  // too; its variable then stands for nothing, and reads of it are not reported again.
  const element: PrimitiveProperty | StructuredProperty = collection?.property.element ?? UNKNOWN_ELEMENT;
  ctx.enterScope({ name: variable, element });
  let body: Checked;
  try {
    body = booleanOperand(ctx, ctx.expr(n.body), n.body, `The body of '${n.op}' must be Edm.Boolean`);
  } finally {
    ctx.leaveScope();
  }
  if (collection === undefined || body === undefined) return undefined;
  return { kind: 'lambda', type: 'Edm.Boolean', op: n.op, collection, variable, body, start: n.start, end: n.end };
}

/** `x in C` is `C/any(v: v eq x)`, with a variable no filter can name. */
export function inCollection(ctx: CheckContext, n: Extract<Expr, { kind: 'inCollection' }>): Checked {
  ctx.enterInOperand();
  let operand: Checked;
  try {
    operand = ctx.enumOperand(n.operand);
  } finally {
    ctx.leaveInOperand();
  }
  const collection = collectionOf(ctx, n.collection, 'in');
  if (operand === undefined || collection === undefined) return undefined;
  const element = collection.property.element;
  const written = n.collection.segments.map((s) => s.name).join('/');
  if (element.kind !== 'primitive') {
    ctx.report(
      'type_mismatch',
      n,
      `Cannot look for ${ctx.nameOf(operand, n.operand)} in '${written}': its elements are structures, which compare with nothing; use a lambda, such as '${lambdaExample(written, collection.property)}'`,
    );
    return undefined;
  }
  // Named by its depth among the lambdas of the lowered form, so unique along any chain of them
  // (`(a in B) in C` binds $element1, then $element2 inside it).
  const variable = `$element${ctx.lambdaDepth() + 1}`;
  const span = n.collection;
  const item: TypedMember = {
    kind: 'member',
    type: element.type,
    source: { kind: 'variable', name: variable },
    path: [],
    property: element,
    nullable: element.nullable,
    start: span.start,
    end: span.end,
  };
  const comparison: Extract<Expr, { kind: 'compare' }> = {
    kind: 'compare',
    op: 'eq',
    left: n.collection,
    right: n.operand,
    start: n.start,
    end: n.end,
  };
  const body = compare(ctx, 'eq', item, operand, comparison);
  return (
    body && { kind: 'lambda', type: 'Edm.Boolean', op: 'any', collection, variable, body, start: n.start, end: n.end }
  );
}

/** `C/$count`: how many elements the collection has. */
export function count(ctx: CheckContext, n: Extract<Expr, { kind: 'count' }>): Checked {
  const found = collectionOf(ctx, n.collection, '$count');
  return found && { kind: 'count', type: 'Edm.Int64', collection: found, start: n.start, end: n.end };
}
