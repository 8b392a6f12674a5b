// A private database server process for the tests, as the MariaDB and PostgreSQL engines start
// one: a free port on 127.0.0.1, the account the server runs as (its system user when the tests
// run as root, since neither server runs as root), a temporary directory that account can reach
// and owns, the server's environment, its tools run so that a failure carries their own words,
// and the tail of its log for the error messages. One place, so that what one engine learns about
// running a server (a TMPDIR out of its account's reach, say) the other does not have to learn
// again. What is each engine's own (its binaries, how it is started, stopped and told its
// account) stays in the engine.

import { execFile, execFileSync } from 'node:child_process';
import type { ExecFileOptions } from 'node:child_process';
import { accessSync, chownSync, constants, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** Whether `file` exists and may be executed. */
export function executable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** The path of an executable `binary` on PATH or in /usr/sbin and /usr/bin (where Debian puts servers), if any. */
export function which(binary: string): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(':').concat(['/usr/sbin', '/usr/bin'])) {
    if (dir !== '' && executable(join(dir, binary))) return join(dir, binary);
  }
  return undefined;
}

/** A TCP port on 127.0.0.1 that nothing listens on just now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/**
 * Who the server runs as: the system user `user` when the tests run as root (the servers refuse
 * root), else the tests' own account. `switched` says whether it is another account, which the
 * engine then applies its own way (an option to the server, or the uid and gid to spawn).
 */
export interface ServerAccount {
  readonly user: string;
  readonly uid: number;
  readonly gid: number;
  readonly switched: boolean;
}

export function serverAccount(user: string): ServerAccount {
  if (process.getuid?.() !== 0)
    return { user, uid: process.getuid?.() ?? -1, gid: process.getgid?.() ?? -1, switched: false };
  const id = (flag: string): number => Number(execFileSync('id', [flag, user]).toString().trim());
  return { user, uid: id('-u'), gid: id('-g'), switched: true };
}

/**
 * The options that run a child as the server's account. Node's spawn takes the uid and gid
 * itself, and drops root's supplementary groups.
 */
export function asAccount(account: ServerAccount): { uid?: number; gid?: number } {
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
 * A new directory `<base>/<prefix>XXXXXX`, owned by the server's account, for the data, socket
 * and logs. TMPDIR can lie under a directory the server's user (`mysql`, `postgres`) cannot enter
 * (root's home is mode 700): the server then could not create its files, so the first of TMPDIR,
 * /tmp and /var/tmp it can reach is used. `label` names the server in the error.
 */
export function serverDirectory(account: ServerAccount, prefix: string, label: string): string {
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
    const dir = mkdtempSync(join(base, prefix));
    if (account.switched) chownSync(dir, account.uid, account.gid);
    return dir;
  }
  throw new Error(`${label}: no temporary directory the server's account can use (${reasons.join('; ')})`);
}

/**
 * The server's environment: its own temporary files (TMPDIR) go in its directory, since the
 * caller's TMPDIR may be out of its reach.
 */
export function serverEnvironment(dir: string): NodeJS.ProcessEnv {
  return { ...process.env, TMPDIR: dir };
}

/**
 * Runs a server's tool to its end; a failure is an Error, `<label>: <tool> failed (exit N): …`,
 * that carries the tool's own output (its standard error, then its standard output). It runs
 * beside the caller's other work (the run's setup starts PGlite meanwhile).
 */
export function runTool(
  label: string,
  tool: string,
  args: readonly string[],
  options: Omit<ExecFileOptions, 'encoding'>,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(tool, args, { ...options, encoding: 'utf8' }, (error, stdout, stderr) => {
      if (error === null) return resolve();
      const output = `${stderr}\n${stdout}`.trim();
      const status = typeof error.code === 'number' ? error.code : 'signal';
      reject(new Error(`${label}: ${tool} failed (exit ${status}): ${output === '' ? error.message : output}`));
    });
    child.stdin?.end();
  });
}

/** The last lines of a log file, or '' when there is none. */
export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

/**
 * Resolves once `exited` settles or `ms` have passed, whichever is first, and clears its timer
 * either way: a timer left running holds the process that waited open until it fires, which kept
 * every run with a database server open for ten seconds after its last test.
 */
export async function exitedWithin(exited: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([exited, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  } finally {
    clearTimeout(timer);
  }
}
