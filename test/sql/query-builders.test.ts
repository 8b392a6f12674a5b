// The recipes of docs/query.md, "With a query builder", run on the three engines: the fragment of
// a filter compiled by compileSql(), given by sqlTemplate() as the texts and values a tagged
// template receives, put into a query kysely, knex or drizzle builds with a condition and a
// parameter of its own before it — the builder numbers every placeholder — returns the rows the
// in-memory reference keeps.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  DummyDriver,
  Kysely,
  MysqlAdapter,
  MysqlIntrospector,
  MysqlQueryCompiler,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
  SqliteQueryCompiler,
  sql as kyselySql,
} from 'kysely';
import type { Dialect as KyselyDialect } from 'kysely';
import knex from 'knex';
import type { Knex } from 'knex';
import { and, gte, sql as drizzleSql } from 'drizzle-orm';
import { integer as pgInteger, pgTable, QueryBuilder as PgQueryBuilder } from 'drizzle-orm/pg-core';
import { int as mysqlInt, mysqlTable, QueryBuilder as MysqlQueryBuilder } from 'drizzle-orm/mysql-core';
import { integer as sqliteInteger, QueryBuilder as SqliteQueryBuilder, sqliteTable } from 'drizzle-orm/sqlite-core';
import { compileSql, mysql, postgres, sqlFragment, sqlTemplate, sqlValue } from '../../src/backends/sql/index.js';
import type { CompiledSql } from '../../src/backends/sql/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { check } from '../../src/index.js';
import { arbRows, testSchema } from '../support/arbitraries.js';
import { engineFor, ENGINES, withoutNul } from './engines.js';
import type { EngineSetup } from './engines.js';

/** Filters whose values take every kind of placeholder: text, a 64-bit integer, a Decimal, an instant, a guid, a list, a quote in text. */
const FILTERS = [
  "String eq 'it''s' or startswith(String, 'a')",
  'Int64 gt 5 and Decimal lt 10.5',
  'DateTimeOffset lt 2020-01-01T00:00:00Z or Int32 in (1, 2, 3)',
  'Guid ne 00000000-0000-0000-0000-000000000000 and not (Boolean eq true)',
  "Address/City ne null and contains(Address/City, '%')",
];

/** The SQL and parameters a query builder compiled. */
interface BuiltQuery {
  readonly sql: string;
  readonly params: readonly unknown[];
}

/** A query builder that compiles (never runs) a query over `items`: its own condition `Int32Req >= own`, then the filter. */
type Build = (setup: EngineSetup, own: number, filter: CompiledSql) => BuiltQuery;

