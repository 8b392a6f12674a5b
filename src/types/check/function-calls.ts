// Calls of a model's functions (docs/semantics.md §15): the overload the binding and the
// parameter names choose, each argument then typed as its parameter, as a built-in function's is.

import { suggestName } from '../../language/suggest-name.js';
import type { Expr, FunctionArgument, Span } from '../../syntax/ast.js';
import {
  type DeclaredFunction,
  type DeclaredParameter,
  type DeclaredValueType,
  describeValueType,
  type PrimitiveProperty,
  type Property,
  type StructureType,
  unaliased,
} from '../schema.js';
import {
  enumOf,
  type TypedCallOf,
  type TypedCollectionBinding,
  type TypedExpr,
  type TypedFunctionCall,
  type TypedStructureBinding,
} from '../typed.js';
import { coerce, fits } from './coercion.js';
import type { CheckContext, Checked } from './context.js';
import { elementTest } from './collections.js';
import { castProperties, guardedBy, type TypeCast } from './derived-types.js';
import { asEnumValue } from './enumerations.js';
import { expectSegments } from './malformed.js';
import {
  type BindingStructure,
  bindingAt,
  collectionOf,
  type ReachedCollection,
  resourceBinding,
  writtenPath,
} from './members.js';
import { listNames } from './messages.js';
import { structureArgument, unpassableStructure } from './structure-arguments.js';
import { collectionArgument } from './collection-arguments.js';

type Call = Extract<Expr, { kind: 'functionCall' }>;

/** What a call is bound to, once checked: a value, a structure, or a collection. */
type Binding =
  | { readonly value: TypedExpr }
  | { readonly structure: BindingStructure }
  | { readonly collection: ReachedCollection };

export function functionCall(ctx: CheckContext, n: Call): Checked {
  // Bound to a path after a call: read with that call's result in scope (docs/semantics.md §15).
  if (n.binding?.call !== undefined)
    return ctx.readResult(n, n.binding, (binding) => functionCall(ctx, { ...n, binding }));
  const checked = checkedCall(ctx, n);
  if (checked === undefined) return undefined;
  const { call, returns, casts } = checked;
  if (returns.kind !== 'primitive' || returns.collection) return wholeResult(ctx, n, returns);
  const type = returns.type;
  const node: TypedFunctionCall = { kind: 'functionCall', type, ...call };
  if (casts.length === 0) return node;
  // Bound through a type-cast segment: null where the structure is of another type (§14).
  const span = { start: n.start, end: n.end };
  const otherwise = { kind: 'null', type, ...(returns.enum && { enum: returns.enum }), ...span } as const;
  return guardedBy(casts, node, otherwise, span);
}

/** A call checked up to its result: its typed parts, its declared result, and the type-cast segments of its binding. */
export interface CheckedCall {
  readonly call: TypedCallOf;
  readonly returns: DeclaredValueType;
  readonly casts: readonly TypeCast[];
}

/** A call of a model's function: its overload chosen, its binding and arguments typed; undefined once an issue is reported. */
export function checkedCall(ctx: CheckContext, n: Call): CheckedCall | undefined {
  const overloads = ctx.schema.functions?.get(unaliased(ctx.schema, n.name));
  if (overloads === undefined) return unknownFunction(ctx, n);
  const binding = bindingOf(ctx, n);
  if (binding === undefined) return undefined;
  const fitting = fittingOverloads(overloads, binding, n.binding === undefined);
  if (fitting.length === 0) return noBindingFits(ctx, n, overloads, binding);
  // At a path's head, bound to the resource: it reads the row as `$it/` passes it, and is refused alike.
  const boundAtHead = n.binding === undefined && fitting[0]!.binding !== undefined && 'structure' in binding;
  if (boundAtHead && unreadable(ctx, n.nameSpan, binding.structure)) return undefined;
  if (!uniqueNames(ctx, n.args)) return undefined;
  const chosen = byNames(ctx, n, fitting);
  if (chosen === undefined) return undefined;
  const unusable = chosen.parameters.find((v) => v.kind === 'structure' && unpassableStructure(v.type));
  if (unusable !== undefined) {
    const why = unusable.kind === 'structure' ? `, ${unpassableStructure(unusable.type)}` : '';
    ctx.report(
      'function_parameter',
      n.nameSpan,
      `Function '${n.name}' takes '${unusable.name}' as ${describeValueType(unusable)}${why}: a filter gives no value of it`,
    );
    return undefined;
  }
  // A call bound to a collection reads its elements as a lambda does, and nests as one.
  const nested = 'collection' in binding;
  if (nested) ctx.enterCollectionCall(n);
  let args: (TypedExpr[] | undefined)[];
  try {
    args = chosen.parameters.map((parameter) => argument(ctx, n, parameter));
  } finally {
    if (nested) ctx.leaveCollectionCall();
  }
  if (args.some((a) => a === undefined)) return undefined;
  const call: TypedCallOf = {
    function: chosen,
    binding:
      'value' in binding
        ? binding.value
        : 'structure' in binding
          ? structureBinding(ctx, binding.structure)
          : collectionBinding(ctx, binding.collection),
    args: (args as TypedExpr[][]).flat(),
    start: n.start,
    end: n.end,
  };
  const casts = 'value' in binding ? [] : 'structure' in binding ? binding.structure.casts : binding.collection.casts;
  return { call, returns: chosen.returns, casts };
}

