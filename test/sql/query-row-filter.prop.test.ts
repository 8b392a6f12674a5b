// Row filters in SQL (docs/query.md, "Row filters") on the three engines, with the relations in
// child tables: the data and count queries of a plan whose resource restricts its rows, its orders
// and their lines return what the in-memory reference returns for the same request over rows from
// which the excluded ones were removed beforehand.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { compileSqlQuery } from '../../src/backends/sql/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { arbRows, lambdaTestSchema } from '../support/arbitraries.js';
import {
  arbLambda,
  arbLambdaRequest,
  at,
  LINE_PREDICATES,
  ORDER_PREDICATES,
  prefiltered,
} from '../support/row-filters.js';
import type { Row } from '../support/row-filters.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES, withoutNul } from './engines.js';
import { LONG, runs } from '../support/test-size.js';

const policy = { spelling: 'odata', defaultTop: 10, maxTop: 1000 } as const;
const pooled = (predicates: readonly string[]) =>
  fc.option(fc.constantFrom(...predicates.map((p) => at(p, ''))), { nil: undefined });

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: row filters`, () => {
    const engine = engineFor(setup);

    it(
      'leave out of the page and the count every row, order and line they exclude',
      async () => {
        await fc.assert(
          fc.asyncProperty(
            arbRows(lambdaTestSchema, { finiteDoubles: setup.finiteDoubles, maxRows: 6 }).map((rows) =>
              rows.map(withoutNul),
            ),
            fc.array(
              fc.tuple(
                arbLambdaRequest,
                fc.record({
                  root: fc.option(arbLambda, { nil: undefined }),
                  orders: pooled(ORDER_PREDICATES),
                  lines: pooled(LINE_PREDICATES),
                }),
              ),
              { minLength: 4, maxLength: 4 },
            ),
            async (rows, cases) => {
              const collections = await loadWithChildTables(engine(), lambdaTestSchema, rows);
              for (const [filter, filters] of cases) {
                const resource: QueryResource = {
                  schema: lambdaTestSchema,
                  key: ['Id'],
                  policy,
                  rowFilter: filters.root,
                  relations: { Orders: { rowFilter: filters.orders }, 'Orders/Lines': { rowFilter: filters.lines } },
                };
                const query = `$filter=${encodeURIComponent(filter)}&$count=true&$top=1000`;
                const plan = parseQuery(query, resource);
                const { data, count } = compileSqlQuery(plan, {
                  dialect: setup.dialect,
                  from: 'items',
                  table: 'items',
                  collections,
                });
                const expected = applyQuery(
                  prefiltered(rows as Row[], filters),
                  parseQuery(query, { schema: lambdaTestSchema, key: ['Id'], policy }),
                );
                const found = await engine().query(data.sql, data.params);
                expect(
                  found.map((r) => Number(r.Id)),
                  `${filter} ${JSON.stringify(filters)}\n${data.sql}`,
                ).toEqual(expected.items.map((r) => r.Id));
                const [counted] = await engine().query(count!.sql, count!.params);
                expect(Number(counted!.count)).toBe(expected.count);
              }
            },
          ),
          { numRuns: runs(8, 150) },
        );
      },
      LONG ? 900_000 : 120_000,
    );
  });
}
