// Filters written for, and checked against, an OData version (docs/semantics.md, "Versions"):
// what print() writes for each version (the expected texts written by hand from the v2/v3 and v4
// literal forms), what it refuses, what check() refuses per version, and the version option of
// printTyped() and of a filter template.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, parse, print, printTyped } from '../../src/index.js';
import type { ODataVersion } from '../../src/index.js';
import { filter } from '../../src/client/index.js';
import { thrownFilterError } from '../support/thrown.js';

const Item = defineSchema({
  name: 'Item',
  properties: {
    Name: 'Edm.String',
    Qty: 'Edm.Int32',
    Big: 'Edm.Int64',
    Price: 'Edm.Decimal',
    Score: 'Edm.Double',
    Sing: 'Edm.Single',
    Active: 'Edm.Boolean',
    Key: 'Edm.Guid',
    Due: 'Edm.DateTimeOffset',
    Created: 'Edm.DateTime',
    Day: 'Edm.Date',
    At: 'Edm.TimeOfDay',
    Wait: 'Edm.Duration',
    Bin: 'Edm.Binary',
    Color: { enum: { name: 'Sales.Color', members: { Red: 1, Blue: 2 }, flags: true } },
    Tags: { collection: 'Edm.String' },
  },
});

/** Filters whose text v2 and v3 write the same way: [filter, its v2/v3 text]. */
const V3_TEXTS: readonly [string, string][] = [
  ['Big eq 5L', 'Big eq 5L'],
  ['Big eq 3000000000', 'Big eq 3000000000L'],
  ['Qty eq -7', 'Qty eq -7'],
  ['Price eq 2.5', 'Price eq 2.5M'],
  ['Price eq 007.50m', 'Price eq 7.5M'],
  ['Price eq 1.5e3m', 'Price eq 1500M'],
  ['Price eq 2551234567890000999999', 'Price eq 2551234567890000999999M'],
  ['Score eq 2.029d', 'Score eq 2.029d'],
  ['Score eq 1e21', 'Score eq 1E+21d'],
  ['Score eq -0.0d', 'Score eq -0d'],
  ['Score eq INF', 'Score eq INFd'],
  ['Score eq -INF', 'Score eq -INFd'],
  ['Score eq NaN', 'Score eq NaNd'],
  ['Sing eq 1.5f', 'Sing eq 1.5f'],
  ['Sing eq INFF', 'Sing eq INFf'],
  ['Due eq 2012-05-29T11:13:28.5+02:00', "Due eq datetimeoffset'2012-05-29T09:13:28.500Z'"],
  ["Due eq datetimeoffset'2012-05-29T09:13:28Z'", "Due eq datetimeoffset'2012-05-29T09:13:28Z'"],
  ['Due gt 2012-05-29T09:13Z', "Due gt datetimeoffset'2012-05-29T09:13:00Z'"],
  ["Created eq datetime'2012-01-01T00:00'", "Created eq datetime'2012-01-01T00:00:00'"],
  ["Created eq datetime'2012-01-01T00:00:00+01:00'", "Created eq datetime'2011-12-31T23:00:00'"],
  ["Created eq datetime('2012-01-01T00:00:00.25')", "Created eq datetime'2012-01-01T00:00:00.250'"],
  ['Key eq 01234567-89AB-cdef-0123-456789abcdef', "Key eq guid'01234567-89ab-cdef-0123-456789abcdef'"],
  ["Key eq guid'01234567-89ab-cdef-0123-456789abcdef'", "Key eq guid'01234567-89ab-cdef-0123-456789abcdef'"],
  ['At eq 13:20', "At eq time'PT13H20M'"],
  ['At eq 00:00', "At eq time'PT0S'"],
  ['At lt 07:59:59.999', "At lt time'PT7H59M59.999S'"],
  ['At eq 00:00:05', "At eq time'PT5S'"],
  ["At eq time'PT13H20M'", "At eq time'PT13H20M'"],
  ["contains(Name, 'an')", "substringof('an', Name)"],
  ["not contains(Name, 'an')", "not substringof('an', Name)"],
  ["substringof('an', Name)", "substringof('an', Name)"],
  ["Name in ('a', null)", "Name eq 'a' or Name eq null"],
  ["Name in ('a')", "Name eq 'a'"],
  ['Name in ()', 'false'],
  ["Active and Name in ('a', 'b')", "Active and (Name eq 'a' or Name eq 'b')"],
  ['Qty in (1, 2) eq true', '(Qty eq 1 or Qty eq 2) eq true'],
  ["not (Name in ('a', 'b'))", "not (Name eq 'a' or Name eq 'b')"],
  ['Name in ["a", 1]', "Name eq 'a' or Name eq 1"],
  ['cast(Qty, Edm.Int64) eq 1L', "cast(Qty, 'Edm.Int64') eq 1L"],
  ["isof(Name, 'Edm.String')", "isof(Name, 'Edm.String')"],
  ["startswith(Name, 'a') and year(Due) eq 2012", "startswith(Name, 'a') and year(Due) eq 2012"],
  ['round(Price) eq 3M', 'round(Price) eq 3M'],
  // A binary in hexadecimal, X'…', which every version reads as the same bytes (docs/semantics.md §6).
  ["Bin eq binary'T0RhdGE='", "Bin eq X'4F44617461'"],
  ["Bin eq binary'_w'", "Bin eq X'FF'"],
  ["Bin eq x'4f44'", "Bin eq X'4F44'"],
  ["Bin in (binary'', X'ff')", "Bin eq X'' or Bin eq X'FF'"],
];

