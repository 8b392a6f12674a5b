// An order by an expression decided for every row orders nothing (docs/query.md, "Order"): it is
// left out of ORDER BY, where MariaDB would read `(NOT FALSE)` as the position 1 — the first
// column — and order the rows by it. A counterexample of the value differential (MySQL, seed
// -1845696392): `Sales.Color'0' has Sales.Color'0' desc`, paged one row at a time, skipped a row;
// and (seed 304895932) `not (Owner eq null) desc`, a structure that is never null.

import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compileSqlQuery, pageOf } from '../../src/backends/sql/index.js';
import { nextLink, parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { testSchema } from '../support/arbitraries.js';
import { TEST_KEYSET } from '../support/keyset-key.js';
import { ENGINES, engineFor } from './engines.js';

const keyset: QueryResource = {
  schema: testSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 2, maxTop: 1000, keyset: TEST_KEYSET },
};
// Inserted out of key order: an engine that orders by the first column descending answers 5, 0, …
const rows = [{ Id: 0 }, { Id: -2147483648 }, { Id: 5 }];
const ORDERS = [
  "Sales.Color'0' has Sales.Color'0' desc",
  "Sales.Color'0' has Sales.Color'0'",
  'Int32Req ne null desc',
  'not (Int32Req eq null) and Id eq Id desc',
  'not (Owner eq null) desc',
  'Owner ne null desc',
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: an order decided for every row`, () => {
    const engine = engineFor(setup, testSchema, rows);
    it.each(ORDERS)('%s pages as the key orders, a row at a time', async (orderby) => {
      const whole = parseQuery(
        new URLSearchParams([
          ['$orderby', orderby],
          ['$top', '1000'],
        ]),
        keyset,
      );
      const expected = applyQuery(rows, whole).items.map((r) => r.Id);
      expect(expected).toEqual([-2147483648, 0, 5]);
      let url: string | undefined = `https://x.test/items?${new URLSearchParams([
        ['$orderby', orderby],
        ['$top', '1'],
      ])}`;
      const seen: number[] = [];
      while (url !== undefined && seen.length <= rows.length) {
        const plan = parseQuery(new URL(url).search, keyset);
        const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
        const page = pageOf(await engine().query(query.data.sql, query.data.params), plan);
        seen.push(...page.items.map((r) => Number(r.Id)));
        url = nextLink(url, plan, page.more, page.skipToken);
      }
      expect(seen).toEqual(expected);
    });
  });
}
