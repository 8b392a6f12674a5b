// Lambdas and $count in MongoDB documents: which form each becomes, the rows where MongoDB's own
// array semantics would part from the reference (null elements, elements without a member,
// elements of another numeric type), field mappings under a collection, and relations refused.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import type { MongoOptions } from '../../src/backends/mongo/index.js';
import { lambdaSchema } from '../support/lambda-table.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { thrownFilterError } from '../support/thrown.js';

const compile = (text: string, options: MongoOptions = { decimal: decimal128 }) =>
  compileMongo(check(text, lambdaSchema), options);

const DOCUMENTS: readonly (readonly [string, unknown])[] = [
  // Primitive elements: $elemMatch's operators test each element itself.
  ["Tags/any(t: t eq 'red')", { Tags: { $elemMatch: { $eq: 'red' } } }],
  ["'red' in Tags", { Tags: { $elemMatch: { $eq: 'red' } } }],
  ['Tags/any(t: t eq null)', { Tags: { $elemMatch: { $eq: null } } }],
  ['Scores/any(s: s ge 1 and s le 9)', { Scores: { $elemMatch: { $gte: 1, $lte: 9 } } }],
  ["Tags/any(t: startswith(t, 'r'))", { Tags: { $elemMatch: { $regex: '\\Ar' } } }],
  // An or of them: some element satisfies P or Q where some satisfies P or some satisfies Q.
  [
    "Tags/any(t: t eq 'red' or startswith(t, 'b'))",
    { $or: [{ Tags: { $elemMatch: { $eq: 'red' } } }, { Tags: { $elemMatch: { $regex: '\\Ab' } } }] },
  ],
  [
    'Scores/all(s: s gt 0 and s lt 9)',
    {
      $nor: [
        { $or: [{ Scores: { $elemMatch: { $not: { $gt: 0 } } } }, { Scores: { $elemMatch: { $not: { $lt: 9 } } } }] },
      ],
    },
  ],
  // forall is "no element satisfies the negation".
  ["Tags/all(t: t eq 'red')", { Tags: { $not: { $elemMatch: { $ne: 'red' } } } }],
  ['Scores/all(s: s gt 2)', { Scores: { $not: { $elemMatch: { $not: { $gt: 2 } } } } }],
  ["not Tags/any(t: t eq 'red')", { Tags: { $not: { $elemMatch: { $eq: 'red' } } } }],
  // any(), "empty" and $count eq n.
  ['Tags/any()', { Tags: { $elemMatch: { $exists: true } } }],
  ['not Tags/any()', { Tags: { $not: { $elemMatch: { $exists: true } } } }],
  ['Tags/$count eq 0', { Tags: { $not: { $elemMatch: { $exists: true } } } }],
  ['Tags/$count eq 2', { Tags: { $size: 2 } }],
  ['Tags/$count ne 2', { Tags: { $not: { $size: 2 } } }],
  ['Tags/$count gt 2', { $expr: { $gt: [{ $size: { $ifNull: ['$Tags', []] } }, 2] } }],
  // Structured elements: a query on each element that is a document; null elements on their own.
  ["Addresses/any(a: a/City eq 'Paris')", { Addresses: { $elemMatch: { City: 'Paris' } } }],
  [
    'Addresses/any(a: a/City eq null)',
    { $or: [{ Addresses: { $elemMatch: { City: null } } }, { Addresses: { $elemMatch: { $eq: null } } }] },
  ],
  ['Addresses/any(a: a ne null)', { Addresses: { $elemMatch: {} } }],
  ['Addresses/any(a: a eq null)', { Addresses: { $elemMatch: { $eq: null } } }],
  ['Addresses/all(a: a ne null)', { Addresses: { $not: { $elemMatch: { $eq: null } } } }],
  [
    'Addresses/any(a: a eq null or a/City eq $it/Name)',
    {
      $expr: {
        $anyElementTrue: [
          {
            $map: {
              input: { $ifNull: ['$Addresses', []] },
              as: 'e0',
              in: {
                $or: [
                  { $eq: [{ $ifNull: ['$$e0', null] }, null] },
                  { $eq: [{ $ifNull: ['$$e0.City', null] }, { $ifNull: ['$Name', null] }] },
                ],
              },
            },
          },
        ],
      },
    },
  ],
  [
    "Addresses/any(a: a/Phones/any(p: p eq '1'))",
    { Addresses: { $elemMatch: { Phones: { $elemMatch: { $eq: '1' } } } } },
  ],
  [
    "Addresses/all(a: a/City eq 'Paris')",
    {
      $nor: [
        {
          $or: [
            { Addresses: { $elemMatch: { City: { $ne: 'Paris' } } } },
            { Addresses: { $elemMatch: { $eq: null } } },
          ],
        },
      ],
    },
  ],
  // $expr: the predicate reads the row (a field of the same document inside $map) or needs $expr itself.
  [
    'Tags/any(t: t eq Name)',
    {
      $expr: {
        $anyElementTrue: [
          {
            $map: {
              input: { $ifNull: ['$Tags', []] },
              as: 'e0',
              in: { $eq: [{ $ifNull: ['$$e0', null] }, { $ifNull: ['$Name', null] }] },
            },
          },
        ],
      },
    },
  ],
  [
    'Addresses/all(a: a/Phones/$count gt 1)',
    {
      $expr: {
        $allElementsTrue: [
          {
            $map: {
              input: { $ifNull: ['$Addresses', []] },
              as: 'e0',
              in: { $gt: [{ $size: { $ifNull: ['$$e0.Phones', []] } }, 1] },
            },
          },
        ],
      },
    },
  ],
];

