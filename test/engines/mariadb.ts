// MariaDB for the tests: a private server on 127.0.0.1, a free port and a temporary data directory
// the server's account can use, started as the `mysql` user when run as root and stopped by the
// PID it started; a failure to start says why, with the tool's or the server's own words. A run
// starts one server (test/global-setup.ts) and each engine has a database of its own on it. Where
// mariadbd is missing the run says so once and these tests skip (availability.ts).

import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import mysql from 'mysql2/promise';
import { inject } from 'vitest';
import { createMysqlDialect, mysqlColumnType, type MysqlOptions } from '../../src/backends/sql/index.js';
import { mysql2Pool } from '../../src/server/index.js';
import type { Schema } from '../../src/types/schema.js';
import {
  columnValue,
  columnsOf,
  dateText,
  durationMs,
  durationUnits,
  instantMs,
  instantText,
  jsonText,
  jsonScalar,
  timeText,
  utcDateTime,
} from './rows.js';
import { engineAvailable } from './availability.js';
import type { Column, Engine } from './rows.js';
import {
  exitedWithin,
  freePort,
  runTool,
  serverAccount,
  serverDirectory,
  serverEnvironment,
  tail,
} from './server-process.js';

/** Whether this run has MariaDB: its binaries are here and the run starts servers (engine-availability.ts). */
export function mariadbAvailable(): boolean {
  return engineAvailable('mariadb');
}

const columnType = (c: Column, options: MysqlOptions): string =>
  c.type === 'Json' ? 'LONGTEXT CHARACTER SET utf8mb4' : mysqlColumnType(c.type, options);

/** An instant as the text of a `DATETIME` in UTC: `YYYY-MM-DD hh:mm:ss.fff`, or every digit under microseconds. */
const mysqlInstant = (v: unknown, options: MysqlOptions): string =>
  options.times === 'microseconds' ? instantText(v).replace('T', ' ').replace('Z', '') : utcDateTime(instantMs(v));

function toMysql(column: Column, v: unknown, options: MysqlOptions): unknown {
  if (column.type === 'Json')
    return jsonText(v, column.element!, (type, x) =>
      jsonScalar(type, x, (instant) => JSON.stringify(mysqlInstant(instant, options)), options.times ?? 'milliseconds'),
    );
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
      return mysqlInstant(v, options);
    case 'Edm.Date':
      return dateText(v);
    case 'Edm.TimeOfDay':
      return timeText(v);
    case 'Edm.Duration':
      return options.times === 'microseconds' ? durationUnits(v, 'microseconds') : String(durationMs(v));
    // mysql2 binds a Buffer as bytes, not a plain Uint8Array.
    case 'Edm.Binary':
      return Buffer.from(v as Uint8Array);
    default:
      return v;
  }
}

