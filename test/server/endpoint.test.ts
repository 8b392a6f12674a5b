// The read-only OData endpoint, through web-standard Requests: the service document, a collection
// with each query option in OData JSON (exact Int64 and Decimal digits, nested structures,
// expansions), paging by next links, $count, an entity by key, and every failure in OData's
// error format with its status.

import { describe, expect, it } from 'vitest';
import { arraySource, odataEndpoint } from '../../src/server/index.js';
import { categories, lines, model, products } from '../support/shop.js';

const handler = odataEndpoint({
  model,
  root: '/odata/',
  entitySets: {
    Products: { source: arraySource(products), policy: { defaultTop: 10 } },
    Categories: { source: arraySource(categories) },
    Lines: { source: arraySource(lines) },
  },
});

async function get(path: string, headers: Record<string, string> = {}) {
  const response = await handler(new Request(`http://shop.test${path}`, { headers }));
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

describe('the OData endpoint', () => {
  it('lists its entity sets in the service document', async () => {
    const { status, json } = await get('/odata/');
    expect(status).toBe(200);
    expect(json()).toEqual({
      '@odata.context': 'http://shop.test/odata/$metadata',
      value: [
        { name: 'Products', kind: 'EntitySet', url: 'Products' },
        { name: 'Categories', kind: 'EntitySet', url: 'Categories' },
        { name: 'Lines', kind: 'EntitySet', url: 'Lines' },
      ],
    });
  });

  it('answers a collection in OData JSON: exact numbers, nested structures, enumerations by name', async () => {
    const { status, headers, text, json } = await get(
      '/odata/Products?$top=3&$select=Id,Price,Stock,Updated,Ratio,Color,Size,Tags,Released',
    );
    expect(status).toBe(200);
    expect(headers.get('Content-Type')).toBe('application/json;odata.metadata=minimal');
    expect(headers.get('OData-Version')).toBe('4.01');
    expect(text).toContain('"Price":12345678901234567890.125,"Stock":9007199254740993,');
    const body = json();
    expect(body['@odata.context']).toBe(
      'http://shop.test/odata/$metadata#Products(Id,Price,Stock,Updated,Ratio,Color,Size,Tags,Released)',
    );
    expect(body.value[1]).toEqual({
      Id: 2,
      Price: 1.5,
      Stock: 10,
      Updated: '2012-01-01T00:00:01.250Z',
      Ratio: 0.25,
      Color: 'Red',
      Size: { Width: 1, Height: 2 },
      Tags: [],
      Released: '2012-02-15',
    });
    expect(body.value[2]).toMatchObject({ Ratio: 'NaN', Color: 'Green', Tags: ['a', 'b'] });
    expect(body.value[1]).toMatchObject({ Color: 'Red' });
    expect(body.value[0]).toMatchObject({ Size: null, Color: '0' });
    expect(body['@odata.nextLink']).toBe(
      'http://shop.test/odata/Products?$top=3&$select=Id%2CPrice%2CStock%2CUpdated%2CRatio%2CColor%2CSize%2CTags%2CReleased&$skip=3',
    );
    const flags = (await get('/odata/Products(4)?$select=Color,Hash')).json();
    expect(flags).toMatchObject({ Color: 'Red,Green', Hash: 'A_8=' });
  });

  it('writes Int64 and Decimal as strings to a client that asks IEEE754Compatible', async () => {
    const { headers, text } = await get('/odata/Products?$top=1&$select=Price,Stock', {
      Accept: 'application/json;IEEE754Compatible=true',
    });
    expect(headers.get('Content-Type')).toBe('application/json;odata.metadata=minimal;IEEE754Compatible=true');
    expect(text).toContain('"Price":"12345678901234567890.125","Stock":"9007199254740993"');
  });

  it('writes @odata.count as a string to a client that asks IEEE754Compatible, as Int64 values are', async () => {
    const asked = await get('/odata/Products?$top=1&$select=Id&$count=true', {
      Accept: 'application/json;IEEE754Compatible=true',
    });
    expect(asked.json()['@odata.count']).toBe('25');
    expect((await get('/odata/Products?$top=1&$select=Id&$count=true')).json()['@odata.count']).toBe(25);
  });

  it('leaves the context URL out where the client asks metadata=none, and keeps the count and next link', async () => {
    for (const accept of ['application/json;odata.metadata=none', 'application/json;metadata=NONE']) {
      const page = await get('/odata/Products?$top=1&$select=Id&$count=true', { Accept: accept });
      expect(page.headers.get('Content-Type')).toBe('application/json;odata.metadata=none');
      expect(page.json()).toEqual({
        '@odata.count': 25,
        value: [{ Id: 1 }],
        '@odata.nextLink': 'http://shop.test/odata/Products?$top=1&$select=Id&$count=true&$skip=1',
      });
    }
    const one = await get('/odata/Products(2)?$select=Id&$format=application/json;odata.metadata=none');
    expect(one.json()).toEqual({ Id: 2 });
    const service = await get('/odata/', { Accept: 'application/json;odata.metadata=none' });
    expect(Object.keys(service.json())).toEqual(['value']);
    // metadata=minimal, and full, which the endpoint answers in minimal (docs/server.md), keep it.
    for (const level of ['minimal', 'full']) {
      const page = await get('/odata/Lines?$top=1', { Accept: `application/json;odata.metadata=${level}` });
      expect(page.headers.get('Content-Type')).toBe('application/json;odata.metadata=minimal');
      expect(page.json()['@odata.context']).toBe('http://shop.test/odata/$metadata#Lines');
    }
  });

  it('keeps $format in the next link, so every page is in the form the first was asked in', async () => {
    const first = (
      await get('/odata/Products?$format=application/json;IEEE754Compatible=true&$top=1&$select=Stock')
    ).json();
    expect(first.value).toEqual([{ Stock: '9007199254740993' }]);
    expect(first['@odata.nextLink']).toBe(
      'http://shop.test/odata/Products?$format=application%2Fjson%3BIEEE754Compatible%3Dtrue&$top=1&$select=Stock&$skip=1',
    );
    const second = await get(first['@odata.nextLink'].replace('http://shop.test', ''));
    expect(second.headers.get('Content-Type')).toBe('application/json;odata.metadata=minimal;IEEE754Compatible=true');
    expect(second.json().value).toEqual([{ Stock: '10' }]);
  });

  it('filters, orders, counts and expands', async () => {
    const { json } = await get(
      '/odata/Categories?$filter=Products/any(p: p/Id gt 20)&$orderby=Name desc&$count=true&$expand=Products($filter=Id gt 20;$select=Id;$orderby=Id desc;$top=2)',
    );
    const body = json();
    expect(body['@odata.count']).toBe(2);
    expect(body.value.map((c: { Name: string }) => c.Name)).toEqual(['Toys', 'Tools']);
    expect(body.value[0].Products).toEqual([{ Id: 24 }, { Id: 22 }]);
    expect(body.value[1].Products).toEqual([{ Id: 25 }, { Id: 23 }]);
  });

  it('pages by next links: every matching row once, and the count', async () => {
    const seen: number[] = [];
    let url: string | undefined = '/odata/Products?$filter=Id mod 3 ne 0&$count=true&$select=Id';
    let pages = 0;
    while (url !== undefined) {
      const body = (await get(url.replace('http://shop.test', ''))).json();
      expect(body['@odata.count']).toBe(17);
      seen.push(...body.value.map((p: { Id: number }) => p.Id));
      url = body['@odata.nextLink'];
      pages++;
    }
    expect(pages).toBe(2);
    expect(seen).toEqual(products.map((p) => p.Id).filter((id) => id % 3 !== 0));
  });

  it('honours odata.maxpagesize where the request leaves the page size open', async () => {
    const { headers, json } = await get('/odata/Products?$select=Id', { Prefer: 'odata.maxpagesize=4' });
    expect(headers.get('Preference-Applied')).toBe('odata.maxpagesize=4');
    expect(json().value).toHaveLength(4);
    expect(json()['@odata.nextLink']).toMatch(/\$skip=4$/);
    // A request's own $top is its page: the preference is not applied, and not said to be.
    for (const top of ['$top=6', 'top=6']) {
      const given = await get(`/odata/Products?$select=Id&${top}`, { Prefer: 'odata.maxpagesize=4' });
      expect(given.headers.get('Preference-Applied')).toBeNull();
      expect(given.json().value).toHaveLength(6);
    }
  });

  it('names in the context URL what the request selects and expands, as its OData version writes it', async () => {
    const context = async (path: string, version = '4.01') =>
      (await get(`/odata/${path}`, { 'OData-MaxVersion': version })).json()['@odata.context'];
    const cases: [path: string, v401: string, v40: string][] = [
      ['Products?$top=1', 'Products', 'Products'],
      ['Products?$top=1&$select=Id', 'Products(Id)', 'Products(Id)'],
      ['Products?$top=1&$select=*', 'Products(*)', 'Products(*)'],
      // An expansion with no $select or $expand of its own: `()` in 4.01, left out in 4.0.
      ['Products?$top=1&$expand=Category', 'Products(Category())', 'Products'],
      ['Products?$top=1&$select=Id&$expand=Category', 'Products(Id,Category())', 'Products(Id)'],
      ['Products?$top=1&$expand=Category($select=Name)', 'Products(Category(Name))', 'Products(Category(Name))'],
      [
        'Products?$top=1&$select=Id,Name&$expand=Category($select=Id;$expand=Products($select=Name))',
        'Products(Id,Name,Category(Id,Products(Name)))',
        'Products(Id,Name,Category(Id,Products(Name)))',
      ],
      // 4.0's select list is never empty (its ABNF: one item at least): an expansion is named there
      // only where something under it is selected.
      ['Categories?$expand=Products($expand=Category)', 'Categories(Products(Category()))', 'Categories'],
      ['Categories?$select=Id&$expand=Products/Category', 'Categories(Id,Products(Category()))', 'Categories(Id)'],
      [
        'Categories?$expand=Products($expand=Category($select=Name))',
        'Categories(Products(Category(Name)))',
        'Categories(Products(Category(Name)))',
      ],
      ['Categories?$expand=Products($filter=Id gt 2;$top=1)', 'Categories(Products())', 'Categories'],
      [
        'Products(2)?$expand=Category($select=Name)',
        'Products(Category(Name))/$entity',
        'Products(Category(Name))/$entity',
      ],
      ['Products(2)?$expand=Category', 'Products(Category())/$entity', 'Products/$entity'],
      // A relation $select names is written without a suffix in both versions; expanded too, it is also an expansion.
      ['Categories?$select=Name,Products', 'Categories(Name,Products)', 'Categories(Name,Products)'],
      [
        'Products?$top=1&$select=Id,Category&$expand=Category',
        'Products(Id,Category,Category())',
        'Products(Id,Category)',
      ],
      [
        'Products?$top=1&$expand=Category($select=Name,Products)',
        'Products(Category(Name,Products))',
        'Products(Category(Name,Products))',
      ],
    ];
    for (const [path, v401, v40] of cases) {
      expect(await context(path), path).toBe(`http://shop.test/odata/$metadata#${v401}`);
      expect(await context(path, '4.0'), path).toBe(`http://shop.test/odata/$metadata#${v40}`);
    }
  });

  it('takes a relation in $select (its navigation link, which minimal metadata leaves out)', async () => {
    // OData 4.01 Protocol, 11.2.5.1: `Categories?$select=CategoryName,Products`.
    expect((await get('/odata/Categories?$select=Name,Products')).json().value).toEqual([
      { Name: 'Tools' },
      { Name: 'Toys' },
    ]);
    // Named alone, the rows keep their key, so that each is there.
    expect((await get('/odata/Categories?$select=Products')).json().value).toEqual([{ Id: 1 }, { Id: 2 }]);
    const expanded = (await get('/odata/Products?$top=2&$select=Id,Category&$expand=Category($select=Name)')).json();
    expect(expanded.value).toEqual([
      { Id: 1, Category: { Name: 'Tools' } },
      { Id: 2, Category: { Name: 'Toys' } },
    ]);
  });

  it('says OData-Version 4.0 to a client that speaks no later', async () => {
    expect((await get('/odata/Lines', { 'OData-MaxVersion': '4.0' })).headers.get('OData-Version')).toBe('4.0');
  });

  it('counts a collection as text', async () => {
    const { status, headers, text } = await get('/odata/Products/$count?$filter=Id le 5');
    expect(status).toBe(200);
    // No charset: OData 4.01 Protocol 8.2.1 forbids one that Accept did not name, and digits are ASCII.
    expect(headers.get('Content-Type')).toBe('text/plain');
    expect((await get('/odata/Lines/$count', { Accept: 'text/plain' })).headers.get('Content-Type')).toBe('text/plain');
    expect(text).toBe('5');
    // The page's own options do not change it (OData 4.01 Protocol, 11.2.10), and are no error.
    const paged = await get('/odata/Products/$count?$filter=Id le 5&$top=2&skip=1&$count=false&$orderby=Name');
    expect([paged.status, paged.text]).toEqual([200, '5']);
  });

  it("counts for a client that accepts text/plain, the count's media type (OData 4.01 Protocol, 11.2.10)", async () => {
    for (const accept of ['text/plain', 'text/plain;charset=utf-8', 'text/*', 'application/json']) {
      const { status, text } = await get('/odata/Lines/$count', { Accept: accept });
      expect([status, text], accept).toEqual([200, '3']);
    }
    expect((await get('/odata/Lines/$count', { Accept: 'application/xml' })).status).toBe(406);
    // A page is JSON only.
    expect((await get('/odata/Lines', { Accept: 'text/plain' })).status).toBe(406);
  });

  it('reads an entity by key, composite keys by name', async () => {
    const one = (await get('/odata/Products(2)?$select=Id,Name&$expand=Category')).json();
    expect(one).toEqual({
      '@odata.context': 'http://shop.test/odata/$metadata#Products(Id,Name,Category())/$entity',
      Id: 2,
      Name: 'Product 2',
      Category: { Id: 2, Name: 'Toys' },
    });
    expect((await get('/odata/Lines(Order=1,No=2)')).json()).toMatchObject({ Order: 1, No: 2, Text: 'two' });
    expect((await get('/odata/Lines(No=1,Order=2)')).json()).toMatchObject({ Text: 'three' });
    // A key of another type is named as the path wrote it, not as the filter the endpoint made of it.
    expect((await get("/odata/Lines(No='2',Order=1)")).json().error).toEqual({
      code: 'invalid_key',
      message: "the key value of No is no Edm.Int32: '2'",
      target: 'Lines',
    });
    // The request's own aliases are its own, whatever their names.
    const aliased = await get('/odata/Categories(1)?$expand=Products($filter=Id le @key0;$select=Id)&@key0=3');
    expect(aliased.json().Products, aliased.text).toEqual([{ Id: 1 }, { Id: 3 }]);
    // A custom option (no `$`, no name OData reserves) is ignored, as on a collection.
    expect((await get('/odata/Products(2)?_=1699999999&select=Id')).json()).toEqual({
      '@odata.context': 'http://shop.test/odata/$metadata#Products(Id)/$entity',
      Id: 2,
    });
  });

  it('reads an entity by a key its rules keep from $filter, which the key in the path is not', async () => {
    const keyed = odataEndpoint({
      model,
      entitySets: { Lines: { source: arraySource(lines), rules: { No: { filter: false, sort: false } } } },
    });
    const one = await keyed(new Request('http://shop.test/Lines(Order=1,No=2)'));
    expect([one.status, ((await one.json()) as { Text: string }).Text]).toEqual([200, 'two']);
    const filtered = await keyed(new Request('http://shop.test/Lines?$filter=No eq 2'));
    expect([filtered.status, ((await filtered.json()) as { error: { code: string } }).error.code]).toEqual([
      400,
      'not_filterable',
    ]);
  });

  it.each([
    ['/odata/Products(99)', 404, 'not_found'],
    ['/odata/Products(1 or true)', 400, 'invalid_key'],
    ["/odata/Products('1')", 400, 'invalid_key'],
    ["/odata/Lines(Order=1,No='2')", 400, 'invalid_key'],
    // No Int32 (a Decimal, a Double, beyond the range, null): no key, rather than a key no entity has.
    ['/odata/Products(1.5)', 400, 'invalid_key'],
    ['/odata/Products(1d)', 400, 'invalid_key'],
    ['/odata/Products(2147483648)', 400, 'invalid_key'],
    ['/odata/Products(null)', 400, 'invalid_key'],
    ['/odata/Lines(Order=1,No=2.0)', 400, 'invalid_key'],
    ['/odata/Products(-2147483648)', 404, 'not_found'],
    ['/odata/Lines(1)', 400, 'invalid_key'],
    ['/odata/Lines(Order=1)', 400, 'invalid_key'],
    ['/odata/Products(1)?$top=1', 400, 'invalid_option'],
    ['/odata/Products(1)?top=0', 400, 'invalid_option'],
    ['/odata/Products(1)?SKIP=1', 400, 'invalid_option'],
    ['/odata/Products(1)?filter=Id eq 2', 400, 'invalid_option'],
    ['/odata/Products(1)?count=true', 400, 'invalid_option'],
    ['/odata/Nothing', 404, 'not_found'],
    ['/odata/Products/1', 404, 'not_found'],
    ['/elsewhere', 404, 'not_found'],
    ['/odata/Products?$filter=Nme eq 1', 400, 'unknown_property'],
    ['/odata/Products?$top=5000', 400, 'top_beyond_maximum'],
    ['/odata/Products?$unknown=1', 400, 'unknown_option'],
    ['/odata/Products?$search=blue', 501, 'not_implemented'],
    ['/odata/Products?apply=groupby((Name))', 501, 'not_implemented'],
    ['/odata/Products?$format=xml', 406, 'not_acceptable'],
    ['/odata/Products?$format=json&format=xml', 400, 'repeated_option'],
    ['/odata/$metadata?$format=json&$FORMAT=xml', 400, 'repeated_option'],
    ['/odata/Products?$expand=Category($expand=Products($expand=Category($expand=Products)))', 400, 'too_deep_expand'],
  ])('answers %s with %i (%s)', async (path, status, code) => {
    const response = await get(path);
    expect(response.status, response.text).toBe(status);
    expect(response.json().error.code).toBe(code);
    // An error is a response of the service like any other: it states its version.
    expect(response.headers.get('OData-Version')).toBe('4.01');
    expect((await get(path, { 'OData-MaxVersion': '4.0' })).headers.get('OData-Version')).toBe('4.0');
  });

  it('names the option a problem is in', async () => {
    const { json } = await get('/odata/Products?$filter=Nme eq 1&$orderby=Nam');
    expect(json().error).toMatchObject({ target: '$filter' });
    expect(json().error.details.map((d: { target: string }) => d.target)).toEqual(['$filter', '$orderby']);
  });

  it('names the first ten problems of many and counts the rest, whatever the request holds', async () => {
    const options = Array.from({ length: 2_000 }, (_, i) => `$unknown${i}=1`).join('&');
    const response = await get(`/odata/Products?${options}`);
    expect(response.status).toBe(400);
    const { error } = response.json();
    expect(error.details).toHaveLength(10);
    expect(error.message).toMatch(/^2000 problems: .*; and 1990 more$/);
    expect(response.text.length).toBeLessThan(5_000);
  });

  it('cuts a message that quotes the request at 500 characters, one problem or many', async () => {
    const long = 'x'.repeat(20_000);
    for (const [path, status] of [
      [`/odata/${long}`, 404],
      [`/odata/Products(${'9'.repeat(20_000)})`, 400],
      [`/odata/Lines(Order=1,No='${long}')`, 400],
      [`/odata/Products?$filter=${long} eq 1`, 400],
      [`/odata/Products?$orderby=${long}`, 400],
    ] as const) {
      const response = await get(path);
      expect(response.status, path.slice(0, 30)).toBe(status);
      expect(response.json().error.message.length, path.slice(0, 30)).toBeLessThanOrEqual(501);
    }
  });

  it('serves $metadata as CSDL XML or JSON, with an ETag, naming only the entity sets it serves', async () => {
    const xml = await get('/odata/$metadata');
    expect(xml.status).toBe(200);
    expect(xml.headers.get('Content-Type')).toBe('application/xml');
    expect(xml.text).toContain('<EntitySet Name="Products" EntityType="Shop.Product">');
    expect(xml.text).not.toContain('Archive');
    const etag = xml.headers.get('ETag')!;
    expect(etag).toMatch(/^"[^"]+"$/);
    expect((await get('/odata/$metadata', { 'If-None-Match': etag })).status).toBe(304);
    const json = await get('/odata/$metadata?$format=json');
    expect(json.headers.get('Content-Type')).toBe('application/json');
    expect(json.json().Shop.Container.Products).toMatchObject({ $Collection: true, $Type: 'Shop.Product' });
    expect(json.headers.get('ETag')).not.toBe(etag);
    expect((await get('/odata/$metadata', { Accept: 'text/html' })).status).toBe(406);
  });

  it("compares If-None-Match with $metadata's ETag weakly, as OData and RFC 9110 say", async () => {
    const etag = (await get('/odata/$metadata')).headers.get('ETag')!;
    expect((await get('/odata/$metadata', { 'If-None-Match': `W/${etag}` })).status).toBe(304);
    expect((await get('/odata/$metadata', { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
    expect((await get('/odata/$metadata', { 'If-None-Match': 'W/"other"' })).status).toBe(200);
  });

  it('serves CSDL XML 4.0 to a client that speaks OData 4.0, with an ETag of its own', async () => {
    const current = await get('/odata/$metadata');
    expect(current.headers.get('OData-Version')).toBe('4.01');
    expect(current.text).toContain('<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.01">');
    const older = await get('/odata/$metadata', { 'OData-MaxVersion': '4.0' });
    expect(older.headers.get('OData-Version')).toBe('4.0');
    expect(older.text).toContain('<edmx:Edmx xmlns:edmx="http://docs.oasis-open.org/odata/ns/edmx" Version="4.0">');
    expect(older.text).toContain('<EntitySet Name="Products" EntityType="Shop.Product">');
    expect(older.headers.get('ETag')).not.toBe(current.headers.get('ETag'));
    expect(
      (await get('/odata/$metadata', { 'OData-MaxVersion': '4.0', 'If-None-Match': older.headers.get('ETag')! }))
        .status,
    ).toBe(304);
  });

  it("names nothing in $metadata that an entity set's rules hide", async () => {
    const hiding = odataEndpoint({
      model,
      entitySets: {
        Products: { source: arraySource(products), rules: { Stock: { select: false }, Price: { filter: false } } },
      },
    });
    const text = await (await hiding(new Request('http://shop.test/$metadata'))).text();
    expect(text).not.toContain('Stock');
    expect(text).toContain('NonFilterableProperties');
    expect(text).not.toContain('Categories');
  });

  it('ignores custom options, refuses writes, and accepts $format=json', async () => {
    expect((await get('/odata/Products?_=1699999999&$top=1')).status).toBe(200);
    expect((await get('/odata/Products?$format=json&$top=1')).status).toBe(200);
    const post = await handler(new Request('http://shop.test/odata/Products', { method: 'POST', body: '{}' }));
    expect(post.status).toBe(405);
    expect(post.headers.get('Allow')).toBe('GET, HEAD');
    expect(await get('/odata/Products', { Accept: 'application/xml' })).toMatchObject({ status: 406 });
  });

  it('answers HEAD with the headers GET has and no content (RFC 9110, 9.3.2)', async () => {
    const head = await handler(new Request('http://shop.test/odata/Products?$top=1', { method: 'HEAD' }));
    const got = await get('/odata/Products?$top=1');
    expect(head.status).toBe(200);
    expect([...head.headers]).toEqual([...got.headers]);
    expect(await head.text()).toBe('');
    expect(got.text).not.toBe('');
  });

  it('reads Accept by its most specific range: JSON at quality 0 is refused, whatever */* says', async () => {
    const status = async (path: string, accept: string) => (await get(path, { Accept: accept })).status;
    expect(await status('/odata/Lines', 'application/json;q=0, */*;q=0.1')).toBe(406);
    expect(await status('/odata/Lines', 'application/*;q=0.0, */*')).toBe(406);
    expect(await status('/odata/Lines', 'application/json;q=0.5, application/*;q=0')).toBe(200);
    expect(await status('/odata/Lines', 'text/html, */*;q=0.8')).toBe(200);
    const metadata = await get('/odata/$metadata', { Accept: 'application/json;q=0, */*' });
    expect(metadata.headers.get('Content-Type')).toBe('application/xml');
  });
});
