// Expected { sql, params } per dialect for representative filters, the column mapping, and every
// function of the signature table compiling (or refusing, by name) on every dialect.

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres, sqlite, createSqliteDialect } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { FUNCTIONS } from '../../src/language/functions.js';
import { FilterError } from '../../src/errors.js';
import { thrown } from '../support/thrown.js';

const schema = defineSchema({
  name: 'Event',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Status: 'Edm.String',
    Name: { type: 'Edm.String', nullable: false },
    Capacity: 'Edm.Int32',
    Price: 'Edm.Decimal',
    Score: 'Edm.Double',
    Big: 'Edm.Int64',
    IsPublic: 'Edm.Boolean',
    CreatedDateTime: 'Edm.DateTimeOffset',
    Key: 'Edm.Guid',
    PostalAddress: { properties: { City: 'Edm.String' } },
    Presenter: { properties: { ContactID: 'Edm.Int64' } },
  },
});

/** The SQL and parameters compileSql renders (its fragment left out). */
const compile = (filter: string, dialect = postgres, columns?: Parameters<typeof compileSql>[1]['columns']) => {
  const { sql, params } = compileSql(check(filter, schema), { dialect, ...(columns ? { columns } : {}) });
  return { sql, params };
};

type Row = readonly [filter: string, sql: string, params: readonly unknown[]];

const POSTGRES: readonly Row[] = [
  ["Status eq 'Active'", `("Status" = $1::text)`, ['Active']],
  ['Capacity gt 50', `("Capacity" > $1::integer)`, [50]],
  [
    "CreatedDateTime ge datetime'2012-01-01T00:00:00Z'",
    `("CreatedDateTime" >= $1::timestamptz)`,
    ['2012-01-01 00:00:00.000+00'],
  ],
  ["Status in ('Active', 'Completed')", `("Status" IN ($1::text, $2::text))`, ['Active', 'Completed']],
  ['Status eq null', `("Status" IS NULL)`, []],
  ["Status ne 'Active'", `(NOT ("Status" IS NOT DISTINCT FROM $1::text))`, ['Active']],
  ['not (Capacity gt 50)', `(NOT COALESCE(("Capacity" > $1::integer), FALSE))`, [50]],
  ["Name lt 'b'", `("Name" < $1::text COLLATE "C")`, ['b']],
  ["startswith(Name, '50%_\\x')", `("Name" LIKE $1::text)`, ['50\\%\\_\\\\x%']],
  ['contains(Name, Status)', `(strpos("Name", "Status") > 0)`, []],
  [
    'Capacity add 1 gt 2147483647',
    `((CAST("Capacity" AS numeric) + CAST($1::integer AS numeric)) > $2::integer)`,
    [1, 2147483647],
  ],
  [
    'Capacity div 0 eq null',
    `(div(CAST("Capacity" AS numeric), NULLIF(CAST($1::integer AS numeric), 0)) IS NULL)`,
    [0],
  ],
  ['round(Price) eq 3', `(round("Price") = $1::numeric)`, ['3']],
  [
    'year(CreatedDateTime) eq 2012',
    `((CAST(EXTRACT(YEAR FROM ("CreatedDateTime" AT TIME ZONE 'UTC')) AS integer) + CASE WHEN EXTRACT(YEAR FROM ("CreatedDateTime" AT TIME ZONE 'UTC')) < 0 THEN 1 ELSE 0 END) = $1::integer)`,
    [2012],
  ],
  ['IsPublic and not IsPublic', `("IsPublic" AND (NOT "IsPublic"))`, []],
  ['Key eq 01234567-89AB-cdef-0123-456789abcdef', `("Key" = $1::uuid)`, ['01234567-89ab-cdef-0123-456789abcdef']],
];

const SQLITE: readonly Row[] = [
  ["Status eq 'Active'", `("Status" = ? COLLATE BINARY)`, ['Active']],
  ['Capacity gt 50', `("Capacity" > CAST(? AS INTEGER))`, ['50']],
  [
    "CreatedDateTime ge datetime'2012-01-01T00:00:00Z'",
    `("CreatedDateTime" >= CAST(? AS INTEGER))`,
    [Date.UTC(2012, 0, 1)],
  ],
  ["Status in ('Active', 'Completed')", `("Status" COLLATE BINARY IN (?, ?))`, ['Active', 'Completed']],
  ["Status ne 'Active'", `(NOT ("Status" IS ? COLLATE BINARY))`, ['Active']],
  ["startswith(Name, 'a%')", `(substr("Name", 1, length(?)) = ?)`, ['a%', 'a%']],
  ['Capacity mod 0 eq null', `(("Capacity" % NULLIF(CAST(? AS INTEGER), 0)) IS NULL)`, ['0']],
  ['Score gt 1.5', `("Score" > CAST(? AS REAL))`, [1.5]],
];

