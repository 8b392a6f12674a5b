// MariaDB for the tests: a private server on 127.0.0.1, a free port and a temporary data directory,
// started as the `mysql` user when run as root and stopped by the PID it started. Where mariadbd
// is missing the tests say so loudly and skip, except under CI=true, where that is a failure.

import { execFileSync, spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { chownSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import mysql from 'mysql2/promise';
import { mysqlColumnType } from '../../src/backends/sql/index.js';
import type { Schema } from '../../src/schema.js';
import { columnsOf, instantMs, utcDateTime, valueAt } from './rows.js';
import type { Column, Engine } from './rows.js';

function which(binary: string): string | undefined {
  for (const dir of (process.env['PATH'] ?? '').split(':').concat(['/usr/sbin', '/usr/bin'])) {
    try {
      execFileSync('test', ['-x', join(dir, binary)]);
      return join(dir, binary);
    } catch {
      // not here
    }
  }
  return undefined;
}

/** Whether a MariaDB server binary exists here; under CI its absence is an error, not a skip. */
export function mariadbAvailable(): boolean {
  const found = which('mariadbd') !== undefined && which('mariadb-install-db') !== undefined;
  if (!found) {
    if (process.env['CI'] === 'true') throw new Error('mariadbd is not installed, and CI=true requires the MySQL/MariaDB tests to run (.ci/run installs mariadb-server)');
    console.warn('\n*** MariaDB (mariadbd) is not installed: the MySQL/MariaDB SQL tests are SKIPPED. Install mariadb-server to run them. ***\n');
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

function toMysql(column: Column, v: unknown): unknown {
  if (v === null) return null;
  switch (column.type) {
    case 'Edm.Guid':
      return String(v).toLowerCase();
    case 'Edm.Boolean':
      return v ? 1 : 0;
    case 'Edm.Int64':
    case 'Edm.Decimal':
      return String(v);
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return utcDateTime(instantMs(v));
    default:
      return v;
  }
}

export async function startMariadb(): Promise<Engine> {
  const dir = mkdtempSync(join(tmpdir(), 'odata-filter-mariadb-'));
  const asRoot = process.getuid?.() === 0;
  if (asRoot) chownSync(dir, Number(execFileSync('id', ['-u', 'mysql']).toString().trim()), Number(execFileSync('id', ['-g', 'mysql']).toString().trim()));
  const user = asRoot ? ['--user=mysql'] : [];
  execFileSync('mariadb-install-db', ['--no-defaults', ...user, `--datadir=${dir}/data`, '--auth-root-authentication-method=normal', '--skip-test-db'], { stdio: 'ignore' });
  const port = await freePort();
  const child: ChildProcess = spawn(
    'mariadbd',
    ['--no-defaults', ...user, `--datadir=${dir}/data`, `--socket=${dir}/sock`, `--port=${port}`, '--bind-address=127.0.0.1', '--skip-log-bin', '--innodb-buffer-pool-size=32M', `--pid-file=${dir}/pid`, '--character-set-server=utf8mb4', '--collation-server=utf8mb4_general_ci'],
    { stdio: 'ignore' },
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  let connection: mysql.Connection | undefined;
  for (let attempt = 0; attempt < 100 && !connection; attempt++) {
    try {
      connection = await mysql.createConnection({ host: '127.0.0.1', port, user: 'root', charset: 'utf8mb4_general_ci', supportBigNumbers: true, bigNumberStrings: true });
    } catch {
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  if (!connection) {
    await stop();
    throw new Error('MariaDB did not start');
  }
  const db = connection;
  await db.query('CREATE DATABASE t CHARACTER SET utf8mb4');
  await db.query('USE t');
  await db.query("SET time_zone = '+00:00'");
  return {
    name: 'mysql',
    async load(schema: Schema, rows: readonly unknown[]) {
      const columns = columnsOf(schema);
      await db.query('DROP TABLE IF EXISTS items');
      await db.query(`CREATE TABLE items (${columns.map((c) => `\`${c.name}\` ${mysqlColumnType(c.type)}`).join(', ')})`);
      if (rows.length === 0) return;
      const params: unknown[] = [];
      const tuples = rows.map((row) => `(${columns.map((c) => { params.push(toMysql(c, valueAt(row, c.path))); return '?'; }).join(', ')})`);
      await db.execute(`INSERT INTO items VALUES ${tuples.join(', ')}`, params as never);
    },
    async ids(where) {
      const [rows] = await db.execute(`SELECT \`Id\` FROM items WHERE ${where.sql} ORDER BY \`Id\``, where.params as never);
      return (rows as { Id: number | string }[]).map((r) => Number(r.Id));
    },
    async query(text, params = []) {
      const [rows] = await db.execute(text, params as never);
      return rows as Record<string, unknown>[];
    },
    async close() {
      await db.end().catch(() => undefined);
      await stop();
    },
  };
}
