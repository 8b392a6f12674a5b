// Member paths: what a path names against the schema (a property of the resource, of a range
// variable's element, or `$it` itself), the issues of a path that names nothing a filter may read,
// and the three places a path may end: a primitive value, a collection a lambda ranges over, and
// a structure's null test.

import { isSpanNumber } from '../../errors.js';
import { suggestName } from '../../language/suggest-name.js';
import type { Expr, Span } from '../../syntax/ast.js';
import {
  type CollectionProperty,
  type Property,
  type StructuredProperty,
  type StructureType,
  unaliased,
} from '../schema.js';
import type { TypedCollection, TypedExpr, TypedMember, TypedSource } from '../typed.js';
import { aliasLiteral } from '../aliases.js';
import { aliased } from './aliased.js';
import type { CheckContext, Checked, MemberNode, Segment } from './context.js';
import { expectSegments } from './malformed.js';
import { lambdaExample, listNames } from './messages.js';
import {
  castProperties,
  castType,
  guardedBy,
  logical,
  notOf,
  present,
  type TypeCast,
  typeTests,
} from './derived-types.js';

/** What a path names: the property at its end, read from `source` along `path`. */
interface Resolved {
  readonly source: TypedSource;
  /** The names of the properties on the way, type-cast segments left out. */
  readonly path: readonly string[];
  readonly property: Property;
  /** True when the value can be null: the element, the property or any structure on the way is nullable. */
  readonly nullable: boolean;
  /** `$it` alone, or cast (`$it/Ns.Manager`): the resource itself. */
  readonly resource?: true;
  /** The type-cast segments of structures on the way, in path order (docs/semantics.md §14). */
  readonly casts: readonly TypeCast[];
  /** A path that ends in a type-cast segment of a collection's elements: that cast. */
  readonly elementCast?: ElementCast;
  /** The model's type of the structure a path ends at: its declared type, or the last cast's. */
  readonly type?: StructureType | undefined;
}

/** `Addresses/Ns.HomeAddress`: the elements of a collection, of a type or one derived from it. */
export interface ElementCast {
  /** The elements seen as the type, as a range variable reads them. */
  readonly element: StructuredProperty;
  readonly declared: StructureType;
  readonly type: StructureType;
  readonly span: Span;
}

/** A collection a lambda, `$count` or `in` ranges over, with the type-cast segments on its path. */
export interface ReachedCollection {
  readonly collection: TypedCollection;
  readonly casts: readonly TypeCast[];
  readonly elementCast: ElementCast | undefined;
}

const ROW: TypedSource = { kind: 'row' };
const IT = '$it';

/** Stands for the element of a collection that had an issue, so its lambda's body is still checked. */
export const UNKNOWN_ELEMENT: StructuredProperty = {
  kind: 'structured',
  name: '',
  properties: new Map(),
  nullable: true,
  filterable: true,
  relation: false,
};
/** Stands for `$it` alone, which names the resource and is no property. */
const RESOURCE: StructuredProperty = {
  kind: 'structured',
  name: IT,
  properties: new Map(),
  nullable: false,
  filterable: true,
  relation: false,
};

/** A path where a primitive value is needed: its value, or the issue of a path that ends elsewhere. */
export function member(ctx: CheckContext, n: MemberNode): Checked {
  if (n.call !== undefined) return ctx.readResult(n, n, (read) => member(ctx, read));
  const found = resolve(ctx, expectSegments(n), n);
  return found && pathValue(ctx, found, n);
}

/**
 * The operand of `isof` or `cast` to a type of the model: the structure at the end of its path
 * cast to the type; `'value'` where the path ends elsewhere (the caller checks it as a value, which
 * reports nothing twice: the path resolved without an issue); undefined once an issue is reported.
 */
export function castOperand(
  ctx: CheckContext,
  n: MemberNode,
  target: Span & { readonly name: string },
): Resolved | 'value' | undefined {
  const found = resolve(ctx, expectSegments(n), n);
  if (found === undefined) return undefined;
  if (found.property.kind !== 'structured') return 'value';
  const what = found.resource ? `the ${ctx.schema.name} being filtered` : `'${writtenPath(ctx, n.segments)}'`;
  const type = castType(ctx, found.type, target.name, target, what);
  if (type === undefined) return undefined;
  const cast: TypeCast = {
    source: found.source,
    path: found.path,
    structure: found.resource ? undefined : found.property,
    nullable: found.nullable,
    declared: found.type!,
    type,
    span: { start: n.start, end: target.end },
  };
  return { ...found, casts: [...found.casts, cast], type };
}