/** A structure or a collection a call returns, where a value is needed: read through a path (docs/semantics.md §15). */
function wholeResult(ctx: CheckContext, n: Call, returns: DeclaredValueType): undefined {
  const written = ctx.nameOf(n, n);
  const type = describeValueType(returns);
  if (returns.collection) {
    ctx.report(
      'collection_value',
      n,
      `'${written}' returns ${type}: test its elements with a lambda, such as '${written}/any(x: …)', or count them with '${written}/$count'`,
    );
    return undefined;
  }
  const first = (returns as { type: StructureType }).type.properties.keys().next().value ?? '…';
  ctx.report(
    'structured_value',
    n,
    `'${written}' returns ${type}, a structure: read one of its members, such as '${written}/${first}'`,
  );
  return undefined;
}

function unknownFunction(ctx: CheckContext, n: Call): undefined {
  const names = [...(ctx.schema.functions?.keys() ?? [])];
  const suggestion = suggestName(n.name, names);
  const hint =
    suggestion !== undefined
      ? `; did you mean '${suggestion}'?`
      : names.length > 0
        ? `; its functions are ${listNames(names)}`
        : ', which declares no function';
  ctx.report('unknown_model_function', n.nameSpan, `Unknown function '${n.name}' of the model${hint}`, suggestion);
  return undefined;
}

/** The binding of a call: the path before it, or at a path's head the resource. */
function bindingOf(ctx: CheckContext, n: Call): Binding | undefined {
  if (n.binding === undefined) return { structure: resourceBinding(ctx) };
  const at = bindingAt(ctx, n.binding);
  if (at === undefined) return undefined;
  if (at === 'collection') {
    const reached = collectionOf(ctx, n.binding, n.name);
    if (reached === undefined) return undefined;
    const structured = reached.collection.property.element.kind === 'structured';
    if (structured && unreadable(ctx, n.binding, elementStructure(reached))) return undefined;
    return { collection: reached };
  }
  if (at !== 'value') return unreadable(ctx, n.binding, at) ? undefined : { structure: at };
  const value = ctx.expr(n.binding);
  return value === undefined ? undefined : { value };
}

/** A structure a function may not read whole: one of its members is kept from filters. */
function unreadable(ctx: CheckContext, span: Span, at: BindingStructure): boolean {
  const hidden = [...membersOf(ctx, at, true)].find(([, p]) => !p.filterable);
  if (hidden === undefined) return false;
  ctx.report(
    'not_filterable',
    span,
    `A function given this structure could read '${hidden[0]}', which cannot be used in a filter`,
  );
  return true;
}

/**
 * The primitive members a function bound to a structure may read, by path (`Address/City`):
 * through complex values, never through relations or collections. With `all`, those kept from
 * filters too.
 */
function membersOf(ctx: CheckContext, at: BindingStructure, all = false): ReadonlyMap<string, PrimitiveProperty> {
  const own = at.property?.properties ?? ctx.schema.properties;
  const members = new Map<string, PrimitiveProperty>();
  const walk = (properties: ReadonlyMap<string, Property>, prefix: string): void => {
    for (const property of properties.values()) {
      const path = `${prefix}${property.name}`;
      if (property.kind === 'primitive' && (all || property.filterable)) members.set(path, property);
      else if (property.kind === 'structured' && !property.relation) walk(property.properties, `${path}/`);
    }
  };
  walk(at.type === undefined ? own : castProperties(own, at.type), '');
  return members;
}

