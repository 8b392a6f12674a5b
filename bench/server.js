// The endpoint (`odata-filter/server`) against a hand-written handler on the same SQLite (sql.js,
// 10,000 products): four requests a client of a shop sends — a filtered, ordered, counted page; a
// search with a projection; an entity by key; a filter through a relation with an expansion. The
// hand-written handler issues the SQL the endpoint issues, written out beforehand, and writes the
// same bytes (bench/_endpoint-server.js); each server is asked in a loop of its own over one
// keep-alive connection, at concurrency 1.
//
// Then the package's share of a request, measured rather than taken as the difference of two
// throughputs: over N requests of each kind, the mean time of the endpoint's own calls (its
// node:http listener from the call to the body written, less the statements' time in SQLite) against the mean time the
// client waits for the answer.
//
// SAP's CAP is not among the competitors: its licence (the SAP Developer License Agreement) limits
// its use to applications built for SAP's platforms and forbids giving out information about it
// without SAP's written consent, so it cannot be a development dependency of this package.
//
// Run: npm run build && node bench/server.js

import { Agent, request } from 'node:http';
import { startChildServers } from './_child-servers.js';
import { compareAsync } from './harness.js';

const SHARE_REQUESTS = 400;

const { child, servers } = await startChildServers(new URL('./_endpoint-server.js', import.meta.url));

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function send(base, path, method = 'GET') {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request({ host: url.hostname, port: url.port, path, method, agent }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () =>
        res.statusCode === 200
          ? resolve(Buffer.concat(chunks).toString())
          : reject(new Error(`${base}${path}: ${res.statusCode}`)),
      );
    });
    req.on('error', reject);
    req.end();
  });
}

for (const path of servers.requests) {
  const [fromEndpoint, fromHand] = [await send(servers.endpoint, path), await send(servers.hand, path)];
  if (fromEndpoint !== fromHand) throw new Error(`the two servers answer ${path} differently`);
}

const HAND = 'hand-written handler, same SQL';
const rows = await compareAsync({
  title: 'A collection endpoint on SQLite (sql.js, 10,000 rows): four requests, concurrency 1',
  competitors: [
    { name: HAND, run: (path) => send(servers.hand, path) },
    { name: 'odataEndpoint + sqlSource (catalogue)', run: (path) => send(servers.endpoint, path) },
  ],
  inputs: servers.requests,
  baseline: HAND,
  unit: 'requests',
  rounds: 7,
  ms: 1000,
});

// The share: the client's wait per request against the endpoint's own time, per kind of request.
await send(servers.control, '/timings', 'POST');
const waited = new Map();
/** The mean time the client waits for an answer to the path, in ms. */
async function meanWait(base, path) {
  const started = performance.now();
  for (let i = 0; i < SHARE_REQUESTS; i++) await send(base, path);
  return (performance.now() - started) / SHARE_REQUESTS;
}
for (const path of servers.requests)
  waited.set(decodeURIComponent(path), {
    endpoint: await meanWait(servers.endpoint, path),
    hand: await meanWait(servers.hand, path),
  });
const timings = JSON.parse(await send(servers.control, '/timings'));
console.log(`\nThe package's share of a request (mean of ${SHARE_REQUESTS} requests each, concurrency 1)`);
console.log(
  "| request | client waits | endpoint's own calls | SQLite's statements | package's share | hand-written: client waits |",
);
console.log('|---|---:|---:|---:|---:|---:|');
let sumWait = 0;
let sumOwn = 0;
for (const [path, wait] of waited) {
  const t = timings[path];
  const own = (t.listenerMs - t.statementMs) / t.requests;
  sumWait += wait.endpoint;
  sumOwn += own;
  const cell = (ms) => `${(ms * 1000).toFixed(0)} µs`;
  console.log(
    `| \`${path}\` | ${cell(wait.endpoint)} | ${cell(own)} | ${cell(t.statementMs / t.requests)} | ${((own / wait.endpoint) * 100).toFixed(1)}% | ${cell(wait.hand)} |`,
  );
}
console.log(`\nAll four: the package's calls are ${((sumOwn / sumWait) * 100).toFixed(1)}% of the client's wait`);
console.log(`Requests/s against the hand-written handler: ${rows[1].ratio.toFixed(2)}×`);
child.kill('SIGTERM');
agent.destroy();
