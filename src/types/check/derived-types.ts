// Derived types (docs/semantics.md §14): the type a type-cast segment, `cast` or `isof` names,
// with its issues, and the test of a structure's type that each of them comes down to. A test
// reads the structure's discriminator member as any String member is read, so every backend
// evaluates it as it evaluates the rest of the filter, with nothing of its own to add.

import { suggestName } from '../../language/suggest-name.js';
import type { Span } from '../../syntax/ast.js';
import { type Property, type StructuredProperty, type StructureType, unaliased } from '../schema.js';
import type { TypedExpr, TypedSource } from '../typed.js';
import type { CheckContext } from './context.js';
import { listNames } from './messages.js';

/** A structure at `path` from `source` that must be of `type` or of one derived from it. */
export interface TypeCast {
  readonly source: TypedSource;
  readonly path: readonly string[];
  /** The structure, for its null test; undefined for the resource itself, which is never null. */
  readonly structure: StructuredProperty | undefined;
  /** Whether the structure or one on its path may be null. */
  readonly nullable: boolean;
  /** Its type before the cast: a structure that states no type is of this one. */
  readonly declared: StructureType;
  readonly type: StructureType;
  readonly span: Span;
}

/**
 * The type `name` names for a structure declared as `declared`: that type or one derived from it;
 * undefined once an issue is reported at `span`. `what` names the structure in messages.
 */
export function castType(
  ctx: CheckContext,
  declared: StructureType | undefined,
  name: string,
  span: Span,
  what: string,
): StructureType | undefined {
  if (declared === undefined) {
    ctx.report('unknown_type', span, `Unknown type '${name}': ${what} is of no type of a model`);
    return undefined;
  }
  const qualified = unaliased(ctx.schema, name);
  const found = qualified === declared.name ? declared : declared.derived.get(qualified);
  if (found !== undefined) return found;
  const names = [declared.name, ...declared.derived.keys()];
  const listed = `a cast names ${listNames(names)}`;
  if (declared.discriminator.values.has(qualified)) {
    ctx.report(
      'not_derived_type',
      span,
      `Type '${name}' does not derive from '${declared.name}', the type of ${what}: ${listed}`,
    );
    return undefined;
  }
  const suggestion = suggestName(name, names);
  const hint = suggestion === undefined ? listed : `did you mean '${suggestion}'?`;
  ctx.report(
    'unknown_type',
    span,
    `Unknown type '${name}' for ${what}, which is a '${declared.name}'; ${hint}`,
    suggestion,
  );
  return undefined;
}

/**
 * The properties of a structure (or of the resource) seen as `type`: the type's, where one it
 * shares with the structure is the structure's own object, so that what a policy keeps from
 * filters there stays kept.
 */
export function castProperties(own: ReadonlyMap<string, Property>, type: StructureType): ReadonlyMap<string, Property> {
  return new Map([...type.properties].map(([name, property]) => [name, own.get(name) ?? property]));
}

/** A Boolean node of `fields` at `span`. */
const bool = (fields: object, span: Span): TypedExpr =>
  ({ type: 'Edm.Boolean', ...fields, start: span.start, end: span.end }) as TypedExpr;

export const logical = (op: 'and' | 'or', operands: readonly TypedExpr[], span: Span): TypedExpr =>
  bool({ kind: 'logical', op, operands }, span);

/** The negation of a test, which is never null. */
export const notOf = (operand: TypedExpr, span: Span): TypedExpr => bool({ kind: 'not', operand }, span);

/** Whether the structure at `path` is present. */
export const present = (
  source: TypedSource,
  path: readonly string[],
  property: StructuredProperty,
  nullable: boolean,
  span: Span,
): TypedExpr => bool({ kind: 'structureNull', op: 'ne', source, path, property, nullable }, span);

/**
 * Whether the structure is of the type: its discriminator one of the values of the type and of
 * those derived from it, or, where the type is the declared one, the structure present and its
 * discriminator missing. A stated type needs no test of presence (a null structure states none),
 * which spares the SQL backends their reading of presence from member columns. Never null.
 */
export function typeTest(cast: TypeCast): TypedExpr {
  const { source, path, span, type } = cast;
  const { property: name, values } = type.discriminator;
  const at = { start: span.start, end: span.end };
  const discriminator = {
    kind: 'member',
    type: 'Edm.String',
    source,
    path: [...path, name],
    property: { kind: 'primitive', name, type: 'Edm.String', nullable: true, filterable: true },
    nullable: true,
    ...at,
  } as const;
  const list = [type.name, ...type.derived.keys()].flatMap((typeName) => {
    const value = values.get(typeName);
    return value === undefined ? [] : [{ kind: 'literal', type: 'Edm.String', value, ...at } as const];
  });
  const stated = bool({ kind: 'in', operand: discriminator, list }, span);
  if (type !== cast.declared) return stated;
  const unstated = bool(
    { kind: 'compare', op: 'eq', left: discriminator, right: { kind: 'null', type: 'Edm.String', ...at } },
    span,
  );
  const structure = cast.structure;
  return logical(
    'or',
    [
      stated,
      structure === undefined
        ? unstated
        : logical('and', [present(source, path, structure, cast.nullable, span), unstated], span),
    ],
    span,
  );
}

/** Every cast's test, and-ed; undefined for none. */
export function typeTests(casts: readonly TypeCast[], span: Span): TypedExpr | undefined {
  return casts.length < 2 ? casts[0] && typeTest(casts[0]) : logical('and', casts.map(typeTest), span);
}

/** `value` where the casts on its way hold, else `otherwise`: what a read through a cast structure gives. */
export function guardedBy(
  casts: readonly TypeCast[],
  value: TypedExpr,
  otherwise: Extract<TypedExpr, { kind: 'literal' | 'null' }>,
  span: Span,
): TypedExpr {
  const condition = typeTests(casts, span);
  return condition === undefined
    ? value
    : { kind: 'guard', type: value.type, condition, value, otherwise, start: span.start, end: span.end };
}
