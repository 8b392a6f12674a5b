// The database the service reads: an embedded PostgreSQL (PGlite, in memory or in a data
// directory) or a PostgreSQL server reached by `DATABASE_URL` through `pg`. Both answer the same
// SQL with `$n` placeholders. The one difference the service meets, how a driver hands back a
// timestamptz, is settled by instantOf() (instants.ts).

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

export type Row = Record<string, unknown>;

/** What a transaction's work may do: statements on its one connection. */
export type Statements = Pick<Database, 'query' | 'exec'>;

export interface Database {
  /** Which engine this is, for the start-up banner and the logs. */
  readonly description: string;
  query(sql: string, params?: readonly unknown[]): Promise<readonly Row[]>;
  /** Runs statements without parameters (the tables' definitions). */
  exec(sql: string): Promise<void>;
  /** Runs the work on one connection inside BEGIN … COMMIT; ROLLBACK when it throws. */
  transaction<T>(work: (db: Statements) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** PGlite: in memory without a directory; with one, the data is kept there between starts. */
export async function openPglite(dataDir?: string): Promise<Database> {
  const db = dataDir === undefined ? new PGlite() : new PGlite(dataDir);
  await db.waitReady;
  return {
    description:
      dataDir === undefined
        ? 'PGlite (embedded PostgreSQL), in memory'
        : `PGlite (embedded PostgreSQL), data in ${dataDir}`,
    query: async (sql, params = []) => (await db.query<Row>(sql, [...params])).rows,
    exec: async (sql) => {
      await db.exec(sql);
    },
    transaction: (work) =>
      db.transaction((tx) =>
        work({
          query: async (sql, params = []) => (await tx.query<Row>(sql, [...params])).rows,
          exec: async (sql) => {
            await tx.exec(sql);
          },
        }),
      ),
    close: () => db.close(),
  };
}

/**
 * A PostgreSQL server through a pool of `pg` connections. A connection that fails while idle (the
 * server restarted, the network dropped it) is reported to `onIdleError` and replaced at the next
 * query: without a listener the pool's error event would end the process.
 */
export async function openPostgres(
  url: string,
  poolSize = 10,
  onIdleError: (error: Error) => void = (error) =>
    console.error(`PostgreSQL: an idle connection failed: ${error.message}`),
): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  pool.on('error', onIdleError);
  // Fail at start, with the driver's words, rather than at the first request.
  await pool.query('SELECT 1');
  const shown = new URL(url);
  shown.password = shown.password === '' ? '' : '***';
  return {
    description: `PostgreSQL at ${shown.href}`,
    query: async (sql, params = []) => (await pool.query<Row>(sql, [...params])).rows,
    exec: async (sql) => {
      await pool.query(sql);
    },
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (sql, params = []) => (await client.query<Row>(sql, [...params])).rows,
          exec: async (sql) => {
            await client.query(sql);
          },
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK');
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}
