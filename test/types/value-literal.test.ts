// The one value binder (src/types/value-literal.ts): for every Edm type and an enumeration, the
// values it writes as literals of a place of that type and the literal each becomes, in OData 4 and
// in the v2/v3 forms; the values it refuses, with the grammar's reason where the literal is
// unreadable; the types a version has no literal for. Properties hold it to the parser (the node is
// what parse() makes of the text) and to the checker (a place of the type reads the literal as that
// type, and a number is refused exactly where the checker would read it as another).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { check, defineSchema, EDM_TYPES, isFilterError, isNumeric, parse, withoutSpans } from '../../src/index.js';
import type { EdmType, EnumType, ODataVersion, TypedExpr } from '../../src/index.js';
import { bindValue, spelledLiteral } from '../../src/types/value-literal.js';
import type { ValueUse } from '../../src/types/value-literal.js';
import { runs } from '../support/test-size.js';

const GUID = '01234567-89AB-cdef-0123-456789abcdef';
const COLOR = { name: 'Sales.Color', members: { Red: 1, Green: 2, Blue: 4 }, flags: true } as const;

/** A property of every Edm type, named after it (`Int32`, `DateTimeOffset`), and `Color`, an enumeration. */
const Places = defineSchema({
  name: 'Places',
  properties: {
    ...Object.fromEntries(EDM_TYPES.map((type) => [type.slice(4), type])),
    Color: { enum: COLOR },
  },
});
const ColorType = (Places.properties.get('Color') as { enum: EnumType }).enum;

const use = (type: EdmType | 'Color'): ValueUse =>
  type === 'Color' ? { type: ColorType.underlyingType, enum: ColorType } : { type, enum: undefined };

/** The text of the value's literal, `refused` (with the grammar's reason), or the thrown FilterError's construct. */
function bound(value: unknown, type: EdmType | 'Color', version?: ODataVersion): string {
  try {
    const binding = bindValue(value, use(type), version);
    if (binding.ok) return binding.text;
    return binding.reason === undefined ? 'refused' : `refused: ${binding.reason}`;
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return `${error.kind} ${error.construct} for ${error.target}`;
  }
}

