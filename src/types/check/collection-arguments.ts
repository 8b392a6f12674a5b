// An argument of a model function's collection parameter (docs/semantics.md §15, "Arguments of a
// collection type"): a JSON array whose values are typed one by one as an argument of the element
// type is (a primitive value, or a structure's JSON object), a path to a collection of that element
// type, or null; typed as one `collectionArgument` node (src/types/typed.ts), or a null of the
// element type.

import type { CollectionLiteral, Expr, MemberExpr, Span } from '../../syntax/ast.js';
import type { DeclaredParameter, StructuredProperty } from '../schema.js';
import { enumOf, type TypedCollectionArgument, type TypedCollectionBinding, type TypedExpr } from '../typed.js';
import { spelledAs } from '../json-strings.js';
import { aliasArgument } from '../aliases.js';
import { unknownAlias } from './aliased.js';
import type { CheckContext, Checked } from './context.js';
import { typeTests } from './derived-types.js';
import { type BindingStructure, bindingAt, collectionOf, type ReachedCollection } from './members.js';
import { literalSlots, nullSlots, type PrimitiveArgument, pathSlots, type Unreadable } from './structure-arguments.js';

type CollectionParameter = DeclaredParameter & { readonly collection: true };

/** The argument given for a collection parameter; undefined once an issue is reported. */
export function collectionArgument(
  ctx: CheckContext,
  functionName: string,
  parameter: CollectionParameter,
  value: Expr,
  primitive: PrimitiveArgument,
  unreadable: Unreadable,
): TypedExpr | undefined {
  const span = { start: value.start, end: value.end };
  if (value.kind === 'collection') return arrayArgument(ctx, parameter, value, primitive);
  if (value.kind === 'null') {
    // Checked as a value first, as every operand is, so that what observes the checker sees it.
    if (ctx.expr(value) === undefined) return undefined;
    if (parameter.kind === 'structure') return { kind: 'null', type: 'Edm.Boolean', ...span };
    return { kind: 'null', type: parameter.type, ...(parameter.enum && { enum: parameter.enum }), ...span };
  }
  const wanted = `Collection(${elementTypeName(parameter)})`;
  let what: string;
  if (value.kind === 'member' && value.call === undefined) {
    const found = bindingAt(ctx, value);
    if (found === undefined) return undefined;
    if (found === 'collection') {
      const reached = collectionOf(ctx, value, parameter.name);
      if (reached === undefined) return undefined;
      const held = reached.collection.property.element;
      if (parameter.kind === 'primitive') {
        if (held.kind === 'primitive' && held.type === parameter.type && held.enum?.name === parameter.enum?.name)
          return pathArgument(ctx, parameter, reached, span);
      } else if (held.kind === 'structured' && held.type?.name === parameter.type.name && !reached.elementCast) {
        // Each element passes every member: a hidden one, anywhere inside, refuses the path.
        if (unreadable(value, elementStructure(held))) return undefined;
        return pathArgument(ctx, parameter, reached, span);
      }
      what = `'${ctx.nameOf(value, value)}' is Collection(${held.kind === 'primitive' ? (held.enum?.name ?? held.type) : (held.type?.name ?? 'a structure')})`;
      // Its elements cast (`Stops/Ns.Stop`) are of the type named: the message says what refuses them.
      if (reached.elementCast) what += ' read through a type-cast segment, which a collection passed whole is not';
    } else if (found === 'value') {
      const read = ctx.enumOperand(value);
      if (read === undefined) return undefined;
      what = `'${ctx.nameOf(value, value)}' is ${enumOf(read)?.name ?? read.type}`;
    } else {
      const structure = found.property === undefined ? 'the resource' : (found.type?.name ?? 'a structure');
      what = `'${ctx.nameOf(value, value)}' is ${structure}`;
    }
  } else if (value.kind === 'member' || value.kind === 'functionCall') {
    // A call's result, or a path after a call: the collection read from the result, made once.
    const path: MemberExpr =
      value.kind === 'member'
        ? value
        : { kind: 'member', call: value, segments: [], start: value.start, end: value.end };
    return ctx.readResult(value, path, (inResult) =>
      collectionArgument(ctx, functionName, parameter, inResult, primitive, unreadable),
    );
  } else if (value.kind === 'alias') {
    // The alias's value checked here, as if written in its place: a JSON array, a path or null.
    const given = aliasArgument(value, ctx.options.aliases, ctx.options);
    if (given === undefined) {
      unknownAlias(ctx, value, "'[1, 2]'");
      return undefined;
    }
    if (given.value.kind === 'collection') ctx.aliasNodes(value, given.value.items.length);
    if (given.strings) ctx.stringAlias(value);
    return collectionArgument(ctx, functionName, parameter, given.value, primitive, unreadable);
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

/** The element type as a message names it. */
function elementTypeName(parameter: CollectionParameter): string {
  return parameter.kind === 'structure' ? parameter.type.name : (parameter.enum?.name ?? parameter.type);
}

/**
 * A JSON array: each value typed as the element type — a primitive one as an argument of its type
 * (a JSON string read as a guid, a date, … where it is one), a structure's JSON object member by
 * member as a structure argument's (its slots, one element after another), or null; every one
 * checked, so that all their issues are reported.
 */
function arrayArgument(
  ctx: CheckContext,
  parameter: CollectionParameter,
  array: CollectionLiteral,
  primitive: PrimitiveArgument,
): TypedCollectionArgument | undefined {
  const elements: TypedExpr[] = [];
  let ok = true;
  array.items.forEach((item, i) => {
    const typed = elementOf(ctx, parameter, `${parameter.name}[${i}]`, item, primitive);
    if (typed === undefined) ok = false;
    else elements.push(...typed);
  });
  if (!ok) return undefined;
  return collectionNode(parameter, elements, undefined, array);
}

/** A JSON array's value (`label` naming it in an issue, `'Of[2]'`) as the element type: its slots. */
function elementOf(
  ctx: CheckContext,
  parameter: CollectionParameter,
  label: string,
  item: CollectionLiteral['items'][number],
  primitive: PrimitiveArgument,
): TypedExpr[] | undefined {
  if (parameter.kind === 'primitive') {
    if (item.kind === 'structure')
      return mismatch(ctx, item, `'${label}' is ${elementTypeName(parameter)}: not a structure`);
    const typed = primitive(parameter, label, spelledAs(item, parameter.type));
    return typed === undefined ? undefined : [typed];
  }
  const { properties, name } = parameter.type;
  if (item.kind === 'structure') return literalSlots(ctx, item, properties, label, primitive);
  if (item.kind === 'null') return nullSlots(properties, item);
  return mismatch(ctx, item, `'${label}' is ${name}: not ${ctx.nameOf(item, item)}`);
}

function mismatch(ctx: CheckContext, at: Span, message: string): undefined {
  ctx.report('type_mismatch', at, message);
  return undefined;
}

/** A collection's structured element as a structure passed whole is seen, for its hidden members. */
function elementStructure(element: StructuredProperty): BindingStructure {
  const variable = { kind: 'variable', name: '' } as const;
  return { source: variable, path: [], property: element, nullable: true, type: element.type, casts: [] };
}

/**
 * A path's collection: its elements, read as a range variable no filter can name; none where a
 * type-cast segment on the way names a type the structure is not of (as a lambda ranges over none).
 * A structured element is read as a structure passed whole is, from that variable: its slots.
 */
function pathArgument(
  ctx: CheckContext,
  parameter: CollectionParameter,
  reached: ReachedCollection,
  span: Span,
): TypedCollectionArgument | undefined {
  const { collection } = reached;
  const casts = typeTests(reached.casts, span);
  const variable = `$elements${ctx.lambdaDepth() + 1}`;
  const binding: TypedCollectionBinding = {
    kind: 'collection',
    collection,
    variable,
    members: new Map(),
    ...(casts && { body: casts }),
  };
  if (parameter.kind === 'primitive') return collectionNode(parameter, binding, undefined, span);
  const element = collection.property.element as StructuredProperty;
  ctx.enterScope({ name: variable, element }, span);
  let slots: TypedExpr[] | undefined;
  try {
    const head: MemberExpr = { kind: 'member', segments: [{ name: variable, ...span }], ...span };
    slots = pathSlots(ctx, head, parameter.type.properties);
  } finally {
    ctx.leaveScope();
  }
  return slots === undefined ? undefined : collectionNode(parameter, binding, slots, span);
}

function collectionNode(
  parameter: CollectionParameter,
  elements: TypedCollectionArgument['elements'],
  slots: readonly TypedExpr[] | undefined,
  span: Span,
): TypedCollectionArgument {
  const at = { start: span.start, end: span.end };
  if (parameter.kind === 'structure')
    return {
      kind: 'collectionArgument',
      type: 'Edm.Boolean',
      structure: parameter.type,
      elements,
      ...(slots && { slots }),
      ...at,
    };
  const { type, enum: enumType } = parameter;
  return { kind: 'collectionArgument', type, ...(enumType && { enum: enumType }), elements, ...at };
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
