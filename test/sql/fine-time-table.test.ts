// Finer literals over the temporal table's rows on the three engines (docs/semantics.md, "SQL
// backends: differences"): a comparison has the reference's ids, and a finer value the engine
// would have to compute with is refused by name; and against the elements of collections.

import { describe, expect, it } from 'vitest';
import { compileSql, type CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FINE_LITERAL_CASES } from '../support/fine-time-table.js';
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
