// The microsecond table (test/support/microsecond-table.ts) on a PostgreSQL server through `pg`,
// where times are stored in microseconds (docs/sql.md, "Column types"): the reference's ids, and a
// SQL source over `pgPool` reads every digit back, though `pg` turns a timestamptz into a Date.

import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSql, createPostgresDialect, postgresColumnType } from '../../src/backends/sql/index.js';
import { parseQuery } from '../../src/query/index.js';
import { pgPool, sqlSource } from '../../src/server/index.js';
import { check } from '../../src/types/check.js';
import { postgresAvailable, startPostgres, type PostgresServer } from '../engines/postgres.js';
import { durationUnits, instantText, timeText } from '../engines/rows.js';
import { MICROSECOND_CASES, microsecondRows, microsecondSchema } from '../support/microsecond-table.js';
import { TEST_KEYSET } from '../support/keyset-key.js';

const dialect = createPostgresDialect({ times: 'microseconds' });
const type = (edm: Parameters<typeof postgresColumnType>[0]): string =>
  postgresColumnType(edm, { times: 'microseconds' });

describe.skipIf(!postgresAvailable())('a PostgreSQL server, times stored in microseconds', () => {
  let server: PostgresServer;
  let pool: pg.Pool;
  beforeAll(async () => {
    server = await startPostgres();
    pool = new pg.Pool({ connectionString: server.url, max: 2 });
    pool.on('error', () => undefined);
    await pool.query(
      `CREATE TABLE items ("Id" integer, "At" ${type('Edm.DateTimeOffset')}, "Opens" ${type('Edm.TimeOfDay')}, "Wait" ${type('Edm.Duration')})`,
    );
    for (const row of microsecondRows) {
      const value = <T>(v: unknown, read: (v: unknown) => T): T | null =>
        v === null || v === undefined ? null : read(v);
      await pool.query('INSERT INTO items VALUES ($1, $2, $3, $4)', [
        row.Id,
        value(row.At, instantText),
        value(row.Opens, timeText),
        value(row.Wait, (v) => durationUnits(v, 'microseconds')),
      ]);
    }
  }, 60_000);
  afterAll(async () => {
    await pool?.end();
    await server?.stop();
  });

  it.each(MICROSECOND_CASES.filter((c) => !c.refused).map((c) => [c.filter, c.ids] as const))(
    '%s',
    async (filter, ids) => {
      const where = compileSql(check(filter, microsecondSchema), { dialect });
      const result = await pool.query<{ Id: number }>(`SELECT "Id" FROM items WHERE ${where.sql} ORDER BY "Id"`, [
        ...where.params,
      ]);
      expect(result.rows.map((r) => r.Id)).toEqual(ids);
    },
  );

  it('a SQL source over pg reads every digit back', async () => {
    const source = sqlSource({ ...pgPool(pool, dialect), table: 'items' });
    const resource = {
      schema: microsecondSchema,
      key: ['Id'],
      policy: { spelling: 'odata' as const, defaultTop: 10, maxTop: 100, keyset: TEST_KEYSET },
    };
    const plan = parseQuery('?$orderby=Id', resource);
    const page = await source.read(plan, { signal: new AbortController().signal });
    expect(page.items.find((row) => (row as { Id: number }).Id === 7)).toEqual({
      Id: 7,
      At: '2012-12-03T22:59:59.999001Z',
      Opens: '07:59:59.999999',
      Wait: 'P1DT0.000001S',
    });
  });
});