/** What 3.0 has and 2.0 has not: lambdas. */
const LAMBDAS: readonly [string, string][] = [
  ["Tags/any(t: t eq 'a')", "Tags/any(t: t eq 'a')"],
  ["Tags/all(t: contains(t, 'a'))", "Tags/all(t: substringof('a', t))"],
  ['Tags/any()', 'Tags/any()'],
];

/** What 4.0 writes otherwise than 4.01: `in`, which came with 4.01; everything else as it was read. */
const V4_0_TEXTS: readonly [string, string][] = [
  ["Name in ('a', null)", "Name eq 'a' or Name eq null"],
  ['Name in ()', 'false'],
  ['Name in ["a"]', "Name eq 'a'"],
  ['Price eq 2.5 and Big eq 3000000000', 'Price eq 2.5 and Big eq 3000000000'],
  ["contains(Name, 'an') and Due gt 2012-05-29T09:13Z", "contains(Name, 'an') and Due gt 2012-05-29T09:13Z"],
  [
    "Color has Sales.Color'Red' and Tags/$count gt 1 and Day eq 2012-12-03",
    "Color has Sales.Color'Red' and Tags/$count gt 1 and Day eq 2012-12-03",
  ],
  [
    "Wait eq duration'PT1H' and At eq 13:20 and cast(Qty, Edm.Int64) eq 1",
    "Wait eq duration'PT1H' and At eq 13:20 and cast(Qty, Edm.Int64) eq 1",
  ],
  ["Bin eq binary'T0RhdGE' or Bin eq X'00'", "Bin eq binary'T0RhdGE' or Bin eq X'00'"],
];

describe('print(expr, { version })', () => {
  it.each(V3_TEXTS)('%s is written for 3.0 as %s', (text, expected) => {
    expect(print(parse(text), { version: '3.0' })).toBe(expected);
  });

  it.each(V3_TEXTS)('%s is written for 2.0 as %s', (text, expected) => {
    expect(print(parse(text), { version: '2.0' })).toBe(expected);
  });

  it.each(LAMBDAS)('%s is written for 3.0 as %s', (text, expected) => {
    expect(print(parse(text), { version: '3.0' })).toBe(expected);
  });

  it.each(V4_0_TEXTS)('%s is written for 4.0 as %s', (text, expected) => {
    expect(print(parse(text), { version: '4.0' })).toBe(expected);
  });

  it.each([...V3_TEXTS, ...LAMBDAS, ...V4_0_TEXTS].map(([text]) => text))(
    '%s is written for 4.01 as without a version',
    (text) => {
      expect(print(parse(text), { version: '4.01' })).toBe(print(parse(text)));
    },
  );

  it('refuses a version it does not know as a programming mistake', () => {
    expect(() => print(parse('Qty eq 1'), { version: '5.0' as ODataVersion })).toThrow(TypeError);
  });
});

