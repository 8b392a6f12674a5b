// A model read from SQLite's catalogue (docs/catalogue.md) and served with no other declaration:
// every mapped declared type, a one-to-many relation, one to the same table, one over a
// composite key, the report of what is left out, overrides, and drizzle's definition of the same
// tables giving the same model.

import {
  type AnySQLiteColumn,
  blob,
  foreignKey,
  getTableConfig,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  numeric,
} from 'drizzle-orm/sqlite-core';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { pascalCase, readCatalogue, readDrizzleTables } from '../../src/catalogue/index.js';
import { sqlite } from '../../src/backends/sql/index.js';
import { odataEndpoint, sqlJs } from '../../src/server/index.js';
import { expectRelationsServed, get } from './catalogue-requests.js';

const DDL = [
  `CREATE TABLE categories (category_id INTEGER PRIMARY KEY, name TEXT NOT NULL,
    parent_id INTEGER REFERENCES categories (category_id))`,
  `CREATE TABLE products (product_id INTEGER PRIMARY KEY, name VARCHAR(40) NOT NULL, price DECIMAL(10,2),
    in_stock BOOLEAN, added DATETIME, released DATE, opens TIME, code UUID, photo BLOB, weight REAL,
    category_id INTEGER REFERENCES categories (category_id), notes JSON, anything)`,
  `CREATE TABLE order_lines (order_no INTEGER NOT NULL, line_no INTEGER NOT NULL,
    product_id INTEGER REFERENCES products (product_id), quantity INTEGER NOT NULL, PRIMARY KEY (order_no, line_no))`,
  `CREATE TABLE deliveries (delivery_id INTEGER PRIMARY KEY, order_no INTEGER NOT NULL, line_no INTEGER NOT NULL,
    FOREIGN KEY (order_no, line_no) REFERENCES order_lines (order_no, line_no))`,
  `CREATE TABLE log (message TEXT)`,
];
const ROWS = [
  `INSERT INTO categories VALUES (1, 'Tools', NULL), (2, 'Saws', 1), (3, 'Toys', NULL)`,
  `INSERT INTO products VALUES
    (1, 'Saw', 12.5, 1, 1325376000000, '2012-01-01', '09:00:00.000', '0f8fad5b-d9cb-469f-a165-70867728950e', X'01FF', 1.5, 2, '["a","b"]', 1),
    (2, 'Ball', 3.25, 0, NULL, NULL, NULL, NULL, NULL, 0.5, 3, '[]', NULL),
    (3, 'Drill', 80, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 1, NULL, NULL)`,
  `INSERT INTO order_lines VALUES (10, 1, 1, 2), (10, 2, 3, 1), (11, 1, 1, 5)`,
  `INSERT INTO deliveries VALUES (100, 10, 1), (101, 10, 1), (102, 11, 1)`,
];

async function database() {
  const SQL = await initSqlJs();
  const db = new SQL.Database();
  for (const statement of [...DDL, ...ROWS]) db.run(statement);
  return db;
}

const OPTIONS = { namespace: 'Shop', names: pascalCase } as const;

