// Resource schemas: the entity types that filters are checked against. defineSchema() validates a
// definition once, up front, and turns it into the resolved form the checker and backends read.

import { type EdmType, EDM_TYPES, isEdmType } from '../language/edm.js';
import { isIdentifier } from '../language/identifiers.js';
import { type EnumDefinition, type EnumType, resolveEnumType, sameEnum } from './enum-type.js';
import { isReservedName } from '../language/reserved-words.js';

/**
 * A property in a definition: an Edm type name, a primitive with options, a nested structure, or
 * a collection of either. `relation: true` marks a structure or a collection of structures that
 * is another resource (a navigation property: an event's `Sessions`, a registration's `Contact`)
 * rather than a value held in the resource (a complex property: `PostalAddress`); backends may
 * store the two differently.
 */
export type PropertyDefinition =
  | EdmType
  | { readonly type: EdmType; readonly nullable?: boolean; readonly filterable?: boolean }
  | { readonly enum: EnumDefinition; readonly nullable?: boolean; readonly filterable?: boolean }
  | {
      readonly properties: { readonly [name: string]: PropertyDefinition };
      readonly nullable?: boolean;
      readonly filterable?: boolean;
      readonly relation?: boolean;
    }
  | {
      readonly collection: ElementDefinition;
      readonly filterable?: boolean;
      readonly relation?: boolean;
    };

/**
 * The element of a collection: an Edm type name, a primitive with options, or a structure (which
 * may hold collections of its own). Elements are nullable unless `nullable: false`.
 */
export type ElementDefinition =
  | EdmType
  | { readonly type: EdmType; readonly nullable?: boolean }
  | { readonly enum: EnumDefinition; readonly nullable?: boolean }
  | { readonly properties: { readonly [name: string]: PropertyDefinition }; readonly nullable?: boolean };

export type { EnumDefinition, EnumType } from './enum-type.js';

export interface SchemaDefinition {
  readonly name: string;
  readonly properties: { readonly [name: string]: PropertyDefinition };
}

export interface PrimitiveProperty {
  readonly kind: 'primitive';
  readonly name: string;
  /** The Edm type; for an enumeration, its underlying integer type. */
  readonly type: EdmType;
  /** The enumeration type, for a property of one: its values are integers of `type`. */
  readonly enum?: EnumType;
  readonly nullable: boolean;
  readonly filterable: boolean;
}

/** A complex property or a single-valued navigation property: a nested set of properties. */
export interface StructuredProperty {
  readonly kind: 'structured';
  readonly name: string;
  readonly properties: ReadonlyMap<string, Property>;
  readonly nullable: boolean;
  readonly filterable: boolean;
  /** True for a navigation property (another resource), false for a complex value. */
  readonly relation: boolean;
  /** The model's type the structure is declared with, in a model's view; absent in a short-form schema. */
  readonly type?: StructureType;
}

/**
 * A structured type of a model as a filter reaches it (docs/semantics.md §14): its properties, the
 * types derived from it, and the member by which a value states its own type.
 */
export interface StructureType {
  /** The qualified name (`Ns.Manager`). */
  readonly name: string;
  /** Every property, its base types' first. */
  readonly properties: ReadonlyMap<string, Property>;
  /** The types derived from this one, directly or not, by qualified name. */
  readonly derived: ReadonlyMap<string, StructureType>;
  readonly discriminator: TypeDiscriminator;
}

/** The member of a structure that states its type, and the value it holds for each type of the model, by qualified name. */
export interface TypeDiscriminator {
  readonly property: string;
  readonly values: ReadonlyMap<string, string>;
}

/**
 * A collection-valued property: of primitives, of complex values, or a to-many relation. A null or
 * missing collection is an empty one (docs/semantics.md), so the collection itself has no
 * nullability; its `element` says whether elements may be null. The element is described as a
 * property named after the collection, so that a range variable reads like any member.
 */
export interface CollectionProperty {
  readonly kind: 'collection';
  readonly name: string;
  readonly element: PrimitiveProperty | StructuredProperty;
  readonly filterable: boolean;
  /** True for a to-many navigation property (another resource's rows), false for values held in the resource. */
  readonly relation: boolean;
}

export type Property = PrimitiveProperty | StructuredProperty | CollectionProperty;

// A function of a model as check() reads it (docs/semantics.md §15): its qualified name, the
// binding parameter of a bound one, the others by name, and its result, each typed as a filter
// reaches values. A view of a model carries them; a short-form schema has none.

