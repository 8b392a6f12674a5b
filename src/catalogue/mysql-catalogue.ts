// The tables of a MySQL or MariaDB database as its information_schema lists them: columns with
// their full COLUMN_TYPE (`int(11) unsigned`, `enum('a','b')`, `decimal(10,2)`), primary keys and
// foreign keys (whose names MySQL keeps unique per database).

import type { CatalogueTable } from './catalogue-table.js';
import { type CatalogueQuery, groupBy } from './catalogue-query.js';

const SCHEMA = 'COALESCE(?, DATABASE())';

const COLUMNS = `
SELECT c.TABLE_NAME AS table_name, c.COLUMN_NAME AS column_name, c.IS_NULLABLE AS is_nullable,
       c.COLUMN_TYPE AS column_type
FROM information_schema.COLUMNS c
JOIN information_schema.TABLES t ON t.TABLE_SCHEMA = c.TABLE_SCHEMA AND t.TABLE_NAME = c.TABLE_NAME
WHERE c.TABLE_SCHEMA = ${SCHEMA} AND t.TABLE_TYPE = 'BASE TABLE'
ORDER BY c.TABLE_NAME, c.ORDINAL_POSITION`;

const KEYS = `
SELECT k.TABLE_NAME AS table_name, k.CONSTRAINT_NAME AS constraint_name, k.COLUMN_NAME AS column_name,
       k.REFERENCED_TABLE_SCHEMA = k.TABLE_SCHEMA AS same_schema, k.REFERENCED_TABLE_NAME AS referenced_table,
       k.REFERENCED_COLUMN_NAME AS referenced_column
FROM information_schema.KEY_COLUMN_USAGE k
WHERE k.TABLE_SCHEMA = ${SCHEMA} AND (k.CONSTRAINT_NAME = 'PRIMARY' OR k.REFERENCED_TABLE_NAME IS NOT NULL)
ORDER BY k.TABLE_NAME, k.CONSTRAINT_NAME, k.ORDINAL_POSITION`;

/** The tables of the database (the connection's by default). */
export async function mysqlTables(query: CatalogueQuery, schema: string | undefined): Promise<CatalogueTable[]> {
  const columns = await query(COLUMNS, [schema ?? null]);
  const keys = groupBy(await query(KEYS, [schema ?? null]), 'table_name');
  const tables: CatalogueTable[] = [];
  for (const [name, rows] of groupBy(columns, 'table_name')) {
    const constraints = groupBy(keys.get(name) ?? [], 'constraint_name');
    const primary = constraints.get('PRIMARY') ?? [];
    constraints.delete('PRIMARY');
    tables.push({
      name,
      columns: rows.map((c) => ({
        name: String(c.column_name),
        sqlType: String(c.column_type),
        nullable: c.is_nullable === 'YES',
      })),
      key: primary.map((k) => String(k.column_name)),
      foreignKeys: [...constraints.values()]
        // A relation to another database's table is none of the tables read here.
        .filter((rows) => Number(rows[0]!.same_schema) === 1)
        .map((rows) => ({
          columns: rows.map((r) => String(r.column_name)),
          table: String(rows[0]!.referenced_table),
          references: rows.map((r) => String(r.referenced_column)),
        })),
    });
  }
  return tables;
}
