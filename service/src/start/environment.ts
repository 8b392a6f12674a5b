// What `npm start` is told by its environment (docs/service.md, "Running it"): each variable read
// and checked once; a value that cannot be meant is a one-line message and exit 64 (EX_USAGE).

import { DEFAULT_CONNECT_TIMEOUT_MS, DEFAULT_STATEMENT_TIMEOUT_MS } from '../database.js';

export interface Environment {
  readonly port: number;
  readonly host: string;
  readonly databaseUrl: string | undefined;
  readonly pgliteDataDir: string | undefined;
  readonly connectTimeoutMs: number;
  readonly statementTimeoutMs: number;
  readonly trustedProxies: number;
  readonly publicUrl: string | undefined;
  readonly schemaBase: string | undefined;
  readonly maintenance: boolean;
  /** Service processes sharing the port (WORKERS; 1 by default). */
  readonly workers: number;
}

function refuse(message: string): never {
  console.error(message);
  process.exit(64);
}

/** A duration in ms, or its default; anything but a positive integer is refused. */
function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^[0-9]+$/.test(text) || !Number.isSafeInteger(value) || value <= 0)
    refuse(`${name} must be a positive number of milliseconds, not '${text}'`);
  return value;
}

export function readEnvironment(env: NodeJS.ProcessEnv): Environment {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) refuse(`PORT must be a port number, not '${env.PORT}'`);
  const trustProxy = env.TRUST_PROXY ?? '0';
  if (!/^[0-9]{1,2}$/.test(trustProxy))
    refuse(`TRUST_PROXY must be the number of proxies in front of the service, not '${trustProxy}'`);
  const workersText = env.WORKERS ?? '1';
  if (!/^[1-9][0-9]?$/.test(workersText))
    refuse(`WORKERS must be a number of processes from 1 to 99, not '${workersText}'`);
  const workers = Number(workersText);
  const databaseUrl = env.DATABASE_URL || undefined;
  // PGlite is a database inside one process: a second process would have a database of its own.
  if (workers > 1 && databaseUrl === undefined)
    refuse('WORKERS above 1 needs DATABASE_URL: the processes share one PostgreSQL server');
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    databaseUrl,
    pgliteDataDir: env.PGLITE_DATA_DIR || undefined,
    connectTimeoutMs: milliseconds(env, 'DATABASE_CONNECT_TIMEOUT_MS', DEFAULT_CONNECT_TIMEOUT_MS),
    statementTimeoutMs: milliseconds(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DEFAULT_STATEMENT_TIMEOUT_MS),
    trustedProxies: Number(trustProxy),
    publicUrl: env.PUBLIC_URL || undefined,
    schemaBase: env.SCHEMA_BASE || undefined,
    maintenance: env.MAINTENANCE === '1',
    workers,
  };
}
