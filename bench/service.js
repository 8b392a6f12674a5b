// The package's share of a request to the service: one filtered, expanded page of interface A
// (`filter=Status eq 'Active' and year(StartDateTime) eq 2012&top=25&expand=Event/TimeZone,Event/Sessions`,
// four queries on PGlite), through the service — parseQuery, compileSqlQuery, expandSqlRows —
// against a hand-written handler that issues the same SQL, written out beforehand, and renders
// the same XML. Both servers run in a child process (bench/_service-server.js); each is asked in
// a loop of its own over one keep-alive connection, and must answer byte for byte alike. The
// goal: the package's layer costs at most 10% of the request, i.e. the service runs at 0.90× or
// more of the hand-written handler.
// Run: npm run build && tsc -p service/tsconfig.build.json && node bench/service.js

import { Agent, request } from 'node:http';
import { startChildServers } from './_child-servers.js';
import { compareAsync } from './harness.js';

const PATH =
  "/demo/api/2012-02-01/auth/resources/events/?filter=Status%20eq%20'Active'%20and%20year(StartDateTime)%20eq%202012&top=25&expand=Event/TimeZone,Event/Sessions";
const AUTHORIZATION = `Basic ${Buffer.from('admin:admin-demo').toString('base64')}`;

const { child, servers: bases } = await startChildServers(new URL('./_service-server.js', import.meta.url));

const agent = new Agent({ keepAlive: true, maxSockets: 1 });
function get(base) {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        path: PATH,
        agent,
        headers: { Authorization: AUTHORIZATION, Accept: 'application/xml' },
      },
      (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          res.statusCode === 200
            ? resolve(Buffer.concat(chunks).toString())
            : reject(new Error(`${base}: ${res.statusCode}`)),
        );
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const [fromService, fromHand] = [await get(bases.service), await get(bases.hand)];
if (fromService !== fromHand) throw new Error('the two servers answer differently');

const rows = await compareAsync({
  title:
    'The service: one filtered, expanded page of interface A on PGlite, against a hand-written handler issuing the same SQL',
  competitors: [
    { name: 'hand-written handler, same SQL', run: () => get(bases.hand) },
    { name: 'service (parseQuery, compileSqlQuery, expandSqlRows)', run: () => get(bases.service) },
  ],
  inputs: [PATH],
  baseline: 'hand-written handler, same SQL',
  unit: 'requests',
  rounds: 7,
  ms: 1000,
});
const share = 1 - rows[1].rate / rows[0].rate;
console.log(`\nThe package's share of the request: ${(share * 100).toFixed(1)}% (goal: at most 10%)`);
child.kill('SIGTERM');
agent.destroy();
