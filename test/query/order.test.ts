// The order of docs/query.md, "Order", written out: null first ascending (last descending), NaN
// before every number, strings by code point (not UTF-16 unit), false before true, ties broken by
// the key; in the reference, on the three SQL engines and through MongoDB's semantics.

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
  },
});
const resource: QueryResource = { schema, key: ['Id'], policy: { spelling: 'odata', defaultTop: 100, maxTop: 100 } };

const rows = [
  { Id: 1, Name: 'a', Score: 2, Flag: true },
  { Id: 2, Name: 'B', Score: -1, Flag: false },
  { Id: 3, Name: null, Score: null, Flag: null },
  { Id: 4, Name: '😀', Score: Number.NaN, Flag: true },
  { Id: 5, Name: '\uffff', Score: Number.POSITIVE_INFINITY, Flag: false },
  { Id: 6, Name: 'é', Score: -1, Flag: null },
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

const idsOf = (items: readonly { Id?: unknown }[]): number[] => items.map((r) => Number(r.Id));

describe('the order of rows', () => {
  it.each(ORDERS)('%s in the reference', (orderby, ids) => {
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
  });
}
