// The documents compileMongo writes: plain operators where their meaning is exact, $expr otherwise,
// escaped anchored regexes, field mapping, and 'unsupported' errors instead of wrong documents.

import { describe, expect, it } from 'vitest';
import { compileMongo, toExtendedJson } from '../../src/backends/mongo/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { FilterError, formatFilterError } from '../../src/errors.js';
import { decimal128, matchIds, toMongoDocument } from '../engines/mingo.js';
import { rows, schema, typed } from './fixture.js';
import { thrownFilterError } from '../support/thrown.js';

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
  ['Address eq null', { Address: null }],
  ['null ne Address', { Address: { $ne: null } }],
  ['not (Address ne null)', { Address: null }],
  [
    '(Address eq null) eq Active',
    { $expr: { $eq: [{ $eq: [{ $ifNull: ['$Address', null] }, null] }, { $ifNull: ['$Active', null] }] } },
  ],
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
  [
    'not (length(Name) gt 3)',
    { $expr: { $cond: [NULL_NAME, true, { $not: [{ $gt: [{ $strLenCP: '$Name' }, 3] }] }] } },
  ],
  ['length(Name) in (1, null)', { $expr: { $cond: [NULL_NAME, true, { $in: [{ $strLenCP: '$Name' }, [1]] }] } }],
  ['length(Name) eq null', { $expr: NULL_NAME }],
  // concat is also null beyond the string bound (docs/semantics.md, section 3): its length is
  // tested before it is built, and its result may be null whatever its arguments.
  [
    'length(concat(Name, Code)) gt 3',
    {
      $expr: {
        $gt: [
          {
            $let: {
              vars: {
                v0: {
                  $cond: [
                    { $or: [NULL_NAME, { $eq: [{ $ifNull: ['$Code', null] }, null] }] },
                    null,
                    {
                      $cond: [
                        { $gt: [{ $add: [{ $strLenCP: '$Name' }, { $strLenCP: '$Code' }] }, 1048576] },
                        null,
                        { $concat: ['$Name', '$Code'] },
                      ],
                    },
                  ],
                },
              },
              in: { $cond: [{ $eq: [{ $ifNull: ['$$v0', null] }, null] }, null, { $strLenCP: '$$v0' }] },
            },
          },
          3,
        ],
      },
    },
  ],
  // Operators that return null for a null input need no test against a constant: null and
  // missing are unequal to it and below it in MongoDB's order.
  ['Qty add 5 gt 60', { $expr: { $gt: [{ $add: ['$Qty', 5] }, 60] } }],
  ['Qty mul Qty eq 4', { $expr: { $eq: [{ $multiply: [{ $toDecimal: '$Qty' }, { $toDecimal: '$Qty' }] }, 4] } }],
  // $year and the other date parts return null for a null or missing date, as the reference's
  // year(null) is null: against a constant, eq/ne/gt/ge need no test; lt/le test the date up front.
  ['year(Due) eq 2012', { $expr: { $eq: [{ $year: '$Due' }, 2012] } }],
  ['hour(Due) ne 23', { $expr: { $ne: [{ $hour: '$Due' }, 23] } }],
  ['not (month(Due) gt 6)', { $expr: { $not: [{ $gt: [{ $month: '$Due' }, 6] }] } }],
  [
    'year(Due) lt 2012',
    { $expr: { $cond: [{ $eq: [{ $ifNull: ['$Due', null] }, null] }, false, { $lt: [{ $year: '$Due' }, 2012] }] } },
  ],
  ['day(Due) eq null', { $expr: { $eq: [{ $ifNull: ['$Due', null] }, null] } }],
  [
    'Qty lt Small',
    {
      $expr: {
        $cond: [
          { $or: [{ $eq: [{ $ifNull: ['$Qty', null] }, null] }, { $eq: [{ $ifNull: ['$Small', null] }, null] }] },
          false,
          { $lt: ['$Qty', '$Small'] },
        ],
      },
    },
  ],
  [
    'Qty add 5 lt 60',
    { $expr: { $cond: [{ $eq: [{ $ifNull: ['$Qty', null] }, null] }, false, { $lt: [{ $add: ['$Qty', 5] }, 60] }] } },
  ],
  ['Qty eq Small', { $expr: { $eq: [{ $ifNull: ['$Qty', null] }, { $ifNull: ['$Small', null] }] } }],
  // A literal's text is never read as a field path, in $concat nor in the bound's $strLenCP.
  [
    "concat(Name, '$Code') eq Code",
    {
      $expr: {
        $eq: [
          {
            $cond: [
              NULL_NAME,
              null,
              {
                $cond: [
                  { $gt: [{ $add: [{ $strLenCP: '$Name' }, { $strLenCP: { $literal: '$Code' } }] }, 1048576] },
                  null,
                  { $concat: ['$Name', { $literal: '$Code' }] },
                ],
              },
            ],
          },
          { $ifNull: ['$Code', null] },
        ],
      },
    },
  ],
  ["indexof(Name, 'a') eq 1", { $expr: { $eq: [{ $indexOfCP: ['$Name', { $literal: 'a' }] }, 1] } }],
];