describe("binary'…', read by the version it is written for (docs/semantics.md §6)", () => {
  it.each([
    ['2.0', '4f44'],
    ['3.0', '4f44'],
    ['4.0', 'e05e38'],
    ['4.01', 'e05e38'],
  ] as const)('holds for %s the bytes %s', (version, bytes) => {
    expect(parse("Bin eq binary'4F44'", { version })).toMatchObject({ right: { kind: 'binary', value: bytes } });
    expect(check("Bin eq binary'4F44'", Item, { version }).root).toMatchObject({ right: { value: bytes } });
  });

  it('is base64url without a version', () => {
    expect(parse("Bin eq binary'4F44'")).toMatchObject({ right: { value: 'e05e38' } });
  });

  it('keeps its bytes when read for 3.0 and printed for 4.01, as X', () => {
    const tree = parse("Bin eq binary'4F44'", { version: '3.0' });
    expect(print(tree)).toBe("Bin eq X'4F44'");
    expect(parse(print(tree))).toMatchObject({ right: { value: '4f44' } });
  });

  it('is no hexadecimal for 4.01, nor base64url for 3.0', () => {
    expect(thrownFilterError(() => parse("Bin eq binary'Zg'", { version: '3.0' })).issues[0]!.code).toBe(
      'invalid_binary',
    );
    expect(thrownFilterError(() => parse("Bin eq binary'0A1'")).issues[0]!.code).toBe('invalid_binary');
  });

  it("reads an alias's value for the version too", () => {
    const typed = check('Bin in @list', Item, { version: '4.01', aliases: { list: "(binary'AA', X'01')" } });
    expect(typed.root).toMatchObject({ list: [{ value: '00' }, { value: '01' }] });
    expect(check('Bin eq @p', Item, { version: '4.0', aliases: { p: "binary'4F44'" } }).root).toMatchObject({
      right: { value: 'e05e38' },
    });
  });
});

/** [filter, version, construct, the text the error covers]: what the version cannot express. */
const PRINT_REFUSES: readonly [string, ODataVersion, string, string][] = [
  ['Day eq 2012-12-03', '3.0', 'date_literal', '2012-12-03'],
  ["Wait eq duration'PT1H'", '3.0', 'duration_literal', "duration'PT1H'"],
  ["Color eq Sales.Color'Red'", '3.0', 'enum_literal', "Sales.Color'Red'"],
  ["Color has Sales.Color'Red'", '3.0', 'has', "Color has Sales.Color'Red'"],
  ['Tags/$count gt 1', '3.0', '$count', 'Tags/$count'],
  ["$it/Name eq 'a'", '3.0', '$it', '$it/Name'],
  ['Qty eq @p', '3.0', 'parameter_alias', '@p'],
  ['Name in @list', '4.0', 'in_alias', 'Name in @list'],
  ["'a' in Tags", '4.0', 'in_collection', "'a' in Tags"],
  ['Qty divby 2 gt 1', '4.0', 'divby', 'Qty divby 2'],
  [
    'Key in ["01234567-89ab-cdef-0123-456789abcdef"]',
    '4.0',
    'json_array',
    'Key in ["01234567-89ab-cdef-0123-456789abcdef"]',
  ],
  ['cast(Name, Edm.Date) eq 2012-01-01', '3.0', 'type_function_target', 'cast(Name, Edm.Date)'],
  ["isof(Name, 'Edm.Duration')", '2.0', 'type_function_target', "isof(Name, 'Edm.Duration')"],
  ['date(Due) eq Day', '3.0', 'date', 'date(Due)'],
  ['time(Due) eq At', '3.0', 'time', 'time(Due)'],
  ['now() gt Due', '3.0', 'now', 'now()'],
  ['maxdatetime() gt Due', '2.0', 'maxdatetime', 'maxdatetime()'],
  ['mindatetime() lt Due', '2.0', 'mindatetime', 'mindatetime()'],
  ['fractionalseconds(Due) gt 0.5M', '3.0', 'fractionalseconds', 'fractionalseconds(Due)'],
  ['totaloffsetminutes(Due) eq 0', '3.0', 'totaloffsetminutes', 'totaloffsetminutes(Due)'],
  ['totalseconds(Wait) gt 1', '3.0', 'totalseconds', 'totalseconds(Wait)'],
  ["Tags/any(t: t eq 'a')", '2.0', 'any', "Tags/any(t: t eq 'a')"],
  ['Tags/all(t: Active)', '2.0', 'all', 'Tags/all(t: Active)'],
  // Values beyond the v2/v3 form: 29 digits before or after the point, and the years 1 to 9999 in UTC.
  ['Price eq 1e29m', '3.0', 'decimal_digits', '1e29m'],
  ['Price eq 0.000000000000000000000000000001m', '2.0', 'decimal_digits', '0.000000000000000000000000000001m'],
  [
    "Created eq datetime'0001-01-01T00:00:00+01:00'",
    '3.0',
    'datetime_beyond_utc_years',
    "datetime'0001-01-01T00:00:00+01:00'",
  ],
  // The outermost, leftmost construct is the one named.
  ["Day eq 2012-12-03 and Wait eq duration'PT1H'", '3.0', 'date_literal', '2012-12-03'],
];

