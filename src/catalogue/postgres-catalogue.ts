// The tables of a PostgreSQL schema as its catalogue lists them: columns and primary keys from
// information_schema, and from pg_catalog what information_schema lacks — enum labels in their
// order, and foreign keys column by column (information_schema joins a constraint's columns by
// constraint name, which PostgreSQL keeps unique per table only, not per schema).

import type { CatalogueTable, EnumLabels } from './catalogue-table.js';
import { type CatalogueQuery, groupBy } from './catalogue-query.js';

const COLUMNS = `
SELECT c.table_name, c.column_name, c.is_nullable, c.data_type, c.udt_name,
       c.character_maximum_length, c.numeric_precision, c.numeric_scale
FROM information_schema.columns c
JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
WHERE c.table_schema = COALESCE($1, current_schema()) AND t.table_type = 'BASE TABLE'
ORDER BY c.table_name, c.ordinal_position`;

const PRIMARY_KEYS = `
SELECT k.table_name, k.column_name
FROM information_schema.table_constraints c
JOIN information_schema.key_column_usage k
  ON k.constraint_schema = c.constraint_schema AND k.constraint_name = c.constraint_name AND k.table_name = c.table_name
WHERE c.table_schema = COALESCE($1, current_schema()) AND c.constraint_type = 'PRIMARY KEY'
ORDER BY k.table_name, k.ordinal_position`;

const FOREIGN_KEYS = `
SELECT con.oid::text AS id, cl.relname AS table_name, ref.relname AS referenced_table, rn.oid = n.oid AS same_schema,
       a.attname AS column_name, ra.attname AS referenced_column
FROM pg_constraint con
JOIN pg_class cl ON cl.oid = con.conrelid
JOIN pg_namespace n ON n.oid = cl.relnamespace
JOIN pg_class ref ON ref.oid = con.confrelid
JOIN pg_namespace rn ON rn.oid = ref.relnamespace
CROSS JOIN LATERAL unnest(con.conkey, con.confkey) WITH ORDINALITY AS k(col, refcol, ord)
JOIN pg_attribute a ON a.attrelid = con.conrelid AND a.attnum = k.col
JOIN pg_attribute ra ON ra.attrelid = con.confrelid AND ra.attnum = k.refcol
WHERE con.contype = 'f' AND n.nspname = COALESCE($1, current_schema())
ORDER BY cl.relname, con.conname, k.ord`;

const ENUMS = `
SELECT t.typname, e.enumlabel
FROM pg_enum e
JOIN pg_type t ON t.oid = e.enumtypid
JOIN pg_namespace n ON n.oid = t.typnamespace
WHERE n.nspname = COALESCE($1, current_schema())
ORDER BY t.typname, e.enumsortorder`;

interface ColumnRow {
  readonly table_name: string;
  readonly column_name: string;
  readonly is_nullable: string;
  readonly data_type: string;
  readonly udt_name: string;
  readonly character_maximum_length: number | string | null;
  readonly numeric_precision: number | string | null;
  readonly numeric_scale: number | string | null;
}

/** The tables of the schema (the first on the search path by default), and its enumeration types' labels. */
export async function postgresTables(
  query: CatalogueQuery,
  schema: string | undefined,
): Promise<{ tables: CatalogueTable[]; enums: EnumLabels }> {
  const values = [schema ?? null];
  const columns = (await query(COLUMNS, values)) as unknown as ColumnRow[];
  const keys = groupBy(await query(PRIMARY_KEYS, values), 'table_name');
  const foreign = groupBy(await query(FOREIGN_KEYS, values), 'table_name');
  const enums = new Map<string, string[]>();
  for (const row of await query(ENUMS, values)) {
    const name = String(row.typname);
    enums.set(name, [...(enums.get(name) ?? []), String(row.enumlabel)]);
  }
  const tables: CatalogueTable[] = [];
  for (const [name, rows] of groupBy(columns as unknown as Record<string, unknown>[], 'table_name')) {
    const fks = groupBy(foreign.get(name) ?? [], 'id');
    tables.push({
      name,
      columns: (rows as unknown as ColumnRow[]).map((c) => ({
        name: c.column_name,
        sqlType: typeText(c),
        nullable: c.is_nullable === 'YES',
      })),
      key: (keys.get(name) ?? []).map((k) => String(k.column_name)),
      foreignKeys: [...fks.values()]
        // A relation to another schema's table is none of the tables read here.
        .filter((rows) => rows[0]!.same_schema === true)
        .map((rows) => ({
          columns: rows.map((r) => String(r.column_name)),
          table: String(rows[0]!.referenced_table),
          references: rows.map((r) => String(r.referenced_column)),
        })),
    });
  }
  return { tables, enums };
}

/** The type as `readSqlType` reads it: `numeric(10,2)`, `character varying(20)`, `int4[]`, an enum's name. */
function typeText(c: ColumnRow): string {
  if (c.data_type === 'ARRAY') return `${c.udt_name.replace(/^_/, '')}[]`;
  if (c.data_type === 'USER-DEFINED') return c.udt_name;
  if (c.data_type === 'numeric' && c.numeric_precision !== null)
    return `numeric(${c.numeric_precision},${c.numeric_scale ?? 0})`;
  if (c.character_maximum_length !== null) return `${c.data_type}(${c.character_maximum_length})`;
  return c.data_type;
}
