// `npm start`'s program as a user runs it: the built service/dist/main.js in a process of its own,
// its banner, a request to each interface, a clean stop on SIGTERM and SIGINT (at once, with a
// half-sent request head open), the demo data kept in a PGlite data directory between starts, and
// a busy port told in one line.

import { spawn } from 'node:child_process';
import { connect, createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { A, B, get } from './support/service.js';
import { exited, MAIN, start, stopped, waitFor } from './support/main-process.js';
// The run's provided values (pgliteSnapshot) are declared with the global setup.
import type {} from '../../test/global-setup.js';

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
    expect(output()).toMatch(
      / GET \/demo\/api\/2012-02-01\/auth\/resources\/events\/\?top=1 200 \d+B [\d.]+ms user=admin\n/,
    );
    expect(output()).toMatch(/ GET \/api\/2012-02-01\/pub\/resources\/timezones\/\?format=json 200 \d+B [\d.]+ms\n/);
    expect(output()).toMatch(/SIGTERM: stopping/);
  });

  // The directory starts as a new database cluster without the demo data, made from the run's
  // PGlite snapshot (initdb took most of this test's time; the in-memory start above runs it).
  // The second start reads the data directory, not the demo data: the cheapest start, so it is
  // also the one that checks a stop with a half-sent request head open.
  it('keeps the demo data in PGLITE_DATA_DIR: written on the first start only; stops on SIGINT, and on SIGTERM at once with a half-sent request head open; a busy port is one line', async () => {
    const snapshot = inject('pgliteSnapshot');
    if (typeof snapshot === 'string')
      await (await PGlite.create({ dataDir: directory, loadDataDir: new Blob([readFileSync(snapshot)]) })).close();
    const first = await start({ PGLITE_DATA_DIR: directory });
    expect(first.output()).toMatch(/Demo data written/);
    expect(await stopped(first.child, 'SIGINT'), first.output()).toBe(0);
    const second = await start({ PGLITE_DATA_DIR: directory });
    expect(second.output()).not.toMatch(/Demo data written/);
    expect(second.output()).toContain(`data in ${directory}`);
    expect((await get(second.base, `${A}contacts/?top=1`, { user: 'admin' })).status).toBe(200);
    const url = new URL(second.base);
    const socket = connect(Number(url.port), url.hostname);
    socket.on('error', () => undefined);
    await new Promise((resolve) => socket.once('connect', resolve));
    socket.write(`GET ${B}venues/ HTTP/1.1\r\nHost: x\r\nAcc`);
    const closed = new Promise((resolve) => socket.once('close', resolve));
    const started = Date.now();
    expect(await stopped(second.child, 'SIGTERM'), second.output()).toBe(0);
    await closed;
    // Within the grace period (10 s), and in fact at once: the half-open connection has no request under way.
    expect(Date.now() - started).toBeLessThan(10_000);
    // A port another program holds is one line, not a stack trace, said before the database is
    // opened: a new data directory is not made.
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const unmade = join(directory, 'not-made');
      const refused = await exited({ PGLITE_DATA_DIR: unmade, PORT: String(port) });
      expect(refused).toEqual({ code: 69, output: `port ${port} is in use; set PORT\n` });
      expect(existsSync(unmade)).toBe(false);
    } finally {
      busy.close();
    }
  });

  it('says a busy port before the PostgreSQL server is reached, in WORKERS processes too', async () => {
    // No server listens at the URL: a primary that reached for it first failed on the connection
    // (or, on a server, wrote the demo data) before a worker found the port taken.
    const busy = createServer();
    await new Promise<void>((resolve) => busy.listen(0, '127.0.0.1', resolve));
    const port = (busy.address() as AddressInfo).port;
    try {
      const unreachable = 'postgres://nobody@127.0.0.1:1/none';
      for (const workers of ['1', '2'])
        expect(await exited({ DATABASE_URL: unreachable, WORKERS: workers, PORT: String(port) }), workers).toEqual({
          code: 69,
          output: `port ${port} is in use; set PORT\n`,
        });
    } finally {
      busy.close();
    }
  });

  it('refuses a PORT that is no port number', async () => {
    const child = spawn(process.execPath, [MAIN], { env: { ...process.env, PORT: 'eighty' }, stdio: 'ignore' });
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(64);
  });

  it('refuses WORKERS that is no number of processes, or above 1 without a PostgreSQL server, in a line', async () => {
    expect(await exited({ WORKERS: 'two' })).toEqual({
      code: 64,
      output: "WORKERS must be a number of processes from 1 to 99, not 'two'\n",
    });
    expect(await exited({ WORKERS: '2', DATABASE_URL: '' })).toEqual({
      code: 64,
      output: 'WORKERS above 1 needs DATABASE_URL: the processes share one PostgreSQL server\n',
    });
  });
});
