// Member paths: what a path names against the schema (a property of the resource, of a range
// variable's element, or `$it` itself), the issues of a path that names nothing a filter may read,
// and the three places a path may end: a primitive value, a collection a lambda ranges over, and
// a structure's null test.

import { isSpanNumber } from '../../errors.js';
import { suggestName } from '../../language/suggest-name.js';
import type { Expr, Span } from '../../syntax/ast.js';
import type { Property, StructuredProperty } from '../schema.js';
import type { TypedCollection, TypedSource, TypedStructureNull } from '../typed.js';
import { aliasLiteral } from '../aliases.js';
import { aliased } from './aliased.js';
import type { CheckContext, Checked, MemberNode, Segment } from './context.js';
import { expectSegments } from './malformed.js';
import { lambdaExample, listNames } from './messages.js';

/** What a path names: the property at its end, read from `source` along `path`. */
interface Resolved {
  readonly source: TypedSource;
  readonly path: readonly string[];
  readonly property: Property;
  /** True when the value can be null: the element, the property or any structure on the way is nullable. */
  readonly nullable: boolean;
  /** `$it` alone: the resource itself. */
  readonly resource?: true;
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
  const segments = expectSegments(n);
  const span: Span = n;
  const found = resolve(ctx, segments, span);
  if (found === undefined) return undefined;
  const { source, path, property, nullable } = found;
  const written = segments.map((s) => s.name).join('/');
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
  return { kind: 'member', type: property.type, source, path, property, nullable, start: span.start, end: span.end };
}

/** The collection a lambda, `$count` or `in` ranges over; undefined once an issue is reported. */
export function collectionOf(ctx: CheckContext, node: MemberNode, what: string): TypedCollection | undefined {
  const found = resolve(ctx, expectSegments(node), node);
  if (found === undefined) return undefined;
  if (found.property.kind !== 'collection') {
    const written = node.segments.map((s) => s.name).join('/');
    const is = found.resource
      ? `the ${ctx.schema.name} being filtered`
      : found.property.kind === 'primitive'
        ? found.property.type
        : 'a structured property';
    ctx.report('not_collection', node, `'${what}' needs a collection, but '${written}' is ${is}`);
    return undefined;
  }
  return { source: found.source, path: found.path, property: found.property };
}

/**
 * `Path eq null` or `Path ne null` (either way round) where the path ends at a structure: its
 * null test, or undefined as the node when the path has an issue. Undefined when the comparison
 * is not one of these: it is then checked as any comparison.
 */
export function structureNull(ctx: CheckContext, n: Extract<Expr, { kind: 'compare' }>): { node: Checked } | undefined {
  if (n.op !== 'eq' && n.op !== 'ne') return undefined;
  const [path, written] = n.left?.kind === 'member' ? [n.left, n.right] : [n.right, n.left];
  // `Address eq @p` with `@p=null` is the null test too; with no value for `@p`, the alias is
  // the one issue.
  const other =
    written?.kind === 'alias' ? (aliasLiteral(written, ctx.options.aliases, ctx.options) ?? written) : written;
  if (
    path?.kind !== 'member' ||
    (other?.kind !== 'null' && other?.kind !== 'alias') ||
    !isSpanNumber(path.start) ||
    !isSpanNumber(path.end)
  )
    return undefined;
  const segments = expectSegments(path);
  const found = resolve(ctx, segments, path);
  if (found === undefined) return { node: undefined };
  if (found.property.kind !== 'structured' || found.resource) return undefined;
  if (other.kind === 'alias') {
    aliased(ctx, other);
    return { node: undefined };
  }
  ctx.expr(other);
  const { source, property, nullable } = found;
  const node: TypedStructureNull = {
    kind: 'structureNull',
    type: 'Edm.Boolean',
    op: n.op,
    source,
    path: found.path,
    property,
    nullable,
    start: n.start,
    end: n.end,
  };
  return { node };
}

/**
 * The property a path names, the source it is read from and the nullability of the whole path;
 * undefined once an issue is reported. The head segment is `$it` (the resource), a range
 * variable in scope (its element), or a property of the resource. A path may end at any kind of
 * property (the caller says which it needs) but not pass through a primitive or a collection.
 */
function resolve(ctx: CheckContext, segments: readonly Segment[], span: Span): Resolved | undefined {
  const head = segments[0]!;
  let source = ROW;
  let properties: ReadonlyMap<string, Property> = ctx.schema.properties;
  let owner = ctx.schema.name;
  let nullable = false;
  let filterable = true;
  let first = 0;
  // Names are unique along a chain of lambdas (variable_shadows), so the first match is the one.
  const scope = ctx.scopes.find((s) => s.name === head.name);
  if (head.name === IT) {
    if (segments.length === 1) return { source, path: [], property: RESOURCE, nullable: false, resource: true };
    first = 1;
  } else if (scope !== undefined) {
    source = { kind: 'variable', name: scope.name };
    const element = scope.element;
    // A variable whose collection had an issue: that issue was reported, say nothing more.
    if (element === UNKNOWN_ELEMENT) return undefined;
    nullable = element.nullable;
    filterable = element.filterable;
    if (segments.length === 1) return { source, path: [], property: element, nullable };
    if (element.kind === 'primitive') {
      ctx.report(
        'not_structured',
        { start: segments[1]!.start, end: span.end },
        `'${scope.name}' is ${element.type} and has no properties, so '${segments[1]!.name}' cannot follow it`,
      );
      return undefined;
    }
    properties = element.properties;
    owner = `the elements of '${scope.name}'`;
    first = 1;
  }
  for (let i = first; i < segments.length; i++) {
    const segment = segments[i]!;
    const property = properties.get(segment.name);
    if (property === undefined) {
      const variables = i === 0 ? ctx.scopes.map((s) => s.name) : [];
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
    const written = (): string =>
      segments
        .slice(0, i + 1)
        .map((s) => s.name)
        .join('/');
    const last = i === segments.length - 1;
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
      continue;
    }
    if (!filterable) {
      ctx.report('not_filterable', span, `Property '${written()}' of ${ctx.schema.name} cannot be used in a filter`);
      return undefined;
    }
    if (property.kind !== 'collection') nullable ||= property.nullable;
    return { source, path: segments.slice(first).map((s) => s.name), property, nullable };
  }
  return undefined;
}
