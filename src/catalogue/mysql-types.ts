// MySQL and MariaDB column types as properties (docs/catalogue.md, "Types"): the storage
// conventions of docs/sql.md read back, and the types beside them whose values read the same.

import type { EdmType } from '../language/edm.js';
import { type ColumnType, type SqlType, count, quotedLabels, unmapped } from './sql-type.js';

const SIGNED: Readonly<Record<string, EdmType>> = {
  boolean: 'Edm.Boolean',
  bool: 'Edm.Boolean',
  tinyint: 'Edm.SByte',
  smallint: 'Edm.Int16',
  mediumint: 'Edm.Int32',
  int: 'Edm.Int32',
  integer: 'Edm.Int32',
  bigint: 'Edm.Int64',
  double: 'Edm.Double',
  'double precision': 'Edm.Double',
  real: 'Edm.Double',
  float: 'Edm.Single',
  date: 'Edm.Date',
  time: 'Edm.TimeOfDay',
  datetime: 'Edm.DateTimeOffset',
  tinytext: 'Edm.String',
  text: 'Edm.String',
  mediumtext: 'Edm.String',
  longtext: 'Edm.String',
  tinyblob: 'Edm.Binary',
  blob: 'Edm.Binary',
  mediumblob: 'Edm.Binary',
  longblob: 'Edm.Binary',
};

/** An unsigned integer type as the least Edm type that holds its range. */
const UNSIGNED: Readonly<Record<string, EdmType>> = {
  tinyint: 'Edm.Byte',
  smallint: 'Edm.Int32',
  mediumint: 'Edm.Int32',
  int: 'Edm.Int64',
  integer: 'Edm.Int64',
};

/** The property a MySQL or MariaDB column of the type is read as, or why it is left out. */
export function mysqlColumnType(type: SqlType): ColumnType {
  if (type.name === 'tinyint' && type.args[0] === '1' && !type.unsigned)
    return { kind: 'primitive', type: 'Edm.Boolean' };
  if (type.unsigned) {
    const unsigned = UNSIGNED[type.name];
    if (unsigned !== undefined) return { kind: 'primitive', type: unsigned };
    if (type.name === 'bigint') return unmapped('bigint unsigned holds values beyond Edm.Int64');
  }
  const simple = SIGNED[type.name];
  if (simple !== undefined) return { kind: 'primitive', type: simple };
  if (type.name === 'varchar' || type.name === 'char' || type.name === 'varbinary') {
    const maxLength = count(type.args[0]);
    const edm = type.name === 'varbinary' ? 'Edm.Binary' : 'Edm.String';
    return { kind: 'primitive', type: edm, ...(maxLength === undefined ? {} : { maxLength }) };
  }
  if (type.name === 'decimal' || type.name === 'numeric' || type.name === 'dec') {
    const precision = count(type.args[0]) ?? 10;
    return { kind: 'primitive', type: 'Edm.Decimal', precision, scale: count(type.args[1]) ?? 0 };
  }
  if (type.name === 'binary') return unmapped('binary(n) pads a shorter value with zero bytes (docs/sql.md)');
  if (type.name === 'timestamp')
    return unmapped(
      "timestamp is read in the session's time zone; the SQL dialect reads datetime holding UTC (give the type where every session runs in UTC)",
    );
  if (type.name === 'json')
    return unmapped(
      "json holds values of any type: give the property's type (a collection: { type, collection: true })",
    );
  if (type.name === 'enum') {
    const labels = quotedLabels(type.args);
    if (labels === undefined) return unmapped("the enumeration's labels are not readable");
    // Its index among the labels (from 1), the order MySQL sorts it in.
    return { kind: 'enum', typeName: undefined, labels, first: 1, read: (column) => `(${column} + 0)` };
  }
  return unmapped(`${type.name}${type.unsigned ? ' unsigned' : ''} has no Edm type here`);
}
