// SQLite compares strings with BINARY collation whatever collation a column was declared with:
// on a `COLLATE NOCASE` column every string comparison still returns the reference's rows; on a
// column of the default (BINARY) collation, `eq` and `in` search its index.

import initSqlJs from 'sql.js';
import type { Database } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql, sqlite } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';

const schema = defineSchema({
  name: 'T',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Status: 'Edm.String' },
});
const ROWS = [
  { Id: 1, Status: 'Active' },
  { Id: 2, Status: 'active' },
  { Id: 3, Status: 'ACTIVE ' },
  { Id: 4, Status: null },
];

describe('SQLite: string collation', () => {
  let db: Database;
  beforeAll(async () => {
    const SQL = await initSqlJs();
    db = new SQL.Database();
    db.run('CREATE TABLE items ("Id" INTEGER, "Status" TEXT COLLATE NOCASE)');
    db.run('CREATE TABLE plain ("Id" INTEGER, "Status" TEXT)');
    db.run('CREATE INDEX plain_status ON plain ("Status")');
    for (const row of ROWS) db.run('INSERT INTO items VALUES (?, ?)', [row.Id, row.Status]);
  });
  afterAll(() => db?.close());

  const where = (filter: string) => compileSql(check(filter, schema), { dialect: sqlite });

  it.each([
    "Status eq 'Active'",
    "Status ne 'Active'",
    "Status in ('Active', 'x')",
    "Status in ('active', null)",
    "not (Status in ('Active', 'x'))",
    "Status lt 'a'",
    "startswith(Status, 'act')",
    "endswith(Status, 'IVE ')",
    "contains(Status, 'TIV')",
  ])('%s returns the reference rows', (filter) => {
    const { sql, params } = where(filter);
    const predicate = compilePredicate(check(filter, schema));
    const ids = (db.exec(`SELECT "Id" FROM items WHERE ${sql} ORDER BY "Id"`, params)[0]?.values ?? []).map(
      (r: unknown[]) => r[0],
    );
    expect(ids).toEqual(ROWS.filter((r) => predicate(r)).map((r) => r.Id));
  });

  it.each(["Status eq 'Active'", "Status in ('Active', 'x')"])('%s searches the index of a BINARY column', (filter) => {
    const { sql, params } = where(filter);
    const plan = db
      .exec(`EXPLAIN QUERY PLAN SELECT "Id" FROM plain WHERE ${sql}`, params)[0]!
      .values.map((r: unknown[]) => String(r[3]));
    expect(plan.join('; ')).toMatch(/SEARCH plain USING INDEX plain_status/);
  });
});