/** The structure a bound call's path ends at (docs/semantics.md §15), with its type and the casts on the way. */
export interface BindingStructure {
  readonly source: TypedSource;
  readonly path: readonly string[];
  /** Undefined for the resource itself. */
  readonly property: StructuredProperty | undefined;
  readonly nullable: boolean;
  readonly type: StructureType | undefined;
  readonly casts: readonly TypeCast[];
}

/**
 * What the path a call is bound to ends at: a structure, a primitive value (`'value'`, to be
 * checked as one) or a collection; undefined once an issue is reported.
 */
export function bindingAt(ctx: CheckContext, n: MemberNode): BindingStructure | 'value' | 'collection' | undefined {
  const found = resolve(ctx, expectSegments(n), n);
  if (found === undefined) return undefined;
  if (found.property.kind === 'primitive') return 'value';
  if (found.property.kind === 'collection') return 'collection';
  const { source, path, nullable, type, casts } = found;
  return { source, path, property: found.resource ? undefined : found.property, nullable, type, casts };
}

/** The structure of the resource itself, to which a call at a path's head may be bound. */
export function resourceBinding(ctx: CheckContext): BindingStructure {
  return { source: ROW, path: [], property: undefined, nullable: false, type: ctx.schema.type, casts: [] };
}

/**
 * Whether the structure a path ends at is present and of the types its casts name: never null.
 * The resource is always present.
 */
export function presentOfType(found: Resolved, span: Span): TypedExpr {
  const tests = typeTests(found.casts, span);
  const test = present(found.source, found.path, found.property as StructuredProperty, found.nullable, span);
  // A cast of this very structure tests its presence already; the resource is always present.
  if (tests === undefined || found.resource || found.casts[found.casts.length - 1]!.path.length === found.path.length)
    return tests ?? test;
  return logical('and', [tests, test], span);
}

/** The value at the end of a resolved path, or the issue of a path that ends elsewhere than at a primitive. */
function pathValue(ctx: CheckContext, found: Resolved, n: MemberNode): Checked {
  const segments = n.segments;
  const span: Span = n;
  const { source, path, property, nullable } = found;
  const written = writtenPath(ctx, segments);
  if (found.resource) {
    ctx.report(
      'structured_value',
      span,
      `'${IT}' is the ${ctx.schema.name} being filtered: filter on one of its properties, such as '${IT}/${ctx.schema.properties.keys().next().value ?? '…'}'`,
    );
    return undefined;
  }
  if (property.kind === 'structured') {
    const example = `${written}/${property.properties.keys().next().value ?? '…'}`;
    ctx.report(
      'structured_value',
      span,
      `'${written}' is a structured property: test it with 'eq null' or 'ne null', or filter on one of its properties, such as '${example}'`,
    );
    return undefined;
  }
  if (property.kind === 'collection') {
    ctx.report(
      'collection_value',
      span,
      `'${written}' is a collection: test its elements with a lambda, such as '${lambdaExample(written, property)}', or count them with '${written}/$count'`,
    );
    return undefined;
  }
  const value: TypedMember = {
    kind: 'member',
    type: property.type,
    source,
    path,
    property,
    nullable,
    start: span.start,
    end: span.end,
  };
  // Read through a structure of another type, the value is null (docs/semantics.md §14).
  const otherwise = {
    kind: 'null',
    type: property.type,
    ...(property.enum && { enum: property.enum }),
    ...spanOf(span),
  };
  return guardedBy(found.casts, value, otherwise as Extract<TypedExpr, { kind: 'null' }>, span);
}

const spanOf = (span: Span): Span => ({ start: span.start, end: span.end });

