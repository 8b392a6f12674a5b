// A model read from MariaDB's information_schema (docs/catalogue.md) and served with no other
// declaration: every mapped type (unsigned integers as the least type that holds them, an enum as
// its index), relations one to many and over a composite key, the report of what is left out,
// and drizzle's definition of the same tables giving the same model.

import {
  type AnyMySqlColumn,
  bigint,
  boolean,
  date,
  datetime,
  decimal,
  double,
  float,
  foreignKey,
  getTableConfig,
  int,
  mysqlEnum,
  mysqlTable,
  primaryKey,
  smallint,
  text,
  time,
  tinyint,
  varbinary,
  varchar,
} from 'drizzle-orm/mysql-core';
import { describe, expect, it } from 'vitest';
import { mysql } from '../../src/backends/sql/index.js';
import { pascalCase, readCatalogue, readDrizzleTables } from '../../src/catalogue/index.js';
import { odataEndpoint } from '../../src/server/index.js';
import { mariadbAvailable, startMariadb } from '../engines/mariadb.js';
import { expectRelationsServed, expectSameCatalogue, get } from './catalogue-requests.js';

const DDL = [
  `CREATE TABLE categories (category_id int NOT NULL PRIMARY KEY, name text NOT NULL,
    parent_id int REFERENCES categories (category_id))`,
  `CREATE TABLE products (product_id bigint NOT NULL PRIMARY KEY, name varchar(40) NOT NULL, price decimal(10,2),
    in_stock boolean, added datetime(3), released date, opens time(3), photo varbinary(16), weight double,
    score float, small smallint, tiny tinyint unsigned, wide int unsigned, mood enum('happy','sad','meh'),
    category_id int REFERENCES categories (category_id), notes json, padded binary(4), stamped timestamp NULL,
    huge bigint unsigned)`,
  `CREATE TABLE order_lines (order_no int NOT NULL, line_no int NOT NULL,
    product_id bigint REFERENCES products (product_id), quantity int NOT NULL, PRIMARY KEY (order_no, line_no))`,
  `CREATE TABLE deliveries (delivery_id int NOT NULL PRIMARY KEY, order_no int NOT NULL, line_no int NOT NULL,
    FOREIGN KEY (order_no, line_no) REFERENCES order_lines (order_no, line_no))`,
];
const ROWS = [
  `INSERT INTO categories VALUES (1, 'Tools', NULL), (2, 'Saws', 1), (3, 'Toys', NULL)`,
  `INSERT INTO products (product_id, name, price, in_stock, added, released, opens, photo, weight, score, small, tiny,
      wide, mood, category_id) VALUES
    (9007199254740993, 'Saw', 12.5, TRUE, '2012-01-01 00:30:00', '2012-01-01', '09:00:00', X'01FF', 1.5, 0.5, 7, 200,
      4000000000, 'sad', 2),
    (2, 'Ball', 3.25, FALSE, NULL, NULL, NULL, NULL, 0.5, NULL, NULL, NULL, NULL, 'meh', 3),
    (3, 'Drill', 80, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'happy', 1)`,
  `INSERT INTO order_lines VALUES (10, 1, 9007199254740993, 2), (10, 2, 3, 1), (11, 1, 9007199254740993, 5)`,
  `INSERT INTO deliveries VALUES (100, 10, 1), (101, 10, 1), (102, 11, 1)`,
];

const OPTIONS = { namespace: 'Shop', names: pascalCase } as const;

