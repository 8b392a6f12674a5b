// What reading a catalogue gives (docs/catalogue.md): the model, a report of what it left out, and
// for each entity set where a SQL source finds its rows, so that the endpoint serves the tables
// with no other declaration.

import type { CollectionStorage, RelatedTable } from '../backends/sql/index.js';
import type { ModelDefinition } from '../model/model-definition.js';
import type { Model } from '../model/model.js';
import type { EntitySetService } from '../server/endpoint.js';
import { type SqlConnection, sqlSource } from '../server/sql-source.js';

export interface Catalogue {
  readonly model: Model;
  /** The definition the model was made from, to extend or write down. */
  readonly definition: ModelDefinition;
  readonly report: CatalogueReport;
  /** Per entity set, what `sqlSource` takes beside the connection: `sqlSource({ ...connection, ...sources.Products })`. */
  readonly sources: { readonly [entitySet: string]: CatalogueSource };
  /** Per entity set, the SQL each property is read from in its table (`"products"."name"`), for `compileSql`'s `columns`. */
  readonly columns: { readonly [entitySet: string]: { readonly [property: string]: string } };
  /**
   * The entity sets for `odataEndpoint`, each read through the connection, with what `services`
   * adds per entity set (a policy, rules, a row filter).
   */
  entitySets(
    connection: SqlConnection,
    services?: { readonly [entitySet: string]: Omit<EntitySetService, 'source'> },
  ): { [entitySet: string]: EntitySetService };
}

export interface CatalogueSource {
  /** The name the table's columns are qualified with. */
  readonly table: string;
  /** The view of the table, naming each column by its property. */
  readonly from: string;
  readonly collections: CollectionStorage;
  readonly relations: { readonly [schemaPath: string]: RelatedTable };
}

export interface CatalogueReport {
  /** The columns, relations and tables left out, each with why. */
  readonly omitted: readonly OmittedItem[];
}

export interface OmittedItem {
  readonly table: string;
  readonly column?: string;
  /** The column's type as the catalogue spells it. */
  readonly sqlType?: string;
  readonly reason: string;
}

export function servedEntitySets(
  sources: { readonly [entitySet: string]: CatalogueSource },
  connection: SqlConnection,
  services: { readonly [entitySet: string]: Omit<EntitySetService, 'source'> } = {},
): { [entitySet: string]: EntitySetService } {
  return Object.fromEntries(
    Object.entries(sources).map(([name, source]) => [
      name,
      { ...services[name], source: sqlSource({ ...connection, ...source }) },
    ]),
  );
}
