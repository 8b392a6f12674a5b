// The documents compileMongo writes: plain operators where their meaning is exact, $expr otherwise,
// escaped anchored regexes, field mapping, and 'unsupported' errors instead of wrong documents.

import { describe, expect, it } from 'vitest';
import { compileMongo, toExtendedJson } from '../../src/backends/mongo/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { FilterError } from '../../src/errors.js';
import { decimal128, matchIds, toMongoDocument } from '../engines/mingo.js';
import { schema, typed } from './fixture.js';

const compile = (text: string) => compileMongo(typed(text), { decimal: decimal128 });

const NULL_NAME = { $eq: [{ $ifNull: ['$Name', null] }, null] };

const DOCUMENTS: readonly (readonly [string, unknown])[] = [
  ["Name eq 'Anna'", { Name: 'Anna' }],
  ['Name eq null', { Name: null }],
  ["Name ne 'Anna'", { Name: { $ne: 'Anna' } }],
  ['Qty gt 5', { Qty: { $gt: 5 } }],
  ['5 lt Qty', { Qty: { $gt: 5 } }],
  ['Qty ge 5', { Qty: { $gte: 5 } }],
  ['not (Qty gt 5)', { Qty: { $not: { $gt: 5 } } }],
  ['not (Name eq null)', { Name: { $ne: null } }],
  ['Active', { Active: true }],
  ['not Active', { Active: false }],
  ["Address/City eq 'x'", { 'Address.City': 'x' }],
  ["Name eq 'A' and Qty lt 3", { Name: 'A', Qty: { $lt: 3 } }],
  ['Qty ge 1 and Qty le 9', { Qty: { $gte: 1, $lte: 9 } }],
  ["Name eq 'A' and Name eq 'B'", { $and: [{ Name: 'A' }, { Name: 'B' }] }],
  ['Qty gt 1 and Qty gt 2', { $and: [{ Qty: { $gt: 1 } }, { Qty: { $gt: 2 } }] }],
  ["not (Name eq 'A' or Qty lt 3)", { Name: { $ne: 'A' }, Qty: { $not: { $lt: 3 } } }],
  ["Name in ('A', null)", { Name: { $in: ['A', null] } }],
  ["not (Name in ('A'))", { Name: { $nin: ['A'] } }],
  ["startswith(Name, 'a.b')", { Name: { $regex: '\\Aa\\.b' } }],
  ["endswith(Name, '$')", { Name: { $regex: '\\$\\z' } }],
  ["contains(Name, '(x)')", { Name: { $regex: '\\(x\\)' } }],
  ["substringof('[', Name)", { Name: { $regex: '\\[' } }],
  ["not startswith(Name, 'A')", { Name: { $ne: null, $not: { $regex: '\\AA' } } }],
  ["Name eq '$where'", { Name: '$where' }],
  ['Big gt 9007199254740993', { Big: { $gt: 9007199254740993n } }],
  ['Big gt 5', { Big: { $gt: 5 } }],
  ['Qty gt 5000000000', { Qty: { $gt: 5000000000 } }],
  ['Due gt 2012-01-01T00:00:00+01:00', { Due: { $gt: new Date('2011-12-31T23:00:00Z') } }],
  ['Key eq 0F8FAD5B-D9CB-469F-A165-70867728950E', { Key: '0f8fad5b-d9cb-469f-a165-70867728950e' }],
  ['Score gt 1.5', { Score: { $gt: 1.5 } }],
  ['Qty gt 1.5', { Qty: { $gt: decimal128('1.5') } }],
  ['Qty gt 1.5d', { Qty: { $gt: 1.5 } }],
  ['Qty le null', { $expr: false }],
  ['not (Qty le null)', {}],
  // A function of fields compared with a constant: the fields' null test once, up front, in a
  // $cond (MongoDB does not promise that $and short-circuits), and the function directly on them.
  ['length(Name) eq 3', { $expr: { $cond: [NULL_NAME, false, { $eq: [{ $strLenCP: '$Name' }, 3] }] } }],
  ['length(Name) lt 3', { $expr: { $cond: [NULL_NAME, false, { $lt: [{ $strLenCP: '$Name' }, 3] }] } }],
  ['not (length(Name) gt 3)', { $expr: { $cond: [NULL_NAME, true, { $not: [{ $gt: [{ $strLenCP: '$Name' }, 3] }] }] } }],
  ["length(Name) in (1, null)", { $expr: { $cond: [NULL_NAME, true, { $in: [{ $strLenCP: '$Name' }, [1]] }] } }],
  ['length(Name) eq null', { $expr: NULL_NAME }],
  ["length(concat(Name, Code)) gt 3", { $expr: { $cond: [{ $or: [NULL_NAME, { $eq: [{ $ifNull: ['$Code', null] }, null] }] }, false, { $gt: [{ $strLenCP: { $concat: ['$Name', '$Code'] } }, 3] }] } }],
  // Operators that return null for a null input need no test against a constant: null and
  // missing are unequal to it and below it in MongoDB's order.
  ['Qty add 5 gt 60', { $expr: { $gt: [{ $add: ['$Qty', 5] }, 60] } }],
  ['Qty mul Qty eq 4', { $expr: { $eq: [{ $multiply: [{ $toDecimal: '$Qty' }, { $toDecimal: '$Qty' }] }, 4] } }],
  ['year(Due) eq 2012', { $expr: { $cond: [{ $eq: [{ $ifNull: ['$Due', null] }, null] }, false, { $eq: [{ $year: '$Due' }, 2012] }] } }],
  ['Qty lt Small', { $expr: { $cond: [{ $or: [{ $eq: [{ $ifNull: ['$Qty', null] }, null] }, { $eq: [{ $ifNull: ['$Small', null] }, null] }] }, false, { $lt: ['$Qty', '$Small'] }] } }],
  ['Qty add 5 lt 60', { $expr: { $cond: [{ $eq: [{ $ifNull: ['$Qty', null] }, null] }, false, { $lt: [{ $add: ['$Qty', 5] }, 60] }] } }],
  ['Qty eq Small', { $expr: { $eq: [{ $ifNull: ['$Qty', null] }, { $ifNull: ['$Small', null] }] } }],
  // $concat is null for a null or missing argument, as the reference: no guard.
  ["concat(Name, '$Code') eq Code", { $expr: { $eq: [{ $concat: ['$Name', { $literal: '$Code' }] }, { $ifNull: ['$Code', null] }] } }],
  ["indexof(Name, 'a') eq 1", { $expr: { $eq: [{ $indexOfCP: ['$Name', { $literal: 'a' }] }, 1] } }],
];

