// Keyset pages over a binary order key (docs/query.md, "Keyset pages"; docs/semantics.md §6): the
// next links carry each page's last binary as its base64url text (`cast(Bin, Edm.String)`), and
// the rows after it are those after it byte by byte, a prefix first. In the reference, and on
// PostgreSQL and MySQL/MariaDB; SQLite has no base64 function to write the key's text, so its pages
// continue by `skip`, visiting the same rows in the same order.

import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compileSqlQuery, pageOf } from '../../src/backends/sql/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { binaryRows, binarySchema } from '../support/binary-table.js';
import { TEST_KEYSET } from '../support/keyset-key.js';
import { followPages } from '../support/follow-pages.js';
import { engineFor, ENGINES } from './engines.js';

const BASE = 'https://example.test/blobs';
const resource: QueryResource = {
  schema: binarySchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 2, maxTop: 100, keyset: TEST_KEYSET },
};

/** Ids in the order of `Bin`: null first, then X'', X'00', X'0000', X'00…63', X'00FF', X'4F…', X'FF'. */
const ORDERS: readonly (readonly [orderby: string, ids: readonly number[]])[] = [
  ['Bin', [3, 4, 1, 2, 5, 9, 7, 8, 6]],
  ['Bin desc', [6, 8, 7, 9, 5, 2, 1, 3, 4]],
  ['Other,Bin desc', [9, 3, 4, 8, 1, 5, 2, 7, 6]],
];

describe('keyset pages over a binary key in the reference', () => {
  it.each(ORDERS)('%s', async (orderby, ids) => {
    for (const top of [1, 2, 4]) {
      const read = await followPages(BASE, resource, { orderby, top, rows: binaryRows.length }, async (plan) =>
        applyQuery(binaryRows, plan),
      );
      expect(read.ids).toEqual(ids);
      expect(read.tokens).toBe(Math.ceil(ids.length / top) - 1);
    }
  });
});

for (const setup of ENGINES)
  describe.skipIf(!setup.available())(`${setup.name}: keyset pages over a binary key`, () => {
    const engine = engineFor(setup, binarySchema, binaryRows);
    it.each(ORDERS)('%s', async (orderby, ids) => {
      for (const top of [1, 2, 4]) {
        const read = await followPages(BASE, resource, { orderby, top, rows: binaryRows.length }, async (plan) => {
          const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
          return pageOf(await engine().query(query.data.sql, query.data.params), plan);
        });
        expect(read.ids).toEqual(ids);
        expect(read.tokens).toBe(setup.name === 'sqlite' ? 0 : Math.ceil(ids.length / top) - 1);
      }
    });
  });