/** `cast(Path, Ns.Type)`: a cast of a path to a type of the model, a structure when the path ends at one. */
function isModelCast(
  node: Expr | undefined,
): node is Extract<Expr, { kind: 'typeFunction' }> & { readonly operand: MemberNode } {
  return (
    node?.kind === 'typeFunction' &&
    node.name === 'cast' &&
    node.operand?.kind === 'member' &&
    typeof node.target?.name === 'string' &&
    !node.target.name.startsWith('Edm.')
  );
}

/** The collection a lambda, `$count` or `in` ranges over; undefined once an issue is reported. */
export function collectionOf(ctx: CheckContext, node: MemberNode, what: string): ReachedCollection | undefined {
  const found = resolve(ctx, expectSegments(node), node);
  if (found === undefined) return undefined;
  if (found.property.kind !== 'collection') {
    const written = writtenPath(ctx, node.segments);
    const is = found.resource
      ? `the ${ctx.schema.name} being filtered`
      : found.property.kind === 'primitive'
        ? found.property.type
        : 'a structured property';
    ctx.report('not_collection', node, `'${what}' needs a collection, but '${written}' is ${is}`);
    return undefined;
  }
  return {
    collection: { source: found.source, path: found.path, property: found.property },
    casts: found.casts,
    elementCast: found.elementCast,
  };
}

/**
 * `Path eq null` or `Path ne null` (either way round) where the path ends at a structure: its
 * null test, or undefined as the node when the path has an issue. Undefined when the comparison
 * is not one of these: it is then checked as any comparison.
 */
export function structureNull(ctx: CheckContext, n: Extract<Expr, { kind: 'compare' }>): { node: Checked } | undefined {
  if (n.op !== 'eq' && n.op !== 'ne') return undefined;
  // `Ns.Fn() eq null` where the function returns a structure: the test of a path after the call.
  const [left, right] = [resultOf(ctx, n.left), resultOf(ctx, n.right)];
  if (left !== n.left || right !== n.right) return structureNull(ctx, { ...n, left, right });
  const [path, written] = n.left?.kind === 'member' || isModelCast(n.left) ? [n.left, n.right] : [n.right, n.left];
  // `Address eq @p` with `@p=null` is the null test too; with no value for `@p`, the alias is
  // the one issue.
  const other =
    written?.kind === 'alias' ? (aliasLiteral(written, ctx.options.aliases, ctx.options) ?? written) : written;
  if (
    (path?.kind !== 'member' && !isModelCast(path)) ||
    (other?.kind !== 'null' && other?.kind !== 'alias') ||
    !isSpanNumber(path.start) ||
    !isSpanNumber(path.end)
  )
    return undefined;
  // `Ns.Fn()/Home eq null`: the comparison read with the call's result in scope (docs/semantics.md §15).
  if (path.kind === 'member' && path.call !== undefined)
    return {
      node: ctx.readResult(n, path, (read) => ctx.expr(path === n.left ? { ...n, left: read } : { ...n, right: read })),
    };
  let found: Resolved | undefined;
  if (path.kind === 'member') found = resolve(ctx, expectSegments(path), path);
  else {
    // `cast(Boss, Ns.Manager) eq null` (docs/semantics.md §14).
    const cast = castOperand(ctx, path.operand, path.target);
    if (cast === 'value') return undefined;
    found = cast;
  }
  if (found === undefined) return { node: undefined };
  if (found.property.kind !== 'structured' || (found.resource && found.casts.length === 0)) return undefined;
  if (other.kind === 'alias') {
    aliased(ctx, other);
    return { node: undefined };
  }
  ctx.expr(other);
  const tested = presentOfType(found, n);
  if (tested.kind === 'structureNull') return { node: { ...tested, op: n.op } };
  // A structure of another type reads as null (docs/semantics.md §14).
  return { node: n.op === 'ne' ? tested : notOf(tested, n) };
}

/**
 * The property a path names, the source it is read from and the nullability of the whole path;
 * undefined once an issue is reported. The head segment is `$it` (the resource), a range
 * variable in scope (its element), or a property of the resource. A path may end at any kind of
 * property (the caller says which it needs) but not pass through a primitive or a collection. A
 * type-cast segment (a qualified name) casts the structure before it, the resource at the head,
 * or, as the last segment after a collection, its elements (docs/semantics.md §14).
 */
