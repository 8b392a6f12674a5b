// SQL data sources through the endpoint (docs/server.md, "Data sources"): rows keyed by property
// with or without `$select` (never `SELECT *` rows under column names), values as the endpoint
// writes them (Int64 exact through sql.js, Booleans from 0/1, structures nested, binaries), long
// paths under short names where PostgreSQL would cut them, expansions, and the statement timeout
// and cancellation as OData errors.

import { getEventListeners } from 'node:events';
import initSqlJs from 'sql.js';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { defineModel, schemaOf } from '../../src/index.js';
import { parseQuery } from '../../src/query/index.js';
import { sqlite } from '../../src/backends/sql/index.js';
import {
  DEFAULT_STATEMENT_TIMEOUT_MS,
  odataEndpoint,
  pgPool,
  sqlJs,
  sqlSource,
  type SqlConnection,
} from '../../src/server/index.js';
import { RowKeys } from '../../src/server/row-keys.js';
import { engineAvailable } from '../engines/availability.js';
import { startPglite } from '../engines/pglite.js';
import { mariadbAvailable, startMariadb } from '../engines/mariadb.js';
import { postgresAvailable, startPostgres } from '../engines/postgres.js';

/** 2^53 + 1 as JSON.parse reads the body's exact digits (which the text itself is checked for). */
const BEYOND_DOUBLE = Number('9007199254740993');

const LONG_NAME = 'AVeryLongPropertyNameThatGoesOnAndOnForMoreThanSixtyThreeBytes';

const model = defineModel({
  namespace: 'Shop',
  complexTypes: {
    Size: { properties: { Width: 'Edm.Int32', Height: 'Edm.Int32' } },
    Deep: { properties: { [`${LONG_NAME}A`]: 'Edm.String', [`${LONG_NAME}B`]: 'Edm.String' } },
  },
  entityTypes: {
    Product: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Name: 'Edm.String',
        Stock: 'Edm.Int64',
        Active: 'Edm.Boolean',
        Size: 'Size',
        Hash: 'Edm.Binary',
        Deep: 'Deep',
      },
      navigation: { Category: { type: 'Category', partner: 'Products' } },
    },
    Category: {
      key: ['Id'],
      properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String' },
      navigation: { Products: { type: 'Product', collection: true, partner: 'Category' } },
    },
  },
  entitySets: {
    Products: { type: 'Product', bindings: { Category: 'Categories' } },
    Categories: { type: 'Category', bindings: { Products: 'Products' } },
  },
});

const DDL = [
  `CREATE TABLE categories ("Id" INTEGER, "Name" TEXT)`,
  `CREATE TABLE products ("Id" INTEGER, "Name" TEXT, "Stock" BIGINT, "Active" BOOLEAN, "Size_Width" INTEGER,
    "Size_Height" INTEGER, "Hash" BYTEA, "CategoryId" INTEGER, deep_a TEXT, deep_b TEXT)`,
];
const INSERTS = [
  `INSERT INTO categories VALUES (1, 'Tools'), (2, 'Toys')`,
  `INSERT INTO products VALUES (1, 'Saw', 9007199254740993, TRUE, 3, 4, NULL, 1, 'a', 'b'),
    (2, 'Ball', -9007199254740993, FALSE, NULL, NULL, NULL, 2, NULL, NULL),
    (3, 'Drill', 7, NULL, 5, NULL, NULL, 1, NULL, 'd')`,
];

/** The long paths' columns: MySQL's names are at most 64 characters. */
const DEEP_COLUMNS = { [`Deep/${LONG_NAME}A`]: 'deep_a', [`Deep/${LONG_NAME}B`]: 'deep_b' };

/** The endpoint over a database holding the tables, through its connection. */
function endpointOver(connection: SqlConnection, timeoutMs?: number) {
  const options = timeoutMs === undefined ? {} : { timeoutMs };
  return odataEndpoint({
    model,
    entitySets: {
      Products: {
        source: sqlSource({
          ...connection,
          table: 'products',
          columns: DEEP_COLUMNS,
          relations: { Category: { table: 'categories', key: 'Id', reference: 'CategoryId' } },
          ...options,
        }),
      },
      Categories: {
        source: sqlSource({
          ...connection,
          table: 'categories',
          collections: { Products: { table: 'products', foreignKey: 'CategoryId', key: 'Id', columns: DEEP_COLUMNS } },
          ...options,
        }),
      },
    },
  });
}

async function get(handler: (r: Request) => Promise<Response>, path: string, init?: RequestInit) {
  const response = await handler(new Request(`http://shop.test${path}`, init));
  const text = await response.text();
  return { status: response.status, headers: response.headers, text, json: () => JSON.parse(text) };
}