describe('documents', () => {
  for (const [filter, expected] of DOCUMENTS) {
    it(filter, () => expect(compile(filter)).toEqual(expected));
  }

  it('Decimal literals use the factory, else an exact $toDecimal in $expr', () => {
    expect(compile('Price gt 1.5')).toEqual({ Price: { $gt: decimal128('1.5') } });
    expect(compileMongo(typed('Price gt 1.5'))).toEqual({ $expr: { $gt: ['$Price', { $toDecimal: '1.5' }] } });
    expect(compileMongo(typed('Price lt 1.5'))).toEqual({
      $expr: {
        $cond: [{ $eq: [{ $ifNull: ['$Price', null] }, null] }, false, { $lt: ['$Price', { $toDecimal: '1.5' }] }],
      },
    });
  });

  it('an Int64 or Decimal compared with a Double is converted in $expr, never compared raw', () => {
    expect(compile('Big eq 1.5d')).toEqual({ $expr: { $eq: [{ $toDouble: '$Big' }, 1.5] } });
  });

  it('holds no functions, only data', () => {
    const walk = (v: unknown): void => {
      expect(typeof v).not.toBe('function');
      if (v && typeof v === 'object') Object.values(v).forEach(walk);
    };
    walk(
      compileMongo(typed("round(Price) eq 3 and substring(Name, Qty, 2) eq 'x' or Big div 2 gt 1 and year(Due) eq 1")),
    );
  });
});