function resolve(ctx: CheckContext, segments: readonly Segment[], span: Span): Resolved | undefined {
  const head = segments[0]!;
  let source = ROW;
  let properties: ReadonlyMap<string, Property> = ctx.schema.properties;
  let owner = ctx.schema.name;
  let nullable = false;
  let filterable = true;
  let first = 0;
  /** The structure the next segment reads, and its type: undefined structure for the resource. */
  let structure: StructuredProperty | undefined;
  let type = ctx.schema.type;
  let structureName = `the ${ctx.schema.name} being filtered`;
  const names: string[] = [];
  const casts: TypeCast[] = [];
  // Names are unique along a chain of lambdas (variable_shadows), so the first match is the one.
  const scope = ctx.scopes.find((s) => s.name === head.name);
  if (head.name === IT) {
    if (segments.length === 1)
      return { source, path: [], property: RESOURCE, nullable: false, resource: true, casts, type: ctx.schema.type };
    first = 1;
  } else if (scope !== undefined) {
    source = { kind: 'variable', name: scope.name };
    const element = scope.element;
    // A variable whose collection had an issue: that issue was reported, say nothing more.
    if (element === UNKNOWN_ELEMENT) return undefined;
    const shown = scope.label ?? scope.name;
    // A call's result that is a collection (docs/semantics.md §15): ranged over, never read through.
    if (element.kind === 'collection') {
      if (segments.length === 1) return { source, path: [], property: element, nullable: false, casts };
      // `Ns.Fn()/Ns.Derived/$count`: the result's elements of that type, as after a property.
      const next = segments[1]!;
      if (segments.length === 2 && isTypeCast(next.name) && element.element.kind === 'structured')
        return elementsOfType(ctx, element, next, { source, path: [], nullable: false, casts }, shown);
      ctx.report(
        'collection_path',
        { start: segments[1]!.start, end: span.end },
        `'${shown}' is a collection, so '${segments[1]!.name}' cannot follow it: reach its elements with a lambda, such as '${lambdaExample(shown, element)}'`,
      );
      return undefined;
    }
    nullable = element.nullable;
    filterable = element.filterable;
    if (segments.length === 1)
      return {
        source,
        path: [],
        property: element,
        nullable,
        casts,
        ...(element.kind === 'structured' && { type: element.type }),
      };
    if (element.kind === 'primitive') {
      ctx.report(
        'not_structured',
        { start: segments[1]!.start, end: span.end },
        `'${shown}' is ${element.type} and has no properties, so '${segments[1]!.name}' cannot follow it`,
      );
      return undefined;
    }
    properties = element.properties;
    owner = scope.label === undefined ? `the elements of '${scope.name}'` : `the result of '${shown}'`;
    structure = element;
    type = element.type;
    structureName = `'${shown}'`;
    first = 1;
  }
  for (let i = first; i < segments.length; i++) {
    const segment = segments[i]!;
    const last = i === segments.length - 1;
    if (isTypeCast(segment.name)) {
      const cast = castType(ctx, type, segment.name, segment, structureName);
      if (cast === undefined) return undefined;
      casts.push({
        source,
        path: [...names],
        structure,
        nullable,
        declared: type!,
        type: cast,
        span: { start: head.start, end: segment.end },
      });
      properties = castProperties(structure?.properties ?? properties, cast);
      type = cast;
      if (!last) continue;
      if (!filterable) {
        ctx.report(
          'not_filterable',
          span,
          `Property '${names.join('/')}' of ${ctx.schema.name} cannot be used in a filter`,
        );
        return undefined;
      }
      if (structure === undefined)
        return { source, path: [], property: RESOURCE, nullable: false, resource: true, casts, type: cast };
      return { source, path: [...names], property: structure, nullable, casts, type: cast };
    }
    const property = properties.get(segment.name);
    if (property === undefined) {
      const variables = i === 0 ? ctx.scopes.filter((s) => s.label === undefined).map((s) => s.name) : [];
      // Only what a filter may read is named: a property kept from filters (a policy's rule,
      // or filterable: false) is never suggested or listed, so no message tells it exists.
      // Under a structure kept from filters, nothing is named.
      const named = filterable ? [...properties].filter(([, p]) => p.filterable).map(([n]) => n) : [];
      const suggestion = suggestName(segment.name, [...named, ...variables]);
      const what =
        variables.length > 0
          ? `'${segment.name}' is neither a property of ${owner} nor a range variable (${listNames(variables)})`
          : `Property '${segment.name}' does not exist on ${owner}`;
      const hint =
        suggestion !== undefined
          ? ` Did you mean '${suggestion}'?`
          : named.length > 0
            ? ` Its properties are ${listNames(named)}.`
            : '';
      ctx.report('unknown_property', segment, `${what}.${hint}`, suggestion);
      return undefined;
    }
    filterable &&= property.filterable;
    names.push(segment.name);
    const written = (): string => writtenPath(ctx, segments.slice(0, i + 1));
    if (!last) {
      const next = segments[i + 1]!;
      const rest = { start: next.start, end: span.end };
      if (property.kind === 'primitive') {
        ctx.report(
          'not_structured',
          rest,
          `'${written()}' is ${property.type} and has no properties, so '${next.name}' cannot follow it`,
        );
        return undefined;
      }
      if (property.kind === 'collection') {
        if (i + 1 === segments.length - 1 && isTypeCast(next.name) && property.element.kind === 'structured') {
          if (!filterable) break;
          return elementsOfType(ctx, property, next, { source, path: [...names], nullable, casts }, written());
        }
        ctx.report(
          'collection_path',
          rest,
          `'${written()}' is a collection, so '${next.name}' cannot follow it: reach its elements with a lambda, such as '${lambdaExample(written(), property)}'`,
        );
        return undefined;
      }
      nullable ||= property.nullable;
      properties = property.properties;
      owner = `${ctx.schema.name}/${written()}`;
      structure = property;
      type = property.type;
      structureName = `'${written()}'`;
      continue;
    }
    if (!filterable) {
      ctx.report('not_filterable', span, `Property '${written()}' of ${ctx.schema.name} cannot be used in a filter`);
      return undefined;
    }
    if (property.kind !== 'collection') nullable ||= property.nullable;
    return {
      source,
      path: names,
      property,
      nullable,
      casts,
      ...(property.kind === 'structured' && { type: property.type }),
    };
  }
  ctx.report('not_filterable', span, `Property '${names.join('/')}' of ${ctx.schema.name} cannot be used in a filter`);
  return undefined;
}