const MYSQL: readonly Row[] = [
  ["Status eq 'Active'", '(`Status` = ? AND CAST(`Status` AS BINARY) = CAST(? AS BINARY))', ['Active', 'Active']],
  ['Capacity gt 50', '(`Capacity` > CAST(? AS SIGNED))', ['50']],
  [
    "CreatedDateTime ge datetime'2012-01-01T00:00:00Z'",
    '(`CreatedDateTime` >= CAST(? AS DATETIME(3)))',
    ['2012-01-01 00:00:00.000'],
  ],
  [
    "Status in ('Active', 'Completed')",
    '(`Status` IN (?, ?) AND CAST(`Status` AS BINARY) IN (CAST(? AS BINARY), CAST(? AS BINARY)))',
    ['Active', 'Completed', 'Active', 'Completed'],
  ],
  ['Capacity in (1, 2)', '(`Capacity` IN (CAST(? AS SIGNED), CAST(? AS SIGNED)))', ['1', '2']],
  ["Status ne 'Active'", '(NOT (CAST(`Status` AS BINARY) <=> CAST(? AS BINARY)))', ['Active']],
  ["endswith(Name, '!.org')", "(CAST(`Name` AS BINARY) LIKE CAST(? AS BINARY) ESCAPE '!')", ['%!!.org']],
  [
    'Big div 2 eq 1',
    '(CAST((CAST(`Big` AS DECIMAL(65,0)) - MOD(CAST(`Big` AS DECIMAL(65,0)), NULLIF(CAST(CAST(? AS SIGNED) AS DECIMAL(65,0)), 0))) / NULLIF(CAST(CAST(? AS SIGNED) AS DECIMAL(65,0)), 0) AS DECIMAL(65,0)) = CAST(? AS SIGNED))',
    ['2', '2', '1'],
  ],
];

describe.each([
  ['postgres', postgres, POSTGRES],
  ['sqlite', sqlite, SQLITE],
  ['mysql', mysql, MYSQL],
] as const)('%s', (_name, dialect, rows) => {
  it.each(rows)('%s', (filter, expectedSql, params) => {
    expect(compile(filter, dialect)).toEqual({ sql: expectedSql, params });
  });
});

