// Collections: the lambdas `any` and `all`, whose range variable is in scope in their body,
// `$count`, and `x in C`, which is `C/any(v: v eq x)`.

import type { Expr, Span } from '../../syntax/ast.js';
import type { PrimitiveProperty, StructuredProperty } from '../schema.js';
import type { TypedCollection, TypedCount, TypedExpr, TypedLambda, TypedMember } from '../typed.js';
import { guardedBy, logical, notOf, typeTest, typeTests } from './derived-types.js';
import { compare } from './comparisons.js';
import type { CheckContext, Checked } from './context.js';
import { booleanOperand } from './logic.js';
import { describe, expect } from './malformed.js';
import { collectionOf, type ElementCast, type ReachedCollection, UNKNOWN_ELEMENT, writtenPath } from './members.js';
import { lambdaExample } from './messages.js';

/** `C/any(x: …)`, `C/all(x: …)`, `C/any()`: the body a condition over the elements of C, bound to x. */
export function lambda(ctx: CheckContext, n: Extract<Expr, { kind: 'lambda' }>): Checked {
  if (n.collection.call !== undefined)
    return ctx.readResult(n, n.collection, (c) => lambda(ctx, { ...n, collection: c }));
  expect(n, n.op === 'any' || n.op === 'all' ? undefined : `unknown lambda operator ${describe(n.op)}`);
  expect(
    n,
    (n.variable === undefined) === (n.body === undefined) && (n.body !== undefined || n.op === 'any')
      ? undefined
      : "a lambda needs a variable and a body, or neither for 'any()'",
  );
  const reached = collectionOf(ctx, n.collection, n.op);
  const collection = reached?.collection;
  if (n.variable === undefined || n.body === undefined) {
    if (reached === undefined || collection === undefined) return undefined;
    if (reached.elementCast !== undefined) {
      // `C/Ns.T/any()`: some element is of the type, which a variable no filter can name reads.
      const variable = `$cast${ctx.lambdaDepth() + 1}`;
      const body = elementTest(reached.elementCast, collection, variable);
      return castLambda(reached, {
        kind: 'lambda',
        type: 'Edm.Boolean',
        op: 'any',
        collection,
        variable,
        body,
        ...spanOf(n),
      });
    }
    return castLambda(reached, {
      kind: 'lambda',
      type: 'Edm.Boolean',
      op: n.op,
      collection,
      variable: undefined,
      body: undefined,
      start: n.start,
      end: n.end,
    });
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
  const element: PrimitiveProperty | StructuredProperty =
    reached?.elementCast?.element ?? collection?.property.element ?? UNKNOWN_ELEMENT;
  ctx.enterScope({ name: variable, element }, n);
  let body: Checked;
  try {
    body = booleanOperand(ctx, ctx.expr(n.body), n.body, `The body of '${n.op}' must be Edm.Boolean`);
  } finally {
    ctx.leaveScope();
  }
  if (reached === undefined || collection === undefined || body === undefined) return undefined;
  const cast = reached.elementCast;
  if (cast !== undefined) {
    // Only the elements of the type count: `any` needs one of them, `all` ignores the others.
    const test = elementTest(cast, collection, variable);
    body = n.op === 'any' ? logical('and', [test, body], n.body) : logical('or', [notOf(test, n.body), body], n.body);
  }
  return castLambda(reached, {
    kind: 'lambda',
    type: 'Edm.Boolean',
    op: n.op,
    collection,
    variable,
    body,
    ...spanOf(n),
  });
}

const spanOf = (span: Span): Span => ({ start: span.start, end: span.end });

/** Whether the element a variable is bound to is of the type the collection's elements are cast to. */
export function elementTest(cast: ElementCast, collection: TypedCollection, variable: string): TypedExpr {
  const element = collection.property.element as StructuredProperty;
  return typeTest({
    source: { kind: 'variable', name: variable },
    path: [],
    structure: element,
    nullable: element.nullable,
    declared: cast.declared,
    type: cast.type,
    span: cast.span,
  });
}

/**
 * A lambda over a collection read through cast structures: through one of another type the
 * collection is empty (docs/semantics.md §14), so `any` is false there and `all` true.
 */
function castLambda(reached: ReachedCollection, lambda: TypedLambda): TypedExpr {
  const tests = typeTests(reached.casts, lambda);
  if (tests === undefined) return lambda;
  return lambda.op === 'any'
    ? logical('and', [tests, lambda], lambda)
    : logical('or', [notOf(tests, lambda), lambda], lambda);
}

/** `x in C` is `C/any(v: v eq x)`, with a variable no filter can name. */
export function inCollection(ctx: CheckContext, n: Extract<Expr, { kind: 'inCollection' }>): Checked {
  if (n.collection.call !== undefined)
    return ctx.readResult(n, n.collection, (c) => inCollection(ctx, { ...n, collection: c }));
  ctx.enterInOperand();
  let operand: Checked;
  try {
    operand = ctx.enumOperand(n.operand);
  } finally {
    ctx.leaveInOperand();
  }
  const reached = collectionOf(ctx, n.collection, 'in');
  const collection = reached?.collection;
  if (operand === undefined || reached === undefined || collection === undefined) return undefined;
  const element = collection.property.element;
  const written = writtenPath(ctx, n.collection.segments);
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
    body &&
    castLambda(reached, { kind: 'lambda', type: 'Edm.Boolean', op: 'any', collection, variable, body, ...spanOf(n) })
  );
}

/**
 * `C/$count`: how many elements the collection has; `C/Ns.T/$count` counts those of the type, and
 * through a structure of another type the collection is empty: 0 (docs/semantics.md §14).
 */
export function count(ctx: CheckContext, n: Extract<Expr, { kind: 'count' }>): Checked {
  if (n.collection.call !== undefined)
    return ctx.readResult(n, n.collection, (c) => count(ctx, { ...n, collection: c }));
  const reached = collectionOf(ctx, n.collection, '$count');
  if (reached === undefined) return undefined;
  const { collection, elementCast } = reached;
  let counted: TypedCount = { kind: 'count', type: 'Edm.Int64', collection, ...spanOf(n) };
  if (elementCast !== undefined) {
    const variable = `$cast${ctx.lambdaDepth() + 1}`;
    counted = { ...counted, variable, body: elementTest(elementCast, collection, variable) };
  }
  return guardedBy(reached.casts, counted, { kind: 'literal', type: 'Edm.Int64', value: 0n, ...spanOf(n) }, n);
}
