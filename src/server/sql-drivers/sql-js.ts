// A sql.js database as a SQL source's connection (docs/server.md, "Data sources"). sql.js runs
// SQLite synchronously in this thread: a statement cannot be interrupted (the request's signal
// and the timeout cannot even fire while it runs), so the source only starts no statement once
// the time has passed or the client has gone. What one statement may cost is bounded by the
// endpoint's limits (page sizes, filter size and depth, expansions) and the table's size; run
// the database in a worker where a statement must be stoppable.

import { sqlite, type Dialect } from '../../backends/sql/index.js';
import type { SqlConnection } from '../sql-source.js';

interface SqlJsStatementLike {
  bind(values: never): boolean;
  step(): boolean;
  getAsObject(): Record<string, unknown>;
  free(): unknown;
}

/** What is used of a sql.js Database. */
export interface SqlJsDatabaseLike {
  prepare(text: string): SqlJsStatementLike;
}

/** `dialect`: `sqlite`, or `createSqliteDialect(…)` for the table's conventions (instants as ISO text). */
export function sqlJs(db: SqlJsDatabaseLike, dialect: Dialect = sqlite): SqlConnection {
  return {
    dialect,
    query: async (text, values) => {
      const statement = db.prepare(text);
      try {
        statement.bind(values as never);
        const rows: Record<string, unknown>[] = [];
        while (statement.step()) rows.push(statement.getAsObject());
        return rows;
      } finally {
        statement.free();
      }
    },
  };
}