describe("a model from SQLite's catalogue", () => {
  it('maps each declared type, keys and relations, and reports what it leaves out', async () => {
    const catalogue = await readCatalogue(sqlJs(await database()), OPTIONS);
    const { entityTypes, entitySets } = catalogue.definition;
    expect(Object.keys(entitySets ?? {})).toEqual(['Categories', 'Deliveries', 'OrderLines', 'Products']);
    expect(entityTypes?.Products?.key).toEqual(['ProductId']);
    expect(entityTypes?.OrderLines?.key).toEqual(['OrderNo', 'LineNo']);
    expect(entityTypes?.Products?.properties).toEqual({
      ProductId: { type: 'Edm.Int64', nullable: false },
      Name: { type: 'Edm.String', nullable: false },
      Price: { type: 'Edm.Decimal', nullable: true, precision: 10, scale: 2 },
      InStock: { type: 'Edm.Boolean', nullable: true },
      Added: { type: 'Edm.DateTimeOffset', nullable: true },
      Released: { type: 'Edm.Date', nullable: true },
      Opens: { type: 'Edm.TimeOfDay', nullable: true },
      Code: { type: 'Edm.Guid', nullable: true },
      Photo: { type: 'Edm.Binary', nullable: true },
      Weight: { type: 'Edm.Double', nullable: true },
      CategoryId: { type: 'Edm.Int64', nullable: true },
    });
    expect(entityTypes?.Products?.navigation).toEqual({
      Category: { type: 'Categories', nullable: true, partner: 'Products' },
      OrderLines: { type: 'OrderLines', collection: true, partner: 'Product' },
    });
    expect(entityTypes?.Categories?.navigation).toEqual({
      Parent: { type: 'Categories', nullable: true, partner: 'Categories' },
      Categories: { type: 'Categories', collection: true, partner: 'Parent' },
      Products: { type: 'Products', collection: true, partner: 'Category' },
    });
    expect(entityTypes?.Deliveries?.navigation).toEqual({
      OrderLines: { type: 'OrderLines', nullable: false, partner: 'Deliveries' },
    });
    expect(catalogue.report.omitted).toEqual([
      { table: 'log', reason: 'the table has no primary key, which an entity set needs' },
      {
        table: 'products',
        column: 'notes',
        sqlType: 'JSON',
        reason: 'json has no Edm type here',
      },
      {
        table: 'products',
        column: 'anything',
        sqlType: '',
        reason: 'a column without a declared type holds values of any type',
      },
    ]);
  });

  it('serves the tables through the endpoint: filters, orders, expansions both ways, composite keys', async () => {
    const db = await database();
    const catalogue = await readCatalogue(sqlJs(db), OPTIONS);
    const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(sqlJs(db)) });
    const products = await get(
      endpoint,
      '/Products?$filter=Price gt 3 and InStock ne true&$orderby=Price desc&$select=Name,Price,Added&$expand=Category($select=Name)',
    );
    expect(products.status, products.text).toBe(200);
    expect(products.json().value).toEqual([
      { Name: 'Drill', Price: 80, Added: null, Category: { Name: 'Tools' } },
      { Name: 'Ball', Price: 3.25, Added: null, Category: { Name: 'Toys' } },
    ]);
    const saw = (await get(endpoint, '/Products(1)?$select=Added,Released,Opens,Code,Photo,InStock')).json();
    expect(saw).toMatchObject({
      Added: '2012-01-01T00:00:00Z',
      Released: '2012-01-01',
      Opens: '09:00:00.000',
      Code: '0f8fad5b-d9cb-469f-a165-70867728950e',
      Photo: 'Af8=',
      InStock: true,
    });
    await expectRelationsServed(endpoint);
    // An entity by its composite key: its properties, and none of the view's columns that relate rows.
    const line = (await get(endpoint, '/OrderLines(OrderNo=10,LineNo=1)')).json();
    expect(line).toEqual({
      '@odata.context': 'http://shop.test/$metadata#OrderLines/$entity',
      OrderNo: 10,
      LineNo: 1,
      ProductId: 1,
      Quantity: 2,
    });
    const metadata = await get(endpoint, '/$metadata');
    expect(metadata.status).toBe(200);
    expect(metadata.text).toContain('<NavigationPropertyBinding Path="Deliveries" Target="Deliveries"/>');
    expect(metadata.text).not.toContain('$j');
    const deep = await get(
      endpoint,
      '/Categories(2)?$select=Name&$expand=Products($expand=OrderLines($orderby=OrderNo;$expand=Deliveries))',
    );
    expect(deep.status, deep.text).toBe(200);
    expect(deep.json().Products[0].OrderLines[0].Deliveries).toHaveLength(2);
  });

  it('filters and orders through a single-valued relation, a relation to its own table too', async () => {
    const db = await database();
    const catalogue = await readCatalogue(sqlJs(db), OPTIONS);
    const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(sqlJs(db)) });
    const through = await get(endpoint, "/Products?$filter=Category/Name eq 'Tools'&$select=Name&$orderby=Name");
    expect(through.status, through.text).toBe(200);
    const tools = db.exec(
      `SELECT p.name FROM products p JOIN categories c ON c.category_id = p.category_id WHERE c.name = 'Tools' ORDER BY p.name`,
    );
    expect(through.json().value.map((row: { Name: string }) => row.Name)).toEqual(
      tools[0]?.values.map(([name]) => name) ?? [],
    );
    const children = await get(
      endpoint,
      '/Categories?$filter=Parent/Name ne null&$select=Name&$orderby=Parent/Name,Name',
    );
    expect(children.status, children.text).toBe(200);
    const expected = db.exec(
      `SELECT c.name FROM categories c JOIN categories p ON p.category_id = c.parent_id WHERE p.name IS NOT NULL ORDER BY p.name, c.name`,
    );
    expect(children.json().value.map((row: { Name: string }) => row.Name)).toEqual(
      expected[0]?.values.map(([name]) => name) ?? [],
    );
  });

  it('refuses by name a filter through more relations than the sources are given tables for', async () => {
    const db = await database();
    const catalogue = await readCatalogue(sqlJs(db), OPTIONS);
    const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(sqlJs(db)) });
    const within = await get(endpoint, "/Categories?$filter=Parent/Parent/Parent/Name eq 'Tools'");
    expect(within.status, within.text).toBe(200);
    const beyond = await get(endpoint, "/Categories?$filter=Parent/Parent/Parent/Parent/Name eq 'Tools'");
    expect(beyond.status, beyond.text).toBe(501);
    expect(beyond.json().error.message).toContain("'Parent/Parent/Parent/Parent' is a relation whose table");
    // A relation of a collection's element is read from the row only: refused by name, not a 500.
    const element = await get(endpoint, "/Categories?$filter=Products/any(p: p/Category/Name eq 'Tools')");
    expect(element.status, element.text).toBe(501);
    expect(element.json().error.message).toContain("'Category' is a relation of the elements of 'Products'");
    const member = await get(endpoint, '/Categories?$filter=Products/any(p: p/Price gt 10)&$select=Name');
    expect(member.status, member.text).toBe(200);
    // A collection of a related row is an expansion's (its key is the related row's): refused in a
    // filter or an order, where it would read the row's own collection, and served in an expansion.
    for (const path of [
      "/Categories?$filter=Parent/Products/any(p: p/Name eq 'Saw')",
      '/Categories?$filter=Parent/Products/$count gt 0',
      '/Categories?$orderby=Parent/Products/$count desc',
    ]) {
      const through = await get(endpoint, path);
      expect(through.status, `${path}: ${through.text}`).toBe(501);
      expect(through.json().error.message).toContain("'Parent/Products' is one of the related row 'Parent'");
    }
    const expanded = await get(endpoint, '/Categories?$expand=Parent($expand=Products($select=Name))&$select=Name');
    expect(expanded.status, expanded.text).toBe(200);
  });

  it('takes overrides per column and relation: type, name, filterable, hidden', async () => {
    const db = await database();
    const catalogue = await readCatalogue(sqlJs(db), {
      ...OPTIONS,
      tables: ['products', 'categories'],
      overrides: {
        products: {
          notes: { type: 'Edm.String', collection: true, name: 'Tags' },
          name: { name: 'Title', maxLength: 40 },
          photo: { hidden: true },
          weight: { filterable: false },
          in_stock: { type: 'Edm.Int32' },
          Category: { name: 'Kind' },
        },
        categories: { Categories: { hidden: true } },
      },
    });
    const { entityTypes } = catalogue.definition;
    expect(Object.keys(entityTypes?.Products?.properties ?? {})).toEqual([
      'ProductId',
      'Title',
      'Price',
      'InStock',
      'Added',
      'Released',
      'Opens',
      'Code',
      'Weight',
      'CategoryId',
      'Tags',
    ]);
    expect(entityTypes?.Products?.properties?.Tags).toEqual({ type: 'Edm.String', collection: true, nullable: true });
    expect(entityTypes?.Products?.properties?.Title).toEqual({ type: 'Edm.String', nullable: false, maxLength: 40 });
    expect(entityTypes?.Products?.navigation?.Kind).toMatchObject({ type: 'Categories', partner: 'Products' });
    expect(entityTypes?.Categories?.navigation).toEqual({
      Parent: { type: 'Categories', nullable: true },
      Products: { type: 'Products', collection: true, partner: 'Kind' },
    });
    // A relation to a table not served is reported, not dropped.
    const lines = await readCatalogue(sqlJs(db), { ...OPTIONS, tables: ['order_lines'] });
    expect(lines.report.omitted).toEqual([
      {
        table: 'order_lines',
        reason: 'the relation order_lines(product_id) → products leads to a table that is not served',
      },
    ]);
    const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(sqlJs(db)) });
    const tagged = await get(endpoint, "/Products?$filter=Tags/any(t: t eq 'b')&$select=Title,Tags,InStock");
    expect(tagged.json().value).toEqual([{ Title: 'Saw', Tags: ['a', 'b'], InStock: 1 }]);
    expect((await get(endpoint, '/Products?$filter=Weight gt 1')).status).toBe(400);
    expect((await get(endpoint, '/Products?$select=Photo')).status).toBe(400);
    expect(() =>
      readDrizzleTables([], { ...OPTIONS, getTableConfig, dialect: sqlite, overrides: { products: { nmae: {} } } }),
    ).toThrow(/the catalogue has no table 'products'/);
    await expect(
      readCatalogue(sqlJs(db), { ...OPTIONS, overrides: { products: { nmae: { name: 'Name' } } } }),
    ).rejects.toThrow("overrides.products: 'nmae' is no column of the table and no relation of its type");
    await expect(readCatalogue(sqlJs(db), { ...OPTIONS, depth: -1 })).rejects.toThrow(TypeError);
    const shallow = await readCatalogue(sqlJs(db), { ...OPTIONS, depth: 1 });
    expect(Object.keys(shallow.sources.Categories?.relations ?? {})).toEqual(['Parent']);
  });

  it('leaves out and reports what no name can be given, and keeps relation names apart from properties', async () => {
    const db = new (await initSqlJs()).Database();
    db.run('CREATE TABLE kinds (kind_id INTEGER PRIMARY KEY)');
    db.run(`CREATE TABLE items (item_id INTEGER PRIMARY KEY, "not" TEXT, "2fa" TEXT, order_no INTEGER, "OrderNo" INTEGER,
      kind TEXT, kind_id INTEGER REFERENCES kinds (kind_id))`);
    db.run('CREATE TABLE "odd table" (id INTEGER PRIMARY KEY)');
    db.run('CREATE TABLE "2nd" (id INTEGER PRIMARY KEY)');
    const catalogue = await readCatalogue(sqlJs(db), OPTIONS);
    expect(catalogue.report.omitted.map((o) => [o.table, o.column, o.reason])).toEqual([
      ['2nd', undefined, "'2nd' is no name of an entity set: give a naming function"],
      ['items', 'not', "'Not' is no property name (an identifier, not a reserved word): give it a name"],
      ['items', '2fa', "'2fa' is no property name (an identifier, not a reserved word): give it a name"],
      ['items', 'OrderNo', "another column is named 'OrderNo' too"],
    ]);
    const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(sqlJs(db)) });
    expect((await get(endpoint, '/OddTable')).json().value).toEqual([]);
    expect(Object.keys(catalogue.definition.entityTypes?.Items?.properties ?? {})).toEqual([
      'ItemId',
      'OrderNo',
      'Kind',
      'KindId',
    ]);
    // The relation's name, `Kind`, is a property's: the key's columns follow it.
    expect(Object.keys(catalogue.definition.entityTypes?.Items?.navigation ?? {})).toEqual(['KindKindId']);
    expect(catalogue.definition.entityTypes?.Kinds?.navigation).toEqual({
      Items: { type: 'Items', collection: true, partner: 'KindKindId' },
    });
  });

  it("gives drizzle's definition of the same tables the same model and sources", async () => {
    const categories = sqliteTable('categories', {
      category_id: integer().primaryKey(),
      name: text().notNull(),
      parent_id: integer().references((): AnySQLiteColumn => categories.category_id),
    });
    const products = sqliteTable('products', {
      product_id: integer().primaryKey(),
      name: text({ length: 40 }).notNull(),
      price: numeric(),
      in_stock: integer({ mode: 'boolean' }),
      weight: real(),
      photo: blob(),
      category_id: integer().references(() => categories.category_id),
    });
    const orderLines = sqliteTable(
      'order_lines',
      {
        order_no: integer().notNull(),
        line_no: integer().notNull(),
        product_id: integer().references(() => products.product_id),
        quantity: integer().notNull(),
      },
      (t) => [primaryKey({ columns: [t.order_no, t.line_no] })],
    );
    const deliveries = sqliteTable(
      'deliveries',
      { delivery_id: integer().primaryKey(), order_no: integer().notNull(), line_no: integer().notNull() },
      (t) => [
        foreignKey({ columns: [t.order_no, t.line_no], foreignColumns: [orderLines.order_no, orderLines.line_no] }),
      ],
    );
    const SQL = await initSqlJs();
    const db = new SQL.Database();
    // The tables as drizzle-kit would create them from the definitions.
    db.run(`CREATE TABLE categories (category_id integer PRIMARY KEY, name text NOT NULL,
      parent_id integer REFERENCES categories (category_id))`);
    db.run(`CREATE TABLE products (product_id integer PRIMARY KEY, name text(40) NOT NULL, price numeric,
      in_stock integer, weight real, photo blob, category_id integer REFERENCES categories (category_id))`);
    db.run(`CREATE TABLE order_lines (order_no integer NOT NULL, line_no integer NOT NULL,
      product_id integer REFERENCES products (product_id), quantity integer NOT NULL, PRIMARY KEY (order_no, line_no))`);
    db.run(`CREATE TABLE deliveries (delivery_id integer PRIMARY KEY, order_no integer NOT NULL, line_no integer NOT NULL,
      FOREIGN KEY (order_no, line_no) REFERENCES order_lines (order_no, line_no))`);
    const fromDrizzle = readDrizzleTables([categories, products, orderLines, deliveries], {
      ...OPTIONS,
      getTableConfig,
      dialect: sqlite,
    });
    const fromCatalogue = await readCatalogue(sqlJs(db), OPTIONS);
    expect(fromDrizzle.definition).toEqual(fromCatalogue.definition);
    expect(fromDrizzle.sources).toEqual(fromCatalogue.sources);
    expect(fromDrizzle.report).toEqual(fromCatalogue.report);
    // drizzle's boolean mode is its own reading of an integer column: the model reads the column.
    expect(fromDrizzle.definition.entityTypes?.Products?.properties?.InStock).toEqual({
      type: 'Edm.Int64',
      nullable: true,
    });
  });
});
