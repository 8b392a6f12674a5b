// A PGlite database as a SQL source's connection (docs/server.md, "Data sources"). Each read is
// one transaction, so that its page, count and expansions see one state. PGlite runs PostgreSQL
// in this thread and honours no `statement_timeout`: a statement under way cannot be stopped, and
// the source only starts none once the time has passed or the client has gone. What one statement
// may cost is bounded by the endpoint's limits (page sizes, filter size and depth, expansions).

import { postgres, type Dialect } from '../../backends/sql/index.js';
import type { SqlConnection, SqlRows } from '../sql-source.js';

interface PgliteResult {
  readonly rows: SqlRows;
}

interface PgliteQueries {
  query(text: string, values?: unknown[]): Promise<PgliteResult>;
}

/** What is used of a PGlite instance. */
export interface PgliteLike extends PgliteQueries {
  transaction<T>(work: (tx: PgliteQueries) => Promise<T>): Promise<T>;
}

export function pglite(db: PgliteLike, dialect: Dialect = postgres): SqlConnection {
  return {
    dialect,
    query: async (text, values) => (await db.query(text, [...values])).rows,
    session: (work) => db.transaction((tx) => work(async (text, values) => (await tx.query(text, [...values])).rows)),
  };
}
