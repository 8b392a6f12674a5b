// Expansions in SQL (docs/query.md, "Expansion") on the three engines: customers with a region
// (single-valued, in its own table), orders (to-many, a child table, with a row filter) holding a
// representative (single-valued) and lines (to-many, nested). The page read by the plan's data
// query and expanded by expandSqlRows() — one query per relation per level — equals what
// applyQuery() gives for the same request over the same rows held as nested objects. (The
// requests select the customers' properties: without a projection, the page holds the caller's
// columns as the table has them.)

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { compileSqlExpansion, compileSqlQuery, expandSqlRows, pageOf, postgres } from '../../src/backends/sql/index.js';
import type { CompiledSql, SqlQueryOptions } from '../../src/backends/sql/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { defineSchema } from '../../src/types/schema.js';
import type { Column } from '../engines/rows.js';
import { engineFor, ENGINES } from './engines.js';
import { LONG, runs } from '../support/test-size.js';

const id = { type: 'Edm.Int32', nullable: false } as const;
const Customer = defineSchema({
  name: 'Customer',
  properties: {
    Id: id,
    Name: 'Edm.String',
    Region: { relation: true, properties: { Id: id, Name: 'Edm.String' } },
    Orders: {
      relation: true,
      collection: {
        properties: {
          Id: id,
          Status: 'Edm.String',
          Total: 'Edm.Int32',
          Rep: { relation: true, properties: { Id: id, Name: 'Edm.String' } },
          Lines: { relation: true, collection: { properties: { Id: id, Qty: 'Edm.Int32' } } },
        },
      },
    },
  },
});

const REGIONS = [
  { Id: 1, Name: 'North' },
  { Id: 2, Name: 'Süd' },
  { Id: 3, Name: null },
];
const REPS = [
  { Id: 7, Name: "O'Neil" },
  { Id: 8, Name: 'ä' },
];
const NAMES = ['a', 'B', 'ä', "O'Neil", null, '%_'];

interface Line {
  Id: number;
  Qty: number | null;
}
interface Order {
  Id: number;
  Status: string | null;
  Total: number | null;
  Rep: (typeof REPS)[number] | null;
  Lines: Line[];
}
interface CustomerRow {
  Id: number;
  Name: string | null;
  Region: (typeof REGIONS)[number] | null;
  Orders: Order[];
}

const arbCustomers: fc.Arbitrary<CustomerRow[]> = fc
  .array(
    fc.record({
      Name: fc.constantFrom(...NAMES),
      Region: fc.option(fc.constantFrom(...REGIONS), { nil: null }),
      Orders: fc.array(
        fc.record({
          Status: fc.constantFrom('open', 'void', null),
          Total: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
          Rep: fc.option(fc.constantFrom(...REPS), { nil: null }),
          Lines: fc.array(fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }), { maxLength: 3 }),
        }),
        { maxLength: 4 },
      ),
    }),
    { maxLength: 6 },
  )
  .map((drawn) => {
    let next = 100;
    return drawn.map((c, i) => ({
      Id: i + 1,
      Name: c.Name,
      Region: c.Region,
      Orders: c.Orders.map((o) => ({
        Id: next++,
        Status: o.Status,
        Total: o.Total,
        Rep: o.Rep,
        Lines: o.Lines.map((qty) => ({ Id: next++, Qty: qty })),
      })),
    }));
  });

const column = (name: string, type: Column['type'] = 'Edm.Int32'): Column => ({ name, path: [name], type });

/** The rows as tables: customers (with RegionID), regions, orders (parent: the customer's Id; RepID), reps, order_lines (parent: the order's key). */
function tablesOf(customers: readonly CustomerRow[]) {
  let key = 1;
  const orders: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  for (const c of customers) {
    for (const o of c.Orders) {
      const orderKey = key++;
      orders.push({
        key: orderKey,
        parent: c.Id,
        Id: o.Id,
        Status: o.Status,
        Total: o.Total,
        RepID: o.Rep?.Id ?? null,
      });
      for (const l of o.Lines) lines.push({ key: key++, parent: orderKey, Id: l.Id, Qty: l.Qty });
    }
  }
  return [
    {
      table: 'customers',
      columns: [column('Id'), column('Name', 'Edm.String'), column('RegionID')],
      records: customers.map((c) => ({ Id: c.Id, Name: c.Name, RegionID: c.Region?.Id ?? null })),
    },
    { table: 'regions', columns: [column('Id'), column('Name', 'Edm.String')], records: REGIONS },
    {
      table: 'orders',
      columns: [
        column('key'),
        column('parent'),
        column('Id'),
        column('Status', 'Edm.String'),
        column('Total'),
        column('RepID'),
      ],
      records: orders,
    },
    { table: 'reps', columns: [column('Id'), column('Name', 'Edm.String')], records: REPS },
    { table: 'order_lines', columns: [column('key'), column('parent'), column('Id'), column('Qty')], records: lines },
  ];
}