describe('field mapping', () => {
  it('maps property paths through a table, others with / → .', () => {
    const filter = typed("Address/City eq 'x' and Name eq 'y'");
    expect(compileMongo(filter, { fields: { 'Address/City': 'addr.city' } })).toEqual({ 'addr.city': 'x', Name: 'y' });
    expect(compileMongo(filter, { fields: (path) => path.join('_') })).toEqual({ Address_City: 'x', Name: 'y' });
  });
  it("maps a structure compared with null by the structure's own path", () => {
    const filter = typed("Address ne null and Address/City eq 'x'");
    expect(compileMongo(filter, { fields: { Address: 'addr', 'Address/City': 'addr.city' } })).toEqual({
      addr: { $ne: null },
      'addr.city': 'x',
    });
    expect(compileMongo(filter, { fields: (path) => path.join('_') })).toEqual({
      Address: { $ne: null },
      Address_City: 'x',
    });
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
  it('checks every dotted segment: non-empty, no leading $, no NUL; the error names the property and the mapping', () => {
    const text = 'Qty add 1 gt 5';
    for (const [bad, reason] of [
      ['a.$b', "its segment '$b' starts with '$'"],
      ['a.b.$', "its segment '$' starts with '$'"],
      ['a.', 'it has an empty segment'],
      ['.a', 'it has an empty segment'],
      ['a\0b', 'it holds a NUL character'],
      ['a.b\0', 'it holds a NUL character'],
    ] as const) {
      for (const fields of [{ Qty: bad }, () => bad]) {
        let error: unknown;
        try {
          compileMongo(typed(text), { fields });
        } catch (e) {
          error = e;
        }
        expect(error).toBeInstanceOf(FilterError);
        const e = error as FilterError;
        expect(e.kind).toBe('unsupported');
        expect(e.message).toBe(
          `The field mapping of 'Qty' gives '${bad}', which is not a document field path: ${reason}`,
        );
        expect([e.start, e.end]).toEqual([0, 3]);
      }
    }
    // '$' inside a segment is an ordinary character.
    expect(compileMongo(typed('Qty gt 5'), { fields: { Qty: 'a.b$c' } })).toEqual({ 'a.b$c': { $gt: 5 } });
  });
});

describe('errors raised while compiling carry the filter text, for formatFilterError', () => {
  it('a field mapping that is not a field path', () => {
    const text = "Name eq 'x' and Qty gt 5";
    const e = thrownFilterError(() => compileMongo(typed(text), { fields: { Qty: 'a.$b' } }));
    expect(e.text).toBe(text);
    expect(formatFilterError(e)).toBe(`${e.message}\n  ${text}\n  ${' '.repeat(16)}^~~`);
  });
  it('a Decimal literal Decimal128 cannot hold', () => {
    const text = 'Price eq 1.00000000000000000000000000000000000000000001';
    const e = thrownFilterError(() => compileMongo(typed(text)));
    expect(e.text).toBe(text);
    expect(formatFilterError(e)).toContain(`\n  ${text}\n  ${' '.repeat(9)}^~~~`);
  });
  it('an option function that throws', () => {
    const boom = (): never => {
      throw new Error('boom');
    };
    const text = 'Price gt 1.5';
    expect(thrownFilterError(() => compileMongo(typed(text), { decimal: boom })).text).toBe(text);
    expect(thrownFilterError(() => compileMongo(typed(text), { fields: boom })).text).toBe(text);
    expect(thrownFilterError(() => compileMongo(typed('Big lt 9007199254740993'), { long: boom })).text).toBe(
      'Big lt 9007199254740993',
    );
  });
});

describe('unsupported constructs', () => {
  it('a function the backend does not know is an unsupported FilterError', () => {
    const filter = typed('length(Name) eq 1');
    const root = filter.root as unknown as { left: { name: string } };
    const forged = {
      ...filter,
      root: { ...filter.root, left: { ...root.left, name: 'soundex' } },
    } as unknown as typeof filter;
    expect(() => compileMongo(forged)).toThrow(FilterError);
  });
  it('names the construct and the backend in fields', () => {
    const filter = typed('length(Name) eq 1');
    const root = filter.root as unknown as { left: { name: string } };
    const forged = {
      ...filter,
      root: { ...filter.root, left: { ...root.left, name: 'soundex' } },
    } as unknown as typeof filter;
    // A function the language does not have is no filter check() makes: refused before the backend.
    expect(thrownFilterError(() => compileMongo(forged)).issues.map((issue) => issue.code)).toEqual(['malformed_tree']);
    expect(thrownFilterError(() => compileMongo(typed('Price gt 1e6145m')))).toMatchObject({
      construct: 'decimal_literal',
      target: 'mongodb',
    });
    expect(thrownFilterError(() => compileMongo(typed("Name eq 'x'"), { fields: { Name: '$where' } }))).toMatchObject({
      construct: 'field_mapping',
      target: 'mongodb',
    });
    const boom = (): never => {
      throw new Error('boom');
    };
    expect(thrownFilterError(() => compileMongo(typed('Price gt 1.5'), { decimal: boom }))).toMatchObject({
      construct: 'option',
      target: 'mongodb',
    });
  });
});

describe('literals MongoDB cannot hold exactly are unsupported, at the literal', () => {
  // [filter, the literal as written, the literal as the message names it]
  const REJECTED: readonly (readonly [string, string, string])[] = [
    [
      'Price eq 1.00000000000000000000000000000000000000000001',
      '1.00000000000000000000000000000000000000000001',
      '1.00000000000000000000000000000000000000000001',
    ],
    [
      'Price gt 12345678901234567890123456789012345m',
      '12345678901234567890123456789012345m',
      '12345678901234567890123456789012345',
    ],
    [
      'Qty eq 1.00000000000000000000000000000000001',
      '1.00000000000000000000000000000000001',
      '1.00000000000000000000000000000000001',
    ],
    // Refused also where the filter's meaning does not need it (false and …, folded away).
    [
      'false and Price eq 1.00000000000000000000000000000000000000000001',
      '1.00000000000000000000000000000000000000000001',
      '1.00000000000000000000000000000000000000000001',
    ],
    [
      'Price add 1.00000000000000000000000000000000001 eq Price',
      '1.00000000000000000000000000000000001',
      '1.00000000000000000000000000000000001',
    ],
    [
      'Price in (1, 2.00000000000000000000000000000000000000000001)',
      '2.00000000000000000000000000000000000000000001',
      '2.00000000000000000000000000000000000000000001',
    ],
    ['Price lt 1e-6177m', '1e-6177m', '1E-6177'],
    ['Price gt 1e6145m', '1e6145m', '1E+6145'],
  ];
  const strict = (text: string): unknown => {
    const value = decimal128(text);
    return value;
  };
  for (const [text, literal, named] of REJECTED) {
    it(text, () => {
      for (const options of [{ decimal: strict }, {}]) {
        const error = (() => {
          try {
            compileMongo(typed(text), options);
          } catch (e) {
            return e;
          }
          return undefined;
        })();
        expect(error).toBeInstanceOf(FilterError);
        const e = error as FilterError;
        expect(e.kind).toBe('unsupported');
        expect([e.start, e.end]).toEqual([text.indexOf(literal), text.indexOf(literal) + literal.length]);
        expect(e.message).toContain(`the Decimal literal ${named}: Decimal128 cannot hold it exactly (`);
      }
    });
  }
  it('names the reason: too many digits, or an exponent out of range', () => {
    const message = (text: string): string => {
      try {
        compileMongo(typed(text));
      } catch (e) {
        return (e as Error).message;
      }
      return '';
    };
    expect(message(REJECTED[0]![0])).toContain('it has 45 significant digits, and Decimal128 holds at most 34');
    expect(message('Price lt 1e-6177m')).toContain("below Decimal128's smallest exponent (10^-6176)");
    expect(message('Price gt 1e6145m')).toContain("beyond Decimal128's largest finite value");
  });

  // Exactly representable at the edges: 34 digits, trailing zeros as exponent, the exponent range.
  const ACCEPTED = [
    'Price eq 1234567890123456789012345678901234m',
    'Price eq -0.1234567890123456789012345678901234',
    'Price eq 12345678901234567890123456789012340000m',
    'Price eq 1.0000000000000000000000000000000000000000000',
    'Price gt 1e-6176m',
    'Price gt 1234567890123456789012345678901234e-6176m',
    'Price lt 9.999999999999999999999999999999999e6144m',
    'Price lt 1e6144m',
    'Price eq 0e-9000m',
  ];
  const docs = rows.map((row) => toMongoDocument(schema, row));
  for (const text of ACCEPTED) {
    it(`compiles ${text}, with the strict factory and without, and agrees with the reference`, () => {
      const predicate = compilePredicate(typed(text));
      const expected = rows.filter((row) => predicate(row)).map((row) => row.Id);
      expect(matchIds(compileMongo(typed(text), { decimal: strict }), docs)).toEqual(expected);
      expect(matchIds(compileMongo(typed(text)), docs)).toEqual(expected);
    });
  }
});

describe('option functions that throw are reported as FilterErrors', () => {
  const boom = (): never => {
    throw new TypeError('boom');
  };
  it('options.decimal: at the Decimal literal, with its message', () => {
    const text = 'Qty gt 1 and Price gt 1.5';
    const e = thrownFilterError(() => compileMongo(typed(text), { decimal: boom }));
    expect(e.kind).toBe('unsupported');
    expect([e.start, e.end]).toEqual([text.indexOf('1.5'), text.indexOf('1.5') + 3]);
    expect(e.message).toContain('options.decimal on the Decimal literal 1.5 threw: boom');
  });
  it('options.long: at the Int64 literal, with its message; never called for a safe integer', () => {
    const text = 'Big gt 5 and Big lt 9007199254740993';
    const e = thrownFilterError(() => compileMongo(typed(text), { long: boom }));
    expect(e.kind).toBe('unsupported');
    expect([e.start, e.end]).toEqual([text.indexOf('9007199254740993'), text.length]);
    expect(e.message).toContain('options.long on the Int64 literal 9007199254740993 threw: boom');
  });
  it('options.fields as a function: at the property', () => {
    const e = thrownFilterError(() => compileMongo(typed("Name eq 'x'"), { fields: boom }));
    expect(e.kind).toBe('unsupported');
    expect([e.start, e.end]).toEqual([0, 4]);
    expect(e.message).toContain("the field mapping (options.fields) of 'Name' threw: boom");
  });
  it('a hand-built tree check() could not make is a malformed_tree FilterError, a deep one a limit', () => {
    const filter = typed("Name eq 'x'");
    const forged = {
      ...filter,
      root: { ...filter.root, left: { kind: 'member', type: 'Edm.String', path: null, start: 0, end: 4 } },
    } as unknown as typeof filter;
    expect(thrownFilterError(() => compileMongo(forged)).issues.map((issue) => issue.code)).toEqual(['malformed_tree']);
    let deep = typed('Active').root;
    for (let i = 0; i < 200_000; i++)
      deep = { kind: 'not', type: 'Edm.Boolean', operand: deep, start: 0, end: 6 } as typeof deep;
    expect(thrownFilterError(() => compileMongo({ ...filter, root: deep })).kind).toBe('limit');
  });
});

describe('options.long', () => {
  class Int64 {
    constructor(readonly value: bigint) {}
  }
  const long = (v: bigint): Int64 => new Int64(v);
  it('builds the Int64 literals beyond ±2^53, in plain operators and in $expr; others stay numbers', () => {
    expect(compileMongo(typed('Big gt 9007199254740993'), { long })).toEqual({
      Big: { $gt: new Int64(9007199254740993n) },
    });
    expect(compileMongo(typed('Big in (5, -9223372036854775808)'), { long })).toEqual({
      Big: { $in: [5, new Int64(-9223372036854775808n)] },
    });
    expect(compileMongo(typed('Big gt 9007199254740991'), { long })).toEqual({ Big: { $gt: 9007199254740991 } });
    expect(compileMongo(typed('Big add 9007199254740993 eq 0'), { long })).toEqual({
      $expr: { $eq: [{ $add: [{ $toDecimal: '$Big' }, new Int64(9007199254740993n)] }, 0] },
    });
  });
  it('without it, a bigint: the MongoDB Node driver (5.1 and later) writes it as an Int64', () => {
    expect(compileMongo(typed('Big gt 9007199254740993'))).toEqual({ Big: { $gt: 9007199254740993n } });
  });
  it('a literal divisor that became a value object is still known to be non-zero (no zero test)', () => {
    const withLong = (v: unknown): unknown =>
      typeof v === 'bigint'
        ? new Int64(v)
        : Array.isArray(v)
          ? v.map(withLong)
          : v && typeof v === 'object'
            ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, withLong(x)]))
            : v;
    for (const text of ['Big div 9007199254740993 eq 0', 'Big mod -9223372036854775808 eq 1']) {
      const plain = compileMongo(typed(text));
      expect(JSON.stringify(plain, (_k, v: unknown) => (typeof v === 'bigint' ? String(v) : v))).not.toMatch(
        /"\$eq":\["-?\d+",0\]/,
      );
      expect(compileMongo(typed(text), { long })).toEqual(withLong(plain));
    }
  });
});