/** A value a function takes or returns: a primitive (an enumeration's with its type) or a structure, one or a collection. */
export type DeclaredValueType = (
  | { readonly kind: 'primitive'; readonly type: EdmType; readonly enum?: EnumType }
  | { readonly kind: 'structure'; readonly type: StructureType }
) & { readonly collection: boolean };

export type DeclaredParameter = DeclaredValueType & { readonly name: string };

/** One overload of a function. */
export interface DeclaredFunction {
  /** The qualified name (`Geo.Distance`). */
  readonly name: string;
  /** The binding parameter of a bound function: the value the call is made on. */
  readonly binding: DeclaredParameter | undefined;
  /** The other parameters, in declaration order. */
  readonly parameters: readonly DeclaredParameter[];
  readonly returns: DeclaredValueType;
}

/** The type of a function's value as a message names it: `Edm.Double`, `Collection(Ns.Trip)`. */
export function describeValueType(value: DeclaredValueType): string {
  const name = value.kind === 'primitive' ? (value.enum?.name ?? value.type) : value.type.name;
  return value.collection ? `Collection(${name})` : name;
}

/** Type only, never present at run time: the key of a schema's definition type. */
declare const definitionType: unique symbol;

/**
 * A resolved schema. `D` is the type of the definition it was made from (defineSchema keeps its
 * literal type), from which TypeScript infers the property paths and their types
 * (src/types/schema-paths.ts) and the typed builder its operands; at run time every schema is the
 * same resolved object, and a `Schema<D>` stands wherever a `Schema` goes.
 */
export interface Schema<D extends SchemaDefinition = SchemaDefinition> {
  readonly name: string;
  readonly properties: ReadonlyMap<string, Property>;
  /** The entity type of a model's view, with the types derived from it; absent in a short-form schema. */
  readonly type?: StructureType;
  /** The functions of a model's view by qualified name, each name's overloads (docs/semantics.md §15); absent in a short-form schema. */
  readonly functions?: ReadonlyMap<string, readonly DeclaredFunction[]>;
  /**
   * The namespace each alias of a model's view stands for (CSDL's `Alias`): a qualified name a
   * filter writes with an alias (`Self.Color'Red'`) names the type of the namespace's name.
   */
  readonly aliases?: ReadonlyMap<string, string>;
  readonly [definitionType]?: D;
}

/** A qualified name with an alias of the schema's model in place of its namespace, as the namespace's name. */
export function unaliased(schema: Schema, name: string): string {
  if (schema.aliases === undefined) return name;
  const dot = name.lastIndexOf('.');
  const namespace = dot < 0 ? undefined : schema.aliases.get(name.slice(0, dot));
  return namespace === undefined ? name : `${namespace}${name.slice(dot)}`;
}

/**
 * A schema definition that cannot be used: an unknown type, an empty or unaddressable name, an
 * empty structure. It is a programmer error found at definition time, not bad user input, so it
 * is a TypeError and never a FilterError (a server should not answer it with a 400).
 */
export class SchemaDefinitionError extends TypeError {
  override readonly name = 'SchemaDefinitionError';
  /** The property path that is wrong, e.g. `PostalAddress/City`; empty for the schema itself. */
  readonly path: string;
  /**
   * `subject` names what `schemaName` is: a schema, or in a model a type, an entity set, a
   * singleton or the model itself.
   */
  constructor(schemaName: string, path: string, problem: string, subject = 'Schema') {
    super(`${subject} '${schemaName}'${path ? `, property '${path}'` : ''}: ${problem}`);
    this.path = path;
  }
}

/**
 * Whether a name is a property name as defineSchema takes it: an identifier (a letter or `_`, then
 * letters, digits and `_`) that is no reserved word (`null`, `true`, `and`, … in any case; `INF`, `NaN`).
 */
export const isPropertyName = (name: string): boolean => isIdentifier(name) && !isReservedName(name);

/**
 * Validates a definition and resolves it into a {@link Schema}. Throws a
 * {@link SchemaDefinitionError} naming the bad property when the definition is unusable. The
 * result's type carries the definition's literal type (`const D`), so that the paths of a schema
 * defined inline are known to TypeScript.
 */
