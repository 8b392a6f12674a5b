// The `collections` and `table` options: the SQL each lambda compiles to on every dialect, child
// tables' column mappings, the row's columns qualified, and every missing or unusable option
// refused as a FilterError naming it; and, on the engines, the one difference from the reference
// that child tables make (a present element whose members are all null reads as a null element).

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import type { CollectionStorage, CompileSqlOptions } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { FilterError } from '../../src/errors.js';
import { lambdaSchema } from '../support/lambda-table.js';
import { thrownFilterError } from '../support/thrown.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';

const COLLECTIONS: CollectionStorage = {
  Tags: { table: 'owner_tags', foreignKey: 'owner_id', key: 'Id', value: 'tag' },
  Scores: { table: 'owner_scores', foreignKey: 'owner_id', key: 'Id' },
  Addresses: { table: 'addresses', foreignKey: 'owner_id', key: 'Id', columns: { City: 'city' } },
  'Addresses/Phones': { table: 'phones', foreignKey: 'address_id', key: 'address_key', value: 'number' },
  Orders: { table: 'sales.orders', foreignKey: 'owner_id', key: 'Id', columns: (path) => path.join('_').toLowerCase() },
  'Orders/Lines': { table: 'order_lines', foreignKey: 'order_id', key: 'id' },
};

const compile = (filter: string, options: Partial<CompileSqlOptions> = {}) =>
  compileSql(check(filter, lambdaSchema), { dialect: postgres, table: 'o', collections: COLLECTIONS, ...options });

describe('lambdas over child tables: the SQL', () => {
  it.each([
    [
      "Tags/any(t: t eq 'red')",
      `EXISTS (SELECT 1 FROM owner_tags AS c1 WHERE c1."owner_id" = o."Id" AND (c1."tag" = $1::text))`,
    ],
    ['Tags/any()', `EXISTS (SELECT 1 FROM owner_tags AS c1 WHERE c1."owner_id" = o."Id")`],
    ['Tags/all(t: false)', `(NOT EXISTS (SELECT 1 FROM owner_tags AS c1 WHERE c1."owner_id" = o."Id"))`],
    // The body's negation is exact: a null tag (length null) is found, and fails `all`.
    [
      'Tags/all(t: length(t) gt 2)',
      `(NOT EXISTS (SELECT 1 FROM owner_tags AS c1 WHERE c1."owner_id" = o."Id" AND (NOT COALESCE((length(c1."tag") > $1::integer), FALSE))))`,
    ],
    ['Scores/$count eq 2', `((SELECT COUNT(*) FROM owner_scores AS c1 WHERE c1."owner_id" = o."Id") = $1::bigint)`],
    // The default column of a primitive element is the collection's name; of a member, its path.
    [
      'Scores/any(s: s gt Limit)',
      `EXISTS (SELECT 1 FROM owner_scores AS c1 WHERE c1."owner_id" = o."Id" AND (c1."Scores" > o."Limit"))`,
    ],
    [
      'Addresses/any(a: a eq null)',
      `EXISTS (SELECT 1 FROM addresses AS c1 WHERE c1."owner_id" = o."Id" AND (c1."city" IS NULL AND c1."Zip" IS NULL))`,
    ],
    // Nested: the inner correlation reads the outer alias, the row its own table.
    [
      'Addresses/any(a: a/Phones/any(p: p eq $it/Name))',
      `EXISTS (SELECT 1 FROM addresses AS c1 WHERE c1."owner_id" = o."Id" AND EXISTS (SELECT 1 FROM phones AS c2 WHERE c2."address_id" = c1."address_key" AND (c2."number" IS NOT DISTINCT FROM o."Name")))`,
    ],
    [
      'Orders/any(o: o/Lines/all(l: l/Qty le o/Id))',
      `EXISTS (SELECT 1 FROM sales.orders AS c1 WHERE c1."owner_id" = o."Id" AND (NOT EXISTS (SELECT 1 FROM order_lines AS c2 WHERE c2."order_id" = c1."id" AND (NOT COALESCE((c2."Qty" <= c1."id"), FALSE)))))`,
    ],
    // A collection read from the row inside a lambda is correlated with the row.
    [
      'Tags/any(t: Scores/any(s: s eq length(t)))',
      `EXISTS (SELECT 1 FROM owner_tags AS c1 WHERE c1."owner_id" = o."Id" AND EXISTS (SELECT 1 FROM owner_scores AS c2 WHERE c2."owner_id" = o."Id" AND (c2."Scores" IS NOT DISTINCT FROM length(c1."tag"))))`,
    ],
  ])('%s', (filter, expected) => {
    expect(compile(filter).sql).toBe(expected);
  });

  it('writes every value as a bound parameter, on every dialect', () => {
    const filter = "Orders/any(x: x/Status eq 'open' and x/Lines/any(l: l/Sku eq 'z'))";
    for (const dialect of [postgres, sqlite]) expect(compile(filter, { dialect }).params).toEqual(['open', 'z']);
    // MySQL compares a string column with `=` and on its bytes, binding the value for each.
    expect(compile(filter, { dialect: mysql }).params).toEqual(['open', 'open', 'z', 'z']);
    expect(compile("Tags/any(t: t eq 'red')", { dialect: mysql }).sql).toBe(
      'EXISTS (SELECT 1 FROM owner_tags AS c1 WHERE c1.`owner_id` = o.`Id` AND (c1.`tag` = ? AND CAST(c1.`tag` AS BINARY) = CAST(? AS BINARY)))',
    );
    expect(compile("Tags/any(t: t eq 'red')", { dialect: sqlite }).sql).toBe(
      `EXISTS (SELECT 1 FROM owner_tags AS c1 WHERE c1."owner_id" = o."Id" AND (c1."tag" = ? COLLATE BINARY))`,
    );
  });

  it("reads a collection in a JSON column through the dialect's table function, nested ones from the element", () => {
    const collections: CollectionStorage = { Tags: { json: 'tags' }, Addresses: { json: 'addresses' } };
    expect(compile("Tags/any(t: t eq 'red')", { collections }).sql).toBe(
      `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(o."tags") = 'array' THEN o."tags" END) AS c1(v) WHERE ((c1.v #>> '{}')::text = $1::text))`,
    );
    expect(compile('Addresses/any(a: a/Phones/$count gt 1)', { collections, dialect: sqlite }).sql).toBe(
      `EXISTS (SELECT 1 FROM json_each(CASE WHEN json_type(o."addresses") = 'array' THEN o."addresses" END) AS c1 WHERE ((SELECT COUNT(*) FROM json_each(CASE WHEN json_type(json_extract(c1.value, '$.Phones')) = 'array' THEN json_extract(c1.value, '$.Phones') END) AS c2) > CAST(? AS INTEGER)))`,
    );
    // MySQL declares each member the filter reads as a typed column of JSON_TABLE.
    expect(compile('Addresses/any(a: a/City eq a/Zip)', { collections, dialect: mysql }).sql).toBe(
      "EXISTS (SELECT 1 FROM JSON_TABLE(CASE WHEN JSON_TYPE(o.`addresses`) = 'ARRAY' THEN o.`addresses` END, '$[*]' COLUMNS (v JSON PATH '$', m1 LONGTEXT CHARACTER SET utf8mb4 PATH '$.City', m2 LONGTEXT CHARACTER SET utf8mb4 PATH '$.Zip')) AS c1 WHERE (CAST(c1.m1 AS BINARY) <=> CAST(c1.m2 AS BINARY)))",
    );
  });

  it("qualifies the row's default columns with options.table, and leaves mapped ones as written", () => {
    expect(compile("Name eq 'x' and Limit eq 1", { columns: { Limit: 'lim' } }).sql).toBe(
      `((o."Name" = $1::text) AND (lim = $2::integer))`,
    );
    expect(compile("Name eq 'x'", { table: undefined }).sql).toBe(`("Name" = $1::text)`);
  });
});