/** A collection's element seen as a structure a function reads (its cast type, where a segment names one). */
function elementStructure(reached: ReachedCollection): BindingStructure {
  const { collection, elementCast } = reached;
  const element = collection.property.element as Extract<Property, { kind: 'structured' }>;
  return {
    source: { kind: 'variable', name: '' },
    path: [],
    property: element,
    nullable: element.nullable,
    type: elementCast?.type ?? element.type,
    casts: [],
  };
}

/**
 * A collection passed whole: each element read as a range variable no filter can name, only those
 * of the type a type-cast segment names where one does (as `$count` counts them).
 */
function collectionBinding(ctx: CheckContext, reached: ReachedCollection): TypedCollectionBinding {
  const { collection, elementCast } = reached;
  const variable = `$elements${ctx.lambdaDepth() + 1}`;
  const members =
    collection.property.element.kind === 'structured' ? membersOf(ctx, elementStructure(reached)) : new Map();
  const binding: TypedCollectionBinding = { kind: 'collection', collection, variable, members };
  return elementCast === undefined ? binding : { ...binding, body: elementTest(elementCast, collection, variable) };
}

function structureBinding(ctx: CheckContext, at: BindingStructure): TypedStructureBinding {
  const { source, path, property, nullable } = at;
  return { kind: 'structure', source, path, property, members: membersOf(ctx, at), nullable };
}

/**
 * The overloads whose binding fits: bound to the structure's type or a type it derives from (or
 * exactly the value's primitive type); at a path's head, those bound to the resource, else the
 * unbound ones.
 */
function fittingOverloads(
  overloads: readonly DeclaredFunction[],
  binding: Binding,
  atHead: boolean,
): DeclaredFunction[] {
  const bound = overloads.filter((o) => o.binding !== undefined && bindingFits(o.binding, binding));
  return bound.length > 0 || !atHead ? bound : overloads.filter((o) => o.binding === undefined);
}

function bindingFits(parameter: DeclaredParameter, binding: Binding): boolean {
  if (parameter.collection !== 'collection' in binding) return false;
  if ('value' in binding) return parameter.kind === 'primitive' && parameter.type === binding.value.type;
  const reached = 'collection' in binding ? binding.collection : undefined;
  const element = reached?.collection.property.element;
  if (element?.kind === 'primitive')
    return (
      parameter.kind === 'primitive' && parameter.type === element.type && parameter.enum?.name === element.enum?.name
    );
  const type =
    reached === undefined
      ? (binding as { structure: BindingStructure }).structure.type
      : elementStructure(reached).type;
  return parameter.kind === 'structure' && type !== undefined && isOrDerives(type, parameter.type);
}

const isOrDerives = (type: StructureType, base: StructureType): boolean =>
  type.name === base.name || base.derived.has(type.name);

function noBindingFits(
  ctx: CheckContext,
  n: Call,
  overloads: readonly DeclaredFunction[],
  binding: Binding,
): undefined {
  if ('collection' in binding && !overloads.some((o) => o.binding?.collection)) {
    const written = writtenPath(ctx, expectSegments(n.binding!));
    ctx.report(
      'collection_binding',
      n.binding!,
      `'${written}' is a collection, and '${n.name}' is bound to no collection: call it on each element in a lambda, such as '${written}/any(x: x/${n.name}(…) …)'`,
    );
    return undefined;
  }
  const bindings = overloads.map((o) => (o.binding === undefined ? 'nothing (unbound)' : describeValueType(o.binding)));
  const what =
    'value' in binding
      ? binding.value.type
      : 'collection' in binding
        ? `Collection(${elementName(binding.collection)})`
        : (binding.structure.type?.name ??
          (binding.structure.property === undefined ? ctx.schema.name : 'a structure'));
  const how =
    n.binding === undefined
      ? `is bound to ${listNames([...new Set(bindings)])}, not called unbound or on ${what}`
      : `cannot be called on ${what}; it is bound to ${listNames([...new Set(bindings)])}`;
  ctx.report('no_matching_overload', n.nameSpan, `Function '${n.name}' ${how}`);
  return undefined;
}

function elementName(reached: ReachedCollection): string {
  const element = reached.collection.property.element;
  return element.kind === 'primitive'
    ? (element.enum?.name ?? element.type)
    : (elementStructure(reached).type?.name ?? 'a structure');
}

function uniqueNames(ctx: CheckContext, args: readonly FunctionArgument[]): boolean {
  const seen = new Set<string>();
  for (const arg of args) {
    if (seen.has(arg.name)) {
      ctx.report('duplicate_parameter', arg.nameSpan, `Parameter '${arg.name}' is given twice`);
      return false;
    }
    seen.add(arg.name);
  }
  return true;
}