describe('print refuses what the version cannot express', () => {
  it.each(PRINT_REFUSES)('%s for %s: %s', (text, version, construct, covered) => {
    const error = thrownFilterError(() => print(parse(text), { version }));
    expect({
      kind: error.kind,
      construct: error.construct,
      target: error.target,
      covered: text.slice(error.start, error.end),
    }).toEqual({ kind: 'unsupported', construct, target: version, covered });
  });

  it('keeps 29 digits on either side of the point', () => {
    expect(
      print(parse('Price eq 12345678901234567890123456789.12345678901234567890123456789m'), { version: '2.0' }),
    ).toBe('Price eq 12345678901234567890123456789.12345678901234567890123456789M');
  });
});

/** [filter, version, the texts of its not_in_version issues, in the text's order]. */
const CHECK_REFUSES: readonly [string, ODataVersion, string[]][] = [
  ["Name in ('a', 'b')", '4.0', ["Name in ('a', 'b')"]],
  ["Color eq 'Red'", '4.0', ["'Red'"]],
  ["Wait eq 'PT1H'", '4.0', ["'PT1H'"]],
  ['Qty divby 2 gt 1', '4.0', ['Qty divby 2']],
  [
    'Key in ["01234567-89ab-cdef-0123-456789abcdef"]',
    '4.0',
    ['Key in ["01234567-89ab-cdef-0123-456789abcdef"]', '"01234567-89ab-cdef-0123-456789abcdef"'],
  ],
  ["contains(Name, 'a')", '3.0', ["contains(Name, 'a')"]],
  ['Due gt 2012-01-01T00:00:00Z', '3.0', ['2012-01-01T00:00:00Z']],
  ['Key eq 01234567-89ab-cdef-0123-456789abcdef', '3.0', ['01234567-89ab-cdef-0123-456789abcdef']],
  ['At eq 13:20', '3.0', ['13:20']],
  ['Big eq 3000000000', '3.0', ['3000000000']],
  ['Price eq 2.5', '3.0', ['2.5']],
  ['cast(Qty, Edm.Int64) eq 1L', '3.0', ['cast(Qty, Edm.Int64)']],
  ['Day eq 2012-12-03', '3.0', ['2012-12-03']],
  ["Wait eq duration'PT1H'", '3.0', ["duration'PT1H'"]],
  ["Color has Sales.Color'Red'", '3.0', ["Color has Sales.Color'Red'", "Sales.Color'Red'"]],
  ['Tags/$count gt 1', '3.0', ['Tags/$count']],
  ['Due sub Due gt Wait', '3.0', ['Due sub Due']],
  ['now() gt Due and year(Due) eq 2012', '3.0', ['now()']],
  ["$it/Name eq 'a'", '3.0', ['$it/Name']],
  ["Tags/any(t: t eq 'a')", '2.0', ["Tags/any(t: t eq 'a')"]],
  // Every such construct is reported, with the type issues of the filter.
  [
    "contains(Name, 'a') and Price eq 2.5 and Tags/any(t: t eq 1.5)",
    '2.0',
    ["contains(Name, 'a')", '2.5', 'Tags/any(t: t eq 1.5)', '1.5'],
  ],
];

/** Filters each version has, which check() for it accepts. */
const CHECK_ACCEPTS: readonly [string, ODataVersion][] = [
  ["Name in ('a', 'b') and Color eq 'Red' and Qty divby 2 gt 1", '4.01'],
  ["contains(Name, 'a') and Color has Sales.Color'Red' and Tags/$count gt 1 and Day eq 2012-12-03", '4.0'],
  [
    "substringof('a', Name) and Due gt datetimeoffset'2012-01-01T00:00:00Z' and Created lt datetime'2012-01-01T00:00:00'",
    '2.0',
  ],
  [
    "Key eq guid'01234567-89ab-cdef-0123-456789abcdef' and At eq time'PT13H20M' and Big eq 3000000000L and Price eq 2.5M",
    '2.0',
  ],
  ["Score eq 1.5d and Sing eq 1.5f and Score eq 1e21 and cast(Qty, 'Edm.Int64') eq 1L", '2.0'],
  ["Tags/any(t: t eq 'a')", '3.0'],
];

