// Keyset against offset paging at a deep page, on PGlite: the page after 50,000 of 100,000 events,
// read by `$skip` (the database steps over 50,000 rows) and by `$skiptoken` (the rows after the
// token's row, which the key's index finds). Each request is read, compiled and run. The goal:
// keyset's deep page many times faster than offset's, and as fast as its first page.
// Run: npm run build && node bench/keyset.js

import { PGlite } from '@electric-sql/pglite';
import { compareAsync } from './harness.js';
import { defineSchema } from '../dist/index.js';
import { compileSqlQuery, pageOf, postgres } from '../dist/backends/sql/index.js';
import { parseQuery } from '../dist/query/index.js';

const ROWS = 100_000;
const DEEP = 50_000;

const Event = defineSchema({
  name: 'Event',
  properties: { EventID: { type: 'Edm.Int32', nullable: false }, Code: 'Edm.String' },
});
const resource = {
  schema: Event,
  key: ['EventID'],
  policy: {
    spelling: 'odata',
    defaultTop: 25,
    maxTop: 250,
    keyset: { key: 'a benchmark key of at least thirty-two characters' },
  },
};
const storage = { dialect: postgres, from: 'events', table: 'events' };

const db = new PGlite();
await db.exec(`CREATE TABLE events ("EventID" integer PRIMARY KEY, "Code" text);
  INSERT INTO events SELECT i, 'EV' || i FROM generate_series(1, ${ROWS}) AS i; ANALYZE events;`);

async function page(query) {
  const plan = parseQuery(query, resource);
  const { data } = compileSqlQuery(plan, storage);
  return pageOf((await db.query(data.sql, data.params)).rows, plan);
}

// The token of the deep page's row, as the link before it would carry it.
const before = await page(`$top=25&$skip=${DEEP - 25}`);
const token = before.skipToken;
if (token === undefined) throw new Error('no skiptoken');
const offsetFirst = (await page(`$skip=${DEEP}`)).items[0];
const keysetFirst = (await page(`$skiptoken=${token}`)).items[0];
if (offsetFirst.EventID !== keysetFirst.EventID)
  throw new Error(`the two pages differ: ${offsetFirst.EventID} and ${keysetFirst.EventID}`);

// Each competitor in a function of its own text, so that none shares another's call sites.
async function firstPage() {
  const plan = parseQuery('$top=25', resource);
  const { data } = compileSqlQuery(plan, storage);
  return pageOf((await db.query(data.sql, data.params)).rows, plan);
}
async function deepOffsetPage() {
  const offsetPlan = parseQuery(`$top=25&$skip=${DEEP}`, resource);
  const offsetQuery = compileSqlQuery(offsetPlan, storage).data;
  return pageOf((await db.query(offsetQuery.sql, offsetQuery.params)).rows, offsetPlan);
}
async function keysetPage() {
  const keysetPlan = parseQuery(`$top=25&$skiptoken=${token}`, resource);
  const keysetQuery = compileSqlQuery(keysetPlan, storage).data;
  return pageOf((await db.query(keysetQuery.sql, keysetQuery.params)).rows, keysetPlan);
}

await compareAsync({
  title: `Paging: the page after ${DEEP.toLocaleString('en')} of ${ROWS.toLocaleString('en')} rows on PGlite, by skip and by skiptoken`,
  competitors: [
    { name: 'offset ($skip), first page', run: firstPage },
    { name: `offset ($skip=${DEEP})`, run: deepOffsetPage },
    { name: 'keyset ($skiptoken)', run: keysetPage },
  ],
  inputs: [null],
  baseline: `offset ($skip=${DEEP})`,
  unit: 'pages',
  rounds: 5,
  ms: 400,
});
await db.close();
