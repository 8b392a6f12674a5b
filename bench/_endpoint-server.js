// The two servers bench/server.js compares, in a process of their own so the client's loop does
// not share their event loop, both on one SQLite database (sql.js) of 10,000 products in 50
// categories:
// - the endpoint: `odataEndpoint` over the catalogue's entity sets, under node:http, as the
//   README's quick start serves it;
// - a hand-written handler for the requests the bench sends: each issues the SQL the endpoint
//   issued for it, written out beforehand, and writes the same JSON — what a server without the
//   package would do at best, since it reads no query option at all.
// The endpoint's time is split as it runs: the time of the package's own calls (its node:http
// listener, from the call to the body written, less the statements), and the statements' time in
// SQLite. `GET /timings` on the control port answers them per path, `POST /timings` clears them.
// Started by bench/server.js; prints one JSON line with the three base URLs.

import { createServer } from 'node:http';
import initSqlJs from 'sql.js';
import { pascalCase, readCatalogue } from '../dist/catalogue/index.js';
import { nodeListener, odataEndpoint, sqlJs } from '../dist/server/index.js';

export const REQUESTS = [
  '/Products?$filter=Price gt 50 and Discontinued eq false&$orderby=Price desc,ProductId&$top=20&$count=true',
  "/Products?$filter=contains(Name,'lamp') and Stock gt 0&$select=ProductId,Name,Price&$top=10",
  '/Products(4242)',
  "/Products?$filter=Category/Name eq 'Tools'&$expand=Category&$top=10",
];

const db = new (await initSqlJs()).Database();
db.run(`CREATE TABLE categories (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL)`);
db.run(`CREATE TABLE products (
  product_id INTEGER PRIMARY KEY, name TEXT NOT NULL, price REAL NOT NULL, stock INTEGER NOT NULL,
  discontinued BOOLEAN NOT NULL, category_id INTEGER NOT NULL REFERENCES categories (category_id))`);
db.run(`CREATE INDEX products_category ON products (category_id)`);
const NAMES = ['Tools', 'Garden', 'Kitchen', 'Lighting', 'Office'];
db.run('BEGIN');
for (let c = 1; c <= 50; c++)
  db.run('INSERT INTO categories VALUES (?, ?)', [c, c <= 5 ? NAMES[c - 1] : `Category ${c}`]);
const WORDS = ['lamp', 'saw', 'pot', 'desk', 'rake', 'pan', 'shade', 'drill'];
for (let p = 1; p <= 10_000; p++)
  db.run('INSERT INTO products VALUES (?, ?, ?, ?, ?, ?)', [
    p,
    `${WORDS[p % WORDS.length]} ${p}`,
    ((p * 7919) % 10_000) / 100,
    (p * 31) % 17,
    p % 11 === 0 ? 1 : 0,
    1 + (p % 50),
  ]);
db.run('COMMIT');

// The statements' time: sql.js runs each synchronously, so the time around a call is SQLite's.
let statementMs = 0;
let recording;
const measured = {
  ...sqlJs(db),
  query: async (text, values) => {
    recording?.push({ text, values });
    const started = performance.now();
    try {
      return await sqlJs(db).query(text, values);
    } finally {
      statementMs += performance.now() - started;
    }
  },
};
const catalogue = await readCatalogue(measured, { namespace: 'Shop', names: pascalCase });
const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(measured) });

/** Per path: requests, the listener's time, the statements' time (ms, summed). */
const timings = new Map();
const listener = nodeListener(endpoint);
// The endpoint's own time runs from the listener's call to its `end()`: reading the request into
// a Request, the handler, and the Response written back; the statements' time within it is SQLite's.
const served = createServer((req, res) => {
  const statementsBefore = statementMs;
  const started = performance.now();
  const end = res.end;
  res.end = (...args) => {
    const listenerMs = performance.now() - started;
    const path = decodeURIComponent(req.url);
    const t = timings.get(path) ?? { requests: 0, listenerMs: 0, statementMs: 0 };
    t.requests++;
    t.listenerMs += listenerMs;
    t.statementMs += statementMs - statementsBefore;
    timings.set(path, t);
    return end.apply(res, args);
  };
  listener(req, res);
});
await new Promise((resolve) => served.listen(0, '127.0.0.1', resolve));
const endpointBase = `http://127.0.0.1:${served.address().port}`;