describe('lambda documents', () => {
  for (const [filter, document] of DOCUMENTS) {
    it(filter, () => expect(compile(filter)).toEqual(document));
  }

  it("names a lambda's variables itself, never with the filter's names", () => {
    const text = JSON.stringify(compile('Tags/any(ROOT: Scores/any(CURRENT: CURRENT eq length(ROOT)))'));
    expect(text).toContain('"as":"e0"');
    expect(text).toContain('"as":"e1"');
    expect(text).not.toMatch(/ROOT|CURRENT/);
  });
});

/**
 * Rows where MongoDB's arrays could part from the reference: an element without members, a
 * collection holding only a null element, null beside documents, integers at the Int32 bounds.
 */
const ROWS: readonly Record<string, unknown>[] = [
  { Id: 10, Tags: ['red', null, 'red'], Scores: [2147483647, -2147483648], Addresses: [{}] },
  { Id: 11, Tags: [null], Scores: [null], Addresses: [null] },
  { Id: 12, Tags: ['a'], Scores: [2, 3], Addresses: [{ City: 'Paris', Zip: '1', Phones: [null] }, null] },
];

/** Each filter with the ids docs/semantics.md, section 8, gives on ROWS. */
const CASES: readonly (readonly [string, readonly number[]])[] = [
  ['Addresses/any(a: a/City eq null)', [10, 11, 12]],
  ['Addresses/any(a: a eq null)', [11, 12]],
  ['Addresses/any(a: a ne null)', [10, 12]],
  ['Addresses/all(a: a/City ne null)', []],
  ['Addresses/all(a: a ne null)', [10]],
  ['Addresses/any(a: a/Phones/any())', [12]],
  ['Addresses/all(a: not a/Phones/any())', [10, 11]],
  ["Addresses/any(a: a/Zip ne '1')", [10, 11, 12]],
  ["Addresses/any(a: not (a/City eq 'Paris'))", [10, 11, 12]],
  ["Addresses/any(a: a/City eq 'Paris' and a/Phones/any(p: p eq null))", [12]],
  ["Addresses/all(a: a/Phones/all(p: p eq 'x'))", [10, 11]],
  ["Addresses/any(a: a/City in ('Paris', null))", [10, 11, 12]],
  ["not Addresses/any(a: a/City eq 'Paris')", [10, 11]],
  ["Tags/any(t: t ne 'red')", [10, 11, 12]],
  ["Tags/all(t: t eq 'red')", []],
  ['Tags/any(t: t eq null) and Tags/all(t: t eq null)', [11]],
  ['Tags/$count eq 3', [10]],
  ['Tags/$count ne 1', [10]],
  ['Scores/any(s: s gt 2.5)', [10, 12]],
  ['Scores/all(s: s lt 2147483647)', [12]],
  ['Scores/any(s: s mul 2 gt 4294967293)', [10]],
  ['Scores/any(s: s lt -2147483647.5)', [10]],
];