async function sqlJsDatabase() {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  for (const statement of [...DDL, ...INSERTS]) db.run(statement.replace('BYTEA', 'BLOB'));
  // sql.js takes TRUE and FALSE as 1 and 0, as SQLite stores Booleans (docs/sql.md).
  db.run(`UPDATE products SET "Hash" = X'01FF' WHERE "Id" = 1`);
  return db;
}

/** What every engine answers for the tables: the same JSON. */
async function expectAnswers(handler: (r: Request) => Promise<Response>): Promise<void> {
  const all = await get(handler, '/Products');
  expect(all.status, all.text).toBe(200);
  expect(all.text).toContain('"Stock":9007199254740993,');
  expect(all.text).toContain('"Stock":-9007199254740993,');
  expect(all.json().value).toEqual([
    {
      Id: 1,
      Name: 'Saw',
      Stock: BEYOND_DOUBLE,
      Active: true,
      Size: { Width: 3, Height: 4 },
      Hash: 'Af8=',
      Deep: { [`${LONG_NAME}A`]: 'a', [`${LONG_NAME}B`]: 'b' },
    },
    { Id: 2, Name: 'Ball', Stock: -BEYOND_DOUBLE, Active: false, Size: null, Hash: null, Deep: null },
    {
      Id: 3,
      Name: 'Drill',
      Stock: 7,
      Active: null,
      Size: { Width: 5, Height: null },
      Hash: null,
      Deep: { [`${LONG_NAME}A`]: null, [`${LONG_NAME}B`]: 'd' },
    },
  ]);
  const selected = (await get(handler, `/Products?$select=Id,Deep&$filter=Deep/${LONG_NAME}B eq 'd'`)).json();
  expect(selected.value).toEqual([{ Id: 3, Deep: { [`${LONG_NAME}A`]: null, [`${LONG_NAME}B`]: 'd' } }]);
  const expanded = (
    await get(handler, '/Categories?$expand=Products($select=Id,Stock;$orderby=Id desc)&$count=true&$top=1')
  ).json();
  expect(expanded['@odata.count']).toBe(2);
  expect(expanded['@odata.nextLink']).toMatch(/\$skip=1$/);
  expect(expanded.value).toEqual([
    {
      Id: 1,
      Name: 'Tools',
      Products: [
        { Id: 3, Stock: 7 },
        { Id: 1, Stock: BEYOND_DOUBLE },
      ],
    },
  ]);
  const one = (await get(handler, '/Products(2)?$select=Name&$expand=Category')).json();
  expect(one).toMatchObject({ Name: 'Ball', Category: { Id: 2, Name: 'Toys' } });
  expect((await get(handler, '/Products/$count?$filter=Active eq true')).text).toBe('1');
  // Through the single-valued relation: its members read from its table, by the row's reference.
  const through = await get(handler, "/Products?$select=Id&$filter=Category/Name eq 'Tools'&$orderby=Id desc");
  expect(through.status, through.text).toBe(200);
  expect(through.json().value).toEqual([{ Id: 3 }, { Id: 1 }]);
  const ordered = (await get(handler, '/Products?$select=Id&$orderby=Category/Name desc,Id')).json();
  expect(ordered.value).toEqual([{ Id: 2 }, { Id: 1 }, { Id: 3 }]);
  const none = (await get(handler, '/Products/$count?$filter=Category/Name eq null or Category/Id eq 9')).text;
  expect(none).toBe('0');
}