function kyselyFor(name: EngineSetup['name']): Kysely<any> {
  const parts: Record<EngineSetup['name'], () => Omit<KyselyDialect, 'createDriver'>> = {
    postgres: () => ({
      createAdapter: () => new PostgresAdapter(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PostgresQueryCompiler(),
    }),
    sqlite: () => ({
      createAdapter: () => new SqliteAdapter(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    }),
    mysql: () => ({
      createAdapter: () => new MysqlAdapter(),
      createIntrospector: (db) => new MysqlIntrospector(db),
      createQueryCompiler: () => new MysqlQueryCompiler(),
    }),
  };
  return new Kysely<any>({ dialect: { ...parts[name](), createDriver: () => new DummyDriver() } });
}

const KNEX_CLIENT = { postgres: 'pg', sqlite: 'sqlite3', mysql: 'mysql2' } as const;

const BUILDERS: Record<string, Build> = {
  kysely: (setup, own, filter) => {
    const { strings, values } = sqlTemplate(filter.fragment, setup.dialect);
    const query = kyselyFor(setup.name)
      .selectFrom('items')
      .select('Id')
      .where('Int32Req', '>=', own)
      .where(kyselySql<boolean>(strings, ...values))
      .orderBy('Id');
    const { sql, parameters } = query.compile();
    return { sql, params: [...parameters] };
  },
  knex: (setup, own, filter) => {
    const { strings, values } = sqlTemplate(filter.fragment, setup.dialect);
    const db = knex({ client: KNEX_CLIENT[setup.name], useNullAsDefault: true });
    const { sql, bindings } = db
      .select('Id')
      .from('items')
      .where('Int32Req', '>=', own)
      .andWhere(db.raw(strings.join('?'), values as readonly Knex.RawBinding[]))
      .orderBy('Id')
      .toSQL()
      .toNative();
    return { sql, params: [...bindings] };
  },
  drizzle: (setup, own, filter) => {
    const { strings, values } = sqlTemplate(filter.fragment, setup.dialect);
    const condition = drizzleSql(strings, ...values);
    if (setup.name === 'postgres') {
      const items = pgTable('items', { Id: pgInteger('Id'), Int32Req: pgInteger('Int32Req') });
      return new PgQueryBuilder()
        .select({ Id: items.Id })
        .from(items)
        .where(and(gte(items.Int32Req, own), condition))
        .orderBy(items.Id)
        .toSQL();
    }
    if (setup.name === 'mysql') {
      const items = mysqlTable('items', { Id: mysqlInt('Id'), Int32Req: mysqlInt('Int32Req') });
      return new MysqlQueryBuilder()
        .select({ Id: items.Id })
        .from(items)
        .where(and(gte(items.Int32Req, own), condition))
        .orderBy(items.Id)
        .toSQL();
    }
    const items = sqliteTable('items', { Id: sqliteInteger('Id'), Int32Req: sqliteInteger('Int32Req') });
    return new SqliteQueryBuilder()
      .select({ Id: items.Id })
      .from(items)
      .where(and(gte(items.Int32Req, own), condition))
      .orderBy(items.Id)
      .toSQL();
  },
};

describe('sqlTemplate', () => {
  it('cuts a fragment at its values, leaving casts and quoted text whole', () => {
    const fragment = sqlFragment`("a$1" = ${sqlValue('t', 'text')}) AND (x = '$2?') AND (y IN (${sqlValue(5n, 'bigint')}, ${sqlValue(6)}))`;
    const { strings, values } = sqlTemplate(fragment, postgres);
    expect([...strings]).toEqual(['("a$1" = ', "::text) AND (x = '$2?') AND (y IN (", '::bigint, ', '))']);
    expect(values).toEqual(['t', 5n, 6]);
    expect(strings.raw).toEqual([...strings]);
    const positional = sqlTemplate(
      sqlFragment`(\`a?\` = ${sqlValue(1, 'SIGNED')}) AND (b = '?') AND c = ${sqlValue(2)}`,
      mysql,
    );
    expect([...positional.strings]).toEqual(['(`a?` = CAST(', " AS SIGNED)) AND (b = '?') AND c = ", '']);
    expect(positional.values).toEqual([1, 2]);
  });

  it('gives the texts of the fragment whatever firstParameter rendered it with; numbered, they are the rendering', () => {
    const typed = check("String eq 'x' and Int64 gt 5 and Int32 in (1, 2)", testSchema);
    const compiled = compileSql(typed, { dialect: postgres, firstParameter: 7 });
    const { strings, values } = sqlTemplate(compiled, postgres);
    expect(sqlTemplate(compileSql(typed, { dialect: postgres }), postgres)).toEqual({ strings, values });
    expect(strings.slice(1).reduce((text, s, i) => `${text}$${7 + i}${s}`, strings[0]!)).toBe(compiled.sql);
    expect(values).toEqual(compiled.params);
  });
});

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: a compiled filter in a query builder's query`, () => {
    const engine = engineFor(setup);

    it.each(Object.keys(BUILDERS))(
      "%s numbers the placeholders and the rows are the reference's",
      async (builder) => {
        await fc.assert(
          fc.asyncProperty(
            arbRows(testSchema, { finiteDoubles: setup.finiteDoubles, maxRows: 10 }).map((rows) =>
              rows.map(withoutNul),
            ),
            fc.integer({ min: -5, max: 5 }),
            async (rows, own) => {
              await engine().load(testSchema, rows);
              for (const text of FILTERS) {
                const typed = check(text, testSchema);
                const query = BUILDERS[builder]!(setup, own, compileSql(typed, { dialect: setup.dialect }));
                const found = (await engine().query(query.sql, query.params)).map((r) => Number(r.Id));
                const matches = compilePredicate(typed);
                const expected = rows
                  .filter((r) => (r.Int32Req as number) >= own && matches(r))
                  .map((r) => r.Id as number)
                  .sort((a, b) => a - b);
                expect(found, `${text}\n${query.sql}`).toEqual(expected);
              }
            },
          ),
          { numRuns: 4 },
        );
      },
      120_000,
    );
  });
}