describe('columns', () => {
  it('defaults a nested path to its segments joined with _', () => {
    expect(compile("PostalAddress/City eq 'Paris'").sql).toBe(`("PostalAddress_City" = $1::text)`);
  });
  it('takes a map of paths, e.g. to a joined table', () => {
    const columns = { 'Presenter/ContactID': 'p."contact_id"', 'PostalAddress/City': '"postal_city"' };
    expect(compile("Presenter/ContactID eq 5 and PostalAddress/City eq 'x'", postgres, columns).sql).toBe(
      `((p."contact_id" = $1::bigint) AND ("postal_city" = $2::text))`,
    );
  });
  it('takes a function of the segments, falling back to the default', () => {
    const columns = (path: readonly string[]) => (path[0] === 'Status' ? 'e.status' : undefined);
    expect(compile('Status eq null and Capacity eq 1', postgres, columns).sql).toBe(
      `((e.status IS NULL) AND ("Capacity" = $1::integer))`,
    );
  });
  it('tests a structure for null on the columns of its members, mapped as they are', () => {
    expect(compile('PostalAddress eq null').sql).toBe(`("PostalAddress_City" IS NULL)`);
    const columns = { 'Presenter/ContactID': 'p."contact_id"' };
    expect(compile('Presenter ne null and not (null eq PostalAddress)', mysql, columns).sql).toBe(
      '((p."contact_id" IS NOT NULL) AND (NOT (`PostalAddress_City` IS NULL)))',
    );
  });
  it('falls back to the default for a mapping of undefined or null', () => {
    const table = { Status: undefined, Capacity: null } as unknown as { [path: string]: string };
    expect(compile('Status eq null and Capacity eq 1', postgres, table).sql).toBe(
      `(("Status" IS NULL) AND ("Capacity" = $1::integer))`,
    );
    expect(compile('Status eq null', postgres, () => null as unknown as undefined).sql).toBe(`("Status" IS NULL)`);
  });
  // Unchecked, an object would be bound as a NULL parameter (`not (Status eq 'a')` would match
  // every row), and a number would fail with a bare TypeError.
  it.each([
    [{ Status: { column: 'x' } }, 'an object, which is not a column reference: it is not a string'],
    [{ Status: 5 }, '5 (a number), which is not a column reference: it is not a string'],
    [{ Status: ['x'] }, 'an array, which is not a column reference: it is not a string'],
    [{ Status: ' ' }, "' ', which is not a column reference: it is empty"],
    [
      (path: readonly string[]) => (path[0] === 'Status' ? 5 : undefined),
      '5 (a number), which is not a column reference: it is not a string',
    ],
    [
      (path: readonly string[]) => (path[0] === 'Status' ? {} : undefined),
      'an object, which is not a column reference: it is not a string',
    ],
  ] as const)('refuses a mapping that is not SQL text (%j), at the property', (columns, reason) => {
    const text = "Capacity eq 1 and not (Status eq 'a')";
    for (const dialect of [postgres, sqlite, mysql]) {
      const error = thrown(() => compile(text, dialect, columns as unknown as { [path: string]: string }));
      expect(error).toBeInstanceOf(FilterError);
      expect(error).toMatchObject({
        kind: 'unsupported',
        message: `The column mapping of 'Status' gives ${reason}`,
        start: 23,
        end: 29,
        text,
      });
    }
  });
  it('reports a mapping function that throws as a FilterError at the property', () => {
    const boom = (): never => {
      throw new Error('boom');
    };
    expect(thrown(() => compile("Name eq 'x'", postgres, boom))).toMatchObject({
      kind: 'unsupported',
      message: "The column mapping (options.columns) of 'Name' threw: boom",
      start: 0,
      end: 4,
    });
  });
  it.each([['e.status'], [5], [true]] as const)(
    'refuses options.columns that is neither a table nor a function (%j)',
    (columns) => {
      const error = thrown(() => compile('Capacity eq 1', postgres, columns as unknown as { [path: string]: string }));
      expect(error).toBeInstanceOf(FilterError);
      expect(error).toMatchObject({
        kind: 'unsupported',
        start: 0,
        end: 13,
        message: expect.stringMatching(
          /^options\.columns must be an object of column references by property path or a function of the path's segments, not /,
        ),
      });
    },
  );
  it('quotes identifiers for each dialect', () => {
    expect(compile('Capacity eq 1', mysql).sql).toBe('(`Capacity` = CAST(? AS SIGNED))');
  });
  it('stores SQLite instants as ISO text when asked', () => {
    expect(compile('CreatedDateTime lt 2012-01-01T00:00:00+01:00', createSqliteDialect({ dates: 'iso-text' }))).toEqual(
      {
        sql: `("CreatedDateTime" < ?)`,
        params: ['2011-12-31T23:00:00.000Z'],
      },
    );
  });
});

