// PostgreSQL for the tests: Debian's server in private, on 127.0.0.1, a free port and a temporary
// directory the server's account can use, started as the `postgres` user when run as root and
// stopped by the PID it started; a failure to start says why, with the tool's or the server's own
// words. Where the server is missing the tests say so loudly and skip, except under CI=true, where
// that is a failure.

import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { accessSync, chownSync, closeSync, constants, mkdtempSync, openSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import pg from 'pg';

/** Where Debian installs each major version's server, as `<major>/bin`; it is not on PATH. */
const INSTALL_ROOT = '/usr/lib/postgresql';

function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The bin directory of the highest major version installed that has initdb and postgres, if any. */
function serverBin(): string | undefined {
  let versions: string[];
  try {
    versions = readdirSync(INSTALL_ROOT).filter((name) => /^\d+(\.\d+)?$/.test(name));
  } catch {
    return undefined;
  }
  versions.sort((a, b) => Number(b) - Number(a));
  for (const version of versions) {
    const bin = join(INSTALL_ROOT, version, 'bin');
    if (executable(join(bin, 'initdb')) && executable(join(bin, 'postgres'))) return bin;
  }
  return undefined;
}

/** Whether a PostgreSQL server exists here; under CI its absence is an error, not a skip. */
export function postgresAvailable(): boolean {
  const found = serverBin() !== undefined;
  if (!found) {
    if (process.env['CI'] === 'true') throw new Error(`PostgreSQL (${INSTALL_ROOT}/<major>/bin/postgres) is not installed, and CI=true requires the PostgreSQL tests to run (.ci/run installs postgresql)`);
    console.warn(`\n*** PostgreSQL (${INSTALL_ROOT}/<major>/bin/postgres) is not installed: the PostgreSQL server tests are SKIPPED. Install postgresql to run them. ***\n`);
  }
  return found;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/**
 * Who the server runs as: the `postgres` user when the tests run as root (the server refuses
 * root). Node's spawn takes the uid and gid itself, and drops root's supplementary groups.
 */
interface ServerAccount {
  readonly uid: number;
  readonly gid: number;
  readonly switched: boolean;
}

function serverAccount(): ServerAccount {
  if (process.getuid?.() !== 0) return { uid: process.getuid?.() ?? -1, gid: process.getgid?.() ?? -1, switched: false };
  const id = (flag: string): number => Number(execFileSync('id', [flag, 'postgres']).toString().trim());
  return { uid: id('-u'), gid: id('-g'), switched: true };
}

/** The options that run a child as the server's account. */
function asAccount(account: ServerAccount): { uid?: number; gid?: number } {
  return account.switched ? { uid: account.uid, gid: account.gid } : {};
}

/** The first directory on the way down to `path` that `account` may not enter, if any. */
function blockedAncestor(path: string, account: ServerAccount): string | undefined {
  for (let dir = path; ; dir = dirname(dir)) {
    const { mode, uid, gid } = statSync(dir);
    const search = uid === account.uid ? mode & 0o100 : gid === account.gid ? mode & 0o010 : mode & 0o001;
    if (search === 0) return dir;
    if (dir === dirname(dir)) return undefined;
  }
}

/**
 * A new directory, owned by the server's account, for the data, socket and log. TMPDIR can lie
 * under a directory the `postgres` user cannot enter (root's home is mode 700): the server then
 * could not create its files, so the first of TMPDIR, /tmp and /var/tmp it can reach is used.
 */
function serverDirectory(account: ServerAccount): string {
  const reasons: string[] = [];
  for (const base of new Set([tmpdir(), '/tmp', '/var/tmp'])) {
    let blocked: string | undefined;
    try {
      blocked = blockedAncestor(base, account);
    } catch (error) {
      reasons.push(`${base}: ${(error as Error).message}`);
      continue;
    }
    if (blocked !== undefined) {
      reasons.push(`${base}: uid ${account.uid} cannot enter ${blocked}`);
      continue;
    }
    const dir = mkdtempSync(join(base, 'odata-filter-postgres-'));
    if (account.switched) chownSync(dir, account.uid, account.gid);
    return dir;
  }
  throw new Error(`PostgreSQL: no temporary directory the server's account can use (${reasons.join('; ')})`);
}

/** The last lines of a log file, or '' when there is none. */
function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * The server's environment: its own temporary files go in its directory, since the caller's
 * TMPDIR may be out of its reach; the working directory is that directory too, for the same
 * reason (the server and initdb look up where they are started from).
 */
function serverEnvironment(dir: string): NodeJS.ProcessEnv {
  return { ...process.env, TMPDIR: dir };
}

/** Runs a PostgreSQL tool as the server's account; a failure is an Error that carries the tool's own output. */
function runServerTool(tool: string, args: readonly string[], dir: string, account: ServerAccount): void {
  try {
    execFileSync(tool, args, { stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', env: serverEnvironment(dir), cwd: dir, ...asAccount(account) });
  } catch (error) {
    const { status, stdout, stderr } = error as { status?: number | null; stdout?: string; stderr?: string };
    const output = `${stderr ?? ''}\n${stdout ?? ''}`.trim();
    throw new Error(`PostgreSQL: ${tool} failed (exit ${status ?? 'signal'}): ${output === '' ? (error as Error).message : output}`);
  }
}

/**
 * A new cluster in `<dir>/data`: superuser `postgres`, trust authentication, UTF-8, in the C.UTF-8
 * locale, or in none (C) where that locale is refused. fsync is off: the data is thrown away.
 */
function initCluster(bin: string, dir: string, account: ServerAccount): void {
  const initdb = join(bin, 'initdb');
  const common = ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync'];
  try {
    runServerTool(initdb, [...common, '--locale=C.UTF-8'], dir, account);
  } catch (first) {
    rmSync(`${dir}/data`, { recursive: true, force: true });
    try {
      runServerTool(initdb, [...common, '--no-locale'], dir, account);
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
  /** Ends the server (fast shutdown, killed if it has not gone after 10 s) and removes its directory. */
  stop(): Promise<void>;
}

export async function startPostgres(): Promise<PostgresServer> {
  const bin = serverBin();
  if (bin === undefined) throw new Error(`PostgreSQL: no server under ${INSTALL_ROOT}/<major>/bin (install postgresql)`);
  const account = serverAccount();
  const dir = serverDirectory(account);
  try {
    initCluster(bin, dir, account);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const serverLog = `${dir}/server.log`;
  // The server writes its log to its standard error, kept in a file for the error messages.
  const logFd = openSync(serverLog, 'a');
  let child: ChildProcess;
  try {
    child = spawn(
      join(bin, 'postgres'),
      ['-D', `${dir}/data`, '-p', String(port), '-k', dir, '-h', '127.0.0.1', '-c', 'fsync=off', '-c', 'full_page_writes=off', '-c', 'synchronous_commit=off'],
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
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_TIMEOUT_MS))]);
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
    const attempt = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', database: 'postgres', connectionTimeoutMillis: 2_000 });
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
    const state = spawnError ? `could not be started: ${spawnError.message}` : running() ? `still running after ${START_TIMEOUT_MS / 1000} s` : `exited with ${child.exitCode ?? child.signalCode}`;
    const log = tail(serverLog);
    await stop();
    throw new Error(`PostgreSQL did not start (postgres ${state}; last connection error: ${(lastError as Error | undefined)?.message ?? 'none'})${log === '' ? '' : `\n${log}`}`);
  }
  try {
    await client.query('CREATE DATABASE service_test');
  } catch (error) {
    const log = tail(serverLog);
    await stop();
    throw new Error(`PostgreSQL: CREATE DATABASE service_test failed: ${(error as Error).message}${log === '' ? '' : `\n${log}`}`);
  } finally {
    await client.end().catch(() => undefined);
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/service_test`, stop };
}