/** A call of a function that returns a structure, as the path of its result; any other node as it is. */
export function resultOf(ctx: CheckContext, node: Expr): Expr {
  if (node?.kind !== 'functionCall') return node;
  const overloads = ctx.schema.functions?.get(unaliased(ctx.schema, node.name)) ?? [];
  if (!overloads.some((o) => o.returns.kind === 'structure' && !o.returns.collection)) return node;
  return { kind: 'member', call: node, segments: [], start: node.start, end: node.end };
}

/** A path as the filter writes it: a call's result by the call (docs/semantics.md §15), not the variable it is bound to. */
export function writtenPath(ctx: CheckContext, segments: readonly Segment[]): string {
  const head = segments[0]?.name;
  const label = ctx.scopes.find((s) => s.name === head)?.label;
  const names = segments.map((s) => s.name);
  if (label !== undefined) names[0] = label;
  return names.join('/');
}

/** A segment that is a qualified name: a type-cast segment. */
const isTypeCast = (name: string): boolean => name.includes('.');

/** `Addresses/Ns.HomeAddress`: the collection, its elements seen as the type. */
function elementsOfType(
  ctx: CheckContext,
  collection: CollectionProperty,
  segment: Segment,
  at: Omit<Resolved, 'property'>,
  written: string,
): Resolved | undefined {
  const element = collection.element as StructuredProperty;
  const declared = element.type;
  const cast = castType(ctx, declared, segment.name, segment, `the elements of '${written}'`);
  if (cast === undefined) return undefined;
  const elementCast: ElementCast = {
    element: { ...element, properties: castProperties(element.properties, cast), type: cast },
    declared: declared!,
    type: cast,
    span: segment,
  };
  return { ...at, property: collection, elementCast };
}
