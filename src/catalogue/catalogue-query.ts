// How a catalogue reader runs its statements: through the connection a SQL source takes, each
// statement bounded in time as a source's are.

import { DEFAULT_STATEMENT_TIMEOUT_MS } from '../server/statement-timeout.js';
import type { SqlConnection, SqlRows } from '../server/sql-source.js';

export type CatalogueQuery = (text: string, values: readonly unknown[]) => Promise<SqlRows>;

/** The connection's statements, each with its own time. */
export function catalogueQuery(connection: SqlConnection): CatalogueQuery {
  return (text, values) => {
    const signal = AbortSignal.timeout(DEFAULT_STATEMENT_TIMEOUT_MS);
    return connection.query(text, values, { signal, timeoutMs: DEFAULT_STATEMENT_TIMEOUT_MS });
  };
}

/** Rows grouped by a column's value, in the order they come. */
export function groupBy(rows: SqlRows, column: string): Map<string, Record<string, unknown>[]> {
  const groups = new Map<string, Record<string, unknown>[]>();
  for (const row of rows) {
    const key = String(row[column]);
    const group = groups.get(key);
    if (group === undefined) groups.set(key, [row]);
    else group.push(row);
  }
  return groups;
}
