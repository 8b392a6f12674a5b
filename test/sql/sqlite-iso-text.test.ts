// SQLite with `dates: 'iso-text'`: date-times stored as `YYYY-MM-DDTHH:MM:SS.SSSZ`, which sorts
// as the instants do for the years 0000–9999 only. Comparisons and date parts return the
// reference's rows up to both ends of that range; a literal beyond it (its text would be
// `+010000-…`, sorting below every stored date) is refused as 'unsupported', as MySQL's are.

import initSqlJs from 'sql.js';
import type { Database } from 'sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql, createSqliteDialect } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { defineSchema } from '../../src/types/schema.js';

const schema = defineSchema({
  name: 'T',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Due: 'Edm.DateTimeOffset' },
});
const dialect = createSqliteDialect({ dates: 'iso-text' });
const ROWS = [
  { Id: 1, Due: new Date('0000-12-31T23:00:00.000Z') },
  { Id: 2, Due: new Date('2012-05-29T09:13:28.000Z') },
  { Id: 3, Due: new Date('9999-12-31T23:59:59.999Z') },
  { Id: 4, Due: null },
];

describe("SQLite: 'iso-text' date-times", () => {
  let db: Database;
  beforeAll(async () => {
    const SQL = await initSqlJs({ useOldExtensionFunctions: false });
    db = new SQL.Database();
    db.run('CREATE TABLE items ("Id" INTEGER, "Due" TEXT)');
    for (const row of ROWS) db.run('INSERT INTO items VALUES (?, ?)', [row.Id, row.Due?.toISOString() ?? null]);
  });
  afterAll(() => db?.close());

  it.each([
    'Due lt 9999-12-31T23:59:59.999Z',
    'Due ge 9999-12-31T23:59:59.999Z',
    'Due le 9999-12-31T23:59:59.998Z',
    // UTC year 0: 0001-01-01 at +01:00.
    'Due gt 0001-01-01T00:00+01:00',
    'Due eq 0001-01-01T00:00+01:00',
    'Due lt 2012-05-29T11:13:28.001+02:00',
    'year(Due) eq 9999 or year(Due) eq 0',
    'year(0001-01-01T00:00+01:00) eq 0',
  ])('%s returns the reference rows', (filter) => {
    const typed = check(filter, schema);
    const { sql, params } = compileSql(typed, { dialect });
    const predicate = compilePredicate(typed);
    const ids = (db.exec(`SELECT "Id" FROM items WHERE ${sql} ORDER BY "Id"`, params as never)[0]?.values ?? []).map(
      (r: unknown[]) => r[0],
    );
    expect(ids).toEqual(ROWS.filter((r) => predicate(r)).map((r) => r.Id));
  });

  it.each(['Due lt 9999-12-31T23:59-14:00', 'Due ge 9999-12-31T23:59-14:00', 'year(9999-12-31T10:00-14:00) eq 10000'])(
    '%s (UTC year 10000) is refused as unsupported at the literal',
    (filter) => {
      let error: unknown;
      try {
        compileSql(check(filter, schema), { dialect });
      } catch (e) {
        error = e;
      }
      expect(error).toBeInstanceOf(FilterError);
      expect(error).toMatchObject({
        kind: 'unsupported',
        message: expect.stringContaining("SQLite 'iso-text' dates hold the years 0000 to 9999 only"),
      });
      expect(filter.slice((error as FilterError).start, (error as FilterError).end)).toMatch(/^9999-12-31T/);
    },
  );
});