describe('lambdas over child tables: unusable options', () => {
  const refused = (
    filter: string,
    options: Partial<CompileSqlOptions>,
    message: string | RegExp,
    span?: [number, number],
  ) => {
    const error = thrownFilterError(() => compile(filter, options));
    expect(error).toMatchObject({ kind: 'unsupported', construct: 'collection storage', target: 'postgres' });
    expect(error.message).toMatch(message);
    if (span) expect([error.start, error.end]).toEqual(span);
  };

  it('refuses a collection without a child table, at the lambda', () => {
    refused(
      "Name eq 'x' or Orders/any(o: o/Lines/any())",
      { collections: { Orders: COLLECTIONS.Orders! } },
      "The collection 'Orders/Lines' cannot be read: options.collections['Orders/Lines'] does not say where it is stored",
      [29, 42],
    );
    refused('Tags/$count eq 0', { collections: undefined }, /options.collections\['Tags'\] does not say/);
  });
  it('refuses a lambda without options.table, which would leave the row unqualified', () => {
    refused(
      'Tags/any()',
      { table: undefined },
      /^The collection 'Tags' is read through a subquery, which needs options.table/,
    );
  });
  it.each([
    [
      { table: 'owner_tags', foreignKey: 'owner_id' },
      /options.collections\['Tags'\].key is missing; it must be a non-empty string/,
    ],
    [{ table: ' ', foreignKey: 'owner_id', key: 'Id' }, /options.collections\['Tags'\].table is ' '/],
    [{ table: 'owner_tags', foreignKey: 5, key: 'Id' }, /foreignKey is 5 \(a number\)/],
    ['owner_tags', /options.collections\['Tags'\] is 'owner_tags', not a child table/],
    [
      { table: 'owner_tags', foreignKey: 'owner_id', key: 'Id', columns: { x: 'y' } },
      /columns maps members, but the elements are primitives/,
    ],
    [
      { table: 'owner_tags', foreignKey: 'owner_id', key: 'Id', valeu: 'tag' },
      /options.collections\['Tags'\] has 'valeu', which a child table does not take: its fields are table, foreignKey, key, value, columns/,
    ],
  ])('refuses the child table %j', (spec, message) => {
    refused('Tags/any()', { collections: { Tags: spec } as never }, message);
  });
  it('refuses a JSON column that is not a name, or with child-table fields', () => {
    refused(
      'Tags/any()',
      { collections: { Tags: { json: '' } } },
      /options.collections\['Tags'\].json is ''; it must be a non-empty string/,
    );
    refused(
      'Tags/any()',
      { collections: { Tags: { json: 'tags', table: 't' } as never } },
      /names a JSON column, which takes no table/,
    );
  });
  it('refuses a value column for structured elements, and a member mapping that is not text', () => {
    refused(
      'Addresses/any()',
      { collections: { Addresses: { table: 'a', foreignKey: 'f', key: 'k', value: 'v' } } },
      /value names the column of a primitive element, but the elements are structures/,
    );
    const error = thrownFilterError(() =>
      compile('Addresses/any(a: a/City eq null)', {
        collections: { Addresses: { table: 'a', foreignKey: 'f', key: 'k', columns: { City: 5 } as never } },
      }),
    );
    expect(error).toMatchObject({
      kind: 'unsupported',
      message:
        "The column mapping of 'City' in the elements of 'Addresses' gives 5 (a number), which is not a column reference: it is not a string",
      start: 17,
      end: 23,
    });
  });
  it.each([[''], ['c1'], ['C2'], ['_f1'], [5]])('refuses options.table %j', (table) => {
    refused(
      "Name eq 'x'",
      { table: table as never },
      /^options.table gives .*, which cannot name the row's table/,
      [0, 11],
    );
  });
  it('refuses a null test of a structure whose members are all collections: no column would say it is null', () => {
    const schema = defineSchema({
      name: 'S',
      properties: {
        Id: 'Edm.Int32',
        St: { properties: { P: { collection: 'Edm.String' } } },
        A: { collection: { properties: { P: { collection: 'Edm.String' } } } },
      },
    });
    const collections = {
      A: { table: 'a', foreignKey: 'f', key: 'Id' },
      'A/P': { table: 'p', foreignKey: 'f', key: 'k' },
    };
    for (const [filter, at] of [
      ['A/any(a: a eq null)', "'a'"],
      ['A/all(a: a ne null)', "'a'"],
      ['St eq null', "'St'"],
    ] as const) {
      for (const dialect of [postgres, sqlite, mysql]) {
        const error = thrownFilterError(() => compileSql(check(filter, schema), { dialect, table: 'o', collections }));
        expect(error).toMatchObject({ kind: 'unsupported', construct: 'structure null test', target: dialect.name });
        expect(error.message).toContain(`cannot test ${at} for null: its members are all collections`);
      }
    }
  });
  it('refuses options.collections that is not an object', () => {
    refused(
      "Name eq 'x'",
      { collections: 'Tags' as never },
      /^options.collections must be an object of child tables by collection path, not 'Tags'/,
    );
  });
});

