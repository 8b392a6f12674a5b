// Index use on PostgreSQL: the plain column-versus-value shapes compile to predicates the planner
// answers with an index (or bitmap) scan, as it does for the hand-written query.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSql, postgres } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { engineAvailable } from '../engines/availability.js';
import { startPglite } from '../engines/pglite.js';
import type { Engine } from '../engines/rows.js';

const schema = defineSchema({
  name: 'Event',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Status: 'Edm.String',
    Capacity: 'Edm.Int32',
    CreatedDateTime: 'Edm.DateTimeOffset',
  },
});

const STATUSES = ['Active', 'Completed', 'Pending', 'Cancelled', 'Draft'];

/** Filter, and the hand-written query a person would write for it. */
const SHAPES: readonly (readonly [string, string])[] = [
  ["Status eq 'Active'", `"Status" = 'Active'`],
  ['Capacity gt 4990', `"Capacity" > 4990`],
  ["CreatedDateTime ge datetime'2012-01-01T00:00:00Z'", `"CreatedDateTime" >= '2012-01-01T00:00:00Z'`],
  ["Status in ('Active', 'Pending')", `"Status" IN ('Active', 'Pending')`],
  ["Status eq 'Active' and Capacity gt 4990", `"Status" = 'Active' AND "Capacity" > 4990`],
  // An integer column against a Decimal or Double literal: compared as the exact integer bound.
  ['Capacity gt 4990.5', `"Capacity" > 4990`],
  ['Capacity le 2.5d', `"Capacity" <= 2`],
];

const scanOf = (plan: Record<string, unknown>[]): string => plan.map((r) => String(r['QUERY PLAN'])).join('\n');
const INDEXED = /Index Scan|Index Only Scan|Bitmap Index Scan/;

describe.runIf(engineAvailable('pglite'))('postgres: EXPLAIN of index-usable shapes', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await startPglite();
    await engine.load(schema, []);
    await engine.query(
      `INSERT INTO items SELECT i, (ARRAY[${STATUSES.map((s) => `'${s}'`).join(',')}])[1 + i % 5] || CASE WHEN i % 100 = 0 THEN '' ELSE i::text END, i % 5000, timestamptz '2000-01-01' + i * interval '1 hour' FROM generate_series(1, 20000) i`,
    );
    await engine.query('CREATE INDEX ON items ("Status")');
    await engine.query('CREATE INDEX ON items ("Capacity")');
    await engine.query('CREATE INDEX ON items ("CreatedDateTime")');
    await engine.query('ANALYZE items');
  });
  afterAll(async () => {
    await engine?.close();
  });

  it.each(SHAPES)('%s', async (filter, handWritten) => {
    const { sql, params } = compileSql(check(filter, schema), { dialect: postgres });
    const ours = scanOf(await engine.query(`EXPLAIN SELECT "Id" FROM items WHERE ${sql}`, params));
    const theirs = scanOf(await engine.query(`EXPLAIN SELECT "Id" FROM items WHERE ${handWritten}`));
    expect(theirs).toMatch(INDEXED);
    expect(ours).toMatch(INDEXED);
  });
});
