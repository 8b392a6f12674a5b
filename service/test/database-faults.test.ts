// A database that cannot answer — closed, locked past the statement timeout, frozen (SIGSTOP),
// stopped — is a 503 with Retry-After on both interfaces, within the timeouts, never a hang or a
// 500; the errors are logged once per kind in the window, and the service serves again when the
// database does.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { openPostgres } from '../src/database.js';
import { openDemoPglite } from './support/demo-pglite.js';
import { postgresAvailable, startPostgres } from '../../test/engines/postgres.js';
import type { PostgresServer } from '../../test/engines/postgres.js';
import { processTree, signalTree } from './support/processes.js';
import { A, B, get, startService } from './support/service.js';
import type { Running } from './support/service.js';

const JSON_ACCEPT = { Accept: 'application/json' };

/** Both interfaces answer 503, empty, with Retry-After; returns the slowest answer's time in ms. */
async function expectUnavailable(base: string): Promise<number> {
  let slowest = 0;
  for (const [path, options] of [
    [`${A}events/?top=5`, { user: 'admin' as const }],
    [`${B}venues/`, { headers: JSON_ACCEPT }],
  ] as const) {
    const started = Date.now();
    const response = await get(base, path, options);
    slowest = Math.max(slowest, Date.now() - started);
    expect(response.status, response.text).toBe(503);
    expect(response.headers['retry-after']).toBe('5');
    expect(response.text).toBe('');
  }
  return slowest;
}

const databaseLines = (s: Running): string[] => s.log.filter((line) => line.startsWith('database unavailable'));

describe('PGlite closed under the service', () => {
  it('answers 503 with Retry-After, logging one line for twenty failures', async () => {
    const s = await startService(await openDemoPglite());
    try {
      // The authenticated user is remembered, so interface A reaches its own statements too.
      expect((await get(s.base, `${A}events/?top=1`, { user: 'admin' })).status).toBe(200);
      await s.db.close();
      for (let i = 0; i < 10; i++) await expectUnavailable(s.base);
      expect(databaseLines(s)).toHaveLength(1);
      expect(s.log.some((line) => line.startsWith('error '))).toBe(false);
    } finally {
      await s.service.close();
    }
  });
});

describe.runIf(postgresAvailable())('PostgreSQL that cannot answer', () => {
  let server: PostgresServer;
  let s: Running;
  beforeAll(async () => {
    server = await startPostgres();
    s = await startService(await openPostgres(server.url, { connectTimeoutMs: 500, statementTimeoutMs: 1_000 }));
  });
  afterAll(async () => {
    await s?.service.close();
    await s?.db.close().catch(() => undefined);
    await server?.stop();
  });

  it('ends a statement at the statement timeout (a table locked by another session): 503', async () => {
    const locker = new pg.Client({ connectionString: server.url });
    await locker.connect();
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
      const started = Date.now();
      const response = await get(s.base, `${A}events/?top=5`, { user: 'admin' });
      expect(response.status).toBe(503);
      expect(response.headers['retry-after']).toBe('5');
      expect(Date.now() - started).toBeLessThan(4_000);
      expect(databaseLines(s).some((line) => line.includes('(timeout)'))).toBe(true);
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect((await get(s.base, `${A}events/?top=5`, { user: 'admin' })).status).toBe(200);
  });

  it('answers 503 within the timeouts while the server is frozen, and serves again once it runs', async () => {
    const before = databaseLines(s).length;
    const frozen = processTree(server.pid);
    signalTree(frozen, 'SIGSTOP');
    try {
      const slowest = Math.max(await expectUnavailable(s.base), await expectUnavailable(s.base));
      // The statement timeout (1 s) and the driver's margin (1 s), or the connect timeout (0.5 s).
      expect(slowest).toBeLessThan(4_000);
      // Four failures, at most one line per kind in the window (a driver timeout, a connection
      // timeout), none if the previous test logged that kind already.
      expect(databaseLines(s).length - before).toBeLessThanOrEqual(2);
      expect(s.log.some((line) => line.startsWith('error '))).toBe(false);
    } finally {
      signalTree(frozen, 'SIGCONT');
    }
    expect((await get(s.base, `${A}events/?top=5`, { user: 'admin' })).status).toBe(200);
    expect((await get(s.base, `${B}venues/`, { headers: JSON_ACCEPT })).status).toBe(200);
  });

  it('answers 503 once the server has stopped, also to a request whose statement it ended', async () => {
    // A statement waiting for a lock when the server stops: its connection, checked out of the
    // pool, fails (57P01) without ending the process.
    const locker = new pg.Client({ connectionString: server.url });
    locker.on('error', () => undefined);
    await locker.connect();
    await locker.query('BEGIN');
    await locker.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
    const waiting = get(s.base, `${A}events/?top=5`, { user: 'admin' });
    for (let tries = 0; ; tries++) {
      const { rows } = await locker.query(
        "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
      );
      if (rows[0].n > 0) break;
      expect(tries).toBeLessThan(100);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // Its statement is ended first (57P01, as a stopping server ends it): stopping alone may end
    // the lock's holder first and let the statement finish.
    await locker.query(
      "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
    );
    await server.stop();
    expect((await waiting).status).toBe(503);
    await expectUnavailable(s.base);
    await expectUnavailable(s.base);
    expect(s.log.some((line) => line.startsWith('error '))).toBe(false);
  });
});