describe('every function on every dialect', () => {
  const example: { [name: string]: string } = {
    substringof: 'substringof(Status, Name)',
    contains: 'contains(Name, Status)',
    startswith: 'startswith(Name, Status)',
    endswith: 'endswith(Name, Status)',
    length: 'length(Name) eq 1',
    indexof: 'indexof(Name, Status) eq 1',
    replace: "replace(Name, Status, 'x') eq 'y'",
    substring: "substring(Name, 1, 2) eq 'x' and substring(Name, 1) eq 'y'",
    tolower: "tolower(Name) eq 'x'",
    toupper: "toupper(Name) eq 'X'",
    trim: "trim(Name) eq 'x'",
    concat: "concat(Name, Status) eq 'x'",
    round: 'round(Price) eq 1 and round(Score) eq 1',
    floor: 'floor(Price) eq 1 and floor(Score) eq 1',
    ceiling: 'ceiling(Price) eq 1 and ceiling(Score) eq 1',
    datetime: 'datetime(CreatedDateTime) eq CreatedDateTime',
    datetimeoffset: 'datetimeoffset(CreatedDateTime) eq CreatedDateTime',
    fractionalseconds: 'fractionalseconds(CreatedDateTime) eq 0.5',
    date: 'date(CreatedDateTime) eq 2012-12-03',
    time: 'time(CreatedDateTime) lt 12:00',
    totaloffsetminutes: 'totaloffsetminutes(CreatedDateTime) eq 0',
    totalseconds: 'totalseconds(CreatedDateTime sub CreatedDateTime) eq 0',
    // Decided by lower(): constants, bound as any date-time literal is.
    now: 'CreatedDateTime lt now()',
    mindatetime: 'CreatedDateTime gt mindatetime()',
    maxdatetime: 'CreatedDateTime lt maxdatetime()',
  };
  for (const part of ['year', 'month', 'day', 'hour', 'minute', 'second'])
    example[part] = `${part}(CreatedDateTime) eq 1`;
  const pairs = FUNCTIONS.flatMap((f) => [postgres, sqlite, mysql].map((d) => [f.name, d.name, d] as const));
  it('has an example for every function of the table', () => {
    expect(FUNCTIONS.map((f) => f.name).filter((n) => !(n in example))).toEqual([]);
  });
  it.each(pairs)('%s on %s', (name, _dialect, dialect) => {
    // DATETIME holds no instant before 1000-01-01 (docs/semantics.md, "SQL backends: differences").
    if (name === 'mindatetime' && dialect === mysql) {
      expect(thrown(() => compile(example[name]!, dialect))).toMatchObject({ kind: 'unsupported', target: 'mysql' });
      return;
    }
    const { sql } = compile(example[name]!, dialect);
    expect(sql.length).toBeGreaterThan(0);
  });
  it('names the construct and the dialect when a dialect lacks a function', () => {
    const partial = { ...postgres, functions: { ...postgres.functions, trim: undefined } };
    const error = (() => {
      try {
        compile("trim(Name) eq 'x'", partial);
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).kind).toBe('unsupported');
    expect((error as FilterError).message).toContain("'trim'");
    expect((error as FilterError).message).toContain('postgres');
    expect((error as FilterError).start).toBe(0);
  });
});

describe('values a dialect cannot send', () => {
  it.each([
    ["Name eq 'a\u0000'", postgres, /U\+0000/],
    ["Name eq 'a\u0000'", sqlite, /U\+0000/],
    ['Score eq NaN', sqlite, /NaN/],
    ['Score eq INF', mysql, /Infinity/],
    ['CreatedDateTime eq 0999-01-01T00:00:00Z', mysql, /1000 to 9999/],
  ] as const)('%s', (filter, dialect, message) => {
    expect(() => compile(filter, dialect)).toThrow(message);
    try {
      compile(filter, dialect);
    } catch (e) {
      expect((e as FilterError).kind).toBe('unsupported');
    }
  });
});

describe('Decimal literals on PostgreSQL', () => {
  it('are bound as written, and in positional notation where the exponent passes ±1,000', () => {
    expect(compile('Price gt 1e999m').params).toEqual(['1E+999']);
    expect(compile('Price gt 1e1000m').params).toEqual([`1${'0'.repeat(1000)}`]);
    expect(compile('Price gt -1.5e-1000m').params).toEqual([`-0.${'0'.repeat(999)}15`]);
    // The written exponent counts too: 0.0001e1003 is 10^999.
    expect(compile('Price gt 0.0001e1003m').params).toEqual([`1${'0'.repeat(999)}`]);
  });
  it.each([
    ['postgres', postgres],
    ['sqlite', sqlite],
    ['mysql', mysql],
  ] as const)('are refused beyond the Decimal model on %s', (_name, dialect) => {
    expect(() => compile('Price gt 1e10000m', dialect)).toThrow(
      expect.objectContaining({
        kind: 'unsupported',
        message: expect.stringMatching(/beyond the Decimal model: its exponent is beyond ±9,999/),
      }),
    );
    expect(() => compile('Price gt 1e99999999999999999999m', dialect)).toThrow(
      expect.objectContaining({ kind: 'unsupported' }),
    );
    expect(() => compile(`Price gt 0.${'1'.repeat(1001)}m`, dialect)).toThrow(
      expect.objectContaining({
        kind: 'unsupported',
        message: expect.stringMatching(/more than 1,000 significant digits/),
      }),
    );
  });
});

describe('a dialect whose Booleans are not values (booleanValues: false)', () => {
  const predicatesOnly = { ...postgres, booleanValues: false };
  it.each(['(Capacity gt 1) eq IsPublic', 'not IsPublic eq (Capacity gt 1)', '(Capacity gt 1) in (true, false)'])(
    'refuses %s, a Boolean used as a value, naming the construct and the dialect',
    (filter) => {
      expect(() => compile(filter, predicatesOnly)).toThrow(
        expect.objectContaining({ kind: 'unsupported', construct: 'Boolean value', target: 'postgres' }),
      );
    },
  );
  it.each([
    'IsPublic',
    'not IsPublic',
    'IsPublic eq true',
    '(Capacity gt 1) eq true',
    'not (Capacity gt 1 and IsPublic)',
  ])('compiles %s, where Booleans are conditions, as postgres does', (filter) => {
    expect(compile(filter, predicatesOnly)).toEqual(compile(filter));
  });
});
