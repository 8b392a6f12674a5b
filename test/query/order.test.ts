// The order of docs/query.md, "Order", written out: null first ascending (last descending), NaN
// before every number, strings by code point (not UTF-16 unit), false before true, binaries byte
// by byte with a prefix first, ties broken by the key; in the reference, on the three SQL engines
// and through MongoDB's semantics (which refuses to order binaries: test/mongo/binary-table.test.ts).

import { describe, expect, it } from 'vitest';
import { defineSchema } from '../../src/index.js';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compileSqlQuery, pageOf } from '../../src/backends/sql/index.js';
import { compileMongoQuery } from '../../src/backends/mongo/index.js';
import { engineFor, ENGINES } from '../sql/engines.js';
import { compareBson, toMongoDocument } from '../engines/mingo.js';

const schema = defineSchema({
  name: 'Ranked',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Score: 'Edm.Double',
    Flag: 'Edm.Boolean',
    Data: 'Edm.Binary',
  },
});
const resource: QueryResource = { schema, key: ['Id'], policy: { spelling: 'odata', defaultTop: 100, maxTop: 100 } };

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

const rows = [
  { Id: 1, Name: 'a', Score: 2, Flag: true, Data: bytes(0x00, 0xff) },
  { Id: 2, Name: 'B', Score: -1, Flag: false, Data: bytes(0x01) },
  { Id: 3, Name: null, Score: null, Flag: null, Data: null },
  { Id: 4, Name: '😀', Score: Number.NaN, Flag: true, Data: bytes() },
  { Id: 5, Name: '\uffff', Score: Number.POSITIVE_INFINITY, Flag: false, Data: bytes(0x00) },
  { Id: 6, Name: 'é', Score: -1, Flag: null, Data: bytes(0xff) },
  { Id: 7 },
];

const ORDERS: readonly (readonly [orderby: string, ids: readonly number[], nonFinite: boolean])[] = [
  ['Name', [3, 7, 2, 1, 6, 5, 4], false],
  ['Name desc', [4, 5, 6, 1, 2, 3, 7], false],
  ['Flag,Name desc', [6, 3, 7, 5, 2, 4, 1], false],
  ['Flag desc', [1, 4, 2, 5, 3, 6, 7], false],
  ['Score', [3, 7, 4, 2, 6, 1, 5], true],
  ['Score desc,Id desc', [5, 1, 6, 2, 4, 7, 3], true],
];

/** Binaries byte by byte, unsigned: a value that begins another first, the first differing byte deciding. */
const BINARY_ORDERS: readonly (readonly [orderby: string, ids: readonly number[]])[] = [
  ['Data', [3, 7, 4, 5, 1, 2, 6]],
  ['Data desc', [6, 2, 1, 5, 4, 3, 7]],
  ['Flag,Data desc', [6, 3, 7, 2, 5, 1, 4]],
];

const idsOf = (items: readonly { Id?: unknown }[]): number[] => items.map((r) => Number(r.Id));

describe('the order of rows', () => {
  it.each(ORDERS)('%s in the reference', (orderby, ids) => {
    expect(idsOf(applyQuery(rows, parseQuery(new URLSearchParams({ $orderby: orderby }), resource)).items)).toEqual(
      ids,
    );
  });

  it.each(BINARY_ORDERS)('%s in the reference', (orderby, ids) => {
    expect(idsOf(applyQuery(rows, parseQuery(new URLSearchParams({ $orderby: orderby }), resource)).items)).toEqual(
      ids,
    );
  });

  it.each(ORDERS)('%s through MongoDB semantics', (orderby, ids) => {
    const query = compileMongoQuery(parseQuery(new URLSearchParams({ $orderby: orderby }), resource));
    const docs = rows.map((r) => toMongoDocument(schema, r as Record<string, unknown>));
    const at = (d: Record<string, unknown>, f: string) => d[f] ?? null;
    const sorted = [...docs].sort((a, b) => {
      for (const [field, direction] of Object.entries(query.sort)) {
        const c = compareBson(at(a, field), at(b, field));
        if (c !== 0) return c * direction;
      }
      return 0;
    });
    expect(idsOf(sorted)).toEqual(ids);
  });
});

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: the order of rows`, () => {
    // SQLite and MariaDB store no NaN or infinity: those orders are the reference's on finite rows.
    const stored = setup.finiteDoubles
      ? rows.map((r) => ('Score' in r && !Number.isFinite(r.Score) && r.Score !== null ? { ...r, Score: null } : r))
      : rows;
    const engine = engineFor(setup, schema, stored);
    it.each(ORDERS)('%s', async (orderby, ids) => {
      const plan = parseQuery(new URLSearchParams({ $orderby: orderby }), resource);
      const expected = setup.finiteDoubles ? idsOf(applyQuery(stored, plan).items) : ids;
      const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
      expect(idsOf(pageOf(await engine().query(query.data.sql, query.data.params), plan).items)).toEqual(expected);
    });
    it.each(BINARY_ORDERS)('%s', async (orderby, ids) => {
      const plan = parseQuery(new URLSearchParams({ $orderby: orderby }), resource);
      const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
      expect(idsOf(pageOf(await engine().query(query.data.sql, query.data.params), plan).items)).toEqual(ids);
    });
  });
}
