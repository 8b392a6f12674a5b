// Index use on PostgreSQL: a lambda's correlation is `child.foreignKey = row.key`, which the
// planner answers as a semi-join (or an anti-join, for `all`) rather than a subquery run per row,
// and with an index on the foreign key, by an index scan on it where few rows are wanted.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSql, postgres } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { engineAvailable } from '../engines/availability.js';
import { startPglite } from '../engines/pglite.js';
import type { Engine } from '../engines/rows.js';

const schema = defineSchema({
  name: 'Owner',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String', Tags: { collection: 'Edm.String' } },
});

const collections: CollectionStorage = {
  Tags: { table: 'owner_tags', foreignKey: 'owner_id', key: 'Id', value: 'tag' },
};

const planOf = (plan: Record<string, unknown>[]): string => plan.map((r) => String(r['QUERY PLAN'])).join('\n');

/** Filter, and what its plan must show. */
const PLANS: readonly (readonly [string, RegExp])[] = [
  ["Tags/any(t: t eq 'tag7')", /Semi Join/],
  ["Tags/all(t: t ne 'tag7')", /Anti Join/],
  [
    "Id lt 20 and Tags/any(t: t eq 'tag7')",
    /Index Scan using owner_tags_owner_id_idx|Bitmap Index Scan on owner_tags_owner_id_idx/,
  ],
];

describe.runIf(engineAvailable('pglite'))('postgres: EXPLAIN of lambdas over an indexed child table', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await startPglite();
    await engine.load(schema, []);
    await engine.query(`INSERT INTO items SELECT i, 'n' || i FROM generate_series(1, 20000) i`);
    await engine.query('CREATE TABLE owner_tags (owner_id integer, tag text)');
    await engine.query(
      `INSERT INTO owner_tags SELECT 1 + i % 20000, 'tag' || (i % 1000) FROM generate_series(1, 100000) i`,
    );
    await engine.query('CREATE INDEX owner_tags_owner_id_idx ON owner_tags (owner_id)');
    await engine.query('CREATE INDEX ON items ("Id")');
    await engine.query('ANALYZE items');
    await engine.query('ANALYZE owner_tags');
  });
  afterAll(async () => {
    await engine?.close();
  });

  it.each(PLANS)('%s', async (filter, shows) => {
    const { sql, params } = compileSql(check(filter, schema), { dialect: postgres, table: 'items', collections });
    const plan = planOf(await engine.query(`EXPLAIN SELECT "Id" FROM items WHERE ${sql}`, params));
    expect(plan).toMatch(shows);
    expect(plan).not.toMatch(/SubPlan/);
  });
});
