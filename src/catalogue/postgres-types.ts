// PostgreSQL column types as properties (docs/catalogue.md, "Types"): the storage conventions of
// docs/sql.md read back, and the types beside them whose values read the same once the view of
// the table turns them (a `timestamp` as the UTC instant it spells, an enum as its position).

import type { EdmType } from '../language/edm.js';
import type { EnumLabels } from './catalogue-table.js';
import { type ColumnType, type SqlType, count, unmapped } from './sql-type.js';

/** Each type name and its aliases, as PostgreSQL and drizzle spell them. */
const SIMPLE: Readonly<Record<string, EdmType>> = {
  boolean: 'Edm.Boolean',
  bool: 'Edm.Boolean',
  smallint: 'Edm.Int16',
  int2: 'Edm.Int16',
  integer: 'Edm.Int32',
  int: 'Edm.Int32',
  int4: 'Edm.Int32',
  bigint: 'Edm.Int64',
  int8: 'Edm.Int64',
  real: 'Edm.Single',
  float4: 'Edm.Single',
  'double precision': 'Edm.Double',
  float8: 'Edm.Double',
  text: 'Edm.String',
  uuid: 'Edm.Guid',
  bytea: 'Edm.Binary',
  date: 'Edm.Date',
  time: 'Edm.TimeOfDay',
  'time without time zone': 'Edm.TimeOfDay',
  timestamptz: 'Edm.DateTimeOffset',
  'timestamp with time zone': 'Edm.DateTimeOffset',
};

const VARYING = new Set(['character varying', 'varchar']);
const DECIMAL = new Set(['numeric', 'decimal']);
const LOCAL_TIMESTAMP = new Set(['timestamp', 'timestamp without time zone']);
const PADDED = new Set(['character', 'char', 'bpchar']);
const JSON_TYPES = new Set(['json', 'jsonb']);

/** The property a PostgreSQL column of the type is read as, or why it is left out. */
export function postgresColumnType(type: SqlType, enums: EnumLabels, qualified: (name: string) => string): ColumnType {
  const scalar = scalarType({ ...type, array: false }, enums, qualified);
  if (!type.array) return scalar;
  if (scalar.kind !== 'primitive' || scalar.read !== undefined)
    return unmapped(`an array of ${type.name} is no collection the SQL backend reads`);
  // An array is read as the JSON array of its elements, which the SQL backend reads as a collection.
  return { ...scalar, collection: true, read: (column) => `to_jsonb(${column})` };
}

function scalarType(type: SqlType, enums: EnumLabels, qualified: (name: string) => string): ColumnType {
  const simple = SIMPLE[type.name];
  if (simple !== undefined) return { kind: 'primitive', type: simple };
  if (VARYING.has(type.name)) {
    const maxLength = count(type.args[0]);
    return { kind: 'primitive', type: 'Edm.String', ...(maxLength === undefined ? {} : { maxLength }) };
  }
  if (DECIMAL.has(type.name)) {
    const precision = count(type.args[0]);
    if (precision === undefined) return { kind: 'primitive', type: 'Edm.Decimal', scale: 'variable' };
    return { kind: 'primitive', type: 'Edm.Decimal', precision, scale: count(type.args[1]) ?? 0 };
  }
  if (LOCAL_TIMESTAMP.has(type.name))
    // The wall clock it holds is read as UTC, as docs/semantics.md reads a date-time without offset.
    return { kind: 'primitive', type: 'Edm.DateTimeOffset', read: (column) => `(${column} AT TIME ZONE 'UTC')` };
  if (PADDED.has(type.name))
    return unmapped(
      `${type.name}(n) pads its values with spaces, which PostgreSQL's comparisons ignore and a reader sees`,
    );
  if (JSON_TYPES.has(type.name))
    return unmapped(
      `${type.name} holds values of any type: give the property's type (a collection: { type, collection: true })`,
    );
  const labels = enums.get(type.name);
  if (labels !== undefined)
    return {
      kind: 'enum',
      typeName: type.name,
      labels,
      first: 0,
      // Its position among the labels, which is the order PostgreSQL sorts the type in.
      read: (column) => `(array_position(enum_range(NULL::${qualified(type.name)}), ${column}) - 1)`,
    };
  return unmapped(`${type.name} has no Edm type here`);
}