describe('documents', () => {
  for (const [filter, expected] of DOCUMENTS) {
    it(filter, () => expect(compile(filter)).toEqual(expected));
  }

  it('Decimal literals use the factory, else an exact $toDecimal in $expr', () => {
    expect(compile('Price gt 1.5')).toEqual({ Price: { $gt: decimal128('1.5') } });
    expect(compileMongo(typed('Price gt 1.5'))).toEqual({ $expr: { $gt: ['$Price', { $toDecimal: '1.5' }] } });
    expect(compileMongo(typed('Price lt 1.5'))).toEqual({ $expr: { $cond: [{ $eq: [{ $ifNull: ['$Price', null] }, null] }, false, { $lt: ['$Price', { $toDecimal: '1.5' }] }] } });
  });

  it('an Int64 or Decimal compared with a Double is converted in $expr, never compared raw', () => {
    expect(compile('Big eq 1.5d')).toEqual({ $expr: { $eq: [{ $toDouble: '$Big' }, 1.5] } });
  });

  it('holds no functions, only data', () => {
    const walk = (v: unknown): void => {
      expect(typeof v).not.toBe('function');
      if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(compileMongo(typed("round(Price) eq 3 and substring(Name, Qty, 2) eq 'x' or Big div 2 gt 1 and year(Due) eq 1")));
  });
});

describe('field mapping', () => {
  it('maps property paths through a table, others with / → .', () => {
    const filter = typed("Address/City eq 'x' and Name eq 'y'");
    expect(compileMongo(filter, { fields: { 'Address/City': 'addr.city' } })).toEqual({ 'addr.city': 'x', Name: 'y' });
    expect(compileMongo(filter, { fields: (path) => path.join('_') })).toEqual({ Address_City: 'x', Name: 'y' });
  });
  it('rejects a mapping that is not a field path with an unsupported FilterError', () => {
    for (const bad of ['$where', '', 'a..b']) {
      const error = (() => {
        try {
          compileMongo(typed("Name eq 'x'"), { fields: { Name: bad } });
        } catch (e) {
          return e;
        }
        return undefined;
      })();
      expect(error).toBeInstanceOf(FilterError);
      expect((error as FilterError).kind).toBe('unsupported');
    }
  });
});

describe('unsupported constructs', () => {
  it('a function the backend does not know is an unsupported FilterError', () => {
    const filter = typed("length(Name) eq 1");
    const root = filter.root as unknown as { left: { name: string } };
    const forged = { ...filter, root: { ...filter.root, left: { ...root.left, name: 'soundex' } } } as typeof filter;
    expect(() => compileMongo(forged)).toThrow(FilterError);
  });
});

describe('injection: hostile text in every literal position matches what the reference matches', () => {
  const HOSTILE = ['.*', '^a', 'a$', '\\', '$Name', '$where', 'a.b', '{"$gt":""}', '(?i)a', '[a-z]', 'x\n', '\n', '\0', '|', '$$ROOT', 'Name.City', '😀'];
  const rows = HOSTILE.flatMap((text, i) => [
    { Id: 2 * i + 1, Name: text, Code: `${text}!`, Address: { City: `pre${text}` } },
    { Id: 2 * i + 2, Name: `${text}\n`, Code: text.toUpperCase(), Address: { City: 'zzz' } },
  ]);
  const docs = rows.map((row) => toMongoDocument(schema, row));
  const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;
  const filters = HOSTILE.flatMap((text) => {
    const q = quote(text);
    return [
      `Name eq ${q}`, `Name ne ${q}`, `Name gt ${q}`, `Name in (${q}, 'zzz')`,
      `startswith(Name, ${q})`, `endswith(Name, ${q})`, `contains(Name, ${q})`, `substringof(${q}, Address/City)`,
      `not endswith(Code, ${q})`, `indexof(Name, ${q}) eq 0`, `replace(Name, ${q}, '$$') eq '$$'`,
      `concat(${q}, Name) eq concat(${q}, ${q})`, `startswith(Address/City, concat('pre', ${q}))`,
    ];
  });
  it(`${filters.length} filters over ${rows.length} rows`, () => {
    for (const text of filters) {
      const filter = typed(text);
      const predicate = compilePredicate(filter);
      const expected = rows.filter((row) => predicate(row)).map((row) => row.Id);
      expect(matchIds(compileMongo(filter, { decimal: decimal128 }), docs), text).toEqual(expected);
    }
  });
});

describe('Extended JSON', () => {
  it('prints dates, longs, decimals and non-finite doubles', () => {
    const text = toExtendedJson({ a: new Date(0), b: 2n ** 62n, c: decimal128('1.50'), d: Number.NaN }, 0);
    expect(text).toBe('{"a":{"$date":"1970-01-01T00:00:00.000Z"},"b":{"$numberLong":"4611686018427387904"},"c":{"$numberDecimal":"1.5"},"d":{"$numberDouble":"NaN"}}');
  });
});
