// What one authenticated request may cost the database (service/src/request-cost.ts), over HTTP:
// the costliest request at the engine's string cost bound is answered and one beyond it refused;
// a user's requests read the database at most so many at a time, the excess waiting or 429; and on
// PostgreSQL a request whose client hangs up has its statement cancelled.

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { DEFAULT_MAX_STRING_COST } from 'odata-filter';
import { openPostgres } from '../src/database.js';
import { openDemoPglite } from './support/demo-pglite.js';
import type { Database } from '../src/database.js';
import { costliestFilter } from '../src/load/costliest-request.js';
import { LARGEST_COLLECTION, PGLITE_MAX_STRING_COST } from '../src/request-cost.js';
import { postgresAvailable, startPostgres } from '../../test/engines/postgres.js';
import type { PostgresServer } from '../../test/engines/postgres.js';
import { A, get, startService } from './support/service.js';
import type { Running } from './support/service.js';

/**
 * The database, counting the statements requests run at once: the most seen so far. Each
 * statement is held 20 ms first, so that requests under way together overlap there (PGlite runs a
 * statement to its end before its promise settles).
 */
function counting(db: Database): { db: Database; most: () => number; reset: () => void } {
  let now = 0;
  let most = 0;
  const within = db.within.bind(db);
  const counted: Database = {
    ...db,
    within: (signal) => {
      const statements = within(signal);
      return {
        query: async (sql, params) => {
          most = Math.max(most, ++now);
          try {
            await new Promise((resolve) => setTimeout(resolve, 20));
            return await statements.query(sql, params);
          } finally {
            now--;
          }
        },
        exec: statements.exec,
      };
    },
  };
  return { db: counted, most: () => most, reset: () => void (most = 0) };
}

const filtered = (filter: string): string => `${A}events/?top=250&filter=${encodeURIComponent(filter)}`;

/** The costliest filter at the bound, and the same with a replacement one character longer. */
function atAndBeyond(bound: number): [string, string] {
  const at = costliestFilter(bound);
  expect(at.cost).toBeLessThanOrEqual(bound);
  const beyond = at.filter.replace(/'(w+)'\)\) gt 0$/, "'$1w')) gt 0");
  expect(beyond).not.toBe(at.filter);
  return [at.filter, beyond];
}

describe('what a request may cost on PGlite', () => {
  let s: Running;
  let statements: ReturnType<typeof counting>;
  beforeAll(async () => {
    statements = counting(await openDemoPglite());
    s = await startService(statements.db);
  });
  afterAll(async () => s?.stop());

  it('answers the costliest filter at the bound and refuses one beyond it', async () => {
    const [at, beyond] = atAndBeyond(PGLITE_MAX_STRING_COST);
    expect((await get(s.base, filtered(at), { user: 'events-only' })).status).toBe(200);
    const refused = await get(s.base, filtered(beyond), { user: 'events-only' });
    expect(refused.status).toBe(400);
    expect(refused.text).toContain(`beyond the limit of ${PGLITE_MAX_STRING_COST.toLocaleString('en-US')}`);
  });

  it('counts a string function in a lambda once per element of the largest collection', async () => {
    // 1,024 × 120 = 122,880 characters per row beyond PGlite's bound; alone in the row, it is within.
    const inLambda = await get(s.base, filtered("Registrations/any(r: trim(r/Status) eq 'x')"), { user: 'admin' });
    expect(inLambda.status).toBe(400);
    expect(inLambda.text).toContain(`each collection as ${LARGEST_COLLECTION} elements`);
    expect((await get(s.base, filtered("trim(Status) eq 'x'"), { user: 'admin' })).status).toBe(200);
  });

  it("runs one user's requests one at a time, while another user's run beside them", async () => {
    const [at] = atAndBeyond(PGLITE_MAX_STRING_COST);
    // Remembered credentials first, so that the requests reach the limit together.
    for (const user of ['events-only', 'admin'] as const)
      expect((await get(s.base, `${A}events/?top=1`, { user })).status).toBe(200);
    statements.reset();
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => get(s.base, filtered(at), { user: 'events-only' })),
    );
    expect(answers.map((r) => r.status)).toEqual(Array(6).fill(200));
    expect(statements.most()).toBe(1);
    statements.reset();
    await Promise.all([
      ...Array.from({ length: 3 }, () => get(s.base, filtered(at), { user: 'events-only' })),
      ...Array.from({ length: 3 }, () => get(s.base, filtered(at), { user: 'admin' })),
    ]);
    expect(statements.most()).toBe(2);
  });

  it('holds the demo data to the collection size the cost is counted with', async () => {
    const [largest] = await s.db.query(
      'SELECT max(n)::int AS n FROM (SELECT count(*) AS n FROM registrations GROUP BY "EventID" UNION ALL SELECT count(*) FROM event_sessions GROUP BY "EventID") c',
    );
    expect(largest!.n).toBe(LARGEST_COLLECTION);
  });
});

