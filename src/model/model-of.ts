// The model behind a schema (docs/schemas.md, "The short form"): a view's own model, or for a
// schema written with defineSchema() a model made from it, in which each inline structure is a
// named type: a complex type for a value, an entity type for a relation, named after its path
// (`Event_Sessions`). Viewing that model's one entity set gives the schema's shape back.

import { isIdentifier } from '../language/identifiers.js';
import type { EnumType } from '../types/enum-type.js';
import type { Property, Schema } from '../types/schema.js';
import type {
  ComplexType,
  EntitySet,
  EntityType,
  Model,
  ModelProperty,
  NamedType,
  StructuralProperty,
  StructuredType,
} from './model.js';
import { defaultDiscriminator } from './discriminator.js';
import { isStructuredType, simpleName } from './model.js';
import { viewSourceOf } from './model-view.js';

/** The namespace of the types made for a schema written with defineSchema(). */
export const SHORT_FORM_NAMESPACE = 'Default';

const MADE = new WeakMap<Schema, Model>();

/**
 * The model a schema belongs to, with the name of the entity set (or singleton) the schema shows.
 * A view of a model gives that model; any other schema a model made from it, once.
 */
export function modelOf(schema: Schema): { readonly model: Model; readonly entitySet: string } {
  const source = viewSourceOf(schema);
  if (source !== undefined) return { model: source.model, entitySet: source.of.name };
  let model = MADE.get(schema);
  if (model === undefined) {
    model = modelFromSchema(schema);
    MADE.set(schema, model);
  }
  return { model, entitySet: [...model.entitySets.keys()][0]! };
}

function modelFromSchema(schema: Schema): Model {
  const types = new Map<string, NamedType>();
  const taken = new Set<string>();
  /** A fresh type name from a path: identifier characters only, numbered when taken. */
  const nameFor = (parts: readonly string[]): string => {
    const base = parts.map((p) => p.replace(/[^A-Za-z0-9_]/g, '_')).join('_');
    const start = isIdentifier(base) ? base : `_${base}`;
    let name = start;
    for (let n = 2; taken.has(name); n++) name = `${start}_${n}`;
    taken.add(name);
    return name;
  };
  const structured = (
    kind: 'entity' | 'complex',
    parts: readonly string[],
    properties: ReadonlyMap<string, Property>,
  ): StructuredType => {
    const name = `${SHORT_FORM_NAMESPACE}.${nameFor(parts)}`;
    const own = new Map<string, ModelProperty>();
    const shared = {
      name,
      baseType: undefined,
      abstract: false,
      openType: false,
      declaredProperties: own,
      properties: own,
    };
    const type: StructuredType = kind === 'entity' ? { kind, ...shared, key: undefined } : { kind, ...shared };
    types.set(name, type);
    for (const property of properties.values())
      own.set(property.name, modelPropertyOf(property, [...parts, property.name]));
    return type;
  };
  const enumOf = (type: EnumType): EnumType => {
    const known = types.get(type.name);
    if (known === undefined) types.set(type.name, type);
    return (known as EnumType | undefined) ?? type;
  };
  const modelPropertyOf = (property: Property, parts: readonly string[]): ModelProperty => {
    const { name, filterable } = property;
    const value = property.kind === 'collection' ? property.element : property;
    const collection = property.kind === 'collection';
    if (property.kind !== 'primitive' && property.relation)
      return {
        kind: 'navigation',
        name,
        target: structured(
          'entity',
          parts,
          (value as { properties: ReadonlyMap<string, Property> }).properties,
        ) as EntityType,
        collection,
        nullable: !collection && value.nullable,
        partner: undefined,
        containsTarget: false,
        filterable,
      };
    const type: StructuralProperty['type'] =
      value.kind === 'structured'
        ? (structured('complex', parts, value.properties) as ComplexType)
        : value.enum !== undefined
          ? enumOf(value.enum)
          : value.type;
    return { kind: 'property', name, type, collection, nullable: value.nullable, facets: {}, filterable };
  };
  const entityType = structured('entity', [schema.name], schema.properties) as EntityType;
  // An entity set may share its entity type's name: they are different kinds of thing.
  const setName = simpleName(entityType.name);
  const entitySet: EntitySet = { kind: 'entitySet', name: setName, entityType, bindings: new Map() };
  return {
    namespace: SHORT_FORM_NAMESPACE,
    containerName: 'Container',
    types,
    entitySets: new Map([[setName, entitySet]]),
    singletons: new Map(),
    discriminator: defaultDiscriminator([...types.values()].filter(isStructuredType)),
    functions: new Map(),
    aliases: new Map(),
  };
}
