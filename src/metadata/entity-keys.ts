// The key each entity type declares in the document: the model's, or for a type the model leaves
// without one (modelOf() makes such types for a defineSchema schema) the one the options give.
// CSDL needs a key for the type of an entity set and of a collection-valued containment
// navigation property (in 4.0, for every entity type that is not abstract): a type that needs one
// and has none is refused, naming the type and why it needs one.

import type { EntityType, KeyProperty, Model, ModelProperty } from '../model/model.js';
import { isStructuredType } from '../model/model.js';
import { SchemaDefinitionError } from '../types/schema.js';
import { resolvePath } from './model-path.js';
import type { CsdlVersion } from './metadata-options.js';

export interface EntityKeys {
  /** The key the type has, declared or inherited. */
  keyOf(type: EntityType): readonly KeyProperty[] | undefined;
  /** The key the type declares itself (none when it inherits one), as the document writes it. */
  declaredKeyOf(type: EntityType): readonly KeyProperty[] | undefined;
}

export function entityKeys(
  model: Model,
  given: { readonly [qualifiedTypeName: string]: readonly string[] } | undefined,
  version: CsdlVersion,
  hidden: ReadonlySet<ModelProperty>,
): EntityKeys {
  const supplied = new Map<EntityType, readonly KeyProperty[]>();
  for (const [name, paths] of Object.entries(given ?? {})) {
    const type = model.types.get(name);
    const fail = (problem: string, path = ''): never => {
      throw new SchemaDefinitionError(name, path, problem, 'Type');
    };
    if (type?.kind !== 'entity') fail('`keys` names no entity type of the model');
    const entity = type as EntityType;
    if (inheritedOrOwn(entity) !== undefined)
      fail('the type has a key in the model; `keys` gives keys to types without one');
    supplied.set(entity, keyParts(entity, paths, fail));
  }
  const keyOf = (type: EntityType): readonly KeyProperty[] | undefined =>
    type.key ?? supplied.get(type) ?? (type.baseType === undefined ? undefined : keyOf(type.baseType as EntityType));
  const declaredKeyOf = (type: EntityType): readonly KeyProperty[] | undefined => {
    const key = keyOf(type);
    return type.baseType !== undefined && keyOf(type.baseType as EntityType) === key ? undefined : key;
  };

  for (const [type, reason] of keyNeeds(model, version))
    if (keyOf(type) === undefined)
      throw new SchemaDefinitionError(
        type.name,
        '',
        `the type has no key, and CSDL needs one ${reason}: give it \`key\` in the model, or its key in the options' \`keys\``,
        'Type',
      );
  for (const type of model.types.values()) {
    if (type.kind !== 'entity') continue;
    for (const part of declaredKeyOf(type) ?? []) {
      const fail = (problem: string): never => {
        throw new SchemaDefinitionError(type.name, part.path.join('/'), problem, 'Type');
      };
      if (resolvePath(type, part.path, false)!.some((step) => hidden.has(step.property)))
        fail('the rules hide a part of the key (`select: false`); a document names every key property');
      // A part inside a complex value goes by its alias, which CSDL keeps apart from the type's property names.
      if (part.path.length > 1 && type.properties.has(part.alias))
        fail(`the key part goes by the alias '${part.alias}', which is the name of a property of the type`);
    }
  }
  return { keyOf, declaredKeyOf };
}

function inheritedOrOwn(type: EntityType): readonly KeyProperty[] | undefined {
  return type.key ?? (type.baseType === undefined ? undefined : inheritedOrOwn(type.baseType as EntityType));
}

/** A key given in the options, checked as defineModel checks a key: primitive, never null, through single complex values. */
function keyParts(
  type: EntityType,
  paths: readonly string[],
  fail: (problem: string, path?: string) => never,
): KeyProperty[] {
  if (!Array.isArray(paths) || paths.length === 0) fail('a key is a list of one or more property paths');
  const parts: KeyProperty[] = [];
  for (const path of paths) {
    const segments = typeof path === 'string' ? path.split('/') : [];
    const steps = resolvePath(type, segments, false);
    if (steps === undefined || steps.length !== segments.length)
      fail('a key part is the path of a property, through complex properties', String(path));
    for (const { property } of steps!.slice(0, -1))
      if (property.kind !== 'property' || property.collection || property.nullable)
        fail('a key part goes through single complex values that are never null', path);
    const leaf = steps![steps!.length - 1]!.property;
    if (leaf.kind !== 'property' || isStructuredType(leaf.type) || leaf.collection)
      fail('a key part is a primitive value', path);
    if ((leaf as { nullable: boolean }).nullable) fail('a key part is never null: give it `nullable: false`', path);
    const alias = segments[segments.length - 1]!;
    if (parts.some((p) => p.alias === alias)) fail(`two key parts go by the name '${alias}'`, path);
    parts.push({ path: segments, alias });
  }
  return parts;
}

/** The entity types CSDL needs keyed, each with why. */
function keyNeeds(model: Model, version: CsdlVersion): Map<EntityType, string> {
  const needs = new Map<EntityType, string>();
  for (const set of model.entitySets.values())
    if (!needs.has(set.entityType)) needs.set(set.entityType, `as the type of entity set '${set.name}'`);
  for (const type of model.types.values()) {
    if (type.kind !== 'entity' && type.kind !== 'complex') continue;
    for (const property of type.declaredProperties.values())
      if (
        property.kind === 'navigation' &&
        property.collection &&
        property.containsTarget &&
        !needs.has(property.target)
      )
        needs.set(
          property.target,
          `as the target of the containment navigation property '${type.name}/${property.name}'`,
        );
  }
  if (version === '4.0')
    for (const type of model.types.values())
      if (type.kind === 'entity' && !type.abstract && !needs.has(type))
        needs.set(type, 'in a 4.0 document (it is not abstract)');
  return needs;
}
