// A schema for one entity set or singleton, as a view of its model (docs/schemas.md): what check(),
// the backends and the query layer take. Each structured type's properties are made once per
// model and shared by every property of that type, so a model whose types refer to each other
// through navigation is a finite graph of maps, not an endless tree.

import { suggestName } from '../language/suggest-name.js';
import {
  type CollectionProperty,
  type PrimitiveProperty,
  type Property,
  type Schema,
  SchemaDefinitionError,
  type StructuredProperty,
  type StructureType,
  type DeclaredFunction,
  type DeclaredValueType,
} from '../types/schema.js';
import type { EntitySet, EntityType, FunctionValue, Model, ModelProperty, Singleton, StructuredType } from './model.js';
import { derivesFrom, isStructuredType, simpleName } from './model.js';

/** Where a view came from: its model and the entity set or singleton it shows. */
export interface ViewSource {
  readonly model: Model;
  readonly of: EntitySet | Singleton;
}

const VIEWS = new WeakMap<Model, Map<string, Schema>>();
const SOURCES = new WeakMap<Schema, ViewSource>();
const TYPE_PROPERTIES = new WeakMap<Model, Map<StructuredType, ReadonlyMap<string, Property>>>();
const STRUCTURE_TYPES = new WeakMap<Model, Map<StructuredType, StructureType>>();
const FUNCTIONS = new WeakMap<Model, ReadonlyMap<string, readonly DeclaredFunction[]>>();

/**
 * The schema of an entity set or singleton of a model, made once per model and name: its
 * properties are those of its entity type, navigation properties as relations.
 */
export function schemaOf(model: Model, entitySetOrSingleton: string): Schema {
  let views = VIEWS.get(model);
  if (views === undefined) VIEWS.set(model, (views = new Map()));
  const known = views.get(entitySetOrSingleton);
  if (known !== undefined) return known;
  const of = model.entitySets.get(entitySetOrSingleton) ?? model.singletons.get(entitySetOrSingleton);
  if (of === undefined) {
    const names = [...model.entitySets.keys(), ...model.singletons.keys()];
    const suggestion = suggestName(entitySetOrSingleton, names);
    throw new SchemaDefinitionError(
      entitySetOrSingleton,
      '',
      `the model has no entity set or singleton of this name; ${
        suggestion !== undefined ? `did you mean '${suggestion}'?` : `it has ${names.join(', ') || 'none'}`
      }`,
      'Entity set',
    );
  }
  const view: Schema = {
    name: simpleName(of.entityType.name),
    properties: propertiesOf(model, of.entityType),
    type: structureTypeOf(model, of.entityType),
    ...(model.functions.size === 0 ? {} : { functions: functionsOf(model) }),
    ...(model.aliases.size === 0 ? {} : { aliases: model.aliases }),
  };
  views.set(entitySetOrSingleton, view);
  SOURCES.set(view, { model, of });
  return view;
}

/** The model and entity set (or singleton) a schema is a view of; undefined for any other schema. */
export function viewSourceOf(schema: Schema): ViewSource | undefined {
  return SOURCES.get(schema);
}

/**
 * The entity type a navigation path of a view leads to (`Sessions/Presenter` from an event: a
 * contact), through complex properties and navigation; undefined when the schema is no view or
 * the path ends anywhere but at a navigation property.
 */
export function navigationTargetAt(schema: Schema, path: readonly string[]): EntityType | undefined {
  const source = SOURCES.get(schema);
  if (source === undefined || path.length === 0) return undefined;
  let type: StructuredType = source.of.entityType;
  let last: ModelProperty | undefined;
  for (const name of path) {
    last = type.properties.get(name);
    if (last === undefined) return undefined;
    if (last.kind === 'navigation') type = last.target;
    else if (isStructuredType(last.type)) type = last.type;
    else return undefined;
  }
  return last?.kind === 'navigation' ? last.target : undefined;
}

