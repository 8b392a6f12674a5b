// `npm start`: the service on 127.0.0.1:$PORT (8080), over PGlite in memory — or in
// $PGLITE_DATA_DIR, kept between starts — or over the PostgreSQL server at $DATABASE_URL, in
// $WORKERS processes (1); the demo data is written on first start. Stops cleanly on SIGINT and
// SIGTERM. docs/service.md, "Running it", lists the variables.

import cluster from 'node:cluster';
import { readEnvironment } from './start/environment.js';
import { serve } from './start/serve.js';
import { startWorkers } from './start/workers.js';

const env = readEnvironment(process.env);

if (env.workers === 1 || !cluster.isPrimary) {
  const { base, db } = await serve(env);
  if (cluster.isPrimary) printBanner(base, db.description);
} else {
  const { base, description } = await startWorkers(env);
  printBanner(base, description);
}

/** The banner last: whoever waits for it may signal the process at once. */
function printBanner(base: string, description: string): void {
  console.log(`Event management service on ${description}

  Interface A (XML, HTTP Basic): ${base}/demo/api/2012-02-01/auth/resources/
    curl -u admin:admin-demo '${base}/demo/api/2012-02-01/auth/resources/events/?filter=Status%20eq%20%27Active%27&top=2&expand=Event/TimeZone'
  Interface B (JSON, public):    ${base}/api/2012-02-01/pub/resources/
    curl '${base}/api/2012-02-01/pub/resources/presenters/?format=json&top=3&includeTotalCount=true'

  Users: admin / admin-demo (every collection), events-only / events-demo (events only)
  Ctrl-C stops it; kill -USR2 ${process.pid} switches maintenance (503) on and off.`);
}
