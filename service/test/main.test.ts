// `npm start`'s program as a user runs it: the built service/dist/main.js in a process of its own,
// its banner, a request to each interface, a clean stop on SIGTERM and SIGINT, and the demo data
// kept in a PGlite data directory between starts.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { A, B, get } from './support/service.js';

const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

interface Started {
  readonly child: ChildProcess;
  readonly base: string;
  readonly output: () => string;
}

/** Starts main.js on a free port and waits for its banner. */
async function start(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, PORT: '0', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${output}`)), 60_000);
    const look = (): void => {
      const match = /Interface A \(XML, HTTP Basic\): (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => reject(new Error(`main.js exited with ${code}:\n${output}`)));
  });
  return { child, base, output: () => output };
}

/** Resolves once the output shows the pattern (the process's log is where a signal's effect shows). */
async function waitFor(output: () => string, pattern: RegExp): Promise<void> {
  for (let waited = 0; !pattern.test(output()); waited += 20) {
    if (waited > 10_000) throw new Error(`no ${pattern} in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The exit of the process after the signal: its code, or the signal that ended it. */
function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<number | string | null> {
  return new Promise((resolve) => {
    child.once('exit', (code, by) => resolve(code ?? by));
    child.kill(signal);
  });
}

describe('npm start (service/dist/main.js)', () => {
  it('is built (npm test builds it; so does npm start)', () => {
    expect(existsSync(MAIN), `${MAIN} is missing: run \`npm run typecheck\``).toBe(true);
  });

  const directory = mkdtempSync(join(tmpdir(), 'odata-filter-service-'));
  afterAll(() => rmSync(directory, { recursive: true, force: true }));

  it('serves both interfaces, logs one line per request, switches maintenance on SIGUSR2, and stops cleanly on SIGTERM', async () => {
    const { child, base, output } = await start();
    expect(output()).toMatch(/PGlite \(embedded PostgreSQL\), in memory/);
    expect(output()).toMatch(/admin \/ admin-demo/);
    expect((await get(base, `${A}events/?top=1`, { user: 'admin' })).status).toBe(200);
    expect((await get(base, `${B}timezones/?format=json`)).status).toBe(200);
    child.kill('SIGUSR2');
    await waitFor(output, /maintenance on/);
    expect((await get(base, `${B}timezones/?format=json`)).status).toBe(503);
    child.kill('SIGUSR2');
    await waitFor(output, /maintenance off/);
    expect((await get(base, `${B}timezones/?format=json`)).status).toBe(200);
    expect(await stopped(child, 'SIGTERM')).toBe(0);
    expect(output()).toMatch(/ GET \/demo\/api\/2012-02-01\/auth\/resources\/events\/\?top=1 200 \d+B [\d.]+ms user=admin\n/);
    expect(output()).toMatch(/ GET \/api\/2012-02-01\/pub\/resources\/timezones\/\?format=json 200 \d+B [\d.]+ms\n/);
    expect(output()).toMatch(/SIGTERM: stopping/);
  });

  it('keeps the demo data in PGLITE_DATA_DIR: written on the first start only; stops on SIGINT', async () => {
    const first = await start({ PGLITE_DATA_DIR: directory });
    expect(first.output()).toMatch(/Demo data written/);
    expect(await stopped(first.child, 'SIGINT'), first.output()).toBe(0);
    const second = await start({ PGLITE_DATA_DIR: directory });
    expect(second.output()).not.toMatch(/Demo data written/);
    expect(second.output()).toContain(`data in ${directory}`);
    expect((await get(second.base, `${A}contacts/?top=1`, { user: 'admin' })).status).toBe(200);
    expect(await stopped(second.child, 'SIGINT'), second.output()).toBe(0);
  });

  it('refuses a PORT that is no port number', async () => {
    const child = spawn(process.execPath, [MAIN], { env: { ...process.env, PORT: 'eighty' }, stdio: 'ignore' });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(64);
  });
});
