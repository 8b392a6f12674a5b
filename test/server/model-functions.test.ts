// A model's functions through the endpoint (docs/semantics.md §15): each source takes the
// registry as its `functions` option, and a filter calling a function answers the rows the
// function table says, in memory and on SQLite (sql.js); without a registry, a call is refused
// by name (501), never a 500.

import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { sqlite } from '../../src/backends/sql/index.js';
import { arraySource, odataEndpoint, sqlJs, sqlSource, type CollectionSource } from '../../src/server/index.js';
import { functionCases, functionModel, functionRegistry, functionRows } from '../support/function-table.js';

async function ids(source: CollectionSource, filter: string) {
  const endpoint = odataEndpoint({ model: functionModel, entitySets: { Places: { source } } });
  const response = await endpoint(
    new Request(`http://geo.test/Places?$select=Id&$orderby=Id&$filter=${encodeURIComponent(filter)}`),
  );
  const text = await response.text();
  return {
    status: response.status,
    text,
    ids: response.ok ? JSON.parse(text).value.map((r: { Id: number }) => r.Id) : [],
  };
}

/** The rows in a sql.js table, each collection as JSON text and each structure as columns. */
async function sqliteSource(): Promise<CollectionSource> {
  const db = new (await initSqlJs()).Database();
  db.run(
    'CREATE TABLE places ("Id" INTEGER, "Name" TEXT, "Lat" REAL, "Lon" REAL, "Qty" INTEGER, "Home_Lat" REAL, "Home_Lon" REAL, "Stops" TEXT, "Scores" TEXT)',
  );
  for (const r of functionRows as readonly Record<string, unknown>[]) {
    const home = r.Home as { Lat: number | null; Lon: number | null } | null;
    db.run('INSERT INTO places VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)', [
      r.Id as number,
      r.Name as string | null,
      r.Lat as number | null,
      r.Lon as number | null,
      r.Qty as number | null,
      home?.Lat ?? null,
      home?.Lon ?? null,
      JSON.stringify(r.Stops),
      r.Scores === null ? null : JSON.stringify(r.Scores),
    ]);
  }
  return sqlSource({
    ...sqlJs(db, sqlite),
    table: 'places',
    collections: { Stops: { json: 'Stops' }, Scores: { json: 'Scores' } },
    functions: functionRegistry,
  });
}

/** The cases a backend refused by name, checked to be few at the end. */
const refused: string[] = [];

describe("a model's functions through the endpoint", () => {
  it.each(functionCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, expected) => {
    for (const [name, source] of [
      ['memory', arraySource(functionRows as object[], { functions: functionRegistry })],
      ['sql.js', await sqliteSource()],
    ] as const) {
      const answer = await ids(source, filter);
      // A case a backend refused by name would be a 501, counted below; any other answer is the table's rows.
      if (answer.status === 501) {
        expect(answer.text, name).toContain('unsupported');
        refused.push(`${name}: ${filter}`);
      } else expect([name, answer.status, answer.ids], answer.text).toEqual([name, 200, [...expected]]);
    }
  });

  it('answers every case on both', () => {
    expect(refused.filter((r) => r.startsWith('memory'))).toEqual([]);
    expect(refused).toEqual([]);
  });

  it('refuses a call without a registry by name: a 501, never a 500', async () => {
    const answer = await ids(arraySource(functionRows as object[]), 'Geo.Scaled(Factor=2) gt 1');
    expect(answer.status, answer.text).toBe(501);
    expect(answer.text).toContain('Geo.Scaled');
  });
});
