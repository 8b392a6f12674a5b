// compileSqlQuery() on the three engines (docs/query.md): following `next` links from the first
// page, each page read with the plan's data query, visits every row the filter matches exactly
// once, in the order the in-memory reference gives the whole set (random `orderby`, nulls, NaN,
// ties, and expressions), and the count query counts them. Decimal keys are left to PostgreSQL: SQLite stores them
// as REAL and MySQL rounds them to 30 places (docs/semantics.md, "SQL backends: differences").

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLink, parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { compileSqlQuery, pageOf } from '../../src/backends/sql/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { arbOrderBy, arbRows, testSchema } from '../support/arbitraries.js';
import { engineFor, ENGINES, PAGING_FILTERS, withoutNul } from './engines.js';
import { LONG, runs } from '../support/test-size.js';
import { TEST_KEYSET } from '../support/keyset-key.js';

const BASE = 'https://example.test/items';
const resource: QueryResource = {
  schema: testSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 3, maxTop: 10 },
};

/** Expressions to order by, with a value null for some rows; Decimal ones on PostgreSQL only (as Decimal keys). */
const EXPRESSIONS = [
  'length(String)',
  'Int32 add Int16',
  'year(DateTimeOffset) desc',
  'Int32Req mod 3',
  "concat(String, 'x') desc",
  'substring(String, 1)',
  'Boolean eq true',
  'Double add 1 desc',
  'Byte mul 2',
];
const DECIMAL_EXPRESSIONS = ['Decimal mul 2 desc', 'round(Decimal)'];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: paging by the plan's SQL`, () => {
    const engine = engineFor(setup);

    it(
      "visits every matching row exactly once, in the reference's order, and counts them",
      async () => {
        await fc.assert(
          // Strings without U+0000, which PostgreSQL and SQLite cannot store (docs/semantics.md, "SQL backends: differences").
          fc.asyncProperty(
            arbRows(testSchema, { finiteDoubles: setup.finiteDoubles, maxRows: 12 }).map((rows) =>
              rows.map(withoutNul),
            ),
            fc.constantFrom(...PAGING_FILTERS),
            fc.option(fc.integer({ min: 1, max: 5 })),
            fc.integer({ min: 1, max: 5 }),
            arbOrderBy(testSchema, (type) => type === 'Edm.Decimal' && setup.name !== 'postgres'),
            fc.option(fc.constantFrom(...EXPRESSIONS, ...(setup.name === 'postgres' ? DECIMAL_EXPRESSIONS : []))),
            async (rows, filter, top, first, paths, expression) => {
              const orderby =
                [expression, paths].filter((item) => item !== null && item !== undefined).join(',') || undefined;
              await engine().load(testSchema, rows);
              const options: [string, string][] = [['$count', 'true']];
              if (filter !== undefined) options.push(['$filter', filter]);
              if (top !== null) options.push(['$top', String(top)]);
              if (orderby !== undefined) options.push(['$orderby', orderby]);
              // The reference's order of the whole set: every engine's pages must follow it.
              const whole = applyQuery(
                rows,
                parseQuery(new URLSearchParams([...options.filter(([n]) => n !== '$top'), ['$top', '1000']]), {
                  ...resource,
                  policy: { ...resource.policy, maxTop: 1000 },
                }),
              );
              const expected = whole.items.map((r) => r.Id as number);
              let url: string | undefined = `${BASE}?${new URLSearchParams(options).toString()}`;
              const seen: number[] = [];
              while (url !== undefined) {
                const plan = parseQuery(new URL(url).search, resource);
                // The caller's own parameters first: the plan's placeholders are numbered after them.
                const query = compileSqlQuery(plan, {
                  dialect: setup.dialect,
                  from: 'items',
                  table: 'items',
                  firstParameter: first,
                });
                const shift = setup.name === 'postgres' ? first - 1 : 0;
                const rowsRead = await engine().query(padded(query.data.sql, shift, setup.name), [
                  ...Array(shift).fill(0),
                  ...query.data.params,
                ]);
                const [counted] = await engine().query(padded(query.count!.sql, shift, setup.name), [
                  ...Array(shift).fill(0),
                  ...query.count!.params,
                ]);
                expect(Number(counted!.count)).toBe(expected.length);
                const page = pageOf(rowsRead, plan);
                seen.push(...page.items.map((r) => Number(r.Id)));
                url = nextLink(url, plan, page.more);
              }
              expect(seen).toEqual(expected);
            },
          ),
          { numRuns: runs(25, 200) },
        );
      },
      LONG ? 600_000 : 120_000,
    );

    it(
      "with keyset links, visits every matching row exactly once, in the reference's order",
      async () => {
        const keyset: QueryResource = { ...resource, policy: { ...resource.policy, keyset: TEST_KEYSET } };
        await fc.assert(
          fc.asyncProperty(
            arbRows(testSchema, { finiteDoubles: setup.finiteDoubles, maxRows: 12 }).map((rows) =>
              rows.map(withoutNul),
            ),
            fc.constantFrom(...PAGING_FILTERS),
            fc.integer({ min: 1, max: 4 }),
            arbOrderBy(testSchema, (type) => type === 'Edm.Decimal' && setup.name !== 'postgres'),
            fc.option(fc.constantFrom(...EXPRESSIONS, ...(setup.name === 'postgres' ? DECIMAL_EXPRESSIONS : []))),
            fc.nat(2),
            async (rows, filter, top, paths, expression, skip) => {
              await engine().load(testSchema, rows);
              const orderby = [expression, paths].filter((item) => item !== null && item !== undefined).join(',');
              const options: [string, string][] = [
                ['$count', 'true'],
                ['$top', String(top)],
                ['$skip', String(skip)],
              ];
              if (filter !== undefined) options.push(['$filter', filter]);
              if (orderby) options.push(['$orderby', orderby]);
              const whole = applyQuery(
                rows,
                parseQuery(
                  new URLSearchParams([...options.filter(([n]) => n !== '$top' && n !== '$skip'), ['$top', '1000']]),
                  { ...keyset, policy: { ...keyset.policy, maxTop: 1000 } },
                ),
              );
              const expected = whole.items.map((r) => r.Id as number).slice(skip);
              let url: string | undefined = `${BASE}?${new URLSearchParams(options).toString()}`;
              const seen: number[] = [];
              let tokens = 0;
              while (url !== undefined) {
                const plan = parseQuery(new URL(url).search, keyset);
                const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
                const page = pageOf(await engine().query(query.data.sql, query.data.params), plan);
                const [counted] = await engine().query(query.count!.sql, query.count!.params);
                expect(Number(counted!.count)).toBe(whole.items.length);
                expect(page.items.every((row) => !Object.keys(row).some((k) => k.startsWith('$order')))).toBe(true);
                seen.push(...page.items.map((r) => Number(r.Id)));
                if (page.skipToken !== undefined) tokens++;
                url = nextLink(url, plan, page.more, page.skipToken);
                expect(seen.length).toBeLessThanOrEqual(expected.length);
              }
              expect(seen).toEqual(expected);
              // Every key has an exact text but a Double (everywhere), and a Decimal and a Binary on
              // SQLite (docs/semantics.md, "SQL backends: differences"): those orders page by skip.
              const first = parseQuery(new URLSearchParams(options), keyset);
              const exact =
                first.keyset &&
                !(
                  setup.name === 'sqlite' &&
                  first.orderBy.some((k) => k.property.type === 'Edm.Decimal' || k.property.type === 'Edm.Binary')
                );
              if (expected.length > top) expect(tokens > 0).toBe(exact);
            },
          ),
          { numRuns: runs(25, 200) },
        );
      },
      LONG ? 600_000 : 120_000,
    );
  });
}

/** On PostgreSQL, the query with `shift` parameters of its own before the plan's, as a caller's conditions would hold. */
function padded(sql: string, shift: number, name: string): string {
  if (name !== 'postgres' || shift === 0) return sql;
  const own = Array.from({ length: shift }, (_, i) => `$${i + 1}::integer = 0`).join(' AND ');
  // Replacement functions: the text holds `$1`, which a replacement string would read as a group.
  return sql.includes(' WHERE ')
    ? sql.replace(' WHERE ', () => ` WHERE ${own} AND `)
    : sql.replace(/( ORDER BY | LIMIT |$)/, (tail: string) => ` WHERE ${own}${tail}`);
}
