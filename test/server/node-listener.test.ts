// The endpoint behind node:http on 127.0.0.1, as a client reaches it: the README's quick start
// run as written, a request over the wire, HEAD without a body, and a Host no URL can be made of.
// node:http hands an endpoint the request without making a Request or a Response: it answers
// what the same endpoint answers through Fetch, byte for byte; any other Fetch handler is served
// through a Request and a Response.

import { createServer, request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arraySource, nodeListener, odataEndpoint } from '../../src/server/index.js';
import { readmeBlock, runServerBlock } from '../support/readme-block.js';
import { categories, lines, model, products } from '../support/shop.js';

/** The README's server quick start, the code block under "Serve a collection". */
const quickStart = (): string => readmeBlock('### Serve a collection');

let server: { close(): void; address(): unknown } | undefined;
let base = '';

beforeAll(async () => {
  // The quick start imports the package by name; the test runs it against the built entries.
  ({ server, base } = await runServerBlock(quickStart()));
});
afterAll(() => server?.close());

interface RawAnswer {
  readonly status: number;
  readonly body: string;
  readonly headers: Record<string, string>;
}

function raw(
  method: string,
  path: string,
  host?: string,
  headers: Record<string, string> = {},
  at = base,
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const sent = { ...headers, ...(host === undefined ? {} : { Host: host }) };
    const req = httpRequest(`${at}${path}`, { method, headers: sent }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () =>
        resolve({
          status: res.statusCode!,
          body,
          headers: Object.fromEntries(
            Object.entries(res.headers).filter(
              ([name]) => !['date', 'connection', 'keep-alive', 'transfer-encoding'].includes(name),
            ),
          ) as Record<string, string>,
        }),
      );
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
    expect([head.status, head.body]).toEqual([200, '']);
    expect((await raw('GET', '/Products', 'bad host:x')).status).toBe(400);
  });
});

/** A request written byte for byte on a socket of its own, and everything the server answers. */
function rawRequest(at: string, text: string): Promise<string> {
  const { hostname, port } = new URL(at);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(text));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('an endpoint over node:http, without a Request or a Response', () => {
  const seen: (string | null)[] = [];
  const endpoint = odataEndpoint({
    model,
    root: '/odata/',
    entitySets: {
      Products: { source: arraySource(products), rowFilter: 'Id le @most' },
      Categories: { source: arraySource(categories) },
      Lines: { source: arraySource(lines) },
    },
    // The hook is given a Request, with the request's headers.
    parameters: (request) => {
      seen.push(request.headers.get('X-Most'));
      return { most: Number(request.headers.get('X-Most') ?? 25) };
    },
  });
  let listening: ReturnType<typeof createServer>;
  let at = '';
  beforeAll(async () => {
    listening = createServer(nodeListener(endpoint));
    await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
    at = `http://127.0.0.1:${(listening.address() as AddressInfo).port}`;
  });
  afterAll(() => listening.close());

  /** The same request through Fetch. */
  async function fetched(method: string, path: string, headers: Record<string, string>): Promise<RawAnswer> {
    const response = await endpoint(new Request(`${at}${path}`, { method, headers }));
    return {
      status: response.status,
      body: method === 'HEAD' ? '' : await response.text(),
      headers: Object.fromEntries(response.headers),
    };
  }

  it.each([
    [
      'GET',
      "/odata/Products?$filter=Price gt 3 and startswith(Name,'Product')&$orderby=Id desc&$top=3&$count=true",
      {},
    ],
    ['GET', '/odata/Products?$select=Id,Stock', { Accept: 'application/json;IEEE754Compatible=true', 'X-Most': '4' }],
    ['GET', '/odata/Products(2)?$expand=Category', {}],
    ['GET', '/odata/Lines(Order=1,No=2)', { 'OData-MaxVersion': '4.0' }],
    ['GET', '/odata/Products/$count', { 'X-Most': '7' }],
    ['GET', '/odata/Products?$top=5', { Prefer: 'odata.maxpagesize=2' }],
    ['GET', '/odata/', {}],
    ['GET', '/odata/$metadata', { Accept: 'application/json' }],
    ['GET', '/odata/$metadata', {}],
    ['GET', '/odata/Products?$filter=Nme eq 1', {}],
    ['GET', '/odata/Products?$format=xml', {}],
    ['GET', '/odata/Nothing', {}],
    ['POST', '/odata/Products', {}],
    ['HEAD', '/odata/Products', {}],
  ] as const)('%s %s answers as through Fetch', async (method, path, headers) => {
    const wire = await raw(method, encodeURI(path), undefined, headers, at);
    expect(wire).toEqual(await fetched(method, encodeURI(path), headers));
    expect(wire.status).not.toBe(500);
  });

  it('answers a $metadata the client holds 304, without a body', async () => {
    const { headers } = await raw('GET', '/odata/$metadata', undefined, {}, at);
    const again = await raw('GET', '/odata/$metadata', undefined, { 'If-None-Match': headers.etag! }, at);
    expect([again.status, again.body, again.headers.etag]).toEqual([304, '', headers.etag]);
  });

  it("hands the parameters' hook a Request with the request's headers", async () => {
    seen.length = 0;
    const { body } = await raw('GET', '/odata/Products?$select=Id', undefined, { 'X-Most': '2' }, at);
    expect(JSON.parse(body).value).toEqual([{ Id: 1 }, { Id: 2 }]);
    expect(seen).toEqual(['2']);
  });

  it('reads an absolute-form target, and refuses a Host that would move the path or bring credentials', async () => {
    const absolute = await rawRequest(
      at,
      'GET http://shop.test/odata/Products(2)?$select=Id HTTP/1.1\r\nHost: shop.test\r\nConnection: close\r\n\r\n',
    );
    expect(absolute).toMatch(/^HTTP\/1\.1 200/);
    expect(absolute).toContain('{"@odata.context":"http://shop.test/odata/$metadata#Products(Id)/$entity","Id":2}');
    for (const host of ['shop.test/odata/Products?', 'user@shop.test', 'u:p@shop.test', 'shop.test#x'])
      expect((await raw('GET', '/nothing', host, {}, at)).status, host).toBe(400);
  });

  it('serves any other Fetch handler through a Request and a Response', async () => {
    const echo = createServer(
      nodeListener(async (request) => new Response(`${request.method} ${request.headers.get('X-A')}`, { status: 201 })),
    );
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const echoAt = `http://127.0.0.1:${(echo.address() as AddressInfo).port}`;
      const answer = await raw('GET', '/', undefined, { 'X-A': 'b' }, echoAt);
      expect([answer.status, answer.body]).toEqual([201, 'GET b']);
      // A method no Request can carry, or a Host with credentials, is answered; the server goes on.
      expect((await raw('TRACE', '/', undefined, {}, echoAt)).status).toBe(501);
      expect((await raw('GET', '/', 'u@localhost', {}, echoAt)).status).toBe(400);
      expect((await raw('GET', '/', undefined, { 'X-A': 'c' }, echoAt)).body).toBe('GET c');
    } finally {
      echo.close();
    }
  });
});