describe('bindValue() in OData 4', () => {
  it.each<[EdmType | 'Color', unknown, string]>([
    ['Edm.String', "O'Brien's", "'O''Brien''s'"],
    ['Edm.String', '', "''"],
    ['Edm.String', '😀 @p ${0}', "'😀 @p ${0}'"],
    ['Edm.Boolean', false, 'false'],
    ['Edm.Byte', 255, '255'],
    ['Edm.SByte', -128, '-128'],
    ['Edm.Int16', 32767, '32767'],
    ['Edm.Int32', -2147483648, '-2147483648'],
    ['Edm.Int32', 7n, '7'],
    ['Edm.Int64', 9007199254740993n, '9007199254740993'],
    // A number's shortest text, exactly: 2^60 is written as the text that reads back as the same double.
    ['Edm.Int64', 2 ** 60, '1152921504606847000'],
    ['Edm.Decimal', 0.1, '0.1'],
    ['Edm.Decimal', 1e21, '1000000000000000000000'],
    ['Edm.Decimal', -(10n ** 30n), '-1000000000000000000000000000000'],
    ['Edm.Decimal', 5, '5'],
    ['Edm.Double', 2.5e-7, '0.00000025'],
    ['Edm.Double', Number.NaN, 'NaN'],
    ['Edm.Double', Number.NEGATIVE_INFINITY, '-INF'],
    ['Edm.Double', 10n ** 25n, '10000000000000000000000000'],
    ['Edm.Single', 5, '5'],
    ['Edm.Single', 2n ** 40n, '1099511627776'],
    ['Edm.DateTimeOffset', new Date(Date.UTC(2012, 1, 29, 10, 30)), '2012-02-29T10:30:00.000Z'],
    ['Edm.DateTime', new Date('0001-01-01T00:00:00.000Z'), '0001-01-01T00:00:00.000Z'],
    // Finer than a Date: ISO text with its zone (docs/semantics.md §5).
    ['Edm.DateTimeOffset', '2012-01-01T00:00:00Z', '2012-01-01T00:00:00Z'],
    ['Edm.DateTimeOffset', '2012-01-01T00:00:00.000001+02:00', '2012-01-01T00:00:00.000001+02:00'],
    ['Edm.TimeOfDay', '08:30:00.000000000001', '08:30:00.000000000001'],
    ['Edm.Date', '2012-02-29', '2012-02-29'],
    ['Edm.TimeOfDay', '08:30', '08:30'],
    ['Edm.TimeOfDay', '23:59:59.999', '23:59:59.999'],
    ['Edm.Duration', '-P1DT2H', "duration'-P1DT2H'"],
    ['Edm.Guid', GUID, GUID],
    // A Uint8Array (a Buffer too) as its bytes in base64url, with the padding.
    ['Edm.Binary', Uint8Array.from([0x4f, 0x44, 0x61, 0x74, 0x61]), "binary'T0RhdGE='"],
    ['Edm.Binary', Buffer.from([0xfb, 0xff]), "binary'-_8='"],
    ['Edm.Binary', new Uint8Array(), "binary''"],
    ['Color', 'Red', "Sales.Color'Red'"],
    ['Color', 'Red,Blue', "Sales.Color'Red,Blue'"],
    ['Color', 5, "Sales.Color'5'"],
    ['Color', 4n, "Sales.Color'4'"],
  ])('writes at a place of %s %o as %s', (type, value, text) => {
    expect(bound(value, type)).toBe(text);
  });

  it('writes null at a place of every type', () => {
    for (const type of [...EDM_TYPES, 'Color' as const]) expect(bound(null, type)).toBe('null');
  });

  it.each<[EdmType | 'Color', unknown, string]>([
    ['Edm.String', 5, 'refused'],
    ['Edm.String', undefined, 'refused'],
    ['Edm.String', ['a'], 'refused'],
    ['Edm.String', 'a\uD800', 'refused: String literal contains an unpaired surrogate U+D800'],
    ['Edm.Boolean', 'true', 'refused'],
    ['Edm.Boolean', 1, 'refused'],
    ['Edm.Byte', 256, 'refused'],
    ['Edm.Byte', -1, 'refused'],
    ['Edm.SByte', 128, 'refused'],
    ['Edm.Int16', 32768, 'refused'],
    ['Edm.Int32', 1.5, 'refused'],
    ['Edm.Int32', 2 ** 31, 'refused'],
    ['Edm.Int32', Number.NaN, 'refused'],
    ['Edm.Int32', Number.POSITIVE_INFINITY, 'refused'],
    ['Edm.Int32', '5', 'refused'],
    ['Edm.Int64', 2n ** 63n, 'refused'],
    ['Edm.Int64', 1e19, 'refused'],
    ['Edm.Decimal', Number.NaN, 'refused'],
    ['Edm.Decimal', Number.NEGATIVE_INFINITY, 'refused'],
    ['Edm.Decimal', '1.5', 'refused'],
    ['Edm.Double', 'x', 'refused'],
    ['Edm.Double', true, 'refused'],
    // OData 4 has no Single literal of a fraction: `0.5` is a Decimal, which meets a Single as a Double.
    ['Edm.Single', 0.5, 'refused'],
    ['Edm.Single', Number.NaN, 'refused'],
    ['Edm.Single', 1e20, 'refused'],
    ['Edm.DateTimeOffset', new Date(Number.NaN), 'refused'],
    // An instant's text needs its zone.
    ['Edm.DateTimeOffset', '2012-01-01T00:00:00', 'refused'],
    [
      'Edm.DateTimeOffset',
      new Date(8.64e15),
      "refused: Invalid date-time '+275760-09-13T00:00:00.000Z': expected YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm]",
    ],
    [
      'Edm.DateTime',
      new Date('0000-12-31T23:59:59.999Z'),
      "refused: Invalid date-time '0000-12-31T23:59:59.999Z': there is no year 0000",
    ],
    ['Edm.Date', '2023-02-29', "refused: Invalid date '2023-02-29': there is no day 29 of month 02 in 2023"],
    ['Edm.Date', '2012-1-1', 'refused'],
    ['Edm.Date', new Date(0), 'refused'],
    ['Edm.TimeOfDay', '24:00', "refused: Invalid time of day '24:00': there is no hour 24"],
    ['Edm.TimeOfDay', '8:30', 'refused'],
    [
      'Edm.Duration',
      'PT',
      "refused: Invalid duration 'PT': expected [-]P[nD][T[nH][nM][n[.fff]S]] with at least one part (days, hours, minutes, seconds)",
    ],
    ['Edm.Duration', 'P1Y', 'refused'],
    ['Edm.Duration', 5, 'refused'],
    ['Edm.Guid', 'not-a-guid', 'refused'],
    ['Edm.Guid', `${GUID}0`, 'refused'],
    // Only bytes: no text, whatever it spells, nor an array of numbers or another view of memory.
    ['Edm.Binary', 'T0RhdGE=', 'refused'],
    ['Edm.Binary', [0, 255], 'refused'],
    ['Edm.Binary', new Uint16Array([1]), 'refused'],
    ['Edm.Binary', new Uint8Array(1).buffer, 'refused'],
    ['Color', "Red'", 'refused'],
    ['Color', 1.5, 'refused'],
    ['Color', true, 'refused'],
  ])('refuses at a place of %s %o', (type, value, outcome) => {
    expect(bound(value, type)).toBe(outcome);
  });
});

