// PostgreSQL for the tests: Debian's server in private, on 127.0.0.1, a free port and a temporary
// directory the server's account can use, started as the `postgres` user when run as root and
// stopped by the PID it started; a failure to start says why, with the tool's or the server's own
// words. Where the server is missing the run says so once and these tests skip (availability.ts).

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, openSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { engineAvailable, POSTGRES_INSTALL_ROOT, postgresBin } from './availability.js';
import {
  asAccount,
  exitedWithin,
  freePort,
  runTool,
  serverAccount,
  serverDirectory,
  serverEnvironment,
  tail,
} from './server-process.js';
import type { ServerAccount } from './server-process.js';

/** Whether this run has a PostgreSQL server: its binaries are here and the run starts servers (availability.ts). */
export function postgresAvailable(): boolean {
  return engineAvailable('postgres');
}

/**
 * Runs a PostgreSQL tool as the server's account; a failure is an Error that carries the tool's own
 * output. It runs in the server's directory, as the server does (see startPostgres): the caller's
 * working directory may be out of the account's reach, and the server and initdb look up where
 * they are started from.
 */
function runServerTool(tool: string, args: readonly string[], dir: string, account: ServerAccount): Promise<void> {
  return runTool('PostgreSQL', tool, args, { env: serverEnvironment(dir), cwd: dir, ...asAccount(account) });
}

/**
 * A new cluster in `<dir>/data`: superuser `postgres`, trust authentication, UTF-8, in the C.UTF-8
 * locale, or in none (C) where that locale is refused. fsync is off: the data is thrown away.
 */
async function initCluster(bin: string, dir: string, account: ServerAccount): Promise<void> {
  const initdb = join(bin, 'initdb');
  const common = ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'];
  try {
    await runServerTool(initdb, [...common, '--locale=C.UTF-8'], dir, account);
  } catch (first) {
    rmSync(`${dir}/data`, { recursive: true, force: true });
    try {
      await runServerTool(initdb, [...common, '--no-locale'], dir, account);
    } catch (second) {
      throw new Error(`${(second as Error).message}\n(with --locale=C.UTF-8 before that: ${(first as Error).message})`);
    }
  }
}

const START_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;

export interface PostgresServer {
  /** `postgres://postgres@127.0.0.1:<port>/service_test`, an empty database the tests own. */
  readonly url: string;
  /** The postmaster's process id: the tests freeze the server (SIGSTOP) through it and its children. */
  readonly pid: number;
  /** Ends the server (fast shutdown, killed if it has not gone after 10 s) and removes its directory. */
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = postgresBin();
  if (bin === undefined)
    throw new Error(`PostgreSQL: no server under ${POSTGRES_INSTALL_ROOT}/<major>/bin (install postgresql)`);
  // The server refuses to run as root: under root it and initdb are spawned as `postgres`.
  const account = serverAccount('postgres');
  const dir = serverDirectory(account, 'odata-filter-postgres-', 'PostgreSQL');
  try {
    await initCluster(bin, dir, account);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const serverLog = `${dir}/server.log`;
  // The server writes its log to its standard error, kept in a file for the error messages. It is
  // started in its own directory, like initdb (see runServerTool).
  const logFd = openSync(serverLog, 'a');
  let child: ChildProcess;
  try {
    child = spawn(
      join(bin, 'postgres'),
      [
        '-D',
        `${dir}/data`,
        '-p',
        String(port),
        '-k',
        dir,
        '-h',
        '127.0.0.1',
        '-c',
        'fsync=off',
        '-c',
        'full_page_writes=off',
        '-c',
        'synchronous_commit=off',
      ],
      { stdio: ['ignore', logFd, logFd], env: serverEnvironment(dir), cwd: dir, ...asAccount(account) },
    );
  } finally {
    closeSync(logFd);
  }
  let spawnError: Error | undefined;
  child.once('error', (error) => (spawnError = error));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      child.kill('SIGINT');
      await exitedWithin(exited, STOP_TIMEOUT_MS);
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGKILL');
        await exited;
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const running = (): boolean => child.exitCode === null && child.signalCode === null && spawnError === undefined;
  let client: pg.Client | undefined;
  let lastError: unknown;
  for (const deadline = Date.now() + START_TIMEOUT_MS; !client && running() && Date.now() < deadline; ) {
    const attempt = new pg.Client({
      host: '127.0.0.1',
      port,
      user: 'postgres',
      database: 'postgres',
      connectionTimeoutMillis: 2_000,
    });
    try {
      await attempt.connect();
      client = attempt;
    } catch (error) {
      lastError = error;
      await attempt.end().catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (!client) {
    const state = spawnError
      ? `could not be started: ${spawnError.message}`
      : running()
        ? `still running after ${START_TIMEOUT_MS / 1000} s`
        : `exited with ${child.exitCode ?? child.signalCode}`;
    const log = tail(serverLog);
    await stop();
    throw new Error(
      `PostgreSQL did not start (postgres ${state}; last connection error: ${(lastError as Error | undefined)?.message ?? 'none'})${log === '' ? '' : `\n${log}`}`,
    );
  }
  try {
    await client.query('CREATE DATABASE service_test');
  } catch (error) {
    const log = tail(serverLog);
    await stop();
    throw new Error(
      `PostgreSQL: CREATE DATABASE service_test failed: ${(error as Error).message}${log === '' ? '' : `\n${log}`}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/service_test`, pid: child.pid!, stop };
}
