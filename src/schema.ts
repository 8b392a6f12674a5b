// Resource schemas: the entity types that filters are checked against. defineSchema() validates a
// definition once, up front, and turns it into the resolved form the checker and backends read.

import type { EdmType } from './edm.js';

/** A property in a definition: an Edm type name, a primitive with options, or a nested structure. */
export type PropertyDefinition =
  | EdmType
  | { readonly type: EdmType; readonly nullable?: boolean; readonly filterable?: boolean }
  | {
      readonly properties: { readonly [name: string]: PropertyDefinition };
      readonly nullable?: boolean;
      readonly filterable?: boolean;
    };

export interface SchemaDefinition {
  readonly name: string;
  readonly properties: { readonly [name: string]: PropertyDefinition };
}

export interface PrimitiveProperty {
  readonly kind: 'primitive';
  readonly name: string;
  readonly type: EdmType;
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
}

export type Property = PrimitiveProperty | StructuredProperty;

export interface Schema {
  readonly name: string;
  readonly properties: ReadonlyMap<string, Property>;
}