describe('bindValue() in the v2/v3 forms', () => {
  it.each<[EdmType | 'Color', unknown, ODataVersion, string]>([
    ['Edm.Int32', 5, '3.0', '5'],
    ['Edm.Int64', 5, '3.0', '5L'],
    ['Edm.Decimal', 0.1, '2.0', '0.1M'],
    ['Edm.Double', 1.5, '3.0', '1.5d'],
    ['Edm.Double', Number.NaN, '3.0', 'NaNd'],
    ['Edm.Single', 0.5, '3.0', '0.5f'],
    ['Edm.Single', Number.NEGATIVE_INFINITY, '3.0', '-INFf'],
    ['Edm.Guid', GUID, '3.0', `guid'${GUID.toLowerCase()}'`],
    ['Edm.DateTime', new Date(Date.UTC(2012, 0, 1)), '2.0', "datetime'2012-01-01T00:00:00'"],
    [
      'Edm.DateTimeOffset',
      new Date(Date.UTC(2012, 0, 1, 0, 0, 0, 5)),
      '3.0',
      "datetimeoffset'2012-01-01T00:00:00.005Z'",
    ],
    ['Edm.TimeOfDay', '13:20', '3.0', "time'PT13H20M'"],
    ['Edm.TimeOfDay', '13:20:00.0000005', '3.0', "time'PT13H20M0.0000005S'"],
    ['Edm.DateTime', '2012-01-01T00:00:00.000001+01:00', '2.0', "datetime'2011-12-31T23:00:00.000001'"],
    ['Edm.Binary', Uint8Array.from([0x0a, 0xff]), '2.0', "X'0AFF'"],
    ['Edm.Binary', new Uint8Array(), '3.0', "X''"],
    ['Edm.Binary', 'CgA=', '3.0', 'refused'],
    ['Edm.String', "it's", '2.0', "'it''s'"],
    ['Edm.Date', null, '3.0', 'null'],
    // A Single's `f` literal is binary32: a number it does not hold exactly is refused, never rounded.
    ['Edm.Single', 0.1, '3.0', 'refused'],
    ['Edm.Int64', Number.NaN, '3.0', 'refused'],
    // A bigint whose digits round to an infinity has no `d` or `f` literal.
    [
      'Edm.Double',
      10n ** 400n,
      '3.0',
      `refused: Number literal '${10n ** 400n}d' is out of range (write INF for infinity)`,
    ],
    [
      'Edm.Single',
      2n ** 128n,
      '2.0',
      `refused: Number literal '${2n ** 128n}f' is out of range (write INF for infinity)`,
    ],
    ['Edm.Single', 2n ** 127n, '2.0', `${2n ** 127n}f`],
    ['Edm.TimeOfDay', '24:00', '3.0', "refused: Invalid time of day '24:00': there is no hour 24"],
    ['Edm.Decimal', 1e40, '3.0', 'unsupported decimal_digits for 3.0'],
    ['Edm.Date', '2012-02-29', '3.0', 'unsupported date_literal for 3.0'],
    ['Edm.Duration', 'P1D', '2.0', 'unsupported duration_literal for 2.0'],
    ['Color', 'Red', '3.0', 'unsupported enum_literal for 3.0'],
  ])('writes at a place of %s %o for %s as %s', (type, value, version, text) => {
    expect(bound(value, type, version)).toBe(text);
  });

  it('writes OData 4.0 literals as 4.01 does', () => {
    expect(bound(5, 'Edm.Int64', '4.0')).toBe('5');
    expect(bound('P1D', 'Edm.Duration', '4.0')).toBe("duration'P1D'");
    expect(bound(Uint8Array.from([1]), 'Edm.Binary', '4.0')).toBe("binary'AQ=='");
  });
});