describe('a queue of bounded length per user', () => {
  it('answers the requests beyond it 429 with Retry-After', async () => {
    const s = await startService(counting(await openDemoPglite()).db, {
      requestCost: { filterLimits: {}, perUser: { perKey: 1, waitingPerKey: 1 } },
    });
    try {
      // Remembered credentials first, so that the five reach the limit together, not one password check apart.
      expect((await get(s.base, `${A}events/?top=1`, { user: 'events-only' })).status).toBe(200);
      const answers = await Promise.all(
        Array.from({ length: 5 }, () => get(s.base, `${A}events/?top=1`, { user: 'events-only' })),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect(statuses.filter((status) => status === 200).length).toBeGreaterThanOrEqual(2);
      expect(statuses).toContain(429);
      const refused = answers.find((r) => r.status === 429)!;
      expect(refused.headers['retry-after']).toBe('1');
      expect(refused.text).toContain('<Code>TooManyRequests</Code>');
    } finally {
      await s.stop();
    }
  });
});

describe.runIf(postgresAvailable())('what a request may cost on PostgreSQL', () => {
  let server: PostgresServer;
  let s: Running;
  beforeAll(async () => {
    server = await startPostgres();
    s = await startService(await openPostgres(server.url));
  });
  afterAll(async () => {
    await s?.stop();
    await server?.stop();
  });

  it('answers the costliest filter at the package’s bound and refuses one beyond it', async () => {
    const [at, beyond] = atAndBeyond(DEFAULT_MAX_STRING_COST);
    expect((await get(s.base, filtered(at), { user: 'events-only' })).status).toBe(200);
    expect((await get(s.base, filtered(beyond), { user: 'events-only' })).status).toBe(400);
  });

  it('cancels the statement of a request whose client hangs up', async () => {
    const locker = new pg.Client({ connectionString: server.url });
    await locker.connect();
    const waiting = async (): Promise<number> =>
      (
        await locker.query(
          // A statement waiting for a lock while parsed still shows its connection's previous text.
          "SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND pid <> pg_backend_pid()",
        )
      ).rows[0].n;
    try {
      await locker.query('BEGIN');
      await locker.query('LOCK TABLE events IN ACCESS EXCLUSIVE MODE');
      const url = new URL(s.base);
      const auth = `Basic ${Buffer.from('admin:admin-demo').toString('base64')}`;
      const outgoing = httpRequest({
        host: url.hostname,
        port: url.port,
        path: `${A}events/?top=5`,
        headers: { Authorization: auth },
      });
      outgoing.on('error', () => undefined);
      outgoing.end();
      for (let tries = 0; (await waiting()) === 0; tries++) {
        expect(tries).toBeLessThan(100);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      outgoing.destroy();
      // Cancelled at once, long before the statement timeout (10 s), while the lock is still held.
      for (let tries = 0; (await waiting()) > 0; tries++) {
        expect(tries).toBeLessThan(40);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    } finally {
      await locker.query('ROLLBACK');
      await locker.end();
    }
    expect(s.log.some((line) => line.startsWith('database unavailable'))).toBe(false);
  });
});
