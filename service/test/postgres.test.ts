// The service over HTTP on Debian's PostgreSQL server through `pg` (DATABASE_URL's path), each
// suite on a database of its own; and main.js started with DATABASE_URL, on one more.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgres } from '../src/database.js';
import { createDemoDatabase } from '../src/seed.js';
import type { Database } from '../src/database.js';
import { postgresAvailable, startPostgres } from '../../test/engines/postgres.js';
import type { PostgresServer } from '../../test/engines/postgres.js';
import { authenticatedSuite } from './suites/authenticated.js';
import { authenticationSuite } from './suites/authentication.js';
import { lifecycleSuite } from './suites/lifecycle.js';
import { loginFloodSuite } from './suites/login-flood.js';
import { slowClientsSuite } from './suites/slow-clients.js';
import { hostileSuite } from './suites/hostile.js';
import { publicSuite } from './suites/public.js';
import { start, stopped, waitFor } from './support/main-process.js';
import { A, B, get, startService } from './support/service.js';

describe.runIf(postgresAvailable())('on Debian PostgreSQL', () => {
  let server: PostgresServer;
  let databases = 0;
  beforeAll(async () => {
    server = await startPostgres();
  });
  afterAll(async () => server?.stop());

  const urlOf = (name: string): string => {
    const url = new URL(server.url);
    url.pathname = `/${name}`;
    return url.href;
  };
  const createDatabase = async (name: string, template?: string): Promise<void> => {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}${template === undefined ? '' : ` TEMPLATE ${template}`}`);
    await admin.end();
  };
  /** The demo data, written once into a database that each suite's is copied from. */
  let demo: Promise<void> | undefined;
  const demoTemplate = async (): Promise<void> => {
    await createDatabase('service_demo');
    const db = await openPostgres(urlOf('service_demo'));
    await createDemoDatabase(db);
    await db.close();
  };

  /** A new database holding the demo data, through `pg` as DATABASE_URL would reach it. */
  const open = async (): Promise<Database> => {
    demo ??= demoTemplate();
    await demo;
    const name = `service_${++databases}`;
    await createDatabase(name, 'service_demo');
    return openPostgres(urlOf(name));
  };

  it('keeps serving when the server ends its connections (idle connections fail, new ones are made)', async () => {
    const name = `service_${++databases}`;
    await createDatabase(name);
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    const failures: Error[] = [];
    const running = await startService(
      await openPostgres(urlOf(name), { onIdleError: (error) => failures.push(error) }),
    );
    try {
      expect((await get(running.base, `${A}events/?top=5`, { user: 'admin' })).status).toBe(200);
      const ended = await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = $1', [
        name,
      ]);
      expect(ended.rows.length).toBeGreaterThan(0);
      for (let waited = 0; failures.length === 0 && waited < 5_000; waited += 50)
        await new Promise((resolve) => setTimeout(resolve, 50));
      expect(failures.length).toBeGreaterThan(0);
      for (let i = 0; i < 5; i++)
        expect((await get(running.base, `${B}venues/`, { headers: { Accept: 'application/json' } })).status).toBe(200);
    } finally {
      await running.stop();
      await admin.end();
    }
  });

  authenticatedSuite('PostgreSQL', open);
  publicSuite('PostgreSQL', open);
  hostileSuite('PostgreSQL', open);
  authenticationSuite('PostgreSQL', open);
  lifecycleSuite('PostgreSQL', open);
  loginFloodSuite('PostgreSQL', open);
  slowClientsSuite('PostgreSQL', open);

  // On a database of its own on the same server: a server of its own cost an initdb.
  describe('npm start with DATABASE_URL', () => {
    it('writes the demo data into the server’s database on the first start only, serves from it, and in WORKERS processes', async () => {
      await createDatabase('service_main');
      const url = urlOf('service_main');
      const first = await start({ DATABASE_URL: url });
      expect(first.output()).toMatch(/Demo data written/);
      expect(first.output()).toContain('on PostgreSQL at postgres://postgres@127.0.0.1:');
      expect((await get(first.base, `${A}registrations/?top=1`, { user: 'admin' })).status).toBe(200);
      expect(await stopped(first.child, 'SIGTERM'), first.output()).toBe(0);
      const second = await start({ DATABASE_URL: url });
      expect(second.output()).not.toMatch(/Demo data written/);
      expect((await get(second.base, `${B}venues/?format=json`)).status).toBe(200);
      expect(await stopped(second.child, 'SIGTERM'), second.output()).toBe(0);
      // WORKERS=2: two processes on one port and one server, maintenance switched in both, one
      // that dies replaced, and a clean stop of both.
      const pair = await start({ DATABASE_URL: url, WORKERS: '2' });
      const pids = /, in 2 processes \((\d+), (\d+)\)/.exec(pair.output())!.slice(1).map(Number);
      expect(pids).toHaveLength(2);
      const statuses = async (): Promise<number[]> =>
        Promise.all(Array.from({ length: 8 }, async () => (await get(pair.base, `${B}timezones/?format=json`)).status));
      expect(await statuses()).toEqual(Array(8).fill(200));
      pair.child.kill('SIGUSR2');
      await waitFor(pair.output, /(maintenance on[\s\S]*){2}/);
      expect(await statuses()).toEqual(Array(8).fill(503));
      pair.child.kill('SIGUSR2');
      await waitFor(pair.output, /(maintenance off[\s\S]*){2}/);
      process.kill(pids[0]!, 'SIGKILL');
      await waitFor(pair.output, new RegExp(`worker ${pids[0]} ended \\(SIGKILL\\); starting another`));
      await waitFor(pair.output, new RegExp(`worker \\d+ listening in place of ${pids[0]}`));
      expect(await statuses()).toEqual(Array(8).fill(200));
      expect((await get(pair.base, `${A}registrations/?top=1`, { user: 'admin' })).status).toBe(200);
      expect(await stopped(pair.child, 'SIGTERM'), pair.output()).toBe(0);
      expect(pair.output()).toMatch(/SIGTERM: stopping 2 workers/);
    });
  });
});