/** Runs a MariaDB tool; a failure is an Error that carries the tool's own output. */
export function runServerTool(
  tool: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<void> {
  return runTool('MariaDB', tool, args, { env });
}

/** A MariaDB server this process started: its port, and how to end it. */
export interface MariadbServer {
  readonly port: number;
  /** Ends the server (killed if it has not gone after 10 s) and removes its directory. */
  stop(): Promise<void>;
}

/** A connection to a server's root account, as the tests use it: exact numbers come back as text. */
function connect(port: number): Promise<mysql.Connection> {
  return mysql.createConnection({
    host: '127.0.0.1',
    port,
    user: 'root',
    charset: 'utf8mb4_general_ci',
    supportBigNumbers: true,
    bigNumberStrings: true,
  });
}

/** Starts a private MariaDB server and waits until it takes connections. */
export async function launchMariadb(): Promise<MariadbServer> {
  // mariadbd refuses to run as root: under root it is told --user=mysql and switches to it itself.
  const account = serverAccount('mysql');
  const dir = serverDirectory(account, 'odata-filter-mariadb-', 'MariaDB');
  const user = account.switched ? [`--user=${account.user}`] : [];
  // serverEnvironment's TMPDIR is read by mariadbd too: its temporary files go in `dir` as well.
  try {
    await runServerTool(
      'mariadb-install-db',
      ['--no-defaults', ...user, `--datadir=${dir}/data`, '--auth-root-authentication-method=normal', '--skip-test-db'],
      serverEnvironment(dir),
    );
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const port = await freePort();
  const errorLog = `${dir}/error.log`;
  const child: ChildProcess = spawn(
    'mariadbd',
    [
      '--no-defaults',
      ...user,
      `--datadir=${dir}/data`,
      `--socket=${dir}/sock`,
      `--port=${port}`,
      '--bind-address=127.0.0.1',
      '--skip-log-bin',
      '--innodb-buffer-pool-size=32M',
      // The data is thrown away, so nothing is flushed to disk on commit, written twice, or given a
      // file of its own per table: the suites create and drop thousands of tables, which took
      // seconds each hundred (noninterference on MariaDB 17 s, 3.4 s without).
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-doublewrite=0',
      '--innodb-file-per-table=0',
      `--pid-file=${dir}/pid`,
      `--log-error=${errorLog}`,
      '--character-set-server=utf8mb4',
      '--collation-server=utf8mb4_general_ci',
    ],
    { stdio: 'ignore', env: serverEnvironment(dir) },
  );
  const stop = async (): Promise<void> => {
    if (child.exitCode === null && child.pid !== undefined) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exitedWithin(exited, 10_000);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dir, { recursive: true, force: true });
  };
  let lastError: unknown;
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await (await connect(port)).end();
      return { port, stop };
    } catch (error) {
      lastError = error;
      if (child.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  const exit = child.exitCode === null ? 'still running' : `exited with ${child.exitCode}`;
  const log = tail(errorLog);
  await stop();
  throw new Error(
    `MariaDB did not start (mariadbd ${exit}; last connection error: ${(lastError as Error | undefined)?.message ?? 'none'})${log === '' ? '' : `\n${log}`}`,
  );
}

let databases = 0;

/**
 * An engine on a database of its own: on the run's shared server (test/global-setup.ts) where
 * there is one, else on a private server started for it and ended with it.
 */
export async function startMariadb(options: MysqlOptions = {}): Promise<Engine> {
  const shared = inject('mariadbPort');
  if (typeof shared === 'number') return openMariadb(shared, async () => undefined, options);
  return startPrivateMariadb(options);
}

/** An engine on a server of its own, ended when the engine is closed. */
export async function startPrivateMariadb(options: MysqlOptions = {}): Promise<Engine> {
  const server = await launchMariadb();
  try {
    return await openMariadb(server.port, server.stop, options);
  } catch (error) {
    await server.stop();
    throw error;
  }
}

/** An engine on a new database of the server at `port`, dropped on close, after which `release` runs. */
async function openMariadb(port: number, release: () => Promise<void>, options: MysqlOptions): Promise<Engine> {
  const connection = await connect(port);
  // Unique across the run's workers, which may share a process id (threads) but not a random suffix.
  const database = `t_${process.pid}_${++databases}_${randomBytes(4).toString('hex')}`;
  const db = connection;
  await db.query(`CREATE DATABASE ${database} CHARACTER SET utf8mb4`);
  await db.query(`USE ${database}`);
  await db.query("SET time_zone = '+00:00'");
  // The pool a data source reads through, on the engine's database: made when first asked for.
  let pool: mysql.Pool | undefined;
  const engine: Engine = {
    name: 'mysql',
    connection: () => {
      pool ??= mysql.createPool({
        host: '127.0.0.1',
        port,
        user: 'root',
        database,
        charset: 'utf8mb4_general_ci',
        timezone: 'Z',
        connectionLimit: 3,
      });
      return mysql2Pool(pool, createMysqlDialect(options));
    },
    async load(schema: Schema, rows: readonly unknown[]) {
      await engine.loadTable('items', columnsOf(schema), rows);
    },
    async loadTable(table, columns, records, indexed = []) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
      await db.query(
        `CREATE TABLE ${table} (${columns.map((c) => `\`${c.name}\` ${columnType(c, options)}`).join(', ')})`,
      );
      for (const name of indexed) await db.query(`CREATE INDEX \`${table}_${name}\` ON ${table} (\`${name}\`)`);
      if (records.length === 0) return;
      const params: unknown[] = [];
      const tuples = records.map(
        (row) =>
          `(${columns
            .map((c) => {
              params.push(toMysql(c, columnValue(row, c), options));
              return '?';
            })
            .join(', ')})`,
      );
      await db.execute(`INSERT INTO ${table} VALUES ${tuples.join(', ')}`, params as never);
    },
    async ids(where) {
      const [rows] = await db.execute(
        `SELECT \`Id\` FROM items WHERE ${where.sql} ORDER BY \`Id\``,
        where.params as never,
      );
      return (rows as { Id: number | string }[]).map((r) => Number(r.Id));
    },
    async query(text, params = []) {
      const [rows] = await db.execute(text, params as never);
      return rows as Record<string, unknown>[];
    },
    async close() {
      await pool?.end().catch(() => undefined);
      await db.query(`DROP DATABASE IF EXISTS ${database}`).catch(() => undefined);
      await db.end().catch(() => undefined);
      await release();
    },
  };
  return engine;
}
