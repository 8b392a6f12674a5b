// The derived-type evaluation table (docs/semantics.md §14) on the three engines: every type's
// properties and the discriminator `Kind` as columns of one table per collection level (docs/sql.md,
// "Derived types"), collections in child tables or JSON columns (test/sql/child-tables.ts).

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { derivedCases, derivedRows, derivedSchema, derivedStorageSchema } from '../support/derived-table.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';

for (const setup of ENGINES)
  for (const json of [false, true]) {
    describe.skipIf(!setup.available())(
      `${setup.name}: the derived-type evaluation table, collections in ${json ? 'JSON columns' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;

        it.each(derivedCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
          collections ??= await loadWithChildTables(engine(), derivedStorageSchema, derivedRows, json);
          const compiled = compileSql(check(filter, derivedSchema), {
            dialect: setup.dialect,
            table: 'items',
            collections,
          });
          expect(await engine().ids(compiled)).toEqual(ids);
        });
      },
    );
  }
