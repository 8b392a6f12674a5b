// SQL stays a fragment until the driver (DESIGN.md §2 rule 9): a page query composed of a caller's
// FROM with a value of its own, a filter, order keys with values, the key texts and filter of a
// keyset page, and the expansion queries of its rows, is rendered once with consecutive
// placeholders on every dialect — `$1`, `$2`, … on PostgreSQL, one `?` per value on SQLite and
// MySQL — and, its values bound in that order, returns on each engine the reference's rows.

import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import {
  compileSqlQuery,
  expandSqlRows,
  pageOf,
  sqlFragment,
  sqlText,
  sqlValue,
} from '../../src/backends/sql/index.js';
import type { CompiledSql, Dialect, SqlQueryOptions } from '../../src/backends/sql/index.js';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { defineSchema } from '../../src/types/schema.js';
import type { Column } from '../engines/rows.js';
import { engineFor, ENGINES } from './engines.js';

const id = { type: 'Edm.Int32', nullable: false } as const;
const Owner = defineSchema({
  name: 'Owner',
  properties: {
    Id: id,
    Name: 'Edm.String',
    Score: { type: 'Edm.Int32', nullable: false },
    Pets: { relation: true, collection: { properties: { Id: id, Kind: 'Edm.String', Age: 'Edm.Int32' } } },
  },
});

const OWNERS = [
  { Id: 1, Name: 'ann', Score: 5, Pets: [{ Id: 11, Kind: 'cat', Age: 3 }] },
  { Id: 2, Name: "o'neil", Score: 1, Pets: [] },
  { Id: 3, Name: null, Score: 7, Pets: [{ Id: 31, Kind: 'fish', Age: 1 }] },
  {
    Id: 4,
    Name: 'bo',
    Score: 9,
    Pets: [
      { Id: 41, Kind: 'dog', Age: null },
      { Id: 42, Kind: 'cat', Age: 8 },
      { Id: 43, Kind: null, Age: 2 },
    ],
  },
  { Id: 5, Name: 'ann', Score: 4, Pets: [{ Id: 51, Kind: 'dog', Age: 5 }] },
  { Id: 6, Name: 'zed', Score: 6, Pets: [] },
];

const column = (name: string, type: Column['type'] = 'Edm.Int32'): Column => ({ name, path: [name], type });

const TABLES = [
  {
    table: 'owners',
    columns: [column('Id'), column('Name', 'Edm.String'), column('Score')],
    records: OWNERS.map(({ Pets: _pets, ...owner }) => owner),
  },
  {
    table: 'pets',
    columns: [column('parent'), column('Id'), column('Kind', 'Edm.String'), column('Age')],
    records: OWNERS.flatMap((owner) => owner.Pets.map((pet) => ({ parent: owner.Id, ...pet }))),
  },
];

const resource: QueryResource = {
  schema: Owner,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 2, maxTop: 10, keyset: { key: 'a key of thirty-two characters!!' } },
  relations: { Pets: { key: ['Id'] } },
};

/** Every kind of value a page query binds: the filter's, an order expression's, the expansion's filter and order. */
const REQUEST =
  "$filter=Name ne 'zz' and Score lt 100&$orderby=concat(Name, '~') desc,Score&$count=true&$select=Id,Name" +
  "&$expand=Pets($filter=Kind ne 'fish';$orderby=Age add 1 desc;$select=Kind)";

/** The lowest score the caller's FROM keeps: a value of its own, bound with the query's. */
const MIN_SCORE = 3;

function optionsFor(dialect: Dialect): SqlQueryOptions {
  const score = sqlText(dialect.quoteIdentifier('Score'));
  return {
    dialect,
    from: sqlFragment`(SELECT * FROM owners WHERE ${score} >= ${sqlValue(MIN_SCORE)}) owners`,
    table: 'owners',
    collections: { Pets: { table: 'pets', foreignKey: 'parent', key: 'Id' } },
  };
}

/** The placeholders of rendered SQL in the order written, quoted text and identifiers skipped. */
function placeholdersOf(text: string, dialect: Dialect): string[] {
  const found: string[] = [];
  const pattern =
    dialect.placeholder(1) === '$1' ? /'(?:[^']|'')*'|"(?:[^"]|"")*"|\$\d+/g : /'(?:[^']|'')*'|`[^`]*`|"[^"]*"|\?/g;
  for (const [match] of text.matchAll(pattern)) if (!/^['"`]/.test(match)) found.push(match);
  return found;
}

/** Placeholders numbered 1, 2, … on a dialect that numbers them, one `?` per value on one that does not. */
function expectConsecutive(query: CompiledSql, dialect: Dialect): void {
  const expected = query.params.map((_, i) => dialect.placeholder(i + 1));
  expect(placeholdersOf(query.sql, dialect), query.sql).toEqual(expected);
}

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: a page query composed of fragments`, () => {
    const engine = engineFor(setup);

    it("renders consecutive placeholders, and its pages, links and counts are the reference's", async () => {
      for (const t of TABLES)
        await engine().loadTable(t.table, t.columns, t.records, t.table === 'pets' ? ['parent'] : []);
      const options = optionsFor(setup.dialect);
      const visible = OWNERS.filter((owner) => owner.Score >= MIN_SCORE);
      const run = async (q: CompiledSql) => {
        expectConsecutive(q, setup.dialect);
        return engine().query(q.sql, q.params);
      };
      let query = REQUEST;
      const pages: unknown[] = [];
      for (let page = 0; page < 5; page++) {
        const plan = parseQuery(query, resource);
        const { data, count } = compileSqlQuery(plan, options);
        expect(data.params).toContain(MIN_SCORE);
        const read = pageOf(await run(data), plan);
        const expected = applyQuery(visible, plan);
        expect(await expandSqlRows(read.items, plan, options, run)).toEqual(expected.items);
        expect(read.more).toBe(expected.more);
        expect((await run(count!)).map((row) => Number(row.count))).toEqual([expected.count]);
        pages.push(...read.items);
        if (!read.more) break;
        // The next page is read after its token's row: the keyset page filter binds the token's values.
        expect(read.skipToken).toBeDefined();
        query = `${REQUEST}&$skiptoken=${encodeURIComponent(read.skipToken!)}`;
      }
      expect(pages).toHaveLength(visible.length);
    });
  });
}