describe('check(text, schema, { version })', () => {
  it.each(CHECK_REFUSES)('%s for %s', (text, version, covered) => {
    const error = thrownFilterError(() => check(text, Item, { version }));
    expect(error.kind).toBe('type');
    const versionIssues = error.issues.filter((issue) => issue.code === 'not_in_version');
    expect(versionIssues.map((issue) => text.slice(issue.start, issue.end))).toEqual(covered);
  });

  it('reports the type issues and the version issues of one filter together', () => {
    const error = thrownFilterError(() => check("Price eq 'x' and contains(Name, 'a')", Item, { version: '3.0' }));
    expect(error.issues.map((issue) => issue.code)).toEqual(['type_mismatch', 'not_in_version']);
  });

  it.each(CHECK_ACCEPTS)('%s for %s', (text, version) => {
    expect(check(text, Item, { version }).root.type).toBe('Edm.Boolean');
  });

  it('refuses a version it does not know as a programming mistake', () => {
    expect(() => check('Qty eq 1', Item, { version: '1.0' as ODataVersion })).toThrow(TypeError);
  });

  it('says what came with which version', () => {
    const error = thrownFilterError(() => check("Name in ('a')", Item, { version: '4.0' }));
    expect(error.message).toBe("The 'in' operator came with OData 4.01, after 4.0, the version the filter is for");
  });
});

describe('printTyped(typed, { version })', () => {
  const typed = check(
    "Big eq 5 and Price in (2.5, 1) and contains(Name, 'a') and Created eq 2012-01-01T00:00:00Z and At eq 13:20",
    Item,
  );

  it('keeps its values without a version', () => {
    expect(printTyped(typed)).toBe(
      "((Big:Int64 eq 5n:Int64) and (Price:Decimal in ['2.5':Decimal, '1':Decimal]) and contains(Name:String, 'a':String):Boolean and (Created:DateTime eq 1325376000000:DateTime) and (At:TimeOfDay eq 48000000:TimeOfDay))",
    );
  });

  it('writes the literals and constructs of 2.0', () => {
    expect(printTyped(typed, { version: '2.0' })).toBe(
      "((Big:Int64 eq 5L:Int64) and ((Price:Decimal eq 2.5M:Decimal) or (Price:Decimal eq 1M:Decimal)) and substringof('a':String, Name:String):Boolean and (Created:DateTime eq datetime'2012-01-01T00:00:00':DateTime) and (At:TimeOfDay eq time'PT13H20M':TimeOfDay))",
    );
  });

  it('writes the literals of 4.01', () => {
    expect(printTyped(typed, { version: '4.01' })).toBe(
      "((Big:Int64 eq 5:Int64) and (Price:Decimal in [2.5m:Decimal, 1m:Decimal]) and contains(Name:String, 'a':String):Boolean and (Created:DateTime eq 2012-01-01T00:00:00.000Z:DateTime) and (At:TimeOfDay eq 13:20:00.000:TimeOfDay))",
    );
  });

  it('writes a binary for each version: base64url for 4.x, X for 2.0 and 3.0', () => {
    const binary = check("Bin eq X'4F44' or Bin in (binary'')", Item);
    expect(printTyped(binary)).toBe("((Bin:Binary eq '4f44':Binary) or (Bin:Binary in ['':Binary]))");
    expect(printTyped(binary, { version: '4.01' })).toBe(
      "((Bin:Binary eq binary'T0Q=':Binary) or (Bin:Binary in [binary'':Binary]))",
    );
    expect(printTyped(binary, { version: '3.0' })).toBe(
      "((Bin:Binary eq X'4F44':Binary) or ((Bin:Binary eq X'':Binary)))",
    );
  });

  it.each([
    ['Due sub Due gt Wait', 'date_time_arithmetic'],
    ["Color has Sales.Color'Red'", 'has'],
    ['Day eq 2012-12-03', 'date_literal'],
    ['year(now()) eq 2012', 'now'],
  ])('refuses %s for 3.0 (%s)', (text, construct) => {
    const error = thrownFilterError(() => printTyped(check(text, Item), { version: '3.0' }));
    expect({ kind: error.kind, construct: error.construct, target: error.target }).toEqual({
      kind: 'unsupported',
      construct,
      target: '3.0',
    });
  });
});

