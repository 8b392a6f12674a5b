// A model read from PostgreSQL's catalogue (docs/catalogue.md), on PGlite, and served with no
// other declaration: every mapped type (a `timestamp` read as the UTC instant it spells, whatever
// the session's time zone; an enum as its position; an array as a collection), relations one to
// many and over a composite key, the report of what is left out, and drizzle's definition of the
// same tables giving the same model.

import {
  type AnyPgColumn,
  bigint,
  boolean,
  customType,
  date,
  doublePrecision,
  foreignKey,
  getTableConfig,
  integer,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  time,
  timestamp,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { postgres } from '../../src/backends/sql/index.js';
import { pascalCase, readCatalogue, readDrizzleTables } from '../../src/catalogue/index.js';
import { odataEndpoint } from '../../src/server/index.js';
import { engineAvailable } from '../engines/availability.js';
import { startPglite } from '../engines/pglite.js';
import { expectRelationsServed, expectSameCatalogue, get } from './catalogue-requests.js';

const DDL = [
  `CREATE TYPE mood AS ENUM ('happy', 'sad', 'meh')`,
  `CREATE TYPE progress AS ENUM ('in progress', 'done')`,
  `CREATE TABLE categories (category_id integer PRIMARY KEY, name text NOT NULL,
    parent_id integer REFERENCES categories (category_id))`,
  `CREATE TABLE products (product_id bigint PRIMARY KEY, name varchar(40) NOT NULL, price numeric(10,2),
    ratio numeric, in_stock boolean, added timestamp with time zone, local_added timestamp, released date,
    opens time, code uuid, photo bytea, weight double precision, score real, small smallint, tags text[],
    mood mood, category_id integer REFERENCES categories (category_id), notes jsonb, padded char(3),
    span interval, progress progress)`,
  `CREATE TABLE order_lines (order_no integer NOT NULL, line_no integer NOT NULL,
    product_id bigint REFERENCES products (product_id), quantity integer NOT NULL, PRIMARY KEY (order_no, line_no))`,
  `CREATE TABLE deliveries (delivery_id integer PRIMARY KEY, order_no integer NOT NULL, line_no integer NOT NULL,
    FOREIGN KEY (order_no, line_no) REFERENCES order_lines (order_no, line_no))`,
];
const ROWS = [
  `INSERT INTO categories VALUES (1, 'Tools', NULL), (2, 'Saws', 1), (3, 'Toys', NULL)`,
  `INSERT INTO products (product_id, name, price, ratio, in_stock, added, local_added, released, opens, code, photo,
      weight, score, small, tags, mood, category_id) VALUES
    (9007199254740993, 'Saw', 12.5, 0.125, true, '2012-01-01T00:30:00Z', '2012-01-01 00:30:00', '2012-01-01',
      '09:00:00', '0f8fad5b-d9cb-469f-a165-70867728950e', '\\x01ff', 1.5, 0.5, 7, '{red,blue}', 'sad', 2),
    (2, 'Ball', 3.25, NULL, false, NULL, '2011-12-31 23:30:00', NULL, NULL, NULL, NULL, 0.5, NULL, NULL, '{}', 'meh', 3),
    (3, 'Drill', 80, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 'happy', 1)`,
  `INSERT INTO order_lines VALUES (10, 1, 9007199254740993, 2), (10, 2, 3, 1), (11, 1, 9007199254740993, 5)`,
  `INSERT INTO deliveries VALUES (100, 10, 1), (101, 10, 1), (102, 11, 1)`,
];

const OPTIONS = { namespace: 'Shop', names: pascalCase } as const;

describe.skipIf(!engineAvailable('pglite'))("a model from PostgreSQL's catalogue, on PGlite", () => {
  it('maps each type, reports what it leaves out, and serves the tables through the endpoint', async () => {
    const engine = await startPglite();
    try {
      for (const statement of [...DDL, ...ROWS]) await engine.query(statement);
      // A session far from UTC: a `timestamp` is still read as the UTC instant it spells.
      await engine.query(`SET TimeZone = 'America/New_York'`);
      const connection = engine.connection();
      const catalogue = await readCatalogue(connection, OPTIONS);
      expect(catalogue.definition.entityTypes?.Products?.properties).toEqual({
        ProductId: { type: 'Edm.Int64', nullable: false },
        Name: { type: 'Edm.String', nullable: false, maxLength: 40 },
        Price: { type: 'Edm.Decimal', nullable: true, precision: 10, scale: 2 },
        Ratio: { type: 'Edm.Decimal', nullable: true, scale: 'variable' },
        InStock: { type: 'Edm.Boolean', nullable: true },
        Added: { type: 'Edm.DateTimeOffset', nullable: true },
        LocalAdded: { type: 'Edm.DateTimeOffset', nullable: true },
        Released: { type: 'Edm.Date', nullable: true },
        Opens: { type: 'Edm.TimeOfDay', nullable: true },
        Code: { type: 'Edm.Guid', nullable: true },
        Photo: { type: 'Edm.Binary', nullable: true },
        Weight: { type: 'Edm.Double', nullable: true },
        Score: { type: 'Edm.Single', nullable: true },
        Small: { type: 'Edm.Int16', nullable: true },
        Tags: { type: 'Edm.String', collection: true, nullable: true },
        Mood: { type: 'Mood', nullable: true },
        CategoryId: { type: 'Edm.Int32', nullable: true },
      });
      expect(catalogue.definition.enumTypes).toEqual({ Mood: { members: { happy: 0, sad: 1, meh: 2 } } });
      expect(catalogue.report.omitted.map((o) => [o.column, o.sqlType, o.reason])).toEqual([
        [
          'notes',
          'jsonb',
          "jsonb holds values of any type: give the property's type (a collection: { type, collection: true })",
        ],
        [
          'padded',
          'character(3)',
          "character(n) pads its values with spaces, which PostgreSQL's comparisons ignore and a reader sees",
        ],
        ['span', 'interval', 'interval has no Edm type here'],
        ['progress', 'progress', "the enumeration's label 'in progress' is no member name (an identifier)"],
      ]);

      const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(connection) });
      const local = await get(
        endpoint,
        '/Products?$filter=year(LocalAdded) eq 2012 and LocalAdded lt 2012-01-01T01:00:00Z&$select=Name,LocalAdded,Added',
      );
      expect(local.status, local.text).toBe(200);
      expect(local.json().value).toEqual([
        { Name: 'Saw', LocalAdded: '2012-01-01T00:30:00Z', Added: '2012-01-01T00:30:00Z' },
      ]);
      const moods = await get(
        endpoint,
        "/Products?$filter=Mood ne Shop.Mood'sad'&$orderby=Mood desc&$select=Name,Mood",
      );
      expect(moods.json().value).toEqual([
        { Name: 'Ball', Mood: 'meh' },
        { Name: 'Drill', Mood: 'happy' },
      ]);
      const tagged = await get(
        endpoint,
        "/Products?$filter=Tags/any(t: t eq 'blue')&$select=ProductId,Tags,Price,Ratio",
      );
      expect(tagged.text).toContain('"ProductId":9007199254740993,');
      expect(tagged.json().value).toEqual([
        { ProductId: Number('9007199254740993'), Tags: ['red', 'blue'], Price: 12.5, Ratio: 0.125 },
      ]);
      const saw = (
        await get(endpoint, '/Products(9007199254740993)?$select=Released,Opens,Code,Photo,Weight,Score,Small')
      ).json();
      expect(saw).toMatchObject({
        Released: '2012-01-01',
        Opens: '09:00:00.000',
        Code: '0f8fad5b-d9cb-469f-a165-70867728950e',
        Photo: 'Af8=',
        Weight: 1.5,
        Score: 0.5,
        Small: 7,
      });
      await expectRelationsServed(endpoint);
    } finally {
      await engine.close();
    }
  });

  it('reads a schema off the search path, its tables and enum types qualified by it in the SQL', async () => {
    const engine = await startPglite();
    try {
      await engine.query('CREATE SCHEMA sales');
      await engine.query(`CREATE TYPE sales.size AS ENUM ('small', 'large')`);
      await engine.query('CREATE TABLE sales.items (item_id integer PRIMARY KEY, size sales.size)');
      await engine.query(`INSERT INTO sales.items VALUES (1, 'large'), (2, 'small'), (3, NULL)`);
      const connection = engine.connection();
      const catalogue = await readCatalogue(connection, { ...OPTIONS, schema: 'sales' });
      expect(catalogue.columns.Items).toEqual({
        ItemId: '"sales"."items"."item_id"',
        Size: '(array_position(enum_range(NULL::"sales"."size"), "sales"."items"."size") - 1)',
      });
      const endpoint = odataEndpoint({ model: catalogue.model, entitySets: catalogue.entitySets(connection) });
      const items = await get(endpoint, "/Items?$filter=Size eq Shop.Size'large' or Size eq null&$orderby=ItemId");
      expect(items.json().value).toEqual([
        { ItemId: 1, Size: 'large' },
        { ItemId: 3, Size: null },
      ]);
    } finally {
      await engine.close();
    }
  });

  it("gives drizzle's definition of the same tables the same model and sources", async () => {
    const mood = pgEnum('mood', ['happy', 'sad', 'meh']);
    // drizzle has no bytea column of its own: a custom type names it.
    const bytea = customType<{ data: Uint8Array }>({ dataType: () => 'bytea' });
    const categories = pgTable('categories', {
      category_id: integer().primaryKey(),
      name: text().notNull(),
      parent_id: integer().references((): AnyPgColumn => categories.category_id),
    });
    const products = pgTable('products', {
      product_id: bigint({ mode: 'bigint' }).primaryKey(),
      name: varchar({ length: 40 }).notNull(),
      price: numeric({ precision: 10, scale: 2 }),
      ratio: numeric(),
      in_stock: boolean(),
      added: timestamp({ withTimezone: true }),
      local_added: timestamp(),
      released: date(),
      opens: time(),
      code: uuid(),
      photo: bytea(),
      weight: doublePrecision(),
      score: real(),
      small: smallint(),
      tags: text().array(),
      mood: mood(),
      category_id: integer().references(() => categories.category_id),
    });
    const orderLines = pgTable(
      'order_lines',
      {
        order_no: integer().notNull(),
        line_no: integer().notNull(),
        product_id: bigint({ mode: 'bigint' }).references(() => products.product_id),
        quantity: integer().notNull(),
      },
      (t) => [primaryKey({ columns: [t.order_no, t.line_no] })],
    );
    const deliveries = pgTable(
      'deliveries',
      { delivery_id: integer().primaryKey(), order_no: integer().notNull(), line_no: integer().notNull() },
      (t) => [
        foreignKey({ columns: [t.order_no, t.line_no], foreignColumns: [orderLines.order_no, orderLines.line_no] }),
      ],
    );
    const engine = await startPglite();
    try {
      for (const statement of DDL) await engine.query(statement);
      await engine.query(
        'ALTER TABLE products DROP COLUMN notes, DROP COLUMN padded, DROP COLUMN span, DROP COLUMN progress',
      );
      const fromCatalogue = await readCatalogue(engine.connection(), OPTIONS);
      const fromDrizzle = readDrizzleTables([categories, products, orderLines, deliveries], {
        ...OPTIONS,
        getTableConfig,
        dialect: postgres,
      });
      expectSameCatalogue(fromDrizzle, fromCatalogue);
    } finally {
      await engine.close();
    }
  });
});
