// Finer literals over the temporal table's rows on the three engines (docs/semantics.md, "SQL
// backends: differences"): a comparison has the reference's ids, and a finer value the engine
// would have to compute with is refused by name; against the elements of collections; and in an
// order key, followed through its keyset pages.

import { describe, expect, it } from 'vitest';
import { compileSql, compileSqlQuery, pageOf, type CollectionStorage } from '../../src/backends/sql/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { check } from '../../src/types/check.js';
import { FINE_LITERAL_CASES, FINE_ORDER_CASES } from '../support/fine-time-table.js';
import { followPages } from '../support/follow-pages.js';
import { TEST_KEYSET } from '../support/keyset-key.js';
import { temporalRows, temporalSchema } from '../support/temporal-table.js';
import { thrown } from '../support/thrown.js';
import { engineFor, ENGINES, MICROSECOND_ENGINES } from './engines.js';
import { loadWithChildTables } from './child-tables.js';
import { FINE_COLLECTION_CASES, fineCollectionRows, fineCollectionSchema } from '../support/fine-collection-table.js';

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: values finer than a millisecond`, () => {
    const engine = engineFor(setup, temporalSchema, temporalRows);
    it.each(FINE_LITERAL_CASES.map((c) => [c.filter, c] as const))('%s', async (filter, { ids, refused }) => {
      const compile = () => compileSql(check(filter, temporalSchema), { dialect: setup.dialect });
      if (refused) {
        expect(thrown(compile)).toMatchObject({
          kind: 'unsupported',
          construct: 'sub_millisecond_precision',
          target: setup.name,
        });
        return;
      }
      expect(await engine().ids(compile())).toEqual(ids);
    });
  });
}

// Against the elements of collections, in child tables and in JSON columns, under either unit.
for (const setup of [...ENGINES, ...MICROSECOND_ENGINES])
  for (const json of [false, true]) {
    const unit = setup.dialect.timeUnit ?? 'milliseconds';
    describe.skipIf(!setup.available())(
      `${setup.name}, times in ${unit}: finer literals against the elements of collections in ${json ? 'JSON columns' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;
        it.each(FINE_COLLECTION_CASES.map((c) => [c.filter, c] as const))('%s', async (filter, { ids, refused }) => {
          collections ??= await loadWithChildTables(engine(), fineCollectionSchema, fineCollectionRows, json);
          const compile = () =>
            compileSql(check(filter, fineCollectionSchema), { dialect: setup.dialect, table: 'items', collections });
          if (refused) {
            expect(thrown(compile)).toMatchObject({
              kind: 'unsupported',
              construct: unit === 'microseconds' ? 'sub_microsecond_precision' : 'sub_millisecond_precision',
              target: setup.name,
            });
            return;
          }
          expect(await engine().ids(compile())).toEqual(ids);
        });
      },
    );
  }

// An order key comparing with a finer literal, in either unit: the order and the rows after each
// keyset token read the comparison alike, so every row comes once, in the reference's order.
const resource: QueryResource = {
  schema: temporalSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 2, maxTop: 100, keyset: TEST_KEYSET },
};
for (const setup of [...ENGINES, ...MICROSECOND_ENGINES]) {
  const unit = setup.dialect.timeUnit ?? 'milliseconds';
  describe.skipIf(!setup.available())(`${setup.name}, times in ${unit}: order keys with finer literals`, () => {
    const engine = engineFor(setup, temporalSchema, temporalRows);
    it.each(FINE_ORDER_CASES.map((c) => [c.orderby, c.ids] as const))('$orderby=%s', async (orderby, ids) => {
      for (const top of [1, 3]) {
        const read = await followPages(
          'https://example.test/items',
          resource,
          { orderby, top, rows: temporalRows.length },
          async (plan) => {
            const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
            return pageOf(await engine().query(query.data.sql, query.data.params), plan);
          },
        );
        expect(read.ids).toEqual(ids);
      }
    });
  });
}
