// The enumeration evaluation table (docs/semantics.md §12) on the three engines: values stored as
// integers of the underlying type (docs/sql.md), the collection of an enumeration in a child
// table or a JSON column (test/sql/child-tables.ts).

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { enumCases, enumRows, enumSchema } from '../support/enum-table.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';

for (const setup of ENGINES)
  for (const json of [false, true]) {
    describe.skipIf(!setup.available())(
      `${setup.name}: the enumeration evaluation table, collections in ${json ? 'JSON columns' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;

        it.each(enumCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
          collections ??= await loadWithChildTables(engine(), enumSchema, enumRows, json);
          const compiled = compileSql(check(filter, enumSchema), {
            dialect: setup.dialect,
            table: 'items',
            collections,
          });
          expect(await engine().ids(compiled)).toEqual(ids);
        });
      },
    );
  }
