// A `pg` pool as a SQL source's connection (docs/server.md, "Data sources"). Each read runs on
// one connection in a read-only REPEATABLE READ transaction, so that its page, count and
// expansions see one snapshot, under `SET LOCAL statement_timeout`; when the request's signal
// aborts, the server is asked to cancel the statement (`pg_cancel_backend`, over another
// connection of the pool). The pool is the caller's: `pg` is typed here by what is used of it.

import { postgres, type Dialect } from '../../backends/sql/index.js';
import type { SqlConnection, SqlRows } from '../sql-source.js';
import { SourceUnavailable } from '../source-unavailable.js';

interface PgResult {
  readonly rows: SqlRows;
}

/** What is used of a `pg` pool's client: a query (with its own client-side timeout), its backend's process id, release. */
export interface PgClientLike {
  query(config: { text: string; values?: unknown[]; query_timeout?: number }): Promise<PgResult>;
  readonly processID?: number | null;
  release(error?: Error | boolean): void;
}

/** What is used of a `pg` Pool. */
export interface PgPoolLike {
  connect(): Promise<PgClientLike>;
  query(text: string, values?: unknown[]): Promise<PgResult>;
}

/** How much longer than the server's timeout the driver waits for a server that no longer answers at all. */
const FROZEN_MARGIN_MS = 1_000;

/** query_canceled: statement_timeout passed, or a cancel request. */
const CANCELED = '57014';

export function pgPool(pool: PgPoolLike, dialect: Dialect = postgres): SqlConnection {
  return {
    dialect,
    query: async (text, values) => (await pool.query(text, [...values])).rows,
    session: async (work, { signal, timeoutMs }) => {
      const client = await pool.connect();
      const cancel = (): void => {
        if (typeof client.processID === 'number')
          pool.query('SELECT pg_cancel_backend($1)', [client.processID]).catch(() => undefined);
      };
      signal.addEventListener('abort', cancel, { once: true });
      const run = async (text: string, values: readonly unknown[] = []): Promise<SqlRows> => {
        try {
          return (await client.query({ text, values: [...values], query_timeout: timeoutMs + FROZEN_MARGIN_MS })).rows;
        } catch (error) {
          if ((error as { code?: unknown }).code !== CANCELED) throw error;
          const reason = signal.aborted && signal.reason?.name !== 'TimeoutError' ? 'cancelled' : 'timeout';
          throw new SourceUnavailable(reason, `PostgreSQL stopped the statement (${reason})`, { cause: error });
        }
      };
      let broken: Error | undefined;
      try {
        await run('BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        await run("SELECT set_config('statement_timeout', $1, true)", [String(timeoutMs)]);
        const result = await work(run);
        await run('COMMIT');
        return result;
      } catch (error) {
        await run('ROLLBACK').catch((failed: Error) => {
          broken = failed;
        });
        throw error;
      } finally {
        signal.removeEventListener('abort', cancel);
        // A connection that could not roll back is dropped, not handed to the next request.
        client.release(broken);
      }
    },
  };
}
