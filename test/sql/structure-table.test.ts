// The structured-value evaluation table (docs/semantics.md §16) on the three engines: a structure
// as its members' columns, the collection of structures in a child table or a JSON column.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { structureCases, structureRows, structureSchema } from '../support/structure-table.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';

for (const setup of ENGINES)
  for (const json of [false, true]) {
    describe.skipIf(!setup.available())(
      `${setup.name}: the structured-value table, collections in ${json ? 'JSON columns' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;

        it.each(structureCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
          collections ??= await loadWithChildTables(engine(), structureSchema, structureRows, json);
          const compiled = compileSql(check(filter, structureSchema), {
            dialect: setup.dialect,
            table: 'items',
            collections,
          });
          expect(await engine().ids(compiled)).toEqual(ids);
        });
      },
    );
  }