describe('spelledLiteral()', () => {
  it.each<[string, EdmType, string]>([
    ["it's", 'Edm.String', "'it''s'"],
    ['P1DT2H', 'Edm.Duration', "duration'P1DT2H'"],
    ['12.50', 'Edm.Decimal', '12.50'],
    ['2012-01-01T00:00:00Z', 'Edm.DateTimeOffset', '2012-01-01T00:00:00Z'],
    ['true', 'Edm.Boolean', 'true'],
    ['AP8=', 'Edm.Binary', "binary'AP8='"],
  ])('writes the text %s of an %s as %s', (text, type, literal) => {
    expect(spelledLiteral(text, { type, enum: undefined })).toBe(literal);
  });
});

const VERSIONS: readonly ODataVersion[] = ['2.0', '3.0', '4.0', '4.01'];

/** Any value a caller might give: of every type, or of none. */
const ANY_VALUE: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 8 }),
  fc.constantFrom('2012-02-29', '2023-02-29', '08:30', '24:00', '23:59:59.999', 'PT1H', '-P1DT0.5S', 'PT', GUID),
  // An instant with an offset, which a v2/v3 literal writes in UTC.
  fc.constantFrom('2012-02-29T10:30:00+05:30', '2012-02-29T10:30:00.5-08:00'),
  fc.constantFrom('Red', 'Blue,Green', 'Purple', '4'),
  fc.integer(),
  fc.double(),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
  fc.boolean(),
  fc.date({ min: new Date(-1e14), max: new Date(3e14) }),
  fc.constantFrom(null, undefined, new Date(Number.NaN), 0.5, -0, 2 ** 53, 1e21),
  fc.uint8Array({ maxLength: 6 }),
);

const PLACES = [...EDM_TYPES, 'Color' as const];

/** The literal at the place: the right operand of `<place> eq <text>` as check() types it for the version. */
function checkedAt(place: EdmType | 'Color', text: string, version: ODataVersion): TypedExpr {
  const name = place === 'Color' ? 'Color' : place.slice(4);
  const root = check(`${name} eq ${text}`, Places, { version }).root as Extract<TypedExpr, { kind: 'compare' }>;
  return root.right;
}

describe('bindValue() agrees with the parser and the checker', () => {
  it('makes the node parse() makes of its text, which a place of its type reads as that type', () => {
    let read = 0;
    fc.assert(
      fc.property(fc.constantFrom(...PLACES), ANY_VALUE, fc.constantFrom(...VERSIONS), (place, value, version) => {
        let binding: ReturnType<typeof bindValue>;
        try {
          binding = bindValue(value, use(place), version);
        } catch (error) {
          // A type the version has no literal for.
          if (isFilterError(error) && error.kind === 'unsupported') return;
          throw error;
        }
        if (!binding.ok) return;
        expect(withoutSpans(binding.node)).toEqual(withoutSpans(parse(binding.text)));
        let literal: TypedExpr;
        try {
          literal = checkedAt(place, binding.text, version);
        } catch (error) {
          // Whether an enumeration's literal names its members is the checker's to say.
          if (place === 'Color' && isFilterError(error) && error.issues[0]?.code === 'unknown_enum_member') return;
          throw error;
        }
        if (value !== null) expect(literal.type).toBe(use(place).type);
        if (place === 'Color') expect((literal as { enum?: EnumType }).enum).toBe(ColorType);
        read++;
      }),
      { numRuns: runs(2_000) },
    );
    // Most draws are refused at a place of another type; a share reaches the checker (about 14%; the bound is far below).
    expect(read).toBeGreaterThan(runs(2_000) / 20);
  });

  it('refuses a number exactly where the checker would read its literal as another type', () => {
    const numbers = fc.oneof(
      fc.integer(),
      fc.double(),
      fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }),
      fc.constantFrom(0.5, 1e21, 2 ** 31, 2 ** 63, -(2 ** 63)),
    );
    const numeric = EDM_TYPES.filter(isNumeric);
    fc.assert(
      fc.property(fc.constantFrom(...numeric), numbers, (type, value) => {
        // A Double place takes every number: its text is the one every place would be given.
        const double = bindValue(value, use('Edm.Double'));
        if (!double.ok) throw new Error(`a Double place refused ${String(value)}`);
        const readAs = checkedAt(type, double.text, '4.01').type;
        expect(bindValue(value, use(type)).ok).toBe(readAs === type);
      }),
      { numRuns: runs(2_000) },
    );
  });
});
