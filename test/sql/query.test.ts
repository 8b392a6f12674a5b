// compileSqlQuery() and compileSql's firstParameter (docs/query.md): the SQL of a plan's page and
// count, placeholders numbered after a caller's own, and the options refused by name.

import { describe, expect, it } from 'vitest';
import { check, defineFunctions, defineModel, schemaOf } from '../../src/index.js';
import {
  PublicEventTemplateCategoryItem,
  PublicVenue,
  VenueRoom,
  SERVICE_INTERFACE_B,
} from '../../src/examples/events/index.js';
import {
  compileSql,
  compileSqlQuery,
  mysql,
  pageOf,
  postgres,
  sqlFragment,
  sqlite,
} from '../../src/backends/sql/index.js';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { thrownFilterError } from '../support/thrown.js';

const resource: QueryResource = {
  schema: VenueRoom,
  key: ['VenueRoomID'],
  policy: { spelling: 'odata', defaultTop: 20, maxTop: 100 },
};

describe('compileSqlQuery', () => {
  it("writes the page and the count over the caller's table and columns", () => {
    const plan = parseQuery("$filter=Capacity gt 50 and Name eq 'Hall'&$top=10&$skip=20&$count=true", resource);
    const { data, count } = compileSqlQuery(plan, {
      dialect: postgres,
      from: 'rooms r',
      table: 'r',
      columns: { VenueRoomID: 'r.id' },
    });
    // The renderings of the statements' fragments (test/sql/fragments.test.ts composes them).
    expect({ sql: data.sql, params: data.params }).toEqual({
      sql: 'SELECT * FROM rooms r WHERE ((r."Capacity" > $1::integer) AND (r."Name" = $2::text)) ORDER BY r.id ASC LIMIT 11 OFFSET 20',
      params: [50, 'Hall'],
    });
    expect({ sql: count?.sql, params: count?.params }).toEqual({
      sql: 'SELECT COUNT(*) AS count FROM rooms r WHERE ((r."Capacity" > $1::integer) AND (r."Name" = $2::text))',
      params: [50, 'Hall'],
    });
  });

  it('writes no WHERE without a filter, and no count unless asked', () => {
    const plan = parseQuery('top=5', { ...resource, policy: SERVICE_INTERFACE_B });
    const { data, count } = compileSqlQuery(plan, { dialect: mysql, from: '`rooms`' });
    expect({ sql: data.sql, params: data.params }).toEqual({
      sql: 'SELECT * FROM `rooms` ORDER BY `VenueRoomID` ASC LIMIT 6 OFFSET 0',
      params: [],
    });
    expect(count).toBeUndefined();
  });

  it("numbers the placeholders after the caller's own on PostgreSQL; ? counts by position", () => {
    const typed = check('Capacity gt 50 and Capacity lt 90', VenueRoom);
    expect(compileSql(typed, { dialect: postgres, firstParameter: 3 }).sql).toBe(
      '(("Capacity" > $3::integer) AND ("Capacity" < $4::integer))',
    );
    expect(compileSql(typed, { dialect: sqlite, firstParameter: 3 }).sql).toBe(
      compileSql(typed, { dialect: sqlite }).sql,
    );
  });

  it.each([0, -1, 1.5, '2', Number.NaN])('refuses firstParameter %s, naming the option', (first) => {
    const error = thrownFilterError(() =>
      compileSql(check('Capacity gt 50', VenueRoom), { dialect: postgres, firstParameter: first as number }),
    );
    expect(error.kind).toBe('unsupported');
    expect(error.message).toContain('options.firstParameter');
  });

  it('selects the kept columns, named by their paths; a structure gives each of its members', () => {
    const plan = parseQuery('fields=name,GeoData&top=2', {
      schema: PublicVenue,
      key: ['VenueID'],
      policy: SERVICE_INTERFACE_B,
    });
    expect(
      compileSqlQuery(plan, { dialect: postgres, from: 'venues v', table: 'v', columns: { Name: 'v.title' } }).data.sql,
    ).toBe(
      'SELECT v.title AS "Name", v."GeoData_PointLatitude" AS "GeoData/PointLatitude", v."GeoData_PointLongitude" AS "GeoData/PointLongitude" FROM venues v ORDER BY v."VenueID" ASC LIMIT 3 OFFSET 0',
    );
    expect(compileSqlQuery(plan, { dialect: mysql, from: 'venues' }).data.sql).toBe(
      'SELECT `Name` AS `Name`, `GeoData_PointLatitude` AS `GeoData/PointLatitude`, `GeoData_PointLongitude` AS `GeoData/PointLongitude` FROM venues ORDER BY `VenueID` ASC LIMIT 3 OFFSET 0',
    );
  });

  it('selects a collection stored as a JSON column, and refuses one in a child table by name', () => {
    const items: QueryResource = {
      schema: PublicEventTemplateCategoryItem,
      key: ['CategoryID'],
      policy: SERVICE_INTERFACE_B,
    };
    const plan = parseQuery('fields=Title,Tags', items);
    expect(
      compileSqlQuery(plan, { dialect: sqlite, from: 'items i', table: 'i', collections: { Tags: { json: 'tags' } } })
        .data.sql,
    ).toBe(
      'SELECT i."Title" AS "Title", i."tags" AS "Tags" FROM items i ORDER BY i."CategoryID" ASC LIMIT 21 OFFSET 0',
    );
    const error = thrownFilterError(() =>
      compileSqlQuery(plan, {
        dialect: sqlite,
        from: 'items',
        collections: { Tags: { table: 'tags', foreignKey: 'item', key: 'CategoryID' } },
      }),
    );
    expect([error.kind, error.construct, error.target]).toEqual(['unsupported', 'select_child_table', 'sqlite']);
    expect(thrownFilterError(() => compileSqlQuery(plan, { dialect: sqlite, from: 'items' })).message).toContain(
      "options.collections['Tags'] does not say where it is stored",
    );
  });

  it('pageOf keeps top rows and says whether the extra one came', () => {
    const plan = parseQuery('$top=2', resource);
    expect(pageOf([1, 2, 3], plan)).toEqual({ items: [1, 2], more: true });
    expect(pageOf([1, 2], plan)).toEqual({ items: [1, 2], more: false });
  });

  it("refuses by name a lambda, count or call over a related row's collection, which its storage keys by the related row", () => {
    const categories = defineModel({
      namespace: 'Shop',
      entityTypes: {
        Category: {
          key: ['Id'],
          properties: { Id: { type: 'Edm.Int32', nullable: false } },
          navigation: { Parent: { type: 'Category' }, Products: { type: 'Product', collection: true } },
        },
        Product: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String' } },
      },
      entitySets: { Categories: { type: 'Category' } },
      functions: {
        Total: {
          bound: true,
          parameters: { products: { type: 'Product', collection: true } },
          returnType: 'Edm.Int32',
        },
      },
    });
    const functions = defineFunctions({
      'Shop.Total': {
        memory: (_args, _self, products) => (products as unknown[]).length,
        sql: {
          postgres: (_args, _self, products) => products!.aggregate(() => sqlFragment`COUNT(*)`),
          sqlite: (_args, _self, products) => products!.aggregate(() => sqlFragment`COUNT(*)`),
          mysql: (_args, _self, products) => products!.aggregate(() => sqlFragment`COUNT(*)`),
        },
      },
    });
    const on: QueryResource = { schema: schemaOf(categories, 'Categories'), key: ['Id'], policy: resource.policy };
    const options = {
      dialect: postgres,
      from: 'categories',
      table: 'categories',
      functions,
      collections: {
        Products: { table: 'products', foreignKey: 'category_id', key: 'Id' },
        'Parent/Products': { table: 'products', foreignKey: 'category_id', key: 'Id' },
      },
    };
    for (const query of [
      "$filter=Parent/Products/any(p: p/Name eq 'Saw')",
      '$filter=Parent/Products/$count gt 0',
      '$orderby=Parent/Products/$count',
      '$filter=Parent/Products/Shop.Total() gt 0',
      '$orderby=Parent/Products/Shop.Total()',
    ]) {
      const error = thrownFilterError(() => compileSqlQuery(parseQuery(query, on), options));
      expect([error.kind, error.construct], query).toEqual(['unsupported', 'collection storage']);
      expect(error.message).toContain("'Parent/Products' is one of the related row 'Parent'");
    }
    // The row's own collection is read as before.
    expect(compileSqlQuery(parseQuery("$filter=Products/any(p: p/Name eq 'Saw')", on), options).data.sql).toContain(
      'EXISTS',
    );
    expect(compileSqlQuery(parseQuery('$filter=Products/Shop.Total() gt 0', on), options).data.sql).toContain(
      'COUNT(*)',
    );
  });
});