export function defineSchema<const D extends SchemaDefinition>(definition: D): Schema<D> {
  if (definition === null || typeof definition !== 'object') {
    throw new SchemaDefinitionError('?', '', 'a definition must be an object with a name and properties');
  }
  const name: unknown = definition.name;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new SchemaDefinitionError(String(name ?? ''), '', 'the schema needs a non-empty name');
  }
  return {
    name,
    properties: resolveProperties({ name, enums: new Map(), open: new Map() }, [], definition.properties, true),
  };
}

const ENUM_TYPES = new WeakMap<Schema, ReadonlyMap<string, EnumType>>();

/**
 * The enumeration types a schema's properties (collection elements included) and its functions'
 * results have, by qualified name: those an enumeration literal (`Sales.Color'Red'`) can name.
 */
export function enumTypesOf(schema: Schema): ReadonlyMap<string, EnumType> {
  let found = ENUM_TYPES.get(schema);
  if (found === undefined) {
    const out = new Map<string, EnumType>();
    // A model's types may lead back to each other: each structure's properties are read once.
    const seen = new Set<ReadonlyMap<string, Property>>();
    const walk = (properties: ReadonlyMap<string, Property>): void => {
      if (seen.has(properties)) return;
      seen.add(properties);
      for (const property of properties.values()) {
        const inner = property.kind === 'collection' ? property.element : property;
        if (inner.kind === 'structured') walk(inner.properties);
        else if (inner.enum !== undefined && !out.has(inner.enum.name)) out.set(inner.enum.name, inner.enum);
      }
    };
    walk(schema.properties);
    for (const overloads of schema.functions?.values() ?? []) {
      for (const { returns } of overloads) {
        if (returns.kind === 'structure') walk(returns.type.properties);
        else if (returns.enum !== undefined && !out.has(returns.enum.name)) out.set(returns.enum.name, returns.enum);
      }
    }
    found = out;
    ENUM_TYPES.set(schema, found);
  }
  return found;
}

/** What resolving a definition carries along: the schema's name, and the enumeration types met so far. */
interface Resolution {
  readonly name: string;
  readonly enums: Map<string, EnumType>;
  /** The `properties` objects being resolved, each with its path: one met again is a structure inside itself. */
  readonly open: Map<object, string>;
}

/** Validates an enumeration definition; a type met before must have been defined the same way. */
function resolveEnum(r: Resolution, at: string, value: unknown): EnumType {
  const resolved = resolveEnumType(value, (problem) => {
    throw new SchemaDefinitionError(r.name, at, problem);
  });
  const earlier = r.enums.get(resolved.name);
  if (earlier && !sameEnum(earlier, resolved))
    throw new SchemaDefinitionError(
      r.name,
      at,
      `enumeration '${resolved.name}' is defined differently elsewhere in the schema`,
    );
  r.enums.set(resolved.name, earlier ?? resolved);
  return earlier ?? resolved;
}

function resolveProperties(
  r: Resolution,
  prefix: readonly string[],
  definitions: unknown,
  filterable: boolean,
): ReadonlyMap<string, Property> {
  const at = prefix.join('/');
  const schemaName = r.name;
  if (definitions === null || typeof definitions !== 'object' || Array.isArray(definitions)) {
    throw new SchemaDefinitionError(schemaName, at, '`properties` must be an object of property definitions');
  }
  // A definition object that holds itself, directly or deeper, would be a structure without end.
  const outer = r.open.get(definitions);
  if (outer !== undefined)
    throw new SchemaDefinitionError(
      schemaName,
      at,
      `the structure contains itself: its properties are those of ${outer === '' ? 'the schema' : `'${outer}'`}, which holds it, so a row would have no end (a resource that refers to itself is a model: defineModel, with navigation between named types)`,
    );
  const entries = Object.entries(definitions as Record<string, unknown>);
  if (entries.length === 0) {
    throw new SchemaDefinitionError(
      schemaName,
      at,
      prefix.length === 0
        ? 'a schema needs at least one property'
        : 'a structured property needs at least one property',
    );
  }
  const out = new Map<string, Property>();
  r.open.set(definitions, at);
  try {
    for (const [key, value] of entries) {
      const path = [...prefix, key];
      out.set(key, resolveProperty(r, path, value, filterable));
    }
  } finally {
    r.open.delete(definitions);
  }
  return out;
}

