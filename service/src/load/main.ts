// `npm run load`: a load run of the service on loopback, bounded in count and time. It starts the
// built service (service/dist/main.js, on PGlite in memory, or on $DATABASE_URL's PostgreSQL as
// `npm start` would) on a free port, sends it a fixed mix of both interfaces' requests from
// concurrent keep-alive clients, each answer checked for its expected status and media type,
// prints the requests per second, the latency percentiles and the first errors, stops the service
// with SIGTERM, and exits 1 when any request was answered wrongly, when the public interface's p90
// passed 1 s (or the service did not stop cleanly), 0 otherwise. Meanwhile one more client, as
// `events-only`, repeats the costliest request a user may send on that engine
// (costliest-request.ts): the public interface must stay fast while it does.
//
// The service runs in a child process of its own, as a user runs it, so that the clients do not
// share its event loop: in one process the clients' work would be counted in the server's
// latencies and would take turns with it, and the figures would measure both together.
//
// Options (a flag, else the environment variable, else the default):
//   --clients N    LOAD_CLIENTS    32      concurrent clients, over one keep-alive agent
//   --requests N   LOAD_REQUESTS   20000   requests in all (fewer when the time runs out first)
//   --seconds N    LOAD_SECONDS    120     the most time the run takes to send them
//   --seed N       LOAD_SEED       1       the seed of the requests drawn from the mix
// For example: npm run load -- --requests 5000 --clients 16

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { DEFAULT_MAX_STRING_COST } from 'odata-filter';
import { PGLITE_REQUEST_COST, POSTGRES_REQUEST_COST } from '../request-cost.js';
import { costliestFilter, costliestRequest } from './costliest-request.js';
import { formatReport, runLoad } from './run-load.js';

const MAIN = fileURLToPath(new URL('../main.js', import.meta.url));
const BANNER = /Interface A \(XML, HTTP Basic\): (http:\/\/127\.0\.0\.1:\d+)\//;
/** Writing the demo data on PGlite takes a few seconds; a slow machine gets more. */
const STARTUP_MS = 120_000;
const STOP_MS = 15_000;

function usage(message: string): never {
  console.error(`${message}\nusage: npm run load -- [--clients N] [--requests N] [--seconds N] [--seed N]`);
  process.exit(64);
}

function options(): { clients: number; requests: number; seconds: number; seed: number } {
  let values: Record<string, string | undefined>;
  try {
    ({ values } = parseArgs({
      options: {
        clients: { type: 'string' },
        requests: { type: 'string' },
        seconds: { type: 'string' },
        seed: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    usage((error as Error).message);
  }
  const number = (name: string, fallback: number, integer: boolean, least: number): number => {
    const text = values[name] ?? process.env[`LOAD_${name.toUpperCase()}`];
    if (text === undefined || text === '') return fallback;
    const value = Number(text);
    if (!Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < least)
      usage(`--${name} must be ${integer ? 'an integer' : 'a number'} of at least ${least}, not '${text}'`);
    return value;
  };
  return {
    clients: number('clients', 32, true, 1),
    requests: number('requests', 20_000, true, 1),
    seconds: number('seconds', 120, false, 0.001),
    seed: number('seed', 1, true, 0),
  };
}

/** Starts main.js on a free port and waits for its banner; its later output is read and dropped, but for errors. */
async function startService(): Promise<{ child: ChildProcess; base: string; errors: () => string[] }> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  const errors: string[] = [];
  // One line per request: read them all (a full pipe would stall the service), keep the errors.
  let pending = '';
  const read = (chunk: Buffer): void => {
    if (!started) {
      output += chunk.toString();
      return;
    }
    const lines = (pending + chunk.toString()).split('\n');
    pending = lines.pop()!;
    for (const line of lines) if (line.startsWith('error ') && errors.length < 10) errors.push(line);
  };
  child.stdout!.on('data', read);
  child.stderr!.on('data', (chunk: Buffer) => {
    if (!started) output += chunk.toString();
    else if (errors.length < 10) errors.push(chunk.toString().trimEnd());
  });
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`no banner from ${MAIN} within ${STARTUP_MS / 1000} s:\n${output}`)),
      STARTUP_MS,
    );
    const look = (): void => {
      const match = BANNER.exec(output);
      if (match === null) return;
      started = true;
      clearTimeout(timer);
      resolve(match[1]!);
    };
    child.stdout!.on('data', look);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${MAIN} exited with ${code ?? signal} before its banner:\n${output}`));
    });
  });
  return { child, base, errors: () => errors };
}

/** SIGTERM, then the exit code (or the signal that ended it); SIGKILL if it does not stop in time. */
function stop(child: ChildProcess): Promise<number | string | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode ?? child.signalCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_MS);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve(code ?? signal);
    });
    child.kill('SIGTERM');
  });
}

const settings = options();
let service: Awaited<ReturnType<typeof startService>>;
try {
  service = await startService();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
// Ctrl-C reaches the child too (one process group); a plain kill of this process should as well.
process.once('SIGTERM', () => {
  service.child.kill('SIGTERM');
  process.exit(143);
});

console.log(
  `Load run: ${settings.requests} requests at most, ${settings.clients} clients, ${settings.seconds} s at most, against ${service.base} (pid ${service.child.pid})`,
);
/** The goal of the public interface under load: its p90, in ms. */
const PUBLIC_P90_MS = 1_000;
const bound =
  (process.env.DATABASE_URL ? POSTGRES_REQUEST_COST : PGLITE_REQUEST_COST).filterLimits.maxStringCost ??
  DEFAULT_MAX_STRING_COST;
const costliest = costliestFilter(bound);
console.log(
  `One events-only client repeats the costliest request (a ${costliest.filter.length}-character filter of string cost ${costliest.cost.toLocaleString('en-US')})`,
);
let failed = false;
try {
  const report = await runLoad({ base: service.base, ...settings, costly: costliestRequest(bound) });
  console.log(formatReport(report));
  failed = report.errors > 0;
  if (report.latency.b.p90 > PUBLIC_P90_MS) {
    console.error(`The public interface's p90 is ${report.latency.b.p90.toFixed(0)} ms, beyond ${PUBLIC_P90_MS} ms`);
    failed = true;
  }
} catch (error) {
  console.error(`The load run failed: ${(error as Error)?.stack ?? String(error)}`);
  failed = true;
}
const serverErrors = service.errors();
if (serverErrors.length > 0) console.log(`The service logged:\n${serverErrors.map((line) => `  ${line}`).join('\n')}`);
const exit = await stop(service.child);
if (exit !== 0) {
  console.error(`The service did not stop cleanly on SIGTERM: ${exit}`);
  failed = true;
}
process.exit(failed ? 1 : 0);
