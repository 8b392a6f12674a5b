// The README's collection endpoint ("Query options"), as it is written there, run on PGlite: a
// request read into a plan, its page and count queries, its expansion, its links, its 400s.

import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defineSchema, isFilterError } from '../../src/index.js';
import { parseQuery, nextLink, selfLink } from '../../src/query/index.js';
import { compileSqlQuery, expandSqlRows, pageOf, postgres } from '../../src/backends/sql/index.js';
import { engineAvailable } from '../engines/availability.js';
import { newPglite } from '../engines/pglite.js';

// ---- the README's example, unchanged but for the import paths --------------------------------

const id = { type: 'Edm.Int32', nullable: false } as const;
const Event = defineSchema({
  name: 'Event',
  properties: {
    EventID: id,
    OrganisationID: id,
    Code: 'Edm.String',
    StartDateTime: 'Edm.DateTimeOffset',
    Notes: 'Edm.String',
    Sessions: { relation: true, collection: { properties: { EventSessionID: id, Status: 'Edm.String' } } },
  },
});
const events = {
  schema: Event,
  key: ['EventID'],
  policy: { spelling: 'odata', defaultTop: 100, maxTop: 250, functions: ['contains', 'startswith', 'year'] },
  rules: { Notes: { filter: false, sort: false, select: false } },
  rowFilter: 'OrganisationID eq @organisation', // no request gets past it
  relations: { Sessions: { key: ['EventSessionID'], rowFilter: "Status ne 'Cancelled'" } },
} as const;
const storage = {
  dialect: postgres,
  from: 'events',
  table: 'events',
  collections: { Sessions: { table: 'sessions', foreignKey: 'event_id', key: 'EventID' } },
};

// GET /events?$filter=year(StartDateTime) eq 2012&$orderby=Code desc&$top=10&$count=true&$select=EventID,Code&$expand=Sessions($top=3)
async function listEvents(
  db: { query(sql: string, params: unknown[]): Promise<{ rows: any[] }> },
  url: URL,
  organisation: number,
) {
  let plan;
  try {
    plan = parseQuery(url.search, events, { parameters: { organisation } });
  } catch (error) {
    if (isFilterError(error))
      return { status: 400, body: { Code: error.code, Message: error.message, Issues: error.issues } };
    throw error;
  }
  const { data, count } = compileSqlQuery(plan, storage); // { sql, params }: every value bound
  const page = pageOf((await db.query(data.sql, data.params)).rows, plan);
  const items = await expandSqlRows(page.items, plan, storage, async (q) => (await db.query(q.sql, q.params)).rows);
  const total = count === undefined ? undefined : Number((await db.query(count.sql, count.params)).rows[0].count);
  return {
    status: 200,
    body: { self: selfLink(url.href), next: nextLink(url.href, plan, page.more), count: total, items },
  };
}

// ---- the example run ---------------------------------------------------------------------------

let db: PGlite;

beforeAll(async () => {
  if (!engineAvailable('pglite')) return;
  db = await newPglite();
  await db.exec(`
    CREATE TABLE events ("EventID" integer, "OrganisationID" integer, "Code" text, "StartDateTime" timestamptz, "Notes" text);
    CREATE TABLE sessions (event_id integer, "EventSessionID" integer, "Status" text);
    INSERT INTO events VALUES
      (1, 7, 'A', '2012-03-01T10:00:00Z', 'secret'), (2, 7, 'B', '2012-05-01T10:00:00Z', NULL), (3, 7, 'C', '2013-01-01T10:00:00Z', NULL),
      (4, 8, 'D', '2012-06-01T10:00:00Z', NULL), (5, 7, 'E&F', '2012-07-01T10:00:00Z', NULL);
    INSERT INTO sessions VALUES (1, 10, 'Open'), (1, 11, 'Cancelled'), (1, 12, 'Open'), (1, 13, 'Open'), (1, 14, 'Open'), (2, 20, 'Cancelled'), (4, 40, 'Open');
  `);
});
afterAll(async () => {
  await db?.close();
});

const BASE = 'https://api.example.com/events';

describe.runIf(engineAvailable('pglite'))("the README's collection endpoint", () => {
  it("is the README's, word for word", () => {
    const example = (text: string): string =>
      text.slice(text.indexOf('const id = {'), text.indexOf('\n}\n', text.indexOf('async function listEvents')) + 3);
    const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
    const here = readFileSync(new URL(import.meta.url), 'utf8');
    expect(example(here).length).toBeGreaterThan(1000);
    expect(example(readme)).toBe(example(here));
  });

  it('pages, counts and expands, following next links, within the organisation', async () => {
    const query = `$filter=${encodeURIComponent('year(StartDateTime) eq 2012')}&$orderby=Code%20desc&$top=2&$count=true&$select=EventID,Code&$expand=${encodeURIComponent('Sessions($top=3)')}`;
    const first = await listEvents(db, new URL(`${BASE}?${query}`), 7);
    expect(first).toEqual({
      status: 200,
      body: {
        self: `${BASE}?${query}`,
        next: expect.stringContaining('$skip=2'),
        count: 3,
        items: [
          { EventID: 5, Code: 'E&F', Sessions: [] },
          { EventID: 2, Code: 'B', Sessions: [] },
        ],
      },
    });
    const second = await listEvents(db, new URL((first.body as { next: string }).next), 7);
    expect(second.body).toEqual({
      self: (first.body as { next: string }).next,
      next: undefined,
      count: 3,
      items: [
        {
          EventID: 1,
          Code: 'A',
          Sessions: [
            { EventSessionID: 10, Status: 'Open' },
            { EventSessionID: 12, Status: 'Open' },
            { EventSessionID: 13, Status: 'Open' },
          ],
        },
      ],
    });
  });

  it("keeps hidden properties out, and another organisation's rows", async () => {
    const response = await listEvents(db, new URL(`${BASE}?$filter=${encodeURIComponent("Code eq 'D'")}`), 7);
    expect(response.body).toMatchObject({ items: [], next: undefined });
    const own = await listEvents(db, new URL(`${BASE}?$top=1`), 8);
    expect((own.body as { items: unknown[] }).items).toEqual([
      { EventID: 4, OrganisationID: 8, Code: 'D', StartDateTime: new Date('2012-06-01T10:00:00Z') },
    ]);
  });

  it.each([
    ["$filter=contains(Notes, 'x')", 'not_filterable'],
    ["$filter=endswith(Code, 'x')", 'function_not_allowed'],
    ['$orderby=Notes', 'not_sortable'],
    ['$top=251', 'top_beyond_maximum'],
    ['$expand=Sessions($filter=Nope eq 1)', 'unknown_property'],
  ])('answers %s with a 400 naming %s', async (query, code) => {
    const response = await listEvents(db, new URL(`${BASE}?${query}`), 7);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ Code: 'BadRequest', Issues: [{ code }] });
  });
});
