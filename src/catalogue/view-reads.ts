// The values a view reads where the SQL backend takes one column, per dialect: the columns that
// relate rows (a composite key's as the text of their JSON array, which is equal for equal values
// of the same types on both sides), a collection's JSON array, an enum's label.

import type { Dialect } from '../backends/sql/index.js';

/** The SQL of one value from the (qualified, quoted) columns: the column itself, or their JSON array's text. */
export function joinKey(dialect: Dialect, columns: readonly string[]): string {
  if (columns.length === 1) return columns[0]!;
  const list = columns.join(', ');
  switch (dialect.name) {
    case 'postgres':
      return `json_build_array(${list})::text`;
    case 'mysql':
      return `CAST(JSON_ARRAY(${list}) AS CHAR)`;
    default:
      return `json_array(${list})`;
  }
}

/** How the view reads a column holding a JSON array: as the JSON type the dialect's arrays are read from. */
export function jsonRead(dialect: Dialect): ((column: string) => string) | undefined {
  return dialect.name === 'postgres' ? (column) => `to_jsonb(${column})` : undefined;
}

/** How the view reads an enum column as the text of its label. */
export function enumLabelRead(dialect: Dialect): ((column: string) => string) | undefined {
  return dialect.name === 'postgres' ? (column) => `${column}::text` : undefined;
}