describe('a SQL source', () => {
  it('on sql.js: rows keyed by property, exact Int64, Booleans from 0/1, nested structures, expansions', async () => {
    const db = await sqlJsDatabase();
    await expectAnswers(endpointOver(sqlJs(db)));
  });

  it('names every column by its property path, without $select too: never SELECT *', async () => {
    const db = await sqlJsDatabase();
    const texts: string[] = [];
    const connection = sqlJs(db);
    const recording: SqlConnection = {
      dialect: sqlite,
      query: (text, values, context) => {
        texts.push(text);
        return connection.query(text, values, context);
      },
    };
    await get(endpointOver(recording), '/Products?$top=1');
    expect(texts[0]).not.toContain('*');
    expect(texts[0]).toContain('"Size_Width" AS "Size/Width"');
    // sql.js reads an INTEGER as a binary64 number: an Int64 is read as its text.
    expect(texts[0]).toContain('CAST(products."Stock" AS TEXT) AS "Stock"');
  });

  it.skipIf(!engineAvailable('pglite'))(
    'on PGlite: the same answers, long paths under short names (PostgreSQL keeps 63 bytes of a name)',
    async () => {
      const engine = await startPglite();
      try {
        for (const statement of [...DDL, ...INSERTS]) await engine.query(statement);
        await engine.query(`UPDATE products SET "Hash" = '\\x01ff' WHERE "Id" = 1`);
        await expectAnswers(endpointOver(engine.connection()));
      } finally {
        await engine.close();
      }
    },
  );

  it.skipIf(!mariadbAvailable())('on MariaDB: the same answers', async () => {
    const engine = await startMariadb();
    try {
      for (const statement of [...DDL, ...INSERTS])
        await engine.query(statement.replace('BYTEA', 'LONGBLOB').replace(/"/g, '`'));
      await engine.query("UPDATE products SET `Hash` = X'01FF' WHERE `Id` = 1");
      await expectAnswers(endpointOver(engine.connection()));
    } finally {
      await engine.close();
    }
  });

  it.skipIf(!postgresAvailable())(
    'on a PostgreSQL server through pg: the same answers; a statement past its time or abandoned is stopped',
    async () => {
      const server = await startPostgres();
      const pool = new pg.Pool({ connectionString: server.url, max: 3 });
      // A connection the server ends as it stops: without a listener the pool's error would end the process.
      pool.on('error', () => undefined);
      try {
        for (const statement of [...DDL, ...INSERTS]) await pool.query(statement);
        await pool.query(`UPDATE products SET "Hash" = '\\x01ff' WHERE "Id" = 1`);
        await expectAnswers(endpointOver(pgPool(pool)));
        // A table read through pg_sleep: the statement outlasts its time, or its client.
        const slow = (timeoutMs: number) =>
          odataEndpoint({
            model,
            entitySets: {
              Categories: {
                source: sqlSource({
                  ...pgPool(pool),
                  table: 'categories',
                  from: '(SELECT c.*, pg_sleep(30) AS z FROM categories c) categories',
                  timeoutMs,
                }),
              },
            },
          });
        const late = await get(slow(200), '/Categories');
        expect([late.status, late.json().error.code]).toEqual([503, 'timeout']);
        const client = new AbortController();
        const abandoned = get(slow(60_000), '/Categories', { signal: client.signal });
        await new Promise((resolve) => setTimeout(resolve, 200));
        client.abort();
        expect((await abandoned).status).toBe(503);
        // The server ends the statement (pg_cancel_backend): none of them is still running.
        let running = 1;
        for (let i = 0; i < 50 && running > 0; i++) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          const { rows } = await pool.query(
            "SELECT count(*)::int AS n FROM pg_stat_activity WHERE state = 'active' AND query LIKE '%pg_sleep(30)%' AND pid <> pg_backend_pid()",
          );
          running = rows[0].n;
        }
        expect(running).toBe(0);
      } finally {
        await pool.end();
        await server.stop();
      }
    },
  );

  it('gives each name longer than the engine keeps a short one, and the rows their names back', () => {
    const keys = new RowKeys(63);
    const long = `Deep/${LONG_NAME}A`;
    expect(keys.alias('Size/Width')).toBe('Size/Width');
    const alias = keys.alias(long);
    expect(alias).toBe('$1');
    expect(keys.alias(`Deep/${LONG_NAME}B`)).toBe('$2');
    expect(keys.alias(long)).toBe(alias);
    expect(keys.restore([{ $1: 'a', Id: 1 }])).toEqual([{ [long]: 'a', Id: 1 }]);
    // Multi-byte characters count as their UTF-8 bytes.
    expect(new RowKeys(63).alias('é'.repeat(32))).toBe('$1');
    expect(new RowKeys(undefined).alias(long)).toBe(long);
  });

  it('takes a pg Pool as it is typed, without connecting', async () => {
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1 });
    expect(pgPool(pool).dialect.name).toBe('postgres');
    await pool.end();
  });
});

