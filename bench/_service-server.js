// The two servers bench/service.js compares, in a process of their own so the client's loop does
// not share their event loop: the service (service/dist), and a hand-written handler for the one
// request the bench sends, issuing the same SQL on the same database with the SQL written out
// beforehand — what a server without the package would do. Both authenticate, negotiate, expand,
// complete and render alike; only reading the request and writing its SQL differ.
// Started by bench/service.js; prints one JSON line with the two base URLs.

import { createServer } from 'node:http';
import { parseQuery } from '../dist/query/index.js';
import { compileSqlQuery, expandSqlRows } from '../dist/backends/sql/index.js';
import { openPglite } from '../service/dist/database.js';
import { createDemoDatabase } from '../service/dist/seed.js';
import { createService } from '../service/dist/server.js';
import { Authenticator } from '../service/dist/authenticate.js';
import { accepts } from '../service/dist/http/negotiate.js';
import { send } from '../service/dist/http/respond.js';
import { COLLECTION_BY_NAME } from '../service/dist/authenticated/collections.js';
import { completeExpandedRows } from '../service/dist/authenticated/complete-rows.js';
import { itemLink, link } from '../service/dist/authenticated/represent.js';
import { writeXml } from '../service/dist/xml.js';

export const ORIGIN = 'http://bench.example';
export const PATH =
  "/demo/api/2012-02-01/auth/resources/events/?filter=Status%20eq%20'Active'%20and%20year(StartDateTime)%20eq%202012&top=25&expand=Event/TimeZone,Event/Sessions";

const db = await openPglite();
await createDemoDatabase(db);
const service = createService({ db, publicUrl: ORIGIN });
const serviceBase = await service.listen(0);

// The SQL the request needs, written out once: what the package issues for it.
const events = COLLECTION_BY_NAME.get('events');
const plan = parseQuery(new URL(PATH, ORIGIN).search, events.resource);
const page = compileSqlQuery(plan, events.storage.query).data;
const issued = [];
await expandSqlRows(
  (await db.query(page.sql, page.params)).slice(0, plan.top),
  plan,
  events.storage.expand,
  async (q) => {
    issued.push(q);
    return db.query(q.sql, q.params);
  },
);
const [timeZoneSql, sessionsSql] = issued.map((q) => q.sql);
const context = {
  resources: `${ORIGIN}/demo/api/2012-02-01/auth/resources/`,
  schemaBase: 'http://schemas.example.com/events/2012/02',
  registrationPage: 'https://www.example.com/demo/register',
};
const next = `${ORIGIN}/demo/api/2012-02-01/auth/resources/events/?filter=Status%20eq%20'Active'%20and%20year(StartDateTime)%20eq%202012&top=25&expand=Event%2FTimeZone%2CEvent%2FSessions&skip=25`;
const authenticator = new Authenticator(db);

/** The distinct values of a column in row order: a relation's keys. */
const keysOf = (rows, column) => [...new Set(rows.map((r) => r[column]).filter((v) => v !== null))];

/** Puts each related row on the row holding its key, as a list (to-many) or a row. */
function attach(rows, related, holder, name, many) {
  const byParent = new Map();
  for (const { $parent, $row, ...own } of related) byParent.set($parent, [...(byParent.get($parent) ?? []), own]);
  for (const row of rows) {
    const found = byParent.get(row[holder]) ?? [];
    row[name] = many ? found : (found[0] ?? null);
  }
}

const hand = createServer(async (request, response) => {
  const user = await authenticator.authenticate(request.headers.authorization);
  if (user === undefined || accepts(request.headers.accept, 'application/xml') === false || request.url !== PATH) {
    send(request, response, { status: 400 });
    return;
  }
  const found = await db.query(page.sql, page.params);
  const rows = found.slice(0, 25).map((row) => ({ ...row }));
  attach(rows, await db.query(timeZoneSql, keysOf(rows, 'TimeZoneID')), 'TimeZoneID', 'TimeZone', false);
  attach(rows, await db.query(sessionsSql, keysOf(rows, 'EventID')), 'EventID', 'Sessions', true);
  await completeExpandedRows(db, 'Event', rows, plan.expand);
  const items = rows.map((row) => itemLink(context, 'Event', row, plan.expand));
  const links = [link('self', `${ORIGIN}${request.url}`), ...(found.length > 25 ? [link('next', next)] : []), ...items];
  send(request, response, {
    status: 200,
    headers: { 'Content-Type': 'application/xml; charset=utf-8' },
    body: writeXml({ name: 'Events', children: links }),
  });
});
await new Promise((resolve) => hand.listen(0, '127.0.0.1', resolve));

console.log(JSON.stringify({ service: serviceBase, hand: `http://127.0.0.1:${hand.address().port}` }));
