// The schema of a relation's rows, as an expansion's options and a relation's row filter are
// checked against: the related row's properties, with the model's type, functions and aliases.

import type { Property, Schema } from '../types/schema.js';

/**
 * The schema of a relation's rows, found by its schema path through structures and collections;
 * undefined when the path names no relation.
 */
export function relationRows(
  root: Schema,
  schemaPath: string,
): { readonly schema: Schema; readonly many: boolean } | undefined {
  let properties = root.properties;
  let property: Property | undefined;
  for (const name of schemaPath.split('/')) {
    if (property !== undefined) {
      const inner = property.kind === 'collection' ? property.element : property;
      if (inner.kind !== 'structured') return undefined;
      properties = inner.properties;
    }
    property = properties.get(name);
    if (property === undefined) return undefined;
  }
  if (property === undefined || property.kind === 'primitive' || !property.relation) return undefined;
  const element = property.kind === 'collection' ? property.element : property;
  return element.kind === 'structured'
    ? {
        schema: {
          name: `${root.name}/${schemaPath}`,
          properties: element.properties,
          ...(element.type === undefined ? {} : { type: element.type }),
          ...(root.functions === undefined ? {} : { functions: root.functions }),
          ...(root.aliases === undefined ? {} : { aliases: root.aliases }),
        },
        many: property.kind === 'collection',
      }
    : undefined;
}
