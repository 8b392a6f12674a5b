// Tables as drizzle defines them, read through the `getTableConfig` of the caller's drizzle
// dialect module (`drizzle-orm/pg-core`, `/mysql-core`, `/sqlite-core`): drizzle's public,
// documented way to read a table, where the `Symbol.for('drizzle:…')` keys of a table object are
// its internals. So drizzle is no dependency of the package, and each column's SQL type, as
// drizzle's getSQLType() writes it for migrations, is mapped as the catalogue's would be.

import type { Dialect } from '../backends/sql/index.js';
import type { Catalogue } from './catalogue.js';
import type { CatalogueOptions } from './catalogue-options.js';
import { catalogueModel } from './catalogue-model.js';
import type { CatalogueTable } from './catalogue-table.js';

/** What is used of a drizzle column. */
export interface DrizzleColumnLike {
  readonly name: string;
  readonly notNull: boolean;
  readonly primary: boolean;
  /** drizzle's class of the column (`PgEnumColumn`), which says an enum's labels are its `enumValues`. */
  readonly columnType?: string;
  readonly enumValues?: readonly string[];
  getSQLType(): string;
}

/** What is used of what drizzle's `getTableConfig(table)` returns. */
export interface DrizzleTableConfigLike {
  readonly name: string;
  readonly columns: readonly DrizzleColumnLike[];
  readonly primaryKeys: readonly { readonly columns: readonly DrizzleColumnLike[] }[];
  readonly foreignKeys: readonly {
    reference(): {
      readonly columns: readonly DrizzleColumnLike[];
      readonly foreignColumns: readonly DrizzleColumnLike[];
      readonly foreignTable: object;
    };
  }[];
}

export interface DrizzleOptions<T extends object> extends CatalogueOptions {
  /** drizzle's `getTableConfig` of the tables' dialect module. */
  readonly getTableConfig: (table: T) => DrizzleTableConfigLike;
  /** The SQL dialect of the database the tables are in (`postgres`, `mysql`, `sqlite`). */
  readonly dialect: Dialect;
}

/** The model of drizzle tables, the report of what it leaves out, and the sources that read them. */
export function readDrizzleTables<T extends object>(tables: readonly T[], options: DrizzleOptions<T>): Catalogue {
  const { getTableConfig, dialect, ...catalogueOptions } = options;
  const enums = new Map<string, readonly string[]>();
  const described: CatalogueTable[] = tables.map((table) => {
    const config = getTableConfig(table);
    for (const column of config.columns)
      if (column.columnType?.startsWith('PgEnum') === true && column.enumValues !== undefined)
        enums.set(column.getSQLType(), column.enumValues);
    const composite = config.primaryKeys[0]?.columns;
    return {
      name: config.name,
      columns: config.columns.map((column) => ({
        name: column.name,
        sqlType: column.getSQLType(),
        nullable: !column.notNull && !column.primary,
      })),
      key: (composite ?? config.columns.filter((c) => c.primary)).map((c) => c.name),
      foreignKeys: config.foreignKeys.map((fk) => {
        const reference = fk.reference();
        return {
          columns: reference.columns.map((c) => c.name),
          table: getTableConfig(reference.foreignTable as T).name,
          references: reference.foreignColumns.map((c) => c.name),
        };
      }),
    };
  });
  return catalogueModel(described, enums, dialect, catalogueOptions);
}
