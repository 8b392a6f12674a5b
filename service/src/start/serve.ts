// One service process: its database (PGlite, or a pool on the PostgreSQL server), the demo data
// written when missing, the server listening, and the signals a user or a primary sends it —
// SIGINT and SIGTERM stop it cleanly, SIGUSR2 switches maintenance.

import { createServer } from 'node:net';
import type { Database } from '../database.js';
import { openPglite, openPostgres } from '../database.js';
import { createErrorLog, errorKind } from '../http/error-log.js';
import { createDemoDatabase, isSeeded } from '../seed.js';
import { createService } from '../server.js';
import type { Environment } from './environment.js';

/** The database the environment names. */
export function openDatabase(env: Environment): Promise<Database> {
  const idleErrors = createErrorLog((line) => console.error(line));
  return env.databaseUrl === undefined
    ? openPglite(env.pgliteDataDir)
    : openPostgres(env.databaseUrl, {
        connectTimeoutMs: env.connectTimeoutMs,
        statementTimeoutMs: env.statementTimeoutMs,
        onIdleError: (error) =>
          idleErrors.report(errorKind(error), () => `PostgreSQL: an idle connection failed: ${error.message}`),
      });
}

/** Writes the demo data into the database unless it holds them. */
export async function seedIfEmpty(db: Database): Promise<void> {
  if (await isSeeded(db)) return;
  const started = Date.now();
  await createDemoDatabase(db);
  console.log(`Demo data written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/**
 * Where to listen is the one thing a user chooses that another program can take: a refusal to
 * listen is said in a line (exit 69, EX_UNAVAILABLE); undefined for any other failure.
 */
function listenRefusal(error: NodeJS.ErrnoException, env: Environment): string | undefined {
  if (error.code === 'EADDRINUSE') return `port ${env.port} is in use; set PORT`;
  if (error.code === 'EACCES') return `port ${env.port} needs privileges this user lacks; set PORT`;
  if (error.code === 'EADDRNOTAVAIL') return `${env.host} is no address of this machine; set HOST`;
  return undefined;
}

/** Says the refusal in a line and exits 69, or rethrows an error that is no refusal to listen. */
function exitRefused(error: NodeJS.ErrnoException, env: Environment): never {
  const refusal = listenRefusal(error, env);
  if (refusal === undefined) throw error;
  console.error(refusal);
  process.exit(69);
}

/**
 * Listens on the port and lets it go again, before the database is opened: a port another program
 * holds is said at once, not after the seconds a new PGlite takes to make its cluster. (The port
 * can still be taken between the two; the listen after the database says so the same way.) The
 * primary of WORKERS processes tries it too, before it opens the database and writes the demo data.
 */
export async function tryPort(env: Environment): Promise<void> {
  if (env.port === 0) return;
  const probe = createServer();
  const error = await new Promise<NodeJS.ErrnoException | undefined>((resolve) => {
    probe.once('error', resolve);
    probe.listen(env.port, env.host, () => probe.close(() => resolve(undefined)));
  });
  if (error !== undefined) exitRefused(error, env);
}

/** Runs the service in this process until a signal stops it; resolves to its base URL and database once it listens. */
export async function serve(env: Environment): Promise<{ readonly base: string; readonly db: Database }> {
  await tryPort(env);
  const db = await openDatabase(env);
  await seedIfEmpty(db);
  const service = createService({
    db,
    trustedProxies: env.trustedProxies,
    log: (line) => console.log(line),
    ...(env.publicUrl === undefined ? {} : { publicUrl: env.publicUrl }),
    ...(env.schemaBase === undefined ? {} : { schemaBase: env.schemaBase }),
  });
  const base = await service.listen(env.port, env.host).catch(async (error: NodeJS.ErrnoException) => {
    if (listenRefusal(error, env) !== undefined) await db.close();
    return exitRefused(error, env);
  });

  let stopping = false;
  const stop = async (signal: string): Promise<void> => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping`);
    await service.close();
    await db.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  // Maintenance (every request answered 503): MAINTENANCE=1 starts in it, SIGUSR2 switches it on and off.
  service.maintenance = env.maintenance;
  process.on('SIGUSR2', () => {
    service.maintenance = !service.maintenance;
    console.log(`maintenance ${service.maintenance ? 'on: every request is answered 503' : 'off'}`);
  });
  return { base, db };
}
