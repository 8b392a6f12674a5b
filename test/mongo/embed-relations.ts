// A schema's relations held in the document instead, as docs/mongo.md advises: the same properties
// with `relation: false` at every depth, a to-many relation becoming an array of documents whose
// elements may be null, as those of any collection of complex values may. A find() document cannot
// read another collection (docs/mongo.md, "Errors"), so filters that reach through a relation run
// on MongoDB against this form of the schema.

import { assertNever } from '../../src/assert-never.js';
import type { Property, Schema } from '../../src/types/schema.js';

/** The schema with every relation, at any depth, an embedded structure or array of documents. */
export function embedRelations(schema: Schema): Schema {
  return { name: schema.name, properties: embedAll(schema.properties) };
}

function embedAll(properties: ReadonlyMap<string, Property>): ReadonlyMap<string, Property> {
  return new Map([...properties].map(([name, property]) => [name, embed(property)]));
}

function embed(property: Property): Property {
  switch (property.kind) {
    case 'primitive':
      return property;
    case 'structured':
      return { ...property, relation: false, properties: embedAll(property.properties) };
    case 'collection': {
      const element = property.element;
      if (element.kind === 'primitive') return property;
      // A relation's elements are another resource's rows, never null; embedded, they are values.
      const nullable = property.relation || element.nullable;
      return {
        ...property,
        relation: false,
        element: { ...element, nullable, properties: embedAll(element.properties) },
      };
    }
    default:
      return assertNever(property, 'property kind');
  }
}
