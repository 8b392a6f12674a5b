// The endpoint behind node:http on 127.0.0.1, as a client reaches it: the README's quick start
// run as written, a request over the wire, HEAD without a body, and a Host no URL can be made of.

import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readmeBlock, runServerBlock } from '../support/readme-block.js';

/** The README's server quick start, the code block under "Serve a collection". */
const quickStart = (): string => readmeBlock('### Serve a collection');

let server: { close(): void; address(): unknown } | undefined;
let base = '';

beforeAll(async () => {
  // The quick start imports the package by name; the test runs it against the built entries.
  ({ server, base } = await runServerBlock(quickStart()));
});
afterAll(() => server?.close());

function raw(method: string, path: string, host?: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { method, headers: host === undefined ? {} : { Host: host } }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('the endpoint over node:http', () => {
  it('runs the README quick start and answers a filtered page', async () => {
    expect(
      quickStart()
        .split('\n')
        .filter((line) => line.trim() !== '').length,
    ).toBeLessThanOrEqual(15);
    const response = await fetch(`${base}/Products?$filter=Price gt 2&$orderby=Id desc`);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { value: { Id: number }[] };
    expect(body.value.map((p) => p.Id)).toEqual([3]);
  });

  it('answers HEAD without a body, and a Host no URL can be made of with a 400', async () => {
    const head = await raw('HEAD', '/Products');
    expect(head).toEqual({ status: 200, body: '' });
    expect((await raw('GET', '/Products', 'bad host:x')).status).toBe(400);
  });
});
