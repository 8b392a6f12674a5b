// The database the service reads: an embedded PostgreSQL (PGlite, in memory or in a data
// directory) or a PostgreSQL server reached by `DATABASE_URL` through `pg`. Both answer the same
// SQL with `$n` placeholders. The one difference the service meets, how a driver hands back a
// timestamptz, is settled by instantOf() (instants.ts). A database that cannot answer — not
// reachable, frozen, or a statement past its time — is the package's SourceUnavailable (the
// server answers it 503 with Retry-After), never a hang.

import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { SourceUnavailable, unreachableOrSelf } from 'odata-filter/server';

export type Row = Record<string, unknown>;

/** What a request or a transaction's work may do: statements, on one connection for a transaction. */
export type Statements = Pick<Database, 'query' | 'exec'>;

export interface Database {
  /** Which engine this is, for the start-up banner and the logs. */
  readonly description: string;
  /**
   * Whether a statement can be stopped once it runs (a timeout, a client gone): PostgreSQL's can,
   * PGlite's cannot, so what a request may cost is bounded tighter there (request-cost.ts).
   */
  readonly interruptible: boolean;
  query(sql: string, params?: readonly unknown[]): Promise<readonly Row[]>;
  /** Runs statements without parameters (the tables' definitions). */
  exec(sql: string): Promise<void>;
  /**
   * The statements of one request: once `signal` aborts (the client hung up), a statement under
   * way is cancelled where the engine can cancel it, and none is started.
   */
  within(signal: AbortSignal): Statements;
  /** Runs the work on one connection inside BEGIN … COMMIT; ROLLBACK when it throws. */
  transaction<T>(work: (db: Statements) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A request that has gone: its statements are not started. */
function refuseAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new SourceUnavailable('cancelled', 'The request was abandoned by its client');
}

/** query_canceled: statement_timeout passed, or a cancel request (cancelStatement). */
const CANCELED_STATE = '57014';

/**
 * The error as a SourceUnavailable when it says the database could not answer, else itself: a
 * statement the server cancelled (`abandoned`: the request's client had gone, so the cancel was
 * ours; else its statement_timeout passed), or a database the package finds unreachable.
 */
function unavailableOrSelf(error: unknown, abandoned = false): unknown {
  if ((error as { code?: unknown } | null)?.code === CANCELED_STATE)
    return new SourceUnavailable(abandoned ? 'cancelled' : 'timeout', (error as Error).message, { cause: error });
  return unreachableOrSelf(error);
}

export interface PgliteOptions {
  /**
   * A data directory to start from, as PGlite's `dumpDataDir()` wrote it (a tarball): the
   * database starts as that one was, without running initdb.
   */
  readonly loadDataDir?: Blob;
}

/**
 * PGlite: in memory without a directory; with one, the data is kept there between starts. It runs
 * in this process's thread and cannot interrupt a statement (nor honour `statement_timeout`): what
 * a request may cost there is bounded before it runs (docs/service.md, "Availability").
 */
/** A PGlite database, which can also write out its data directory. */
export interface PgliteDatabase extends Database {
  /** The data directory as a tarball, from which `openPglite(…, { loadDataDir })` starts a copy. */
  dumpDataDir(): Promise<Blob>;
}

export async function openPglite(dataDir?: string, options: PgliteOptions = {}): Promise<PgliteDatabase> {
  const db = await PGlite.create({
    ...(dataDir === undefined ? {} : { dataDir }),
    ...(options.loadDataDir === undefined ? {} : { loadDataDir: options.loadDataDir }),
  });
  const query = async (sql: string, params: readonly unknown[] = []): Promise<readonly Row[]> => {
    try {
      return (await db.query<Row>(sql, [...params])).rows;
    } catch (error) {
      throw unavailableOrSelf(error);
    }
  };
  const exec = async (sql: string): Promise<void> => {
    try {
      await db.exec(sql);
    } catch (error) {
      throw unavailableOrSelf(error);
    }
  };
  return {
    description:
      dataDir === undefined
        ? 'PGlite (embedded PostgreSQL), in memory'
        : `PGlite (embedded PostgreSQL), data in ${dataDir}`,
    interruptible: false,
    query,
    exec,
    within: (signal) => ({
      query: (sql, params) => {
        refuseAborted(signal);
        return query(sql, params);
      },
      exec: (sql) => {
        refuseAborted(signal);
        return exec(sql);
      },
    }),
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
    dumpDataDir: async () => {
      const dump = await db.dumpDataDir('none');
      return dump instanceof Blob ? dump : new Blob([dump]);
    },
  };
}

export interface PostgresOptions {
  /** Connections in the pool (default 10). */
  readonly poolSize?: number;
  /**
   * How long a statement may wait for a connection, new or from the full pool, in ms (default
   * 5,000); beyond it the database is unavailable.
   */
  readonly connectTimeoutMs?: number;
  /**
   * How long one statement may run, in ms (default 10,000): the server's `statement_timeout`, and
   * a second later the driver gives up on a server that no longer answers at all (a frozen one).
   */
  readonly statementTimeoutMs?: number;
  /** A connection that failed while idle; by default one line on the standard error. */
  readonly onIdleError?: (error: Error) => void;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 10_000;
/** How much longer than the server's own timeout the driver waits for an answer. */
const FROZEN_MARGIN_MS = 1_000;

/**
 * A PostgreSQL server through a pool of `pg` connections. A connection that fails while idle (the
 * server restarted, the network dropped it) is reported to `onIdleError` and replaced at the next
 * query: without a listener the pool's error event would end the process.
 */
export async function openPostgres(url: string, options: PostgresOptions = {}): Promise<Database> {
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const config: pg.ClientConfig = {
    connectionString: url,
    connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
    statement_timeout: statementTimeout,
    query_timeout: statementTimeout + FROZEN_MARGIN_MS,
  };
  const pool = new pg.Pool({ ...config, max: options.poolSize ?? 10 });
  pool.on(
    'error',
    options.onIdleError ?? ((error) => console.error(`PostgreSQL: an idle connection failed: ${error.message}`)),
  );
  /**
   * A connection of the pool. While it is checked out the pool does not listen to it: a server that
   * ends its connections (57P01 at shutdown) makes it emit 'error', which would end the process
   * without a listener. The statement under way fails with the same error, so the listener, added
   * once per connection, only keeps the process alive.
   */
  const listened = new WeakSet<pg.PoolClient>();
  const connect = async (): Promise<pg.PoolClient> => {
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      throw unavailableOrSelf(error);
    }
    if (!listened.has(client)) {
      listened.add(client);
      client.on('error', () => {});
    }
    return client;
  };
  /** One statement on a connection of the pool; a connection that failed is dropped, not reused. */
  const run = async (sql: string, params: readonly unknown[], signal?: AbortSignal): Promise<readonly Row[]> => {
    const client = await connect();
    if (signal?.aborted) {
      client.release();
      refuseAborted(signal);
    }
    const cancel = (): void => cancelStatement(config, client);
    signal?.addEventListener('abort', cancel, { once: true });
    let failure: unknown;
    try {
      return (await client.query<Row>(sql, [...params])).rows;
    } catch (error) {
      failure = unavailableOrSelf(error, signal?.aborted === true);
      throw failure;
    } finally {
      signal?.removeEventListener('abort', cancel);
      client.release(failure instanceof SourceUnavailable && failure.reason !== 'cancelled' ? failure : undefined);
    }
  };
  // Fail at start, with the driver's words, rather than at the first request.
  await pool.query('SELECT 1');
  const shown = new URL(url);
  shown.password = shown.password === '' ? '' : '***';
  return {
    description: `PostgreSQL at ${shown.href}`,
    interruptible: true,
    query: (sql, params = []) => run(sql, params),
    exec: async (sql) => {
      await run(sql, []);
    },
    within: (signal) => ({
      query: (sql, params = []) => run(sql, params, signal),
      exec: async (sql) => {
        await run(sql, [], signal);
      },
    }),
    transaction: async (work) => {
      const client = await connect();
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
        await client.query('ROLLBACK').catch(() => undefined);
        throw unavailableOrSelf(error);
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

/**
 * Asks the server to cancel the statement a connection is running, over a connection of its own
 * (the pool may be full): a server computing a result does not notice that nobody waits for it.
 * The statement then ends with SQLSTATE 57014, and the connection returns to the pool.
 */
function cancelStatement(config: pg.ClientConfig, busy: pg.PoolClient): void {
  // The backend's process id, which pg reads from the server's BackendKeyData at connection.
  const { processID } = busy as unknown as { processID: number };
  const canceller = new pg.Client({ ...config, statement_timeout: false });
  canceller
    .connect()
    .then(() => canceller.query('SELECT pg_cancel_backend($1)', [processID]))
    .catch(() => undefined)
    .finally(() => void canceller.end().catch(() => undefined));
}
