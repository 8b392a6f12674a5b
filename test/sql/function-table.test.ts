// The function-call table (docs/semantics.md §15) on the three engines: the registry's fragment for
// each dialect, the arguments bound, a bound structure's members read as columns (a complex value's
// flattened, a lambda's element's in a child table or a JSON column).

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import {
  aliasCase,
  functionCases,
  functionRegistry,
  functionRows,
  functionSchema,
  functionStorageSchema,
  resultCases,
} from '../support/function-table.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';
import { thrownFilterError } from '../support/thrown.js';

for (const setup of ENGINES)
  for (const json of [false, true]) {
    describe.skipIf(!setup.available())(
      `${setup.name}: the function-call table, collections in ${json ? 'JSON columns' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;
        const options = () => ({ dialect: setup.dialect, table: 'items', collections, functions: functionRegistry });

        it.each(functionCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
          collections ??= await loadWithChildTables(engine(), functionStorageSchema, functionRows, json);
          const compiled = compileSql(check(filter, functionSchema), options());
          expect(await engine().ids(compiled)).toEqual(ids);
        });

        it('binds an alias given as an argument', async () => {
          collections ??= await loadWithChildTables(engine(), functionStorageSchema, functionRows, json);
          const typed = check(aliasCase.filter, functionSchema, { aliases: aliasCase.aliases });
          const compiled = compileSql(typed, options());
          expect(compiled.params.map(String)).toContain('2');
          expect(await engine().ids(compiled)).toEqual(aliasCase.ids);
        });

        // A call bound to a collection is a subquery over its elements, as a lambda is: calls
        // nested in one another's arguments, as far as a raised maxLambdaDepth lets them, are
        // refused by the dialect's depth (a 'limit' FilterError) before the engine meets them, where
        // the engine bounds the height of its expressions (SQLite, MySQL).
        if (setup.dialect.maxFilterDepth !== undefined)
          it('refuses calls bound to a collection nested beyond what the engine compiles, by its limit', async () => {
            collections ??= await loadWithChildTables(engine(), functionStorageSchema, functionRows, json);
            let text = '1';
            for (let i = 0; i < 30; i++) text = `Scores/Geo.CountOver(Min=${text})`;
            const typed = check(`${text} ge 0`, functionSchema, { maxLambdaDepth: 30 });
            expect(thrownFilterError(() => compileSql(typed, options()))).toMatchObject({ kind: 'limit' });
          });
      },
    );
  }

// An implementation's fragment is one value, not rows: a structure or a collection a call returns
// is refused by name on every dialect, before any engine (docs/semantics.md, "SQL backends:
// differences").
const JSON_COLUMNS: CollectionStorage = { Stops: { json: 'stops' }, Scores: { json: 'scores' } };

describe.each(ENGINES.map((setup) => [setup.dialect.name, setup.dialect] as const))(
  '%s: a path after a call returning a structure or a collection',
  (name, dialect) => {
    it.each(resultCases.map((c) => [c.filter] as const))('refuses %s', (filter) => {
      const typed = check(filter, functionSchema);
      expect(
        thrownFilterError(() =>
          compileSql(typed, { dialect, table: 'items', collections: JSON_COLUMNS, functions: functionRegistry }),
        ),
      ).toMatchObject({
        kind: 'unsupported',
        construct: 'function_result',
        target: name,
      });
    });
  },
);
