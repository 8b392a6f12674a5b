// The function-parameter table (docs/semantics.md §15) on the three engines: an enumeration
// argument is a bound integer, the value a column of the type stores.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import {
  parameterAliasCase,
  parameterCases,
  parameterRegistry,
  parameterRows,
  parameterSchema,
  parameterStorageSchema,
} from '../support/parameter-table.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';

for (const setup of ENGINES)
  for (const json of [false, true]) {
    describe.skipIf(!setup.available())(
      `${setup.name}: the function-parameter table, collections in ${json ? 'JSON columns' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;
        const options = () => ({ dialect: setup.dialect, table: 'items', collections, functions: parameterRegistry });

        it.each(parameterCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
          collections ??= await loadWithChildTables(engine(), parameterStorageSchema, parameterRows, json);
          const compiled = compileSql(check(filter, parameterSchema), options());
          expect(await engine().ids(compiled)).toEqual(ids);
        });

        it('binds an alias given as an argument', async () => {
          collections ??= await loadWithChildTables(engine(), parameterStorageSchema, parameterRows, json);
          const typed = check(parameterAliasCase.filter, parameterSchema, { aliases: parameterAliasCase.aliases });
          const compiled = compileSql(typed, options());
          expect(compiled.params.map(String)).toContain('6');
          expect(await engine().ids(compiled)).toEqual(parameterAliasCase.ids);
        });
      },
    );
  }
