// The lambda evaluation table on the three engines: the rows in `items`, each collection in a
// child table, or each that is not a relation in a JSON column (test/sql/child-tables.ts); every
// case's ids as docs/semantics.md, section 8, says.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { lambdaCases, lambdaRows, lambdaSchema } from '../support/lambda-table.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';

for (const setup of ENGINES)
  for (const json of [false, true]) {
    describe.skipIf(!setup.available())(
      `${setup.name}: the lambda evaluation table, collections in ${json ? 'JSON columns (relations in child tables)' : 'child tables'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;

        it.each(lambdaCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
          collections ??= await loadWithChildTables(engine(), lambdaSchema, lambdaRows, json);
          const compiled = compileSql(check(filter, lambdaSchema), {
            dialect: setup.dialect,
            table: 'items',
            collections,
          });
          expect(await engine().ids(compiled)).toEqual(ids);
        });
      },
    );
  }
