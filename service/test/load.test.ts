// The load run (service/src/load): the whole mix answered as expected by the service on PGlite,
// exactly the number of requests asked for, percentiles in order; and what counts as an error —
// a wrong status, a wrong media type, a 500, a failed connection — counted as one.

import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDemoPglite } from './support/demo-pglite.js';
import { MIX, checkResponse, drawRequest, formatReport, prng, runLoad } from '../src/load/run-load.js';
import type { LatencyStats, LoadRequest } from '../src/load/run-load.js';
import { get, startService } from './support/service.js';
import type { Running } from './support/service.js';

const ordered = (stats: LatencyStats): void => {
  expect(stats.p50).toBeLessThanOrEqual(stats.p90);
  expect(stats.p90).toBeLessThanOrEqual(stats.p99);
  expect(stats.p99).toBeLessThanOrEqual(stats.max);
};

describe('a load run against the service on PGlite', () => {
  let s: Running;
  beforeAll(async () => {
    s = await startService(await sharedDemoPglite());
  });
  afterAll(async () => s?.stop());

  it('sends exactly the requests asked for, every one answered as expected, percentiles in order', async () => {
    const report = await runLoad({ base: s.base, clients: 16, requests: 400, seconds: 60 });
    expect(report.errors, report.firstErrors.join('\n')).toBe(0);
    expect(report.firstErrors).toEqual([]);
    expect(report.requests).toBe(400);
    expect(report.latency.all.count).toBe(400);
    expect(report.latency.a.count + report.latency.b.count).toBe(400);
    expect(report.latency.a.count).toBeGreaterThan(0);
    expect(report.latency.b.count).toBeGreaterThan(0);
    for (const stats of [report.latency.all, report.latency.a, report.latency.b]) ordered(stats);
    expect(report.perSecond).toBeGreaterThan(0);
    expect(formatReport(report)).toMatch(
      /^400 requests in [\d.]+ s by 16 clients \(seed 1\): [\d.]+ requests\/s, 0 errors\n/,
    );
    // Nothing went wrong inside the server either.
    expect(s.log.filter((line) => line.startsWith('error '))).toEqual([]);
  }, 120_000);

  it('answers every entry of the mix as expected', async () => {
    // One of each entry, drawn with a fixed PRNG: what the weighted run above may have drawn rarely.
    const random = prng(7);
    const requests = MIX.map((entry) => entry.make(random));
    for (const request of requests) {
      const response = await get(s.base, request.path, { headers: request.headers });
      expect(
        checkResponse(request, response.status, response.headers['content-type'] as string | undefined),
        response.text,
      ).toBeUndefined();
    }
  });
});

describe('what counts as an error', () => {
  const xml: LoadRequest = {
    api: 'A',
    path: '/demo/api/2012-02-01/auth/resources/events/',
    headers: {},
    user: 'admin',
    status: 200,
    contentType: 'application/xml',
  };
  const forbidden: LoadRequest = { ...xml, user: 'events-only', status: 403 };
  const jsonp: LoadRequest = {
    api: 'B',
    path: '/api/2012-02-01/pub/resources/timezones/?callback=cb',
    headers: { Accept: '*/*' },
    status: 200,
    contentType: 'application/javascript',
  };
  const unacceptable: LoadRequest = {
    api: 'B',
    path: '/api/2012-02-01/pub/resources/timezones/',
    headers: {},
    status: 406,
    contentType: undefined,
  };

  it('accepts the expected status with the expected media type, parameters and case aside; a 406 needs none', () => {
    expect(checkResponse(xml, 200, 'application/xml; charset=utf-8')).toBeUndefined();
    expect(checkResponse(xml, 200, 'Application/XML')).toBeUndefined();
    expect(checkResponse(forbidden, 403, 'application/xml; charset=utf-8')).toBeUndefined();
    expect(checkResponse(jsonp, 200, 'application/javascript; charset=utf-8')).toBeUndefined();
    expect(checkResponse(unacceptable, 406, undefined)).toBeUndefined();
  });

  it('counts a 500, a wrong media type and a wrong status, naming the request, the expectation and the answer', () => {
    expect(checkResponse(xml, 500, 'application/xml; charset=utf-8')).toBe(
      'GET /demo/api/2012-02-01/auth/resources/events/ (as admin): expected 200 application/xml, got 500 application/xml; charset=utf-8',
    );
    expect(checkResponse(xml, 200, 'application/json; charset=utf-8')).toMatch(
      /expected 200 application\/xml, got 200 application\/json/,
    );
    expect(checkResponse(xml, 200, undefined)).toMatch(/got 200 \(no Content-Type\)/);
    expect(checkResponse(xml, 200, 'application/xmlx')).toBeDefined();
    expect(checkResponse(forbidden, 200, 'application/xml')).toMatch(
      /\(as events-only\): expected 403 application\/xml, got 200/,
    );
    expect(checkResponse(jsonp, 200, 'application/json; charset=utf-8')).toMatch(
      /\(Accept: \*\/\*\): expected 200 application\/javascript, got 200 application\/json/,
    );
    expect(checkResponse(unacceptable, 200, 'application/json')).toMatch(/expected 406, got 200/);
  });

  it('counts every answer of a server that answers 500, and shows the first ten', async () => {
    const server = createServer((_request, response) =>
      response.writeHead(500, { 'Content-Type': 'application/xml' }).end('<x/>'),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const report = await runLoad({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        clients: 4,
        requests: 30,
        seconds: 30,
        seed: 3,
      });
      expect(report.requests).toBe(30);
      expect(report.errors).toBe(30);
      expect(report.firstErrors).toHaveLength(10);
      expect(
        report.firstErrors.every((error) => /^GET \/.*: expected \d{3}.*, got 500 application\/xml$/.test(error)),
      ).toBe(true);
      expect(formatReport(report)).toMatch(/30 errors\n[\s\S]*first 10 errors:/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('counts a connection that fails, and does not throw', async () => {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    await new Promise((resolve) => server.close(resolve));
    const report = await runLoad({ base: `http://127.0.0.1:${port}`, clients: 2, requests: 5, seconds: 30 });
    expect(report).toMatchObject({ requests: 5, errors: 5 });
    expect(report.firstErrors[0]).toMatch(/got a connection failure \(ECONNREFUSED\)/);
  });

  it('stops when the time is up, the requests under way answered', async () => {
    const server = createServer(
      (_request, response) =>
        void setTimeout(() => response.writeHead(200, { 'Content-Type': 'application/xml' }).end(), 100),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const report = await runLoad({
        base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        clients: 2,
        requests: 1000,
        seconds: 0.5,
      });
      expect(report.requests).toBeGreaterThan(0);
      expect(report.requests).toBeLessThan(1000);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('draws the same requests from the same seed, from both interfaces', () => {
    const draw = (seed: number): LoadRequest[] => {
      const random = prng(seed);
      return Array.from({ length: 200 }, () => drawRequest(random));
    };
    expect(draw(5)).toEqual(draw(5));
    expect(draw(5)).not.toEqual(draw(6));
    expect(new Set(draw(5).map((r) => r.api))).toEqual(new Set(['A', 'B']));
  });
});
