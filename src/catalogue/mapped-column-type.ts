// The property a column of a dialect's type is read as: one mapping per dialect, chosen by name.

import type { Dialect } from '../backends/sql/index.js';
import type { EnumLabels } from './catalogue-table.js';
import { mysqlColumnType } from './mysql-types.js';
import { postgresColumnType } from './postgres-types.js';
import { sqliteColumnType } from './sqlite-types.js';
import { type ColumnType, readSqlType, unmapped } from './sql-type.js';

/** The column's mapping; `qualified` names a catalogue type (an enum) in SQL. */
export function mappedColumnType(
  sqlType: string,
  dialect: Dialect,
  enums: EnumLabels,
  qualified: (name: string) => string,
): ColumnType {
  const type = readSqlType(sqlType);
  switch (dialect.name) {
    case 'postgres':
      return postgresColumnType(type, enums, qualified);
    case 'mysql':
      return mysqlColumnType(type);
    case 'sqlite':
      return sqliteColumnType(type);
    default:
      return unmapped(`the ${dialect.name} dialect's types have no mapping`);
  }
}
