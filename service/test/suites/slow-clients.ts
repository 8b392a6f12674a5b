// Slow and greedy clients over HTTP: a request head that never ends is a 408, a client that never
// reads its answers is closed (its unread answers freed, and no more of its pipelined requests
// worked out than the network's buffers take), and 10,000 unknown options make an error
// body of a few issues and a count, not one of every issue. A slow database is none of these: the
// time the service takes to answer is not the client's stall.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Statements } from '../../src/database.js';
import { createService } from '../../src/server.js';
import { A, B, get, rawConnection, startService } from '../support/service.js';
import type { Running } from '../support/service.js';
import { parseXml } from '../support/xml-tree.js';

/** A field of one of the kernel's TCP buffer settings (min, default, max), in bytes. */
const kernelBufferBytes = (setting: 'tcp_wmem' | 'tcp_rmem', field: 0 | 1 | 2): number =>
  Number(readFileSync(`/proc/sys/net/ipv4/${setting}`, 'utf8').trim().split(/\s+/)[field]);

const openConnections = (s: Running): Promise<number> =>
  new Promise((resolve, reject) => s.service.server.getConnections((error, n) => (error ? reject(error) : resolve(n))));

/** How the suite's database is slowed and watched. */
interface Delay {
  /** How late each statement of a request starts. */
  ms: number;
  /** Set once the test has seen its connection closed. */
  closed: boolean;
  /** The statements asked for after that and run: not refused as their request's. */
  ranAfterClose: number;
}

/** The database with each statement of a request started `delay.ms` late, and those run after the close counted. */
function delayed(db: Database, delay: Delay): Database {
  const wait = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, delay.ms));
  const watched = async <T>(run: () => Promise<T>): Promise<T> => {
    await wait();
    const afterClose = delay.closed;
    const result = await run();
    if (afterClose) delay.ranAfterClose++;
    return result;
  };
  const late = (statements: Statements): Statements => ({
    query: (sql, params) => watched(() => statements.query(sql, params)),
    exec: (sql) => watched(() => statements.exec(sql)),
  });
  return Object.assign(Object.create(db) as Database, { within: (signal: AbortSignal) => late(db.within(signal)) });
}

export function slowClientsSuite(engine: string, open: () => Promise<Database>): void {
  describe(`slow and greedy clients on ${engine}`, () => {
    let s: Running;
    const delay: Delay = { ms: 0, closed: false, ranAfterClose: 0 };
    beforeAll(async () => {
      s = await startService(delayed(await open(), delay), { headTimeoutMs: 500, stalledTimeoutMs: 1_500 });
    });
    afterAll(async () => s?.stop());

    it('answers a request head that does not end in time 408, and closes the connection', async () => {
      const slow = await rawConnection(s.base);
      slow.socket.write(`GET ${B}venues/ HTTP/1.1\r\nHost: x\r\n`);
      const started = Date.now();
      await slow.closed;
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(slow.received()).toMatch(/^HTTP\/1\.1 408 /);
      expect(s.log.some((line) => line.includes('unreadable request') && line.endsWith(' 408'))).toBe(true);
    });

    it('closes a connection whose client never reads its answers, having worked out only what the buffers take', async () => {
      const logged = s.log.length;
      const greedy = await rawConnection(s.base);
      greedy.socket.pause();
      const auth = `Basic ${Buffer.from('admin:admin-demo').toString('base64')}`;
      const request = `GET ${A}events/?top=250&expand=Event/Sessions HTTP/1.1\r\nHost: x\r\nAuthorization: ${auth}\r\n\r\n`;
      greedy.socket.write(request.repeat(40));
      for (let waited = 0; (await openConnections(s)) > 0; waited += 100) {
        // The stalled timeout (1.5 s) from the last progress, after the answers that fit were
        // written; run twice (3 s), as Node counts the bytes taken after the last write as progress
        // when its clock first runs out.
        expect(waited).toBeLessThan(30_000);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      greedy.socket.destroy();
      // Its pipelined requests are worked out one at a time, each once the answers before it have
      // drained into the network's buffers: the kernel's send buffer (at most tcp_wmem's largest)
      // and the client's receive buffer, which grows only as the client reads (tcp_rmem's default).
      // Beyond those, one answer is held in the service's memory. (Each request's answer was worked
      // out ahead and held: all 40, 40 MB, on both engines.)
      const answers = s.log.slice(logged).filter((line) => line.includes('events/?top=250') && / 200 \d+B /.test(line));
      const answerBytes = Number(/ 200 (\d+)B /.exec(answers[0] ?? '')?.[1]);
      const buffered = kernelBufferBytes('tcp_wmem', 2) + kernelBufferBytes('tcp_rmem', 1);
      expect(answers.length).toBeGreaterThan(0);
      expect(answers.length).toBeLessThanOrEqual(Math.ceil(buffered / answerBytes) + 1);
      // Its requests still waiting for an answer run no statement asked for once it is closed: a
      // statement under way ends, and the next is refused. (The server counts the connection gone
      // as it destroys it; its 'close' follows within a turn or two of the event loop.)
      await new Promise((resolve) => setTimeout(resolve, 50));
      delay.closed = true;
      await new Promise((resolve) => setTimeout(resolve, 400));
      delay.closed = false;
      expect(delay.ranAfterClose).toBe(0);
      expect((await get(s.base, `${B}venues/`, { headers: { Accept: 'application/json' } })).status).toBe(200);
    });

    it('answers a request the database takes longer than the stalled timeout to answer', async () => {
      // A service of its own on the suite's database, with a stalled timeout short enough that a
      // short delay of the database outlasts it.
      const quick = createService({ db: s.db, stalledTimeoutMs: 200, log: () => undefined });
      const base = await quick.listen(0);
      delay.ms = 500;
      try {
        const started = Date.now();
        const json = await get(base, `${B}venues/?top=1`, { headers: { Accept: 'application/json' } });
        expect(Date.now() - started).toBeGreaterThanOrEqual(500);
        expect(json.status).toBe(200);
        expect(JSON.parse(json.text).Items).toHaveLength(1);
      } finally {
        delay.ms = 0;
        await quick.close();
      }
    });

    it('names the first issues of 10,000 unknown options and counts the rest', async () => {
      const options = Array.from({ length: 10_000 }, (_, i) => `o${i}=1`).join('&');
      const xml = await get(s.base, `${A}events/?${options}`, { user: 'admin' });
      expect(xml.status).toBe(400);
      expect(xml.text.length).toBeLessThan(2_000);
      const message = JSON.stringify(parseXml(xml.text));
      expect(message).toContain('10000 problems');
      expect(message).toContain("Unknown option 'o0'");
      expect(message).toContain('and 9990 more');
      const json = await get(s.base, `${B}venues/?${options}`, { headers: { Accept: 'application/json' } });
      expect(json.status).toBe(400);
      expect(json.text.length).toBeLessThan(2_000);
      expect(JSON.parse(json.text).Message).toMatch(/^10000 problems: .*; and 9990 more$/);
    });
  });
}
