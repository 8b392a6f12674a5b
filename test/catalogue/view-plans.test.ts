// A table read through its catalogue's view (docs/catalogue.md, "How the rows are read") keeps its
// indexes: SQLite, PostgreSQL and MariaDB merge the view into the statement, so a filter on a
// plain column is an index search, as the plans the engines give for the endpoint's own statement
// show.

import initSqlJs from 'sql.js';
import { expect, it } from 'vitest';
import { pascalCase, readCatalogue } from '../../src/catalogue/index.js';
import { odataEndpoint, type SqlConnection, sqlJs } from '../../src/server/index.js';
import { engineAvailable } from '../engines/availability.js';
import { mariadbAvailable, startMariadb } from '../engines/mariadb.js';
import { startPglite } from '../engines/pglite.js';

const TABLE = 'CREATE TABLE products (product_id integer PRIMARY KEY, name text NOT NULL, added timestamp)';

/** The first statement the endpoint over the catalogue of the connection's tables runs for the request. */
async function statementOf(connection: SqlConnection, path: string): Promise<{ text: string; values: unknown[] }> {
  const statements: { text: string; values: unknown[] }[] = [];
  const recording: SqlConnection = {
    dialect: connection.dialect,
    query: (text, values, context) => {
      statements.push({ text, values: [...values] });
      return connection.query(text, values, context);
    },
  };
  const catalogue = await readCatalogue(connection, { namespace: 'Shop', names: pascalCase });
  const response = await odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(recording) })(
    new Request(`http://shop.test${path}`),
  );
  expect(response.status).toBe(200);
  return statements[0]!;
}

it('on SQLite: a filter on a column of the view searches its index', async () => {
  const db = new (await initSqlJs()).Database();
  db.run(TABLE);
  db.run('CREATE INDEX products_name ON products (name)');
  const { text, values } = await statementOf(sqlJs(db), "/Products?$filter=Name eq 'Saw'");
  expect(text).toContain('FROM (SELECT');
  const plan = db.exec(`EXPLAIN QUERY PLAN ${text}`, values as never)[0]!.values.map((row) => row[3]);
  expect(plan).toEqual(['SEARCH products USING INDEX products_name (name=?)']);
});

it.skipIf(!engineAvailable('pglite'))('on PostgreSQL: a filter on a column of the view scans its index', async () => {
  const engine = await startPglite();
  try {
    await engine.query(TABLE);
    await engine.query(`INSERT INTO products SELECT i, 'n' || i, NULL FROM generate_series(1, 20000) i`);
    await engine.query('CREATE INDEX products_name ON products (name)');
    await engine.query('ANALYZE products');
    const { text, values } = await statementOf(engine.connection(), "/Products?$filter=Name eq 'Saw'");
    expect(text).toContain('FROM (SELECT');
    const plan = (await engine.query(`EXPLAIN ${text}`, values)).map((row) => Object.values(row)[0]).join('\n');
    expect(plan).toContain('Index Scan using products_name on products');
  } finally {
    await engine.close();
  }
});

it.skipIf(!mariadbAvailable())('on MariaDB: a filter on a column of the view uses its index', async () => {
  const engine = await startMariadb();
  try {
    await engine.query('CREATE TABLE products (product_id int NOT NULL PRIMARY KEY, name varchar(40) NOT NULL)');
    await engine.query("INSERT INTO products SELECT seq, CONCAT('n', seq) FROM seq_1_to_20000");
    await engine.query('CREATE INDEX products_name ON products (name)');
    await engine.query('ANALYZE TABLE products');
    const { text, values } = await statementOf(engine.connection(), "/Products?$filter=Name eq 'Saw'");
    expect(text).toContain('FROM (SELECT');
    const plan = await engine.query(`EXPLAIN ${text}`, values);
    expect(plan.map((row) => [row.table, row.key])).toEqual([['products', 'products_name']]);
  } finally {
    await engine.close();
  }
});
