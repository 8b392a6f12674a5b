// How a SQL source's projection reads a column, so that every driver hands back a value the
// endpoint writes exactly (docs/server.md, "Values"): Int64 and Decimal as text where a driver
// would read them as binary64 numbers (sql.js, mysql2 by default), dates and MySQL's instants as
// text where a driver would read them as local-time Dates (pg, mysql2), and, where times are
// stored in microseconds, PostgreSQL's instants and times and SQLite's epoch microseconds as ISO
// 8601 text with every digit, where a Date or a number (read as milliseconds) would lose them.
// Other columns are read as they are. A dialect of another name reads every column as it is.

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

/** PostgreSQL's instants in UTC with six fractional digits, whatever the session's DateStyle. */
const postgresMicroseconds = (c: string): string =>
  `to_char((${c}) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** SQLite's epoch microseconds as ISO text in UTC: whole seconds and the microseconds, floored. */
const sqliteMicroseconds = (c: string): string => {
  const micros = `(((${c}) % 1000000 + 1000000) % 1000000)`;
  return `(strftime('%Y-%m-%dT%H:%M:%S.', ((${c}) - ${micros}) / 1000000, 'unixepoch') || printf('%06d', ${micros}) || 'Z')`;
};

/** What reads differently where times are stored in microseconds (MySQL's text has its six digits). */
const MICROSECOND_READS: { readonly [dialect: string]: Reads } = {
  postgres: {
    'Edm.DateTime': postgresMicroseconds,
    'Edm.DateTimeOffset': postgresMicroseconds,
    'Edm.TimeOfDay': (c) => `to_char(${c}, 'HH24:MI:SS.US')`,
  },
  sqlite: { 'Edm.DateTime': sqliteMicroseconds, 'Edm.DateTimeOffset': sqliteMicroseconds },
};

/** The projection's read of a column of a property for the dialect, or undefined where every column is read as it is. */
export function sqlReads(dialect: Dialect): ((column: string, property: PrimitiveProperty) => string) | undefined {
  const base = Object.hasOwn(READS, dialect.name) ? READS[dialect.name] : undefined;
  const fine =
    dialect.timeUnit === 'microseconds' && Object.hasOwn(MICROSECOND_READS, dialect.name)
      ? MICROSECOND_READS[dialect.name]
      : undefined;
  const reads = base === undefined || fine === undefined ? base : { ...base, ...fine };
  if (reads === undefined) return undefined;
  return (column, property) => {
    // An enumeration's column holds its underlying integer: read as that type.
    const read = reads[property.enum?.underlyingType ?? property.type];
    return read === undefined ? column : read(column);
  };
}
