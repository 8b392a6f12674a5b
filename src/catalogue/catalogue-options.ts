// What a caller says of a catalogue's tables (docs/catalogue.md): which to serve, how names read,
// and, per column or relation, every choice the mapping makes.

import type { EdmType } from '../language/edm.js';
import type { StructuralPropertyDefinition } from '../model/model-definition.js';

export interface CatalogueOptions {
  /** The namespace of the model's types (`Shop`). */
  readonly namespace: string;
  /** The tables to serve (by default every table the catalogue lists). */
  readonly tables?: readonly string[];
  /** A table's, column's or relation's name as the model names it (`pascalCase`); as it is by default. */
  readonly names?: (name: string) => string;
  /** An entity set's entity type name (`Products` → `Product`); the entity set's name by default. */
  readonly entityType?: (entitySet: string) => string;
  /** Per table, per column (or relation, by the name the model would give it): what to read otherwise. */
  readonly overrides?: { readonly [table: string]: { readonly [columnOrRelation: string]: PropertyOverride } };
  /** How deep relation paths are given their tables, for `$expand` and lambdas (default 3). */
  readonly depth?: number;
}

/** A property as a model definition writes it, with options of its own. */
type WrittenProperty = Extract<StructuralPropertyDefinition, { readonly type: string }>;

export interface PropertyOverride extends Omit<WrittenProperty, 'type'> {
  /** The property's name. */
  readonly name?: string;
  /** The property's type, read from the column as it is (a collection: from its JSON array). */
  readonly type?: EdmType;
  /** Leave the column (or relation) out of the model: it is not served. */
  readonly hidden?: boolean;
}
