// An `$orderby` expression the lowering decides for every row (a literal, null, a Boolean
// constant) orders nothing on every engine, as in the reference: as an ORDER BY item a constant
// would be refused (PostgreSQL: "non-integer constant", MySQL: `ORDER BY (0)` a column '0').
// Literals are bound values there, which order nothing either. Found by the value differential.

import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compileSqlQuery } from '../../src/backends/sql/index.js';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { testSchema } from '../support/arbitraries.js';
import { engineFor, ENGINES } from './engines.js';

const resource: QueryResource = {
  schema: testSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 100, maxTop: 100 },
};
const rows = [3, 1, 2].map((Id) => ({ Id, Int32: 10 - Id, StringReq: 'x', BooleanReq: true }));
// The last two are decided by the dialect, not the lowering: a null test of a structure or member never null.
const ORDERS = [
  '1 desc',
  "'a'",
  'Color in ()',
  'Int32 eq null and false',
  '2 add 3 desc',
  'Color in (),Int32 desc',
  'Owner eq null',
  'Id eq null desc',
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: constant order keys`, () => {
    const engine = engineFor(setup, testSchema, rows);

    it.each(ORDERS)('$orderby=%s gives the reference order', async (orderby) => {
      const plan = parseQuery(new URLSearchParams([['$orderby', orderby]]), resource);
      const expected = applyQuery(rows, plan).items.map((r) => r.Id);
      const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
      const read = await engine().query(query.data.sql, query.data.params);
      expect(read.map((r) => Number(r.Id))).toEqual(expected);
    });
  });
}