function resolveProperty(r: Resolution, path: readonly string[], value: unknown, parentFilterable: boolean): Property {
  const schemaName = r.name;
  const name = path[path.length - 1]!;
  const at = path.join('/');
  if (name === '') throw new SchemaDefinitionError(schemaName, at, 'a property name cannot be empty');
  if (name.includes('/'))
    throw new SchemaDefinitionError(
      schemaName,
      at,
      "a property name cannot contain '/', the path separator; nest a structured property instead",
    );
  if (!isIdentifier(name))
    throw new SchemaDefinitionError(
      schemaName,
      at,
      'a property name must be an identifier (a letter or _, then letters, digits or _)',
    );
  if (isReservedName(name))
    throw new SchemaDefinitionError(
      schemaName,
      at,
      `'${name}' is a reserved word of the filter language and could never be referenced`,
    );
  if (typeof value === 'string') {
    if (!isEdmType(value)) throw new SchemaDefinitionError(schemaName, at, unknownType(value));
    return { kind: 'primitive', name, type: value, nullable: true, filterable: parentFilterable };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SchemaDefinitionError(
      schemaName,
      at,
      'a property is an Edm type name, { type, nullable?, filterable? }, { properties, nullable?, filterable?, relation? } or { collection, filterable?, relation? }',
    );
  }
  const spec = value as {
    type?: unknown;
    enum?: unknown;
    properties?: unknown;
    collection?: unknown;
    nullable?: unknown;
    filterable?: unknown;
    relation?: unknown;
  };
  for (const flag of ['nullable', 'filterable', 'relation'] as const) {
    if (spec[flag] !== undefined && typeof spec[flag] !== 'boolean') {
      throw new SchemaDefinitionError(schemaName, at, `\`${flag}\` must be true or false`);
    }
  }
  const shapes = (['type', 'enum', 'properties', 'collection'] as const).filter((k) => spec[k] !== undefined);
  if (shapes.length > 1) {
    throw new SchemaDefinitionError(
      schemaName,
      at,
      `a property has one of \`type\`, \`enum\`, \`properties\` or \`collection\`, not ${shapes.map((k) => `\`${k}\``).join(' and ')}`,
    );
  }
  const filterable = parentFilterable && spec.filterable !== false;
  const relation = spec.relation === true;
  if (spec.collection !== undefined) {
    if (spec.nullable !== undefined) {
      throw new SchemaDefinitionError(
        schemaName,
        at,
        'a collection has no `nullable`: a null collection is an empty one; give the element `nullable: false` to rule out null elements',
      );
    }
    const element = resolveElement(r, path, spec.collection, filterable);
    if (!relation) return { kind: 'collection', name, element, filterable, relation };
    if (element.kind !== 'structured')
      throw new SchemaDefinitionError(
        schemaName,
        at,
        'a relation is a collection of structures (`{ collection: { properties } }`)',
      );
    // A relation's elements are the other resource's rows, which are never null.
    return { kind: 'collection', name, element: { ...element, nullable: false }, filterable, relation };
  }
  const nullable = spec.nullable !== false;
  if (spec.enum !== undefined) {
    if (relation)
      throw new SchemaDefinitionError(
        schemaName,
        at,
        'only a structure or a collection of structures can be a relation',
      );
    const enumType = resolveEnum(r, at, spec.enum);
    return { kind: 'primitive', name, type: enumType.underlyingType, enum: enumType, nullable, filterable };
  }
  if (spec.type !== undefined) {
    if (relation)
      throw new SchemaDefinitionError(
        schemaName,
        at,
        'only a structure or a collection of structures can be a relation',
      );
    if (typeof spec.type !== 'string' || !isEdmType(spec.type))
      throw new SchemaDefinitionError(schemaName, at, unknownType(spec.type));
    return { kind: 'primitive', name, type: spec.type, nullable, filterable };
  }
  if (spec.properties === undefined) {
    throw new SchemaDefinitionError(schemaName, at, 'a property needs a `type`, nested `properties` or a `collection`');
  }
  return {
    kind: 'structured',
    name,
    properties: resolveProperties(r, path, spec.properties, filterable),
    nullable,
    filterable,
    relation,
  };
}

/** The element of the collection at `path`, described as a property named after the collection. */
function resolveElement(
  r: Resolution,
  path: readonly string[],
  value: unknown,
  filterable: boolean,
): PrimitiveProperty | StructuredProperty {
  const schemaName = r.name;
  const name = path[path.length - 1]!;
  const at = path.join('/');
  if (typeof value === 'string') {
    if (!isEdmType(value)) throw new SchemaDefinitionError(schemaName, at, unknownType(value));
    return { kind: 'primitive', name, type: value, nullable: true, filterable };
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw new SchemaDefinitionError(
      schemaName,
      at,
      "a collection's element is an Edm type name, { type, nullable? } or { properties, nullable? }",
    );
  }
  const spec = value as {
    type?: unknown;
    enum?: unknown;
    properties?: unknown;
    collection?: unknown;
    nullable?: unknown;
    filterable?: unknown;
    relation?: unknown;
  };
  if (spec.collection !== undefined)
    throw new SchemaDefinitionError(
      schemaName,
      at,
      'a collection cannot hold collections directly; hold structures that have a collection property',
    );
  for (const key of ['filterable', 'relation'] as const) {
    if (spec[key] !== undefined)
      throw new SchemaDefinitionError(schemaName, at, `\`${key}\` belongs to the collection, not to its element`);
  }
  if (spec.nullable !== undefined && typeof spec.nullable !== 'boolean')
    throw new SchemaDefinitionError(schemaName, at, '`nullable` must be true or false');
  const nullable = spec.nullable !== false;
  if (spec.type !== undefined && spec.properties !== undefined)
    throw new SchemaDefinitionError(schemaName, at, 'an element has either a `type` or `properties`, not both');
  if (spec.enum !== undefined) {
    if (spec.type !== undefined || spec.properties !== undefined)
      throw new SchemaDefinitionError(schemaName, at, 'an element has one of `type`, `enum` or `properties`');
    const enumType = resolveEnum(r, at, spec.enum);
    return { kind: 'primitive', name, type: enumType.underlyingType, enum: enumType, nullable, filterable };
  }
  if (spec.type !== undefined) {
    if (typeof spec.type !== 'string' || !isEdmType(spec.type))
      throw new SchemaDefinitionError(schemaName, at, unknownType(spec.type));
    return { kind: 'primitive', name, type: spec.type, nullable, filterable };
  }
  if (spec.properties === undefined)
    throw new SchemaDefinitionError(schemaName, at, 'an element needs a `type` or nested `properties`');
  return {
    kind: 'structured',
    name,
    properties: resolveProperties(r, path, spec.properties, filterable),
    nullable,
    filterable,
    relation: false,
  };
}

