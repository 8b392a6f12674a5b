// SQLite declared column types as properties (docs/catalogue.md, "Types"). SQLite stores a value
// of any type in any column and reads the declared type only for its affinity, so the mapping
// follows the storage conventions of docs/sql.md: the names those conventions declare, and
// SQLite's affinity rules for the rest (a name containing INT holds 64-bit integers).

import type { EdmType } from '../language/edm.js';
import { type ColumnType, type SqlType, unmapped } from './sql-type.js';

const NAMED: Readonly<Record<string, EdmType>> = {
  boolean: 'Edm.Boolean',
  bool: 'Edm.Boolean',
  date: 'Edm.Date',
  time: 'Edm.TimeOfDay',
  datetime: 'Edm.DateTimeOffset',
  timestamp: 'Edm.DateTimeOffset',
  uuid: 'Edm.Guid',
  guid: 'Edm.Guid',
};

/** The property a SQLite column of the declared type is read as, or why it is left out. */
export function sqliteColumnType(type: SqlType): ColumnType {
  const named = NAMED[type.name];
  if (named !== undefined) return { kind: 'primitive', type: named };
  if (type.name.includes('int')) return { kind: 'primitive', type: 'Edm.Int64' };
  if (/char|clob|text/.test(type.name)) return { kind: 'primitive', type: 'Edm.String' };
  if (type.name === 'blob') return { kind: 'primitive', type: 'Edm.Binary' };
  if (/real|floa|doub/.test(type.name)) return { kind: 'primitive', type: 'Edm.Double' };
  if (type.name === 'numeric' || type.name === 'decimal') {
    const precision = Number(type.args[0]);
    if (!Number.isSafeInteger(precision) || precision < 1)
      return { kind: 'primitive', type: 'Edm.Decimal', scale: 'variable' };
    return { kind: 'primitive', type: 'Edm.Decimal', precision, scale: Number(type.args[1] ?? 0) || 0 };
  }
  if (type.name === '') return unmapped('a column without a declared type holds values of any type');
  return unmapped(`${type.name} has no Edm type here`);
}
