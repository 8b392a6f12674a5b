// A table as it becomes an entity set: the properties and relations of its type, and the view that
// reads it — each property, and each set of columns that relates rows, as a column of its own.

import type { NavigationPropertyDefinition, StructuralPropertyDefinition } from '../model/model-definition.js';
import type { CatalogueTable } from './catalogue-table.js';

export interface EntityTable {
  readonly table: CatalogueTable;
  readonly entitySet: string;
  readonly entityType: string;
  readonly properties: Record<string, StructuralPropertyDefinition>;
  readonly navigation: Record<string, NavigationPropertyDefinition>;
  /** The view's columns: property (or join column, `$j1`) name → SQL read from the table. */
  readonly reads: Map<string, string>;
  /** The properties held as JSON arrays. */
  readonly jsonCollections: string[];
  /** Join columns of the view by the table columns they are made of (joined with NUL). */
  readonly joins: Map<string, string>;
  readonly relations: Relation[];
}

/** A navigation property as the view reads it. */
export interface Relation {
  readonly name: string;
  readonly many: boolean;
  readonly target: EntityTable;
  /** The view column of this table whose value finds the related rows. */
  readonly holder: string;
  /** The target view's column compared with it. */
  readonly finder: string;
}