describe.skipIf(!mariadbAvailable())("a model from MariaDB's catalogue", () => {
  it('maps each type, reports what it leaves out, and serves the tables through the endpoint', async () => {
    const engine = await startMariadb();
    try {
      for (const statement of [...DDL, ...ROWS]) await engine.query(statement);
      const connection = engine.connection();
      const catalogue = await readCatalogue(connection, OPTIONS);
      expect(catalogue.definition.entityTypes?.Products?.properties).toEqual({
        ProductId: { type: 'Edm.Int64', nullable: false },
        Name: { type: 'Edm.String', nullable: false, maxLength: 40 },
        Price: { type: 'Edm.Decimal', nullable: true, precision: 10, scale: 2 },
        InStock: { type: 'Edm.Boolean', nullable: true },
        Added: { type: 'Edm.DateTimeOffset', nullable: true },
        Released: { type: 'Edm.Date', nullable: true },
        Opens: { type: 'Edm.TimeOfDay', nullable: true },
        Photo: { type: 'Edm.Binary', nullable: true, maxLength: 16 },
        Weight: { type: 'Edm.Double', nullable: true },
        Score: { type: 'Edm.Single', nullable: true },
        Small: { type: 'Edm.Int16', nullable: true },
        Tiny: { type: 'Edm.Byte', nullable: true },
        Wide: { type: 'Edm.Int64', nullable: true },
        Mood: { type: 'Mood', nullable: true },
        CategoryId: { type: 'Edm.Int32', nullable: true },
        // MariaDB's json is longtext with a check: the catalogue says text.
        Notes: { type: 'Edm.String', nullable: true },
      });
      expect(catalogue.definition.enumTypes).toEqual({ Mood: { members: { happy: 1, sad: 2, meh: 3 } } });
      expect(catalogue.report.omitted.map((o) => [o.column, o.sqlType])).toEqual([
        ['padded', 'binary(4)'],
        ['stamped', 'timestamp'],
        ['huge', 'bigint(20) unsigned'],
      ]);

      const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(connection) });
      const moods = await get(
        endpoint,
        "/Products?$filter=Mood ne Shop.Mood'sad'&$orderby=Mood desc&$select=Name,Mood,Price",
      );
      expect(moods.status, moods.text).toBe(200);
      expect(moods.json().value).toEqual([
        { Name: 'Ball', Mood: 'meh', Price: 3.25 },
        { Name: 'Drill', Mood: 'happy', Price: 80 },
      ]);
      const saw = await get(
        endpoint,
        '/Products(9007199254740993)?$select=ProductId,Added,Released,Opens,Photo,InStock,Tiny,Wide',
      );
      expect(saw.text).toContain('"ProductId":9007199254740993,');
      expect(saw.json()).toMatchObject({
        Added: '2012-01-01T00:30:00Z',
        Released: '2012-01-01',
        Opens: '09:00:00.000',
        Photo: 'Af8=',
        InStock: true,
        Tiny: 200,
        Wide: 4000000000,
      });
      await expectRelationsServed(endpoint);
    } finally {
      await engine.close();
    }
  });

  it('serves a JSON column as a collection where an override says so: filtered by any and all', async () => {
    const engine = await startMariadb();
    try {
      for (const statement of [...DDL, ...ROWS]) await engine.query(statement);
      await engine.query(`UPDATE products SET notes = '["blue","sharp"]' WHERE product_id = 2`);
      await engine.query(`UPDATE products SET notes = '[]' WHERE product_id = 3`);
      const connection = engine.connection();
      const catalogue = await readCatalogue(connection, {
        ...OPTIONS,
        tables: ['products', 'categories'],
        overrides: { products: { notes: { type: 'Edm.String', collection: true, name: 'Tags' } } },
      });
      expect(catalogue.definition.entityTypes?.Products?.properties?.Tags).toEqual({
        type: 'Edm.String',
        collection: true,
        nullable: true,
      });
      const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(connection) });
      const blue = await get(endpoint, "/Products?$filter=Tags/any(t: startswith(t, 'bl'))&$select=Name,Tags");
      expect(blue.status, blue.text).toBe(200);
      expect(blue.json().value).toEqual([{ Name: 'Ball', Tags: ['blue', 'sharp'] }]);
      // A null column is an empty collection (docs/semantics.md): all() holds for it and for [].
      const short = await get(endpoint, '/Products?$filter=Tags/all(t: length(t) lt 5)&$select=Name&$orderby=Name');
      expect(short.json().value).toEqual([{ Name: 'Drill' }, { Name: 'Saw' }]);
      const counted = await get(endpoint, '/Products?$filter=Tags/$count eq 2&$select=Name');
      expect(counted.json().value).toEqual([{ Name: 'Ball' }]);
    } finally {
      await engine.close();
    }
  });

  it("gives drizzle's definition of the same tables the same model and sources", async () => {
    const categories = mysqlTable('categories', {
      category_id: int().primaryKey(),
      name: text().notNull(),
      parent_id: int().references((): AnyMySqlColumn => categories.category_id),
    });
    const products = mysqlTable('products', {
      product_id: bigint({ mode: 'number' }).primaryKey(),
      name: varchar({ length: 40 }).notNull(),
      price: decimal({ precision: 10, scale: 2 }),
      in_stock: boolean(),
      added: datetime({ fsp: 3 }),
      released: date(),
      opens: time({ fsp: 3 }),
      photo: varbinary({ length: 16 }),
      weight: double(),
      score: float(),
      small: smallint(),
      tiny: tinyint({ unsigned: true }),
      wide: int({ unsigned: true }),
      mood: mysqlEnum(['happy', 'sad', 'meh']),
      category_id: int().references(() => categories.category_id),
    });
    const orderLines = mysqlTable(
      'order_lines',
      {
        order_no: int().notNull(),
        line_no: int().notNull(),
        product_id: bigint({ mode: 'number' }).references(() => products.product_id),
        quantity: int().notNull(),
      },
      (t) => [primaryKey({ columns: [t.order_no, t.line_no] })],
    );
    const deliveries = mysqlTable(
      'deliveries',
      { delivery_id: int().primaryKey(), order_no: int().notNull(), line_no: int().notNull() },
      (t) => [
        foreignKey({ columns: [t.order_no, t.line_no], foreignColumns: [orderLines.order_no, orderLines.line_no] }),
      ],
    );
    const engine = await startMariadb();
    try {
      for (const statement of DDL) await engine.query(statement);
      await engine.query(
        'ALTER TABLE products DROP COLUMN notes, DROP COLUMN padded, DROP COLUMN stamped, DROP COLUMN huge',
      );
      const fromCatalogue = await readCatalogue(engine.connection(), OPTIONS);
      const fromDrizzle = readDrizzleTables([categories, products, orderLines, deliveries], {
        ...OPTIONS,
        getTableConfig,
        dialect: mysql,
      });
      expectSameCatalogue(fromDrizzle, fromCatalogue);
    } finally {
      await engine.close();
    }
  });
});
