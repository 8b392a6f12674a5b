// The temporal evaluation table on SQLite with `dates: 'iso-text'`: instants stored as
// `YYYY-MM-DDTHH:MM:SS.SSSZ` text are read as epoch milliseconds and written back as that text
// (src/backends/sql/dialects/sqlite.ts), with the same ids as with integer epoch milliseconds.

import initSqlJs from 'sql.js';
import type { Database } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSql, createSqliteDialect } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { TEMPORAL_NOW, temporalCases, temporalRows, temporalSchema } from '../support/temporal-table.js';
import { dateText, durationMs, timeText } from '../engines/rows.js';

const dialect = createSqliteDialect({ dates: 'iso-text' });
const instant = (v: unknown): string | null => (v instanceof Date ? v.toISOString() : null);
const or = <T>(v: unknown, f: (x: unknown) => T): T | null => (v === null || v === undefined ? null : f(v));

describe("SQLite with 'iso-text' date-times: the temporal evaluation table", () => {
  let db: Database;
  beforeAll(async () => {
    const SQL = await initSqlJs({ useOldExtensionFunctions: false });
    db = new SQL.Database();
    db.run(
      'CREATE TABLE items ("Id" INTEGER, "Day" TEXT, "Opens" TEXT, "Wait" INTEGER, "Due" TEXT, "Legacy" TEXT, "Qty" INTEGER, "Rank" INTEGER, "Price" REAL, "Score" REAL)',
    );
    for (const row of temporalRows) {
      db.run('INSERT INTO items VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)', [
        row.Id,
        or(row.Day, dateText),
        or(row.Opens, timeText),
        or(row.Wait, durationMs),
        instant(row.Due),
        instant(row.Legacy),
        or(row.Qty, Number),
        or(row.Rank, Number),
        or(row.Price, Number),
        or(row.Score, Number),
      ] as never);
    }
  });
  afterAll(() => db?.close());

  it.each(temporalCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const { sql, params } = compileSql(check(filter, temporalSchema), { dialect, clock: () => TEMPORAL_NOW });
    const found = (db.exec(`SELECT "Id" FROM items WHERE ${sql} ORDER BY "Id"`, params as never)[0]?.values ?? []).map(
      (r: unknown[]) => r[0],
    );
    expect(found).toEqual(ids);
  });
});
