// Where a SQL source finds an entity set's rows (docs/catalogue.md, "How the rows are read"): the
// view of its table, naming each column by its property — so that child and related tables, which
// the SQL backend reads by column name, need no column map — and the views of the tables of every
// relation path, for `$expand` and lambdas.

import type { CollectionStorage, RelatedTable } from '../backends/sql/index.js';
import type { CatalogueSource } from './catalogue.js';
import type { EntityTable } from './entity-table.js';

/** The depth of relation paths a source is given tables for: the endpoint's default maxExpandDepth. */
const DEFAULT_DEPTH = 3;

/** How names are written in the dialect: quoted, and a table qualified by its schema where one was read. */
export interface SqlNames {
  readonly quote: (name: string) => string;
  readonly qualified: (table: string) => string;
}

/** The entity set's source: its view, and the tables of every relation path to `depth`. */
export function entitySetSource(entity: EntityTable, sql: SqlNames, depth = DEFAULT_DEPTH): CatalogueSource {
  if (!Number.isSafeInteger(depth) || depth < 0)
    throw new TypeError(`readCatalogue: depth ${depth} is no count of relations (0, 1, 2, …)`);
  const collections: Record<string, CollectionStorage[string]> = {};
  const relations: Record<string, RelatedTable> = {};
  const walk = (at: EntityTable, prefix: string, level: number): void => {
    for (const name of at.jsonCollections) collections[`${prefix}${name}`] = { json: name };
    if (level >= depth) return;
    for (const relation of at.relations) {
      const path = `${prefix}${relation.name}`;
      const table = view(relation.target, sql);
      if (relation.many) collections[path] = { table, foreignKey: relation.finder, key: relation.holder };
      else relations[path] = { table, key: relation.finder, reference: relation.holder };
      walk(relation.target, `${path}/`, level + 1);
    }
  };
  walk(entity, '', 0);
  const table = sql.quote(entity.table.name);
  return { table, from: `${view(entity, sql)} AS ${table}`, collections, relations };
}

/** The SQL each property is read from in the table. */
export function propertyColumns(entity: EntityTable): Record<string, string> {
  return Object.fromEntries([...entity.reads].filter(([name]) => !name.startsWith('$')));
}

/** The view of a table: every property and join column by name. */
function view(entity: EntityTable, sql: SqlNames): string {
  const list = [...entity.reads].map(([name, read]) => `${read} AS ${sql.quote(name)}`).join(', ');
  return `(SELECT ${list} FROM ${sql.qualified(entity.table.name)})`;
}
