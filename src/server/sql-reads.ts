// How a SQL source's projection reads a column, so that every driver hands back a value the
// endpoint writes exactly (docs/server.md, "Values"): Int64 and Decimal as text where a driver
// would read them as binary64 numbers (sql.js, mysql2 by default), dates and MySQL's instants as
// text where a driver would read them as local-time Dates (pg, mysql2). Other columns are read as
// they are. A dialect of another name reads every column as it is.

import type { Dialect } from '../backends/sql/index.js';
import type { EdmType } from '../language/edm.js';
import type { PrimitiveProperty } from '../types/schema.js';

type Reads = { readonly [T in EdmType]?: (column: string) => string };

const READS: { readonly [dialect: string]: Reads } = {
  postgres: {
    'Edm.Int64': (c) => `(${c})::text`,
    'Edm.Decimal': (c) => `(${c})::text`,
    // to_char, not ::text, whose spelling follows the session's DateStyle.
    'Edm.Date': (c) => `to_char(${c}, 'YYYY-MM-DD')`,
  },
  mysql: {
    'Edm.Int64': (c) => `CAST(${c} AS CHAR)`,
    'Edm.Decimal': (c) => `CAST(${c} AS CHAR)`,
    'Edm.Date': (c) => `CAST(${c} AS CHAR)`,
    // DATETIME(3) holds UTC (docs/sql.md): its text, read in UTC, whatever the driver's time zone.
    'Edm.DateTime': (c) => `CAST(${c} AS CHAR)`,
    'Edm.DateTimeOffset': (c) => `CAST(${c} AS CHAR)`,
  },
  // A Decimal is a REAL there (docs/sql.md): its binary64 number is all there is to read.
  sqlite: { 'Edm.Int64': (c) => `CAST(${c} AS TEXT)` },
};

/** The projection's read of a column of a property for the dialect, or undefined where every column is read as it is. */
export function sqlReads(dialect: Dialect): ((column: string, property: PrimitiveProperty) => string) | undefined {
  const reads = Object.hasOwn(READS, dialect.name) ? READS[dialect.name] : undefined;
  if (reads === undefined) return undefined;
  return (column, property) => {
    // An enumeration's column holds its underlying integer: read as that type.
    const read = reads[property.enum?.underlyingType ?? property.type];
    return read === undefined ? column : read(column);
  };
}