describe('injection: hostile text in every literal position matches what the reference matches', () => {
  const HOSTILE = [
    '.*',
    '^a',
    'a$',
    '\\',
    '$Name',
    '$where',
    'a.b',
    '{"$gt":""}',
    '(?i)a',
    '[a-z]',
    'x\n',
    '\n',
    '\0',
    '|',
    '$$ROOT',
    'Name.City',
    '😀',
  ];
  const rows = HOSTILE.flatMap((text, i) => [
    { Id: 2 * i + 1, Name: text, Code: `${text}!`, Address: { City: `pre${text}` } },
    { Id: 2 * i + 2, Name: `${text}\n`, Code: text.toUpperCase(), Address: { City: 'zzz' } },
  ]);
  const docs = rows.map((row) => toMongoDocument(schema, row));
  const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;
  const filters = HOSTILE.flatMap((text) => {
    const q = quote(text);
    return [
      `Name eq ${q}`,
      `Name ne ${q}`,
      `Name gt ${q}`,
      `Name in (${q}, 'zzz')`,
      `startswith(Name, ${q})`,
      `endswith(Name, ${q})`,
      `contains(Name, ${q})`,
      `substringof(${q}, Address/City)`,
      `not endswith(Code, ${q})`,
      `indexof(Name, ${q}) eq 0`,
      `replace(Name, ${q}, '$$') eq '$$'`,
      `concat(${q}, Name) eq concat(${q}, ${q})`,
      `startswith(Address/City, concat('pre', ${q}))`,
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
    expect(text).toBe(
      '{"a":{"$date":"1970-01-01T00:00:00.000Z"},"b":{"$numberLong":"4611686018427387904"},"c":{"$numberDecimal":"1.5"},"d":{"$numberDouble":"NaN"}}',
    );
  });

  // Stand-ins with the shape of the `bson` package's classes (not installed here): the value's own
  // properties are its raw parts, `_bsontype` is a prototype getter, and toString() is the text.
  class BsonDecimal128 {
    readonly bytes: Uint8Array;
    constructor(private readonly text: string) {
      this.bytes = new Uint8Array(16).fill(7);
    }
    get _bsontype(): 'Decimal128' {
      return 'Decimal128';
    }
    toString(): string {
      return this.text;
    }
    toJSON(): unknown {
      return { $numberDecimal: this.toString() };
    }
  }
  class BsonLong {
    readonly low: number;
    readonly high: number;
    readonly unsigned = false;
    constructor(private readonly value: bigint) {
      this.low = Number(BigInt.asIntN(32, value));
      this.high = Number(BigInt.asIntN(32, value >> 32n));
    }
    get _bsontype(): 'Long' {
      return 'Long';
    }
    toString(): string {
      return this.value.toString();
    }
  }

  it('prints a bson Decimal128 and Long by their text, not their raw parts', () => {
    const text = toExtendedJson(
      { Price: { $gt: new BsonDecimal128('12.50') }, Big: { $in: [new BsonLong(-(2n ** 62n))] } },
      0,
    );
    expect(text).toBe(
      '{"Price":{"$gt":{"$numberDecimal":"12.50"}},"Big":{"$in":[{"$numberLong":"-4611686018427387904"}]}}',
    );
  });

  it('prints the document compileMongo builds with a bson-shaped decimal option', () => {
    const document = compileMongo(typed('Price gt 12.50'), { decimal: (s) => new BsonDecimal128(s) });
    expect(toExtendedJson(document, 0)).toBe('{"Price":{"$gt":{"$numberDecimal":"12.5"}}}');
  });
});
