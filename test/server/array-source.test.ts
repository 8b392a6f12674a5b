// Rows in memory behind the endpoint (arraySource): a read is done in slices of about 10 ms with
// the event loop let turn between them, so a costly request (string functions over long strings,
// within the check's limits) does not stall the others; past its timeoutMs, or once its client
// has gone, it stops with a 503, as a SQL source's read does.

import { describe, expect, it } from 'vitest';
import { arraySource, odataEndpoint } from '../../src/server/index.js';
import { model, products } from '../support/shop.js';

/** 200 products named by 1,024 `a`s: `replace(Name,'a',Name)` makes a million characters of each. */
const long = Array.from({ length: 200 }, (_, i) => ({
  ...products[i % products.length]!,
  Id: i + 1,
  Name: 'a'.repeat(1_024),
}));

/** Within the string cost limit (1,024 × 1,024 characters a row), and seconds over these rows. */
const COSTLY = `/odata/Products?$filter=${encodeURIComponent("indexof(replace(Name, 'a', Name), 'b') lt 0")}&$count=true&$top=1`;

const endpoint = (timeoutMs?: number) =>
  odataEndpoint({
    model,
    root: '/odata/',
    entitySets: { Products: { source: arraySource(long, timeoutMs === undefined ? {} : { timeoutMs }) } },
  });

describe('arraySource', () => {
  it('answers other requests while a costly one is read', async () => {
    const handler = endpoint(60_000);
    const done: string[] = [];
    const costly = handler(new Request(`http://shop.test${COSTLY}`)).then((r) => {
      done.push('costly');
      return r;
    });
    const quick = handler(new Request('http://shop.test/odata/Products?$top=1&$select=Id')).then((r) => {
      done.push('quick');
      return r;
    });
    const [slow, fast] = await Promise.all([costly, quick]);
    expect(fast.status).toBe(200);
    expect(slow.status).toBe(200);
    // Every row matches (no `b` anywhere): the count is the rows', read to the end.
    expect(((await slow.json()) as Record<string, unknown>)['@odata.count']).toBe(200);
    expect(done).toEqual(['quick', 'costly']);
  });

  it('stops a read past its timeoutMs with a 503', async () => {
    const response = await endpoint(50)(new Request(`http://shop.test${COSTLY}`));
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('1');
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('timeout');
  });

  it('stops a read whose client has gone', async () => {
    const client = new AbortController();
    const answer = endpoint(60_000)(new Request(`http://shop.test${COSTLY}`, { signal: client.signal }));
    setTimeout(() => client.abort(), 30);
    const response = await answer;
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('cancelled');
  });

  it("stops past its timeoutMs in an expansion's filter over a page row's related rows", async () => {
    // One category whose 200 products the expansion's filter reads: the work of shaping the page.
    const handler = odataEndpoint({
      model,
      root: '/odata/',
      entitySets: {
        Categories: { source: arraySource([{ Id: 1, Name: 'Tools', Products: long }], { timeoutMs: 50 }) },
      },
    });
    const expansion = encodeURIComponent("$filter=indexof(replace(Name, 'a', Name), 'b') lt 0;$top=1");
    const response = await handler(new Request(`http://shop.test/odata/Categories?$expand=Products(${expansion})`));
    expect(response.status).toBe(503);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('timeout');
  });

  it('reads the rows as they were when the read began, whatever the array becomes meanwhile', async () => {
    // Between slices the application may change its array: a row taken out must not make the read
    // pass over one that stayed.
    const rows = [...long];
    const handler = odataEndpoint({ model, root: '/odata/', entitySets: { Products: { source: arraySource(rows) } } });
    const costly = `/odata/Products?$filter=${encodeURIComponent("indexof(replace(Name, 'a', Name), 'b') lt 0")}&$select=Id&$top=200`;
    const answer = handler(new Request(`http://shop.test${costly}`));
    setTimeout(() => rows.shift(), 50);
    const ids = ((await (await answer).json()) as { value: { Id: number }[] }).value.map((row) => row.Id);
    expect(ids).toEqual(long.map((row) => row.Id));
  });

  it('refuses a timeoutMs that is no whole number of milliseconds from 1', () => {
    for (const timeoutMs of [0, 1.5, -1, Number.NaN])
      expect(() => arraySource([], { timeoutMs })).toThrow(
        'arraySource: timeoutMs is a whole number of milliseconds from 1',
      );
  });
});