function unknownType(value: unknown): string {
  return `unknown type ${typeof value === 'string' ? `'${value}'` : String(value)}; expected one of ${EDM_TYPES.join(', ')}`;
}

/** A primitive property reachable from the root, with the nullability of its whole path. */
export interface PropertyPath {
  readonly path: readonly string[];
  readonly property: PrimitiveProperty;
  /** True when the property or any structured step on the way is nullable. */
  readonly nullable: boolean;
  /** False when the property or any structured step on the way is not filterable. */
  readonly filterable: boolean;
}

/**
 * Every primitive property of a schema reachable without a lambda, depth first in definition
 * order: collections and what is inside them are left out. In a model whose types lead back to
 * each other (a Person's `BestFriend` is a Person), a path enters each structure once: it stops
 * before a structure it is already inside.
 */
export function listPropertyPaths(schema: Schema): PropertyPath[] {
  const out: PropertyPath[] = [];
  const inside = new Set<ReadonlyMap<string, Property>>();
  const walk = (
    properties: ReadonlyMap<string, Property>,
    prefix: readonly string[],
    nullable: boolean,
    filterable: boolean,
  ): void => {
    if (inside.has(properties)) return;
    inside.add(properties);
    for (const property of properties.values()) {
      if (property.kind === 'collection') continue;
      const path = [...prefix, property.name];
      const n = nullable || property.nullable;
      const f = filterable && property.filterable;
      if (property.kind === 'primitive') out.push({ path, property, nullable: n, filterable: f });
      else walk(property.properties, path, n, f);
    }
    inside.delete(properties);
  };
  walk(schema.properties, [], false, true);
  return out;
}

/** The property at a path of names, or undefined when any step does not exist. */
export function findProperty(schema: Schema, path: readonly string[]): Property | undefined {
  let properties: ReadonlyMap<string, Property> | undefined = schema.properties;
  let found: Property | undefined;
  for (const name of path) {
    found = properties?.get(name);
    if (!found) return undefined;
    // A path continues into a collection's structured element, as a lambda's variable does.
    const structure: Property = found.kind === 'collection' ? found.element : found;
    properties = structure.kind === 'structured' ? structure.properties : undefined;
  }
  return found;
}
