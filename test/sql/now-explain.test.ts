// `now()` is one instant per compiled filter, bound as a parameter: a relative filter such as
// `Created ge now() sub duration'P7D'` compiles to a plain comparison of the column with a bound
// value, which PostgreSQL answers with an index on the column.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSql, postgres } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { engineAvailable } from '../engines/availability.js';
import { startPglite } from '../engines/pglite.js';
import type { Engine } from '../engines/rows.js';

const schema = defineSchema({
  name: 'Event',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Created: 'Edm.DateTimeOffset' },
});
const NOW = new Date('2024-06-30T12:00:00Z');
const clock = (): Date => NOW;
const planOf = (plan: Record<string, unknown>[]): string => plan.map((r) => String(r['QUERY PLAN'])).join('\n');

describe.runIf(engineAvailable('pglite'))('postgres: now() in a filter', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await startPglite();
    await engine.load(schema, []);
    // One row an hour from 2021-07-01 for 27,000 hours (to 2024-07-29).
    await engine.query(
      `INSERT INTO items SELECT i, TIMESTAMPTZ '2021-07-01 00:00:00+00' + i * INTERVAL '1 hour' FROM generate_series(1, 27000) i`,
    );
    await engine.query('CREATE INDEX items_created_idx ON items ("Created")');
    await engine.query('ANALYZE items');
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('compiles to the column compared with one bound instant, computed from the clock', () => {
    const { sql, params } = compileSql(check("Created ge now() sub duration'P7D'", schema), {
      dialect: postgres,
      clock,
    });
    expect(sql).toBe('("Created" >= $1::timestamptz)');
    expect(params).toEqual(['2024-06-23 12:00:00.000+00']);
  });

  it('reads the clock once per compile, and only for a filter that calls now()', () => {
    let reads = 0;
    const counting = (): Date => {
      reads++;
      return NOW;
    };
    compileSql(check("Created lt now() and Created gt now() sub duration'PT1H'", schema), {
      dialect: postgres,
      clock: counting,
    });
    expect(reads).toBe(1);
    compileSql(check('Created lt 2024-01-01T00:00:00Z', schema), { dialect: postgres, clock: counting });
    expect(reads).toBe(1);
  });

  it('is answered by an index scan on the column', async () => {
    const { sql, params } = compileSql(check("Created ge now() sub duration'P7D'", schema), {
      dialect: postgres,
      clock,
    });
    const plan = planOf(await engine.query(`EXPLAIN SELECT "Id" FROM items WHERE ${sql}`, params));
    expect(plan).toMatch(/Index (Only )?Scan using items_created_idx|Bitmap Index Scan on items_created_idx/);
    const rows = await engine.query(`SELECT count(*) AS n FROM items WHERE ${sql}`, params);
    // 2024-06-23T12:00Z is 1,088 days and 12 hours (26,124 hours) after 2021-07-01: rows 26,124 to 27,000.
    expect(Number(rows[0]!.n)).toBe(877);
  });

  it('refuses a clock that gives no instant of 0001–9999', () => {
    expect(() =>
      compileSql(check('Created lt now()', schema), { dialect: postgres, clock: () => new Date(Number.NaN) }),
    ).toThrow(/clock option/);
  });
});