// What the endpoint issues and answers for each request, recorded once: the hand-written handler
// issues the same statements and must answer the same bytes.
const written = new Map();
for (const path of REQUESTS) {
  recording = [];
  const response = await endpoint(new Request(`${endpointBase}${encodeURI(path)}`));
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  written.set(encodeURI(path), { statements: recording, body: await response.text() });
}
recording = undefined;
timings.clear();

/** The rows of one statement, as the driver gives them. */
function rowsOf({ text, values }) {
  const statement = db.prepare(text);
  try {
    statement.bind(values);
    const rows = [];
    while (statement.step()) rows.push(statement.getAsObject());
    return rows;
  } finally {
    statement.free();
  }
}

const CONTEXT = `${endpointBase}/$metadata#Products`;
/**
 * A product as OData writes it: SQLite's 0 and 1 as Booleans, and its integers (Int64, which the
 * statements read as text so that sql.js keeps every digit) as numbers again.
 */
const product = (row) => ({
  ProductId: Number(row.ProductId),
  Name: row.Name,
  Price: row.Price,
  Stock: Number(row.Stock),
  Discontinued: row.Discontinued === 1,
  CategoryId: Number(row.CategoryId),
});

// One function per request, as a person writes an endpoint for each screen of an application.
const HANDLERS = [
  ([page, count]) => {
    const rows = rowsOf(page);
    const n = Number(Object.values(rowsOf(count)[0])[0]);
    return {
      '@odata.context': CONTEXT,
      '@odata.count': n,
      value: rows.slice(0, 20).map(product),
      ...(rows.length > 20 ? { '@odata.nextLink': NEXT_LINKS[0] } : {}),
    };
  },
  ([page]) => {
    const rows = rowsOf(page);
    return {
      '@odata.context': `${endpointBase}/$metadata#Products(ProductId,Name,Price)`,
      value: rows.slice(0, 10).map((r) => ({ ProductId: Number(r.ProductId), Name: r.Name, Price: r.Price })),
      ...(rows.length > 10 ? { '@odata.nextLink': NEXT_LINKS[1] } : {}),
    };
  },
  ([one]) => {
    const [row] = rowsOf(one);
    return { '@odata.context': `${endpointBase}/$metadata#Products/$entity`, ...product(row) };
  },
  ([page, related]) => {
    const rows = rowsOf(page);
    const categories = new Map(rowsOf(related).map((c) => [c.CategoryId, c]));
    const value = rows.slice(0, 10).map((r) => {
      const category = categories.get(r.CategoryId);
      return {
        ...product(r),
        Category: category === undefined ? null : { CategoryId: Number(category.CategoryId), Name: category.Name },
      };
    });
    return {
      // OData 4.01 names the expansion in the context URL, with nothing selected under it.
      '@odata.context': `${CONTEXT}(Category())`,
      value,
      ...(rows.length > 10 ? { '@odata.nextLink': NEXT_LINKS[3] } : {}),
    };
  },
];
/** The next links the endpoint wrote, as a hand-written handler would write them out. */
const NEXT_LINKS = REQUESTS.map((path) => JSON.parse(written.get(encodeURI(path)).body)['@odata.nextLink']);
const byPath = new Map(
  REQUESTS.map((path, i) => [encodeURI(path), { handler: HANDLERS[i], ...written.get(encodeURI(path)) }]),
);

const hand = createServer((request, response) => {
  const route = byPath.get(request.url);
  if (route === undefined) {
    response.writeHead(404).end();
    return;
  }
  const body = JSON.stringify(route.handler(route.statements));
  response.writeHead(200, { 'Content-Type': 'application/json;odata.metadata=minimal', 'OData-Version': '4.01' });
  response.end(body);
});
await new Promise((resolve) => hand.listen(0, '127.0.0.1', resolve));
const handBase = `http://127.0.0.1:${hand.address().port}`;

const control = createServer((request, response) => {
  if (request.method === 'POST') timings.clear();
  response.writeHead(200, { 'Content-Type': 'application/json' });
  response.end(JSON.stringify(Object.fromEntries(timings)));
});
await new Promise((resolve) => control.listen(0, '127.0.0.1', resolve));

console.log(
  JSON.stringify({
    endpoint: endpointBase,
    hand: handBase,
    control: `http://127.0.0.1:${control.address().port}`,
    requests: REQUESTS.map((path) => encodeURI(path)),
  }),
);
