// A model as the round-trip properties compare it (round-trip.prop.test.ts, real-models.test.ts):
// each type and function by names only, and each entity set's primitive paths with their type, enumeration,
// nullability, filterability and sortability under the set's rules.

import {
  type FunctionValue,
  listPropertyPaths,
  type Model,
  type NamedType,
  type Property,
  type Schema,
  schemaOf,
} from '../../src/index.js';
import { type PropertyRules, rulesOf } from '../../src/query/rules.js';

/** A type as the comparison reads it: its kind and what each kind says, by names only. */
export function describeType(type: NamedType): unknown {
  switch (type.kind) {
    case 'enum':
      return { kind: 'enum', members: [...type.members], flags: type.flags, underlying: type.underlyingType };
    case 'definition':
      return { kind: 'definition', underlying: type.underlyingType, facets: type.facets };
    default:
      return {
        kind: type.kind,
        baseType: type.baseType?.name,
        abstract: type.abstract,
        openType: type.openType,
        key: type.kind === 'entity' ? type.key?.map((k) => k.path.join('/')) : undefined,
        properties: [...type.declaredProperties.values()].map((p) =>
          p.kind === 'navigation'
            ? [p.name, 'navigation', p.target.name, p.collection, p.nullable, p.partner, p.containsTarget]
            : [p.name, typeof p.type === 'string' ? p.type : p.type.name, p.collection, p.nullable],
        ),
      };
  }
}

/** The functions as the comparison reads them: each overload's flags, parameters and result, by names only. */
export function describeFunctions(model: Model): unknown {
  const value = (v: FunctionValue) => [typeof v.type === 'string' ? v.type : v.type.name, v.collection, v.nullable];
  return [...model.functions].map(([name, overloads]) => [
    name,
    overloads.map((o) => [o.bound, o.composable, o.parameters.map((p) => [p.name, ...value(p)]), value(o.returnType)]),
  ]);
}

/** Per primitive path of an entity set (inside its entity, not through navigation): type, nullability, filterability, sortability. */
export function describePaths(model: Model, set: string, rules: PropertyRules | undefined): unknown[] {
  const view: Schema = schemaOf(model, set);
  const checked = rulesOf(view, rules);
  // listPropertyPaths goes through single structures only: a step is a value or a relation.
  const throughRelation = (path: readonly string[]): boolean => {
    let properties: ReadonlyMap<string, Property> = view.properties;
    for (const name of path.slice(0, -1)) {
      const property = properties.get(name);
      if (property?.kind !== 'structured' || property.relation) return true;
      properties = property.properties;
    }
    return false;
  };
  return listPropertyPaths(view)
    .filter((p) => !throughRelation(p.path))
    .map((p) => [
      p.path.join('/'),
      p.property.type,
      p.property.enum?.name,
      p.nullable,
      p.filterable && checked.allows('filter', p.path),
      p.filterable && checked.allows('sort', p.path),
    ]);
}