describe('filter(schema, { version })`…`', () => {
  const GUID = '01234567-89ab-cdef-0123-456789abcdef';

  it('writes each hole as a literal of 2.0', () => {
    const built = filter(Item, {
      version: '2.0',
    })`Big eq ${5} and Price eq ${2.5} and Score eq ${0.1} and Sing eq ${0.5} and Created eq ${new Date(Date.UTC(2012, 0, 1))} and Due gt ${new Date(Date.UTC(2012, 0, 1, 0, 0, 0, 5))} and Key eq ${GUID.toUpperCase()} and At lt ${'13:20'}`;
    expect(built.text).toBe(
      `Big eq 5L and Price eq 2.5M and Score eq 0.1d and Sing eq 0.5f and Created eq datetime'2012-01-01T00:00:00' and Due gt datetimeoffset'2012-01-01T00:00:00.005Z' and Key eq guid'${GUID}' and At lt time'PT13H20M'`,
    );
  });

  it('writes the same holes as v4 literals without a version', () => {
    const built = filter(Item)`Big eq ${5} and Price eq ${2.5} and Key eq ${GUID}`;
    expect(built.text).toBe(`Big eq 5 and Price eq 2.5 and Key eq ${GUID}`);
  });

  it('writes a Uint8Array as base64url for 4.01, as hexadecimal for 2.0 and 3.0', () => {
    const bytes = Uint8Array.from([0x4f, 0x44, 0x61, 0x74, 0x61, 0xfb, 0xff]);
    expect(filter(Item)`Bin eq ${bytes}`.text).toBe("Bin eq binary'T0RhdGH7_w=='");
    expect(filter(Item, { version: '4.0' })`Bin ne ${bytes}`.text).toBe("Bin ne binary'T0RhdGH7_w=='");
    expect(filter(Item, { version: '3.0' })`Bin eq ${bytes}`.text).toBe("Bin eq X'4F44617461FBFF'");
    expect(filter(Item, { version: '2.0' })`Bin eq ${new Uint8Array()}`.text).toBe("Bin eq X''");
  });

  it('refuses a value whose type 2.0 has no literal for, at its hole', () => {
    const error = thrownFilterError(() => filter(Item, { version: '2.0' })`Qty eq 1 and Day eq ${'2012-12-03'}`);
    expect({
      kind: error.kind,
      construct: error.construct,
      target: error.target,
      text: error.text,
      start: error.start,
      end: error.end,
    }).toEqual({
      kind: 'unsupported',
      construct: 'date_literal',
      target: '2.0',
      text: 'Qty eq 1 and Day eq ${0}',
      start: 20,
      end: 24,
    });
  });

  it('refuses a Single that binary32 does not hold, as its f literal would round it', () => {
    const error = thrownFilterError(() => filter(Item, { version: '3.0' })`Sing eq ${0.1}`);
    expect(error.issues.map((issue) => issue.code)).toEqual(['value_does_not_fit']);
  });

  it("refuses the template's own constructs that the version does not have", () => {
    const error = thrownFilterError(
      () => filter(Item, { version: '3.0' })`contains(Name, ${'a'}) and Name in ${['b']}`,
    );
    expect(error.issues.map((issue) => [issue.code, error.text!.slice(issue.start, issue.end)])).toEqual([
      ['not_in_version', 'contains(Name, ${0})'],
      ['not_in_version', 'Name in ${1}'],
    ]);
  });
});

describe('a tree built by hand', () => {
  it.each([
    [
      'a Decimal value that is no decimal text',
      { kind: 'number', type: 'Edm.Decimal', raw: '1', value: 'abc', start: 0, end: 1 },
    ],
    [
      'a date-time of no instant',
      {
        kind: 'datetime',
        type: 'Edm.DateTimeOffset',
        raw: 'x',
        epochMs: Number.NaN,
        offsetMinutes: 0,
        start: 0,
        end: 1,
      },
    ],
    ['a time of day beyond the day', { kind: 'timeOfDay', raw: 'x', ms: 86_400_000, start: 0, end: 1 }],
  ])('with %s is a malformed tree for 2.0', (_what, literal) => {
    const tree = {
      kind: 'compare',
      op: 'eq',
      left: { kind: 'member', segments: [{ name: 'x', start: 0, end: 1 }], start: 0, end: 1 },
      right: literal,
      start: 0,
      end: 1,
    };
    const error = thrownFilterError(() => print(tree as unknown as Parameters<typeof print>[0], { version: '2.0' }));
    expect(error.issues.map((issue) => issue.code)).toEqual(['malformed_tree']);
  });
});
