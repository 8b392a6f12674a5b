// A `mysql2` pool (its promise API) as a SQL source's connection (docs/server.md, "Data
// sources"). Each read runs on one connection in a read-only transaction with a consistent
// snapshot; each statement is bound by the server (`execute`, docs/sql.md, "The MySQL/MariaDB
// session") under the engine's own statement timeout — MariaDB's `SET STATEMENT
// max_statement_time=… FOR`, MySQL's `MAX_EXECUTION_TIME` hint — and when the request's signal
// aborts, the statement is killed (`KILL QUERY`, over another connection of the pool). The pool
// is the caller's: `mysql2` is typed here by what is used of it.

import { mysql, type Dialect } from '../../backends/sql/index.js';
import type { SqlConnection, SqlRows } from '../sql-source.js';
import { SourceUnavailable } from '../source-unavailable.js';

type Result = Promise<[unknown, unknown]>;
/** Bound values: typed `never[]` so that a driver's own value type fits, whatever it is. */
type Values = never[];

/** What is used of a connection of a `mysql2/promise` pool. */
export interface Mysql2ConnectionLike {
  execute(text: string, values?: Values): Result;
  query(text: string, values?: Values): Result;
  readonly threadId: number | null;
  release(): void;
}

/** What is used of a `mysql2/promise` Pool. */
export interface Mysql2PoolLike {
  getConnection(): Promise<Mysql2ConnectionLike>;
  execute(text: string, values?: Values): Result;
  query(text: string, values?: Values): Result;
}

/** The server's errors for a statement it stopped: MariaDB's max_statement_time, MySQL's max_execution_time, KILL QUERY. */
const STOPPED = new Set([1969, 3024, 1317]);

export function mysql2Pool(pool: Mysql2PoolLike, dialect: Dialect = mysql): SqlConnection {
  // Which server it is, asked once: each bounds a statement's time in its own words.
  let mariadb: Promise<boolean> | undefined;
  const isMariadb = (): Promise<boolean> => {
    mariadb ??= pool
      .query('SELECT VERSION() AS version')
      .then(([rows]) => /mariadb/i.test(String((rows as { version?: unknown }[])[0]?.version)));
    mariadb.catch(() => {
      mariadb = undefined;
    });
    return mariadb;
  };
  return {
    dialect,
    query: async (text, values) => (await pool.execute(text, [...values] as Values))[0] as SqlRows,
    session: async (work, { signal, timeoutMs }) => {
      const bounded = (await isMariadb())
        ? (text: string) => `SET STATEMENT max_statement_time=${(timeoutMs / 1000).toFixed(3)} FOR ${text}`
        : (text: string) => text.replace(/^SELECT /, `SELECT /*+ MAX_EXECUTION_TIME(${timeoutMs}) */ `);
      const connection = await pool.getConnection();
      const kill = (): void => {
        if (typeof connection.threadId === 'number')
          pool.query(`KILL QUERY ${Math.trunc(connection.threadId)}`).catch(() => undefined);
      };
      signal.addEventListener('abort', kill, { once: true });
      const run = async (text: string, values: readonly unknown[]): Promise<SqlRows> => {
        try {
          return (await connection.execute(bounded(text), [...values] as Values))[0] as SqlRows;
        } catch (error) {
          if (!STOPPED.has((error as { errno?: unknown }).errno as number)) throw error;
          const reason = signal.aborted && signal.reason?.name !== 'TimeoutError' ? 'cancelled' : 'timeout';
          throw new SourceUnavailable(reason, `The server stopped the statement (${reason})`, { cause: error });
        }
      };
      try {
        await connection.query('START TRANSACTION WITH CONSISTENT SNAPSHOT, READ ONLY');
        const result = await work(run);
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        signal.removeEventListener('abort', kill);
        connection.release();
      }
    },
  };
}