describe('lambdas on rows where MongoDB arrays could part from the reference', () => {
  const docs = ROWS.map((row) => toMongoDocument(lambdaSchema, row));
  for (const [filter, ids] of CASES) {
    it(filter, () => {
      for (const options of [{ decimal: decimal128 }, {}]) {
        const query = mongoQuery(compile(filter, options));
        expect(ROWS.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
      }
    });
  }
});

describe('field mappings under a collection', () => {
  const fields = { Addresses: 'addrs', 'Addresses/City': 'addrs.city', 'Addresses/Phones': 'addrs.tel' };

  it('reads an element member by its mapping, relative to the element', () => {
    expect(compile("Addresses/any(a: a/City eq 'Paris')", { fields })).toEqual({
      addrs: { $elemMatch: { city: 'Paris' } },
    });
    expect(compile("Addresses/any(a: a/Phones/any(p: p eq '1'))", { fields })).toEqual({
      addrs: { $elemMatch: { tel: { $elemMatch: { $eq: '1' } } } },
    });
    expect(JSON.stringify(compile('Addresses/any(a: a/City eq Name)', { fields }))).toContain('"$$e0.city"');
  });

  it('maps by a function of the whole property path too', () => {
    const lower = (path: readonly string[]) => path.map((s) => s.toLowerCase()).join('.');
    expect(compile("Addresses/any(a: a/City eq 'Paris')", { fields: lower })).toEqual({
      addresses: { $elemMatch: { city: 'Paris' } },
    });
  });

  it("refuses a member's mapping outside its collection's field", () => {
    for (const filter of ["Addresses/any(a: a/City eq 'Paris')", 'Addresses/any(a: a/City eq Name)']) {
      const error = thrownFilterError(() =>
        compile(filter, { fields: { Addresses: 'addrs', 'Addresses/City': 'city' } }),
      );
      expect(error.kind).toBe('unsupported');
      expect(error.construct).toBe('field_mapping');
      expect(error.message).toContain("'Addresses/City' gives 'city', which is not a field under 'addrs'");
      expect(filter.slice(error.start, error.end)).toBe('a/City');
    }
  });
});

describe('relations', () => {
  const schema = defineSchema({
    name: 'Event',
    properties: {
      Name: 'Edm.String',
      Venue: { relation: true, properties: { City: 'Edm.String' } },
      Sessions: {
        collection: {
          properties: {
            Title: 'Edm.String',
            Speakers: { relation: true, collection: { properties: { Name: 'Edm.String' } } },
          },
        },
      },
    },
  });
  const cases: readonly (readonly [string, string, string])[] = [
    ["Venue/City eq 'Oslo'", 'Venue', 'Venue/City'],
    ['Venue eq null', 'Venue', 'Venue eq null'],
    ["Sessions/any(s: s/Speakers/any(p: p/Name eq 'Ada'))", 'Sessions/Speakers', "s/Speakers/any(p: p/Name eq 'Ada')"],
    ['Sessions/any(s: s/Speakers/$count gt 1)', 'Sessions/Speakers', 's/Speakers/$count'],
  ];
  for (const [filter, relation, at] of cases) {
    it(`${filter}: refused, naming ${relation}`, () => {
      const error = thrownFilterError(() => compileMongo(check(filter, schema)));
      expect(error.kind).toBe('unsupported');
      expect(error.construct).toBe('relation');
      expect(error.message).toContain(`the relation '${relation}'`);
      expect(filter.slice(error.start, error.end)).toBe(at);
    });
  }

  it('compiles what reads no relation', () => {
    expect(compileMongo(check("Sessions/any(s: s/Title eq 'Intro')", schema))).toEqual({
      Sessions: { $elemMatch: { Title: 'Intro' } },
    });
  });
});

describe('a collection field that is not an array (docs/mongo.md, "What a collection field must hold")', () => {
  // The reference raises a RowValueError here; MongoDB cannot, and answers as its operators do.
  const doc = toMongoDocument(lambdaSchema, { Id: 20, Name: 'red', Tags: 'red' });

  it('has no elements for $elemMatch and $size', () => {
    expect(mongoQuery(compile("Tags/any(t: t eq 'red')")).test(doc)).toBe(false);
    expect(mongoQuery(compile("Tags/all(t: t eq 'red')")).test(doc)).toBe(true);
    expect(mongoQuery(compile('Tags/any()')).test(doc)).toBe(false);
    expect(mongoQuery(compile('Tags/$count eq 1')).test(doc)).toBe(false);
  });

  it('fails the query in $map', () => {
    expect(() => mongoQuery(compile('Tags/any(t: t eq Name)')).test(doc)).toThrow(/array/);
  });
});

describe('elements of every stored BSON type, compared across numeric types', () => {
  const schema = defineSchema({
    name: 'Typed',
    properties: {
      Id: { type: 'Edm.Int32', nullable: false },
      Longs: { collection: 'Edm.Int64' },
      Prices: { collection: 'Edm.Decimal' },
      Days: { collection: 'Edm.DateTimeOffset' },
      Keys: { collection: 'Edm.Guid' },
      Flags: { collection: 'Edm.Boolean' },
      Ratios: { collection: 'Edm.Double' },
    },
  });
  const rows: readonly Record<string, unknown>[] = [
    {
      Id: 1,
      Longs: [9007199254740993n, 1n],
      Prices: ['1.50', '0.1'],
      Days: [new Date('2012-01-01T00:00:00Z')],
      Keys: ['0F8FAD5B-D9CB-469F-A165-70867728950E'],
      Flags: [true, null],
      Ratios: [Number.NaN, 0.5],
    },
    { Id: 2, Longs: [5n], Prices: ['2'], Days: [null], Keys: [], Flags: [false], Ratios: [Infinity] },
    { Id: 3 },
  ];
  const cases: readonly (readonly [string, readonly number[]])[] = [
    ['Longs/any(l: l eq 9007199254740993)', [1]],
    ['Longs/any(l: l gt 4)', [1, 2]],
    ['Longs/all(l: l lt 6)', [2, 3]],
    ['Prices/any(p: p eq 1.5)', [1]],
    ['Prices/any(p: p gt 1)', [1, 2]],
    ['Prices/any(p: p mul 3 eq 0.3)', [1]],
    ['Days/any(d: year(d) eq 2012)', [1]],
    ['Days/any(d: d eq null)', [2]],
    ['Days/any(d: d lt 2013-01-01T00:00:00Z)', [1]],
    ['Keys/any(k: k eq 0f8fad5b-d9cb-469f-a165-70867728950e)', [1]],
    ['Flags/any(f: f)', [1]],
    ['Flags/all(f: f)', [3]],
    ['Flags/any(f: not f)', [2]],
    ['Ratios/any(r: r eq NaN)', [1]],
    ['Ratios/any(r: r gt 1)', [2]],
    ['Ratios/all(r: r le 1)', [3]],
  ];
  const docs = rows.map((row) => toMongoDocument(schema, row));
  for (const [filter, ids] of cases) {
    it(filter, () => {
      for (const options of [{ decimal: decimal128 }, {}]) {
        const query = mongoQuery(compileMongo(check(filter, schema), options));
        expect(rows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
      }
    });
  }
});

describe('nested lambdas', () => {
  /** Lambdas nested n deep over Tags and Scores in turn, the body reading every variable and the row. */
  const nest = (n: number, test: (variable: string, level: number) => string, join: string): string => {
    const variables = Array.from({ length: n }, (_, i) => `v${i}`);
    let text = variables.map(test).join(join);
    for (let i = n - 1; i >= 0; i--)
      text = `${i % 2 ? 'Scores' : 'Tags'}/${i % 3 ? 'all' : 'any'}(${variables[i]!}: ${text})`;
    return text;
  };
  const SHAPES = {
    'hoisted null tests': (n: number) =>
      nest(n, (v, i) => (i % 2 ? `${v} lt Limit` : `length(${v}) gt Limit`), ' and '),
    'Boolean values': (n: number) =>
      nest(n, (v, i) => (i % 2 ? `(${v} gt 2) eq null` : `contains(${v}, Name) ne true`), ' or '),
  };

  for (const [name, shape] of Object.entries(SHAPES)) {
    it(`render each body once (${name}): at most 300 characters of JSON per level, up to the default maxLambdaDepth`, () => {
      const sizes = [1, 2, 3, 4].map((n) => JSON.stringify(compile(shape(n))).length);
      for (let n = 1; n < sizes.length; n++) expect(sizes[n]! - sizes[n - 1]!).toBeLessThanOrEqual(300);
      expect(() => compile(shape(5))).toThrow(/nest/);
    });
  }
});
