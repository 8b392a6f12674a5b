// WORKERS=n: n service processes on one port (node:cluster hands each connection to one of them)
// and one PostgreSQL server. They share nothing in memory — every answer is made from the request
// and the database alone; what a process counts for itself (concurrent requests, login failures
// per client address) is counted per process (docs/service.md, "Several processes").
//
// The primary writes the demo data once before the workers start, relays SIGUSR2 to them, stops
// them on SIGINT or SIGTERM and waits for each to stop cleanly, and replaces one that dies.

import cluster from 'node:cluster';
import type { Worker } from 'node:cluster';
import type { Environment } from './environment.js';
import { openDatabase, seedIfEmpty, tryPort } from './serve.js';

/** Starts the workers; resolves to the base URL once every one listens, or exits as the first that cannot start. */
export async function startWorkers(env: Environment): Promise<{ readonly base: string; readonly description: string }> {
  // A busy port is said before the database is reached, as by one process.
  await tryPort(env);
  const db = await openDatabase(env);
  const description = db.description;
  try {
    await seedIfEmpty(db);
  } finally {
    await db.close();
  }

  let stopping = false;
  const listening = new Set<Worker>();
  const fork = (): Worker => {
    const worker = cluster.fork();
    worker.once('listening', () => listening.add(worker));
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      if (!listening.has(worker)) {
        // It could not start (a busy port, a database it cannot reach): it said why; so do all.
        stopping = true;
        for (const other of Object.values(cluster.workers ?? {})) other?.process.kill('SIGTERM');
        process.exit(code ?? 70);
      }
      listening.delete(worker);
      console.error(`worker ${worker.process.pid} ended (${signal ?? `exit ${code}`}); starting another`);
      const replacement = fork();
      replacement.once('listening', () =>
        console.log(`worker ${replacement.process.pid} listening in place of ${worker.process.pid}`),
      );
    });
    return worker;
  };

  const address = await new Promise<{ address: string; port: number }>((resolve) => {
    let ready = 0;
    for (let i = 0; i < env.workers; i++)
      fork().once('listening', (at) => {
        if (++ready === env.workers) resolve(at);
      });
  });

  const stop = (signal: NodeJS.Signals): void => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: stopping ${env.workers} workers`);
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    let left = workers.length;
    let failed = false;
    for (const worker of workers) {
      worker.once('exit', (code, signal) => {
        // A worker still starting has no handler yet, and the signal ends it at once: no request was under way.
        failed ||= code !== 0 && !(signal === 'SIGTERM' && !listening.has(worker));
        if (--left === 0) process.exit(failed ? 1 : 0);
      });
      worker.process.kill('SIGTERM');
    }
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGUSR2', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGUSR2');
  });

  const host = env.host.includes(':') ? `[${env.host}]` : env.host;
  const pids = Object.values(cluster.workers ?? {}).map((w) => w?.process.pid);
  return {
    base: `http://${host}:${address.port}`,
    description: `${description}, in ${env.workers} processes (${pids.join(', ')})`,
  };
}
