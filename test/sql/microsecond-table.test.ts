// The microsecond table (test/support/microsecond-table.ts) on every engine under microsecond
// storage (docs/sql.md, "Column types"): the reference's ids, and a constant finer than a
// microsecond that the engine would compute with refused by name; and collections whose elements
// hold microseconds, in child tables and in JSON columns.

import { describe, expect, it } from 'vitest';
import { compileSql, type CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { MICROSECOND_CASES, microsecondRows, microsecondSchema } from '../support/microsecond-table.js';
import { thrown } from '../support/thrown.js';
import { engineFor, MICROSECOND_ENGINES } from './engines.js';
import { loadWithChildTables } from './child-tables.js';
import {
  MICROSECOND_COLLECTION_CASES,
  microsecondCollectionRows,
  microsecondCollectionSchema,
} from '../support/fine-collection-table.js';

for (const setup of MICROSECOND_ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: times stored in microseconds`, () => {
    const engine = engineFor(setup, microsecondSchema, microsecondRows);
    it.each(MICROSECOND_CASES.map((c) => [c.filter, c] as const))('%s', async (filter, { ids, refused }) => {
      const compile = () => compileSql(check(filter, microsecondSchema), { dialect: setup.dialect });
      if (refused) {
        expect(thrown(compile)).toMatchObject({
          kind: 'unsupported',
          construct: 'sub_microsecond_precision',
          target: setup.name,
        });
        return;
      }
      expect(await engine().ids(compile())).toEqual(ids);
    });
  });
}

// Elements of collections with microseconds, in child tables and in JSON columns.
for (const setup of MICROSECOND_ENGINES)
  for (const json of [false, true])
    describe.skipIf(!setup.available())(
      `${setup.name}: times stored in microseconds, collections in ${json ? 'JSON columns' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;
        it.each(MICROSECOND_COLLECTION_CASES.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
          collections ??= await loadWithChildTables(
            engine(),
            microsecondCollectionSchema,
            microsecondCollectionRows,
            json,
          );
          const typed = check(filter, microsecondCollectionSchema);
          const compiled = compileSql(typed, { dialect: setup.dialect, table: 'items', collections });
          expect(await engine().ids(compiled)).toEqual(ids);
        });
      },
    );
