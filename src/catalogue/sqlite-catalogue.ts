// The tables of a SQLite database as its pragmas list them, read through their table-valued
// functions (`pragma_table_info`, `pragma_foreign_key_list`), which sql.js runs as any query.

import type { CatalogueTable } from './catalogue-table.js';
import { type CatalogueQuery, groupBy } from './catalogue-query.js';

const COLUMNS = `
SELECT m.name AS table_name, p.name AS column_name, p.type AS column_type, p."notnull" AS not_null, p.pk AS pk
FROM sqlite_master m JOIN pragma_table_info(m.name) p
WHERE m.type = 'table' AND m.name NOT LIKE 'sqlite\\_%' ESCAPE '\\'
ORDER BY m.name, p.cid`;

const FOREIGN_KEYS = `
SELECT m.name AS table_name, f.id AS id, f."table" AS referenced_table, f."from" AS column_name, f."to" AS referenced_column
FROM sqlite_master m JOIN pragma_foreign_key_list(m.name) f
WHERE m.type = 'table'
ORDER BY m.name, f.id, f.seq`;

/** The tables of the database. */
export async function sqliteTables(query: CatalogueQuery): Promise<CatalogueTable[]> {
  const columns = groupBy(await query(COLUMNS, []), 'table_name');
  const foreign = groupBy(await query(FOREIGN_KEYS, []), 'table_name');
  const keyOf = (rows: readonly Record<string, unknown>[]): string[] =>
    rows
      .filter((c) => Number(c.pk) > 0)
      .sort((a, b) => Number(a.pk) - Number(b.pk))
      .map((c) => String(c.column_name));
  const tables: CatalogueTable[] = [];
  for (const [name, rows] of columns) {
    tables.push({
      name,
      columns: rows.map((c) => ({
        name: String(c.column_name),
        sqlType: String(c.column_type ?? ''),
        nullable: Number(c.not_null) === 0,
      })),
      key: keyOf(rows),
      foreignKeys: [...groupBy(foreign.get(name) ?? [], 'id').values()].map((fk) => {
        const table = String(fk[0]!.referenced_table);
        // A foreign key that names no parent columns refers to the parent's primary key.
        const parentKey = keyOf(columns.get(table) ?? []);
        return {
          columns: fk.map((r) => String(r.column_name)),
          table,
          references: fk.map(
            (r, i) => (r.referenced_column == null ? parentKey[i] : String(r.referenced_column)) ?? '',
          ),
        };
      }),
    });
  }
  return tables;
}