/**
 * The overload whose parameters have exactly the names given, the most derived binding first;
 * undefined once an issue names a parameter that no overload has, or one left out.
 */
function byNames(ctx: CheckContext, n: Call, fitting: readonly DeclaredFunction[]): DeclaredFunction | undefined {
  const given = n.args.map((a) => a.name);
  const named = fitting.filter(
    (o) => o.parameters.length === given.length && o.parameters.every((p) => given.includes(p.name)),
  );
  if (named.length > 0)
    return named.reduce((best, o) =>
      best.binding?.kind === 'structure' &&
      o.binding?.kind === 'structure' &&
      best.binding.type.derived.has(o.binding.type.name)
        ? o
        : best,
    );
  const known = [...new Set(fitting.flatMap((o) => o.parameters.map((p) => p.name)))];
  const unknown = n.args.find((a) => !known.includes(a.name));
  if (unknown !== undefined) {
    const suggestion = suggestName(unknown.name, known);
    const hint =
      suggestion !== undefined
        ? `; did you mean '${suggestion}'?`
        : known.length > 0
          ? `; it takes ${listNames(known)}`
          : '; it takes none';
    ctx.report(
      'unknown_parameter',
      unknown.nameSpan,
      `Function '${n.name}' has no parameter '${unknown.name}'${hint}`,
      suggestion,
    );
    return undefined;
  }
  const closest = fitting.find((o) => given.every((g) => o.parameters.some((p) => p.name === g))) ?? fitting[0]!;
  const missing = closest.parameters.filter((p) => !given.includes(p.name)).map((p) => p.name);
  const takes = fitting.map((o) => `(${o.parameters.map((p) => p.name).join(', ')})`).join(' or ');
  ctx.report(
    'missing_parameter',
    n.nameSpan,
    `Function '${n.name}' needs ${missing.length === 1 ? 'parameter' : 'parameters'} ${listNames(missing)}; it takes ${takes}`,
  );
  return undefined;
}

/** The argument given for a parameter, typed as the parameter: its slots (src/types/argument-slots.ts). */
function argument(ctx: CheckContext, n: Call, parameter: DeclaredParameter): TypedExpr[] | undefined {
  const { value } = n.args.find((a) => a.name === parameter.name)!;
  const primitive = (declared: PrimitiveType, label: string, given: Expr): Checked =>
    typedValue(ctx, n.name, declared, label, given);
  const hidden = (at: Span, structure: BindingStructure): boolean => unreadable(ctx, at, structure);
  if (parameter.collection) {
    const typed = collectionArgument(ctx, n.name, { ...parameter, collection: true }, value, primitive, hidden);
    return typed === undefined ? undefined : [typed];
  }
  if (parameter.kind === 'structure') return structureArgument(ctx, n.name, parameter, value, primitive, hidden);
  const typed = primitive(parameter, parameter.name, value);
  return typed === undefined ? undefined : [typed];
}

type PrimitiveType = Pick<Extract<DeclaredValueType, { kind: 'primitive' }>, 'type' | 'enum'>;

/** A value given for a primitive parameter or member (`label`), typed as it. */
function typedValue(ctx: CheckContext, name: string, declared: PrimitiveType, label: string, given: Expr): Checked {
  const { type, enum: enumType } = declared;
  const value = enumType === undefined ? ctx.expr(given) : ctx.enumOperand(given);
  if (value === undefined) return undefined;
  if (enumType !== undefined) {
    // Typed as an operand beside a value of the type is (§12): its own type's value, a string naming members, null.
    const other = enumOf(value);
    const accepted =
      other === undefined ? value.kind === 'null' || isStringLiteral(value) : other.name === enumType.name;
    if (accepted) return asEnumValue(ctx, enumType, value, given, `Argument '${label}'`);
  } else if (fits(value, type)) return coerce(value, type);
  const meant = enumType === undefined ? ctx.meant(value, given, (l) => fits(l, type)) : '';
  ctx.report(
    'wrong_argument_type',
    value,
    `Function '${name}' expects '${label}' to be ${enumType?.name ?? type}, but ${ctx.nameOf(value, given)} is ${enumOf(value)?.name ?? value.type}${meant}`,
  );
  return undefined;
}

const isStringLiteral = (node: TypedExpr): boolean => node.kind === 'literal' && node.type === 'Edm.String';
