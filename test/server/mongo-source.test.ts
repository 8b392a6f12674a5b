// A MongoDB data source through the endpoint (docs/server.md, "Data sources"), over the mingo
// harness's Collection: documents read back as rows (BSON Long, Decimal128 and Binary values as
// the endpoint writes them, a field mapping followed back), each operation under `maxTimeMS` and
// the request's signal, and an operation the server stopped at its time answered 503.

import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { defineModel } from '../../src/index.js';
import { mongoSource, odataEndpoint, type MongoCollectionLike } from '../../src/server/index.js';
import { Decimal128, decimal128 } from '../engines/mingo.js';
import { type Calls, mingoCollection } from '../engines/mingo-collection.js';

const model = defineModel({
  namespace: 'Shop',
  complexTypes: { Size: { properties: { Width: 'Edm.Int32', Height: 'Edm.Int32' } } },
  entityTypes: {
    Product: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Stock: 'Edm.Int64',
        Price: 'Edm.Decimal',
        Hash: 'Edm.Binary',
        Size: 'Size',
      },
    },
  },
  entitySets: { Products: { type: 'Product' } },
});

/** A BSON Long and Binary as the driver reads them: objects whose text is the number, holding the bytes. */
const long = (digits: string) => ({ toString: () => digits });
const binary = (bytes: number[]) => ({ buffer: new Uint8Array(bytes), sub_type: 0 });

const documents = [
  {
    _id: 1,
    Stock: long('9007199254740993'),
    Price: new Decimal128('12345678901234567890.125'),
    Hash: binary([1, 255]),
    dims: { w: 3, h: 4 },
  },
  { _id: 2, Stock: 5n, Price: null, dims: null },
];

function endpoint(collection: MongoCollectionLike, timeoutMs?: number) {
  const source = mongoSource({
    collection,
    decimal: decimal128,
    fields: { Id: '_id', 'Size/Width': 'dims.w', 'Size/Height': 'dims.h', Size: 'dims' },
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  });
  return odataEndpoint({ model, entitySets: { Products: { source } } });
}

async function get(handler: (r: Request) => Promise<Response>, path: string) {
  const response = await handler(new Request(`http://shop.test${path}`));
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

describe('a MongoDB source', () => {
  it('reads documents back as rows: exact Int64 and Decimal, binaries, mapped fields', async () => {
    const calls: Calls = [];
    const handler = endpoint(mingoCollection(documents, calls), 1234);
    const { status, text, json } = await get(handler, '/Products?$count=true&$orderby=Stock desc');
    expect(status, text).toBe(200);
    expect(text).toContain('"Stock":9007199254740993,"Price":12345678901234567890.125');
    expect(json().value).toEqual([
      {
        Id: 1,
        Stock: Number('9007199254740993'),
        Price: Number('12345678901234567890.125'),
        Hash: 'Af8=',
        Size: { Width: 3, Height: 4 },
      },
      { Id: 2, Stock: 5, Price: null, Size: null },
    ]);
    expect(json()['@odata.count']).toBe(2);
    expect(calls.map((c) => [c.operation, c.options.maxTimeMS, c.options.signal instanceof AbortSignal])).toEqual([
      ['find', 1234, true],
      ['countDocuments', 1234, true],
    ]);
    expect((await get(handler, '/Products?$select=Size&$filter=Size/Width eq 3')).json().value).toEqual([
      { Size: { Width: 3, Height: 4 } },
    ]);
  });

  it('answers an operation the server stopped at its maxTimeMS 503, naming nothing of it', async () => {
    const expired: MongoCollectionLike = {
      find: () => ({
        toArray: async () => {
          throw Object.assign(new Error('operation exceeded time limit on products'), { code: 50 });
        },
      }),
      countDocuments: async () => 0,
    };
    const { status, text, json } = await get(endpoint(expired), '/Products');
    expect([status, json().error.code]).toEqual([503, 'timeout']);
    expect(text).not.toContain('products');
  });

  it("leaves nothing on the request's signal after a read, answered or refused", async () => {
    const source = mongoSource({
      collection: mingoCollection(documents, []),
      decimal: decimal128,
      fields: { Id: '_id' },
    });
    const handler = odataEndpoint({ model, entitySets: { Products: { source } } });
    for (const [path, status] of [
      ['/Products?$filter=Id eq 1', 200],
      // MongoDB cannot cast a Decimal to text exactly: refused by name before any operation.
      ["/Products?$filter=cast(Price, Edm.String) eq '1'", 501],
    ] as const) {
      const request = new Request(`http://shop.test${path}`);
      const response = await handler(request);
      expect(response.status, await response.text()).toBe(status);
      expect(getEventListeners(request.signal, 'abort').length, path).toBe(0);
    }
  });

  it('refuses an expansion by name: the rows of a relation are in another collection', async () => {
    const withRelation = defineModel({
      namespace: 'Shop',
      entityTypes: {
        Product: {
          key: ['Id'],
          properties: { Id: { type: 'Edm.Int32', nullable: false } },
          navigation: { Parts: { type: 'Product', collection: true } },
        },
      },
      entitySets: { Products: { type: 'Product', bindings: { Parts: 'Products' } } },
    });
    const handler = odataEndpoint({
      model: withRelation,
      entitySets: { Products: { source: mongoSource({ collection: mingoCollection([]) }) } },
    });
    const { status, json } = await get(handler, '/Products?$expand=Parts');
    expect([status, json().error.code, json().error.message]).toEqual([
      501,
      'unsupported',
      expect.stringContaining("'Parts'"),
    ]);
  });
});