/** The properties of a structured type as a schema has them, one map per type and model. */
function propertiesOf(model: Model, type: StructuredType): ReadonlyMap<string, Property> {
  let byType = TYPE_PROPERTIES.get(model);
  if (byType === undefined) TYPE_PROPERTIES.set(model, (byType = new Map()));
  const known = byType.get(type);
  if (known !== undefined) return known;
  // Registered before it is filled: a property that leads back to this type finds this map.
  const properties = new Map<string, Property>();
  byType.set(type, properties);
  for (const property of type.properties.values()) properties.set(property.name, viewOf(model, property));
  return properties;
}

/**
 * A structured type as a filter reaches it: its properties, and the types derived from it, found
 * when a filter first names one (a model may have hundreds of types).
 */
function structureTypeOf(model: Model, type: StructuredType): StructureType {
  let byType = STRUCTURE_TYPES.get(model);
  if (byType === undefined) STRUCTURE_TYPES.set(model, (byType = new Map()));
  const known = byType.get(type);
  if (known !== undefined) return known;
  let derived: ReadonlyMap<string, StructureType> | undefined;
  const found: StructureType = {
    name: type.name,
    properties: propertiesOf(model, type),
    get derived() {
      derived ??= new Map(
        [...model.types.values()]
          .filter((t): t is StructuredType => isStructuredType(t) && t !== type && derivesFrom(t, type))
          .map((t) => [t.name, structureTypeOf(model, t)]),
      );
      return derived;
    },
    discriminator: model.discriminator,
  };
  byType.set(type, found);
  return found;
}

/** The model's functions as check() reads them, made once per model. */
function functionsOf(model: Model): ReadonlyMap<string, readonly DeclaredFunction[]> {
  let found = FUNCTIONS.get(model);
  if (found !== undefined) return found;
  const declared = (value: FunctionValue): DeclaredValueType => {
    const { type, collection } = value;
    if (isStructuredType(type)) return { kind: 'structure', type: structureTypeOf(model, type), collection };
    if (typeof type === 'string') return { kind: 'primitive', type, collection };
    if (type.kind === 'definition') return { kind: 'primitive', type: type.underlyingType, collection };
    return { kind: 'primitive', type: type.underlyingType, enum: type, collection };
  };
  found = new Map(
    [...model.functions].map(([name, overloads]) => [
      name,
      overloads.map((overload) => {
        const parameters = overload.parameters.map((p) => ({ ...declared(p), name: p.name }));
        return {
          name,
          binding: overload.bound ? parameters[0] : undefined,
          parameters: overload.bound ? parameters.slice(1) : parameters,
          returns: declared(overload.returnType),
        };
      }),
    ]),
  );
  FUNCTIONS.set(model, found);
  return found;
}

function viewOf(model: Model, property: ModelProperty): Property {
  const { name, filterable } = property;
  if (property.kind === 'navigation') {
    const properties = propertiesOf(model, property.target);
    const type = structureTypeOf(model, property.target);
    if (!property.collection)
      return { kind: 'structured', name, properties, nullable: property.nullable, filterable, relation: true, type };
    // The related entities are rows of their own, never null.
    const element: StructuredProperty = {
      kind: 'structured',
      name,
      properties,
      nullable: false,
      filterable,
      relation: false,
      type,
    };
    return { kind: 'collection', name, element, filterable, relation: true } satisfies CollectionProperty;
  }
  const { type, nullable } = property;
  const value: PrimitiveProperty | StructuredProperty = isStructuredType(type)
    ? {
        kind: 'structured',
        name,
        properties: propertiesOf(model, type),
        nullable,
        filterable,
        relation: false,
        type: structureTypeOf(model, type),
      }
    : typeof type === 'string'
      ? { kind: 'primitive', name, type, nullable, filterable }
      : type.kind === 'definition'
        ? { kind: 'primitive', name, type: type.underlyingType, nullable, filterable }
        : { kind: 'primitive', name, type: type.underlyingType, enum: type, nullable, filterable };
  return property.collection ? { kind: 'collection', name, element: value, filterable, relation: false } : value;
}