describe("a SQL source's time and cancellation", () => {
  /** A driver whose statements never end by themselves: each call's signal is kept. */
  function stuck() {
    const signals: AbortSignal[] = [];
    const connection: SqlConnection = {
      dialect: sqlite,
      query: (_text, _values, { signal }) => {
        signals.push(signal);
        return new Promise(() => undefined);
      },
    };
    return { connection, signals };
  }

  it('answers a read past its time 503 with Retry-After, naming no statement', async () => {
    const { connection, signals } = stuck();
    // Time enough for the statement to start on a loaded machine: then the deadline aborts it.
    const response = await get(endpointOver(connection, 1_000), '/Products');
    expect(response.status).toBe(503);
    expect(response.headers.get('Retry-After')).toBe('1');
    expect(response.json().error.code).toBe('timeout');
    expect(response.text).not.toMatch(/SELECT|products/);
    expect(signals).toHaveLength(1);
    expect(signals[0]!.aborted).toBe(true);
  });

  it('does not wait past its time for a connection', async () => {
    const waiting: SqlConnection = {
      dialect: sqlite,
      query: async () => [],
      session: () => new Promise(() => undefined),
    };
    const response = await get(endpointOver(waiting, 20), '/Products');
    expect([response.status, response.json().error.code]).toEqual([503, 'timeout']);
  });

  it("aborts the driver's statement when the request's client goes", async () => {
    const { connection, signals } = stuck();
    const client = new AbortController();
    const answer = get(endpointOver(connection), '/Products', { signal: client.signal });
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(signals[0]?.aborted).toBe(false);
    client.abort();
    const response = await answer;
    expect(signals[0]?.aborted).toBe(true);
    expect([response.status, response.json().error.code]).toEqual([503, 'cancelled']);
  });

  it("answers a driver's own failure 500, naming nothing of it", async () => {
    const failing: SqlConnection = {
      dialect: sqlite,
      query: async () => {
        throw new Error('relation "products" does not exist at password=secret');
      },
    };
    const response = await get(endpointOver(failing), '/Products');
    expect(response.status).toBe(500);
    expect(response.text).not.toMatch(/products|secret/);
  });

  it('answers a database that cannot be reached 503 unreachable, with Retry-After', async () => {
    // Nothing listens on port 1: each connection is refused (ECONNREFUSED).
    const pool = new pg.Pool({ host: '127.0.0.1', port: 1, connectionTimeoutMillis: 2_000 });
    try {
      for (const path of ['/Products', '/Categories?$expand=Products']) {
        const response = await get(endpointOver(pgPool(pool)), path);
        expect([response.status, response.json().error.code]).toEqual([503, 'unreachable']);
        expect(response.headers.get('Retry-After')).toBe('1');
        expect(response.text).not.toMatch(/127\.0\.0\.1|ECONNREFUSED|SELECT/);
      }
    } finally {
      await pool.end();
    }
  });

  it('follows one request signal with one listener, however many reads share it', async () => {
    const { connection, signals } = stuck();
    const source = sqlSource({ ...connection, table: 'products' });
    const client = new AbortController();
    const plan = parseQuery('$top=1', {
      schema: schemaOf(model, 'Products'),
      key: ['Id'],
      policy: { spelling: 'odata', defaultTop: 10, maxTop: 100 },
    });
    const reads = Array.from({ length: 20 }, () =>
      Promise.resolve(source.read(plan, { signal: client.signal })).then(
        () => 'answered',
        (error: Error) => error.name,
      ),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(getEventListeners(client.signal, 'abort')).toHaveLength(1);
    client.abort();
    expect(await Promise.all(reads)).toEqual(Array(20).fill('SourceUnavailable'));
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(getEventListeners(client.signal, 'abort')).toHaveLength(0);
  });

  it('takes a timeout of whole milliseconds from 1, 5 s by default', () => {
    expect(DEFAULT_STATEMENT_TIMEOUT_MS).toBe(5_000);
    for (const timeoutMs of [0, 1.5, -1, Number.NaN])
      expect(() => sqlSource({ ...stuck().connection, table: 't', timeoutMs })).toThrow(TypeError);
  });

  it.skipIf(!mariadbAvailable())('on MariaDB: a statement past its time is stopped by the server, a 503', async () => {
    const engine = await startMariadb();
    try {
      for (const statement of DDL) await engine.query(statement.replace('BYTEA', 'LONGBLOB').replace(/"/g, '`'));
      await engine.query('INSERT INTO categories VALUES (1, ?)', ['Tools']);
      const connection = engine.connection();
      const slow = odataEndpoint({
        model,
        entitySets: {
          Categories: {
            // A table read with a long count: the statement outlasts its time on the server.
            source: sqlSource({
              ...connection,
              table: 'categories',
              from: '(SELECT c.* FROM categories c, (SELECT SUM(seq % 7) AS s FROM seq_1_to_10000000000) x) categories',
              timeoutMs: 200,
            }),
          },
        },
      });
      const response = await get(slow, '/Categories');
      expect([response.status, response.json().error.code]).toEqual([503, 'timeout']);
      // The connection went back to the pool, usable: the next read answers.
      const fast = odataEndpoint({
        model,
        entitySets: { Categories: { source: sqlSource({ ...connection, table: 'categories' }) } },
      });
      expect((await get(fast, '/Categories')).json().value).toEqual([{ Id: 1, Name: 'Tools' }]);
    } finally {
      await engine.close();
    }
  });
});
