// An argument of a model function's collection parameter (docs/semantics.md §15, "Arguments of a
// collection type"): a JSON array whose values are typed one by one as a primitive argument of the
// element type is, a path to a collection of that element type, or null; typed as one
// `collectionArgument` node (src/types/typed.ts), or a null of the element type.

import type { CollectionLiteral, Expr, Span } from '../../syntax/ast.js';
import type { DeclaredParameter } from '../schema.js';
import { enumOf, type TypedCollectionArgument, type TypedCollectionBinding, type TypedExpr } from '../typed.js';
import { spelledAs } from '../json-strings.js';
import type { CheckContext, Checked } from './context.js';
import { typeTests } from './derived-types.js';
import { bindingAt, collectionOf } from './members.js';

type PrimitiveParameter = Extract<DeclaredParameter, { kind: 'primitive' }>;

/** Types a value given for an element (`label` naming it in an issue, `'Ids[2]'`) as the parameter's element type. */
export type ElementArgument = (label: string, value: Expr) => Checked;

/** The argument given for a collection parameter of primitive elements; undefined once an issue is reported. */
export function collectionArgument(
  ctx: CheckContext,
  functionName: string,
  parameter: PrimitiveParameter,
  value: Expr,
  element: ElementArgument,
): TypedExpr | undefined {
  const { type, enum: enumType } = parameter;
  const span = { start: value.start, end: value.end };
  if (value.kind === 'collection') return arrayArgument(ctx, parameter, value, element);
  if (value.kind === 'null') {
    // Checked as a value first, as every operand is, so that what observes the checker sees it.
    if (ctx.expr(value) === undefined) return undefined;
    return { kind: 'null', type, ...(enumType && { enum: enumType }), ...span };
  }
  const wanted = `Collection(${enumType?.name ?? type})`;
  let what: string;
  if (value.kind === 'member' && value.call === undefined) {
    const found = bindingAt(ctx, value);
    if (found === undefined) return undefined;
    if (found === 'collection') {
      const reached = collectionOf(ctx, value, parameter.name);
      if (reached === undefined) return undefined;
      const held = reached.collection.property.element;
      if (held.kind === 'primitive' && held.type === type && held.enum?.name === enumType?.name)
        return pathArgument(ctx, parameter, reached.collection, typeTests(reached.casts, span), span);
      what = `'${ctx.nameOf(value, value)}' is Collection(${held.kind === 'primitive' ? (held.enum?.name ?? held.type) : (held.type?.name ?? 'a structure')})`;
    } else if (found === 'value') {
      const read = ctx.enumOperand(value);
      if (read === undefined) return undefined;
      what = `'${ctx.nameOf(value, value)}' is ${enumOf(read)?.name ?? read.type}`;
    } else {
      const structure = found.property === undefined ? 'the resource' : (found.type?.name ?? 'a structure');
      what = `'${ctx.nameOf(value, value)}' is ${structure}`;
    }
  } else if (value.kind === 'member' || value.kind === 'functionCall') {
    ctx.report(
      'function_parameter',
      value,
      `Function '${functionName}' is not given a call's result as '${parameter.name}': pass a collection property, or a JSON array`,
    );
    return undefined;
  } else if (value.kind === 'alias') {
    // Its value read first, as every operand's is: an issue of its own is reported there.
    if (ctx.expr(value) === undefined) return undefined;
    ctx.report(
      'function_parameter',
      value,
      `Function '${functionName}' is not given an alias as '${parameter.name}': write the JSON array in the call`,
    );
    return undefined;
  } else if (value.kind === 'structure') what = `${ctx.nameOf(value, value)} is a structure's value`;
  else {
    const read = ctx.enumOperand(value);
    if (read === undefined) return undefined;
    what = `${ctx.nameOf(value, value)} is ${enumOf(read)?.name ?? read.type}`;
  }
  ctx.report(
    'wrong_argument_type',
    value,
    `Function '${functionName}' expects '${parameter.name}' to be ${wanted}: a JSON array of its values, a path to one, or null; ${what}`,
  );
  return undefined;
}

/** A JSON array: each value typed as the element type (a JSON string read as a guid, a date, … where it is one); every one checked, so that all their issues are reported. */
function arrayArgument(
  ctx: CheckContext,
  parameter: PrimitiveParameter,
  array: CollectionLiteral,
  element: ElementArgument,
): TypedCollectionArgument | undefined {
  const elements: TypedExpr[] = [];
  let ok = true;
  array.items.forEach((item, i) => {
    const label = `${parameter.name}[${i}]`;
    if (item.kind === 'structure') {
      ctx.report('type_mismatch', item, `'${label}' is ${parameter.enum?.name ?? parameter.type}: not a structure`);
      ok = false;
      return;
    }
    const typed = element(label, spelledAs(item, parameter.type));
    if (typed === undefined) ok = false;
    else elements.push(typed);
  });
  if (!ok) return undefined;
  return collectionNode(parameter, elements, array);
}

/**
 * A path's collection: its elements, read as a range variable no filter can name; none where a
 * type-cast segment on the way names a type the structure is not of (as a lambda ranges over none).
 */
function pathArgument(
  ctx: CheckContext,
  parameter: PrimitiveParameter,
  collection: TypedCollectionBinding['collection'],
  casts: TypedExpr | undefined,
  span: Span,
): TypedCollectionArgument {
  const variable = `$elements${ctx.lambdaDepth() + 1}`;
  const binding: TypedCollectionBinding = {
    kind: 'collection',
    collection,
    variable,
    members: new Map(),
    ...(casts && { body: casts }),
  };
  return collectionNode(parameter, binding, span);
}

function collectionNode(
  parameter: PrimitiveParameter,
  elements: TypedCollectionArgument['elements'],
  span: Span,
): TypedCollectionArgument {
  const { type, enum: enumType } = parameter;
  return {
    kind: 'collectionArgument',
    type,
    ...(enumType && { enum: enumType }),
    elements,
    start: span.start,
    end: span.end,
  };
}

/** A collection's value anywhere but as the argument of a collection parameter: a parameter that takes one value. */
export function strayCollection(ctx: CheckContext, n: Span): Checked {
  ctx.report(
    'collection_literal',
    n,
    "A collection's value (a JSON array) is given only for a parameter that takes a collection",
  );
  return undefined;
}
