// readCatalogue(): a database's tables as a model, read from its own catalogue through the
// connection a SQL source takes (docs/catalogue.md). No driver is needed beyond the caller's.

import type { SqlConnection } from '../server/sql-source.js';
import type { Catalogue } from './catalogue.js';
import type { CatalogueOptions } from './catalogue-options.js';
import { catalogueModel } from './catalogue-model.js';
import { catalogueQuery } from './catalogue-query.js';
import { mysqlTables } from './mysql-catalogue.js';
import { postgresTables } from './postgres-catalogue.js';
import { sqliteTables } from './sqlite-catalogue.js';

export interface ReadCatalogueOptions extends CatalogueOptions {
  /**
   * The schema (PostgreSQL) or database (MySQL) to read, whose name then qualifies its tables in
   * SQL; by default the connection's own (`current_schema()`, `DATABASE()`), its tables unqualified.
   */
  readonly schema?: string;
}

/** The model of the database's tables, the report of what it leaves out, and the sources that read them. */
export async function readCatalogue(connection: SqlConnection, options: ReadCatalogueOptions): Promise<Catalogue> {
  const query = catalogueQuery(connection);
  const { dialect } = connection;
  switch (dialect.name) {
    case 'postgres': {
      const { tables, enums } = await postgresTables(query, options.schema);
      return catalogueModel(tables, enums, dialect, options);
    }
    case 'mysql':
      return catalogueModel(await mysqlTables(query, options.schema), new Map(), dialect, options);
    case 'sqlite':
      return catalogueModel(await sqliteTables(query), new Map(), dialect, options);
    default:
      throw new TypeError(`readCatalogue: the ${dialect.name} dialect has no catalogue reader`);
  }
}
