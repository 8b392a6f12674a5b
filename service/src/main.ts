// `npm start`: the service on 127.0.0.1:$PORT (8080), over PGlite in memory — or in
// $PGLITE_DATA_DIR, kept between starts — or over the PostgreSQL server at $DATABASE_URL; the
// demo data is written on first start. Stops cleanly on SIGINT and SIGTERM.

import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS, openPglite, openPostgres } from './database.js';
import { createErrorLog, errorKind } from './http/error-log.js';
import { createDemoDatabase, isSeeded } from './seed.js';
import { createService } from './server.js';

const env = process.env;
const port = Number(env.PORT ?? 8080);
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a port number, not '${env.PORT}'`);
  process.exit(64);
}

/** A duration in ms from the environment, or its default; anything but a positive integer is exit 64. */
function milliseconds(name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(value) || value <= 0) {
    console.error(`${name} must be a positive number of milliseconds, not '${text}'`);
    process.exit(64);
  }
  return value;
}
const connectTimeoutMs = milliseconds('DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS);
const statementTimeoutMs = milliseconds('DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS);
const idleErrors = createErrorLog((line) => console.error(line));

const db = env.DATABASE_URL
  ? await openPostgres(env.DATABASE_URL, {
      connectTimeoutMs,
      statementTimeoutMs,
      onIdleError: (error) =>
        idleErrors.report(errorKind(error), () => `PostgreSQL: an idle connection failed: ${error.message}`),
    })
  : await openPglite(env.PGLITE_DATA_DIR || undefined);
if (!(await isSeeded(db))) {
  const started = Date.now();
  await createDemoDatabase(db);
  console.log(`Demo data written in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
const trustProxy = env.TRUST_PROXY ?? '0';
if (!/^[0-9]{1,2}$/.test(trustProxy)) {
  console.error(`TRUST_PROXY must be the number of proxies in front of the service, not '${trustProxy}'`);
  process.exit(64);
}
const service = createService({
  db,
  trustedProxies: Number(trustProxy),
  log: (line) => console.log(line),
  ...(env.PUBLIC_URL ? { publicUrl: env.PUBLIC_URL } : {}),
  ...(env.SCHEMA_BASE ? { schemaBase: env.SCHEMA_BASE } : {}),
});
const host = env.HOST ?? '127.0.0.1';
const base = await service.listen(port, host).catch(async (error: NodeJS.ErrnoException) => {
  // Where to listen is the one thing a user chooses here that another program can take: say so in a line.
  const reason =
    error.code === 'EADDRINUSE'
      ? `port ${port} is in use; set PORT`
      : error.code === 'EACCES'
        ? `port ${port} needs privileges this user lacks; set PORT`
        : error.code === 'EADDRNOTAVAIL'
          ? `${host} is no address of this machine; set HOST`
          : undefined;
  if (reason === undefined) throw error;
  console.error(reason);
  await db.close();
  process.exit(69);
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
service.maintenance = env.MAINTENANCE === '1';
process.on('SIGUSR2', () => {
  service.maintenance = !service.maintenance;
  console.log(`maintenance ${service.maintenance ? 'on: every request is answered 503' : 'off'}`);
});

// The banner last: whoever waits for it may signal the process at once.
console.log(`Event management service on ${db.description}

  Interface A (XML, HTTP Basic): ${base}/demo/api/2012-02-01/auth/resources/
    curl -u admin:admin-demo '${base}/demo/api/2012-02-01/auth/resources/events/?filter=Status%20eq%20%27Active%27&top=2&expand=Event/TimeZone'
  Interface B (JSON, public):    ${base}/api/2012-02-01/pub/resources/
    curl '${base}/api/2012-02-01/pub/resources/presenters/?format=json&top=3&includeTotalCount=true'

  Users: admin / admin-demo (every collection), events-only / events-demo (events only)
  Ctrl-C stops it; kill -USR2 ${process.pid} switches maintenance (503) on and off.`);