// A structured element is stored as the columns of its members, as a structure is: a present
// element whose members are all null has the columns of a null one (docs/semantics.md, "SQL
// backends: differences"). By the reference, Addresses/any(a: a eq null) is false for row 1 and
// its element has a phone; in child tables it is true, and the phone is still found.
const rows = [
  { Id: 1, Addresses: [{ City: null, Zip: null, Phones: ['1'] }] },
  { Id: 2, Addresses: [{ City: 'Paris', Zip: null, Phones: [] }, null] },
];
for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: a structured element whose members are all null`, () => {
    const engine = engineFor(setup);
    it('reads as a null element; its nested collection is still read', async () => {
      const collections = await loadWithChildTables(engine(), lambdaSchema, rows);
      const ids = (filter: string) =>
        engine().ids(compileSql(check(filter, lambdaSchema), { dialect: setup.dialect, table: 'items', collections }));
      expect(await ids('Addresses/any(a: a eq null)')).toEqual([1, 2]); // the reference: [2]
      expect(await ids('Addresses/any(a: a eq null and a/Phones/any())')).toEqual([1]); // the reference: []
      expect(await ids('Addresses/all(a: a ne null)')).toEqual([]); // the reference: [1]
      expect(await ids('Addresses/any(a: a/Phones/any())')).toEqual([1]);
    });
  });
}

it('is a FilterError, never another error, for every refusal here', () => {
  expect(thrownFilterError(() => compile('Tags/any()', { table: undefined }))).toBeInstanceOf(FilterError);
});
