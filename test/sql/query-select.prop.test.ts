// Projections in SQL (docs/query.md, "Projection") on the three engines: the data query of a plan
// that selects returns, for the same rows in the same order, exactly one column per primitive
// property kept, named by its path, holding what the row's own column holds.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { compileSqlQuery } from '../../src/backends/sql/index.js';
import { listPropertyPaths } from '../../src/index.js';
import { arbRows, testSchema } from '../support/arbitraries.js';
import { engineFor, ENGINES, withoutNul } from './engines.js';
import { LONG, runs } from '../support/test-size.js';

const resource: QueryResource = {
  schema: testSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 5, maxTop: 50 },
};

/** What a `$select` item can name: every top-level property and every primitive path. */
const ITEMS = [
  ...new Set([...testSchema.properties.keys(), ...listPropertyPaths(testSchema).map((p) => p.path.join('/'))]),
];
const PRIMITIVE_PATHS = listPropertyPaths(testSchema).map((p) => p.path);

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: the columns of a projection`, () => {
    const engine = engineFor(setup);

    it(
      "are the kept primitives, named by path, holding the row's columns",
      async () => {
        await fc.assert(
          fc.asyncProperty(
            arbRows(testSchema, { finiteDoubles: setup.finiteDoubles, maxRows: 8 }).map((rows) => rows.map(withoutNul)),
            fc.uniqueArray(fc.constantFrom(...ITEMS), { minLength: 1, maxLength: 4 }),
            fc.constantFrom(undefined, 'Int32 gt 0', 'Address/City ne null'),
            async (rows, items, filter) => {
              await engine().load(testSchema, rows);
              const query = `$select=${encodeURIComponent(items.join(','))}&$orderby=String desc${filter === undefined ? '' : `&$filter=${encodeURIComponent(filter)}`}`;
              const plan = parseQuery(query, resource);
              const whole = parseQuery(query.replace(/^\$select=[^&]*&/, ''), resource);
              const options = { dialect: setup.dialect, from: 'items' };
              const projected = await engine().query(
                compileSqlQuery(plan, options).data.sql,
                compileSqlQuery(plan, options).data.params,
              );
              const full = await engine().query(
                compileSqlQuery(whole, options).data.sql,
                compileSqlQuery(whole, options).data.params,
              );
              expect(projected.length).toBe(full.length);
              const kept = PRIMITIVE_PATHS.filter((path) =>
                plan.select!.some(
                  (item) =>
                    path.join('/') === item.path.join('/') || path.join('/').startsWith(`${item.path.join('/')}/`),
                ),
              );
              projected.forEach((row, i) => {
                expect(Object.keys(row).sort()).toEqual(kept.map((path) => path.join('/')).sort());
                for (const path of kept) expect(row[path.join('/')]).toEqual(full[i]![path.join('_')]);
              });
            },
          ),
          { numRuns: runs(15, 100) },
        );
      },
      LONG ? 600_000 : 120_000,
    );
  });
}