const storage = {
  from: 'customers',
  table: 'customers',
  collections: {
    Orders: { table: 'orders', foreignKey: 'parent', key: 'Id' },
    'Orders/Lines': { table: 'order_lines', foreignKey: 'parent', key: 'key' },
  },
  relations: {
    Region: { table: 'regions', key: 'Id', reference: 'RegionID' },
    'Orders/Rep': { table: 'reps', key: 'Id', reference: 'RepID' },
  },
} as const;

const resource = (rowFilter: boolean): QueryResource => ({
  schema: Customer,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 4, maxTop: 50 },
  relations: {
    Orders: { key: ['Id'], ...(rowFilter ? { rowFilter: "Status ne 'void'" } : {}) },
    'Orders/Lines': { key: ['Id'] },
  },
});

const EXPANSIONS = [
  'Region',
  'Region($select=Name)',
  'Orders',
  'Orders($select=Id,Status;$orderby=Total desc;$top=2;$skip=1)',
  "Orders($filter=Total gt 10 or Status eq 'open';$select=Id;$expand=Lines($select=Id,Qty;$orderby=Qty desc;$top=1),Rep($select=Name))",
  'Orders($select=Id;$expand=Lines($filter=Qty ne null;$select=Qty))',
  'Region,Orders($orderby=Id desc;$expand=Rep,Lines)',
  'Orders/Lines',
  'Orders($orderby=Total mod 7 desc, length(Status);$top=2;$select=Id,Total;$expand=Lines($orderby=Qty add Id desc))',
];

const arbRequest = fc
  .tuple(
    fc.constantFrom(...EXPANSIONS),
    fc.constantFrom('&$select=Id,Name', '&$select=Name&$orderby=Name desc', '&$select=Id&$orderby=Name'),
    fc.integer({ min: 0, max: 3 }),
    fc.integer({ min: 1, max: 4 }),
    fc.boolean(),
  )
  .map(([expand, select, skip, top, rowFilter]) => ({
    query: `$expand=${encodeURIComponent(expand)}${select}&$skip=${skip}&$top=${top}`,
    rowFilter,
  }));

describe('expansion queries', () => {
  it("bind the keys of the rows, then the filter's values, and page each parent's related rows", () => {
    const plan = parseQuery("$expand=Orders($filter=Status eq 'open';$top=2;$skip=1;$select=Id)", resource(false));
    const { sql, params } = compileSqlExpansion(plan.expand[0]!, [1, 2], { dialect: postgres, ...storage });
    expect({ sql, params }).toEqual({
      sql: 'SELECT * FROM (SELECT e."Id" AS "Id", e."parent" AS "$parent", ROW_NUMBER() OVER (PARTITION BY e."parent" ORDER BY e."Id" ASC) AS "$row" FROM orders e WHERE e."parent" IN ($1, $2) AND (e."Status" = $3::text)) w WHERE w."$row" > 1 AND w."$row" <= 3 ORDER BY w."$parent", w."$row"',
      params: [1, 2, 'open'],
    });
    expect(compileSqlQuery(plan, { dialect: postgres, ...storage }).data.sql).toBe(
      'SELECT customers.*, customers."Id" AS "$key:Orders" FROM customers ORDER BY customers."Id" ASC LIMIT 5 OFFSET 0',
    );
  });
});

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: expanded pages`, () => {
    const engine = engineFor(setup);

    it(
      "equal the reference's, with one query per relation per level",
      async () => {
        await fc.assert(
          fc.asyncProperty(
            arbCustomers,
            fc.array(arbRequest, { minLength: 3, maxLength: 3 }),
            async (customers, requests) => {
              for (const t of tablesOf(customers))
                await engine().loadTable(
                  t.table,
                  t.columns,
                  t.records,
                  t.table === 'orders' || t.table === 'order_lines' ? ['parent'] : [],
                );
              for (const { query, rowFilter } of requests) {
                const plan = parseQuery(query, resource(rowFilter));
                const options: SqlQueryOptions = { dialect: setup.dialect, ...storage };
                const { data } = compileSqlQuery(plan, options);
                const page = pageOf(await engine().query(data.sql, data.params), plan);
                const queries: CompiledSql[] = [];
                const run = async (q: CompiledSql) => {
                  queries.push(q);
                  return engine().query(q.sql, q.params);
                };
                const expanded = await expandSqlRows(page.items, plan, options, run);
                const expected = applyQuery(customers, plan);
                expect(expanded, `${query} (row filter: ${rowFilter})`).toEqual(expected.items);
                expect(page.more).toBe(expected.more);
                // No query per row: at most one per expanded relation (and none for a relation no row holds).
                const relations = (items: typeof plan.expand): number =>
                  items.reduce((n, item) => n + 1 + relations(item.expand), 0);
                expect(queries.length).toBeLessThanOrEqual(relations(plan.expand));
              }
            },
          ),
          { numRuns: runs(10, 150) },
        );
      },
      LONG ? 900_000 : 120_000,
    );
  });
}
