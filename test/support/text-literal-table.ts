// The table of texts read as literals (`cast(x, T)` of a String, docs/semantics.md §11, "From
// text"), written from the docs: for each target type, texts that are its literal with the value
// each names (a row value of the type, docs/semantics.md §1), and texts that are not (null) — near
// misses (a sign too many, a digit beyond the range, a space, a letter in the wrong case, a
// prefix or a suffix, a finer fraction) and hostile ones (a final newline, other digits, nothing).
// Every backend reads each text as this table says, or refuses the cast by name.

import { defineSchema, type Schema } from '../../src/index.js';
import type { EdmType } from '../../src/language/edm.js';

export type TextCase = readonly [text: string, value: unknown];

/** 2^-1075, below which (and at which, the tie going to even) a text rounds to 0. */
const HALF_SMALLEST_SUBNORMAL =
  '2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324';
/** 1 + 2^-53, halfway between 1 and the next Double: the tie goes to 1 (even). */
const ONE_AND_HALF_ULP = '1.00000000000000011102230246251565404236316680908203125';

/** Texts that no type but String reads. */
const NOTHING: readonly TextCase[] = [
  ['', null],
  [' ', null],
  ['\n', null],
  ['-', null],
  ['null', null],
  ['abc', null],
];

const INTEGERS: Readonly<
  Record<'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32' | 'Edm.Int64', readonly TextCase[]>
> = {
  'Edm.Byte': [
    ['0', 0],
    ['255', 255],
    ['0255', 255],
    ['-0', 0],
    ['-00', 0],
    ['256', null],
    ['-1', null],
    ['1000', null],
  ],
  'Edm.SByte': [
    ['127', 127],
    ['-128', -128],
    ['-0128', -128],
    ['128', null],
    ['-129', null],
  ],
  'Edm.Int16': [
    ['32767', 32767],
    ['-32768', -32768],
    ['32768', null],
    ['-32769', null],
    ['99999', null],
  ],
  'Edm.Int32': [
    ['42', 42],
    ['-7', -7],
    ['007', 7],
    ['0', 0],
    ['-0', 0],
    ['2147483647', 2147483647],
    ['-2147483648', -2147483648],
    ['00000000000000000000000002147483647', 2147483647],
    ['2147483648', null],
    ['-2147483649', null],
    ['9999999999', null],
    ['99999999999999999999999', null],
    ['+5', null],
    ['--5', null],
    ['-+5', null],
    ['5L', null],
    ['5l', null],
    ['5.0', null],
    ['1e2', null],
    ['5.', null],
    [' 5', null],
    ['5 ', null],
    ['5\n', null],
    ['\t5', null],
    ['５', null],
    ['٥', null],
    ['0x10', null],
    ['1_000', null],
    ['1,000', null],
    ["'5'", null],
    ['NaN', null],
  ],
  'Edm.Int64': [
    ['9223372036854775807', 9223372036854775807n],
    ['-9223372036854775808', -9223372036854775808n],
    ['0009223372036854775807', 9223372036854775807n],
    ['9007199254740993', 9007199254740993n],
    ['-1', -1n],
    ['9223372036854775808', null],
    ['-9223372036854775809', null],
    ['10000000000000000000', null],
    ['9999999999999999999', null],
    ['5L', null],
  ],
};

const DECIMAL: readonly TextCase[] = [
  ['2.5', '2.5'],
  ['-0.001', '-0.001'],
  ['007.50', '7.5'],
  ['0', '0'],
  ['-0', '0'],
  ['-0.0', '0'],
  ['1.5e3', '1500'],
  ['1.5E3', '1500'],
  ['1E-2', '0.01'],
  ['1e+5', '100000'],
  ['1e0000000000000000000000000000002', '100'],
  ['99999999999999999999', '99999999999999999999'],
  ['12345678901234567890.123456789012345678901234567890', '12345678901234567890.12345678901234567890123456789'],
  ['0e99999999999999999999', '0'],
  [`1${'0'.repeat(1500)}`, `1e1500`],
  [`0.${'0'.repeat(1500)}1e1500`, '0.1'],
  [`${'9'.repeat(1000)}`, `${'9'.repeat(1000)}`],
  [`${'9'.repeat(1000)}1`, null],
  [`1${'0'.repeat(999)}1`, null],
  ['1e9999', '1e9999'],
  ['9.5e9999', '9.5e9999'],
  ['1e10000', null],
  ['1e-9999', '1e-9999'],
  ['1e-10000', null],
  ['1e99999999999999999999', null],
  ['1e-99999999999999999999', null],
  ['.5', null],
  ['5.', null],
  ['1e', null],
  ['1e+', null],
  ['1.5e3.5', null],
  ['2.5m', null],
  ['2.5M', null],
  ['2.5d', null],
  ['NaN', null],
  ['INF', null],
  ['+2.5', null],
  ['2.5 ', null],
  ['2,5', null],
];

const DOUBLE: readonly TextCase[] = [
  ['2.5', 2.5],
  ['0.1', 0.1],
  ['-42', -42],
  ['007.5', 7.5],
  ['1e308', 1e308],
  ['1.7976931348623157e308', 1.7976931348623157e308],
  ['1.7976931348623158e308', 1.7976931348623157e308],
  ['-1.7976931348623158e308', -1.7976931348623157e308],
  ['1.7976931348623159e308', null],
  ['1e309', null],
  ['-1e309', null],
  ['1e99999999999', null],
  ['5e-324', 5e-324],
  ['2.2250738585072011e-308', 2.225073858507201e-308],
  [HALF_SMALLEST_SUBNORMAL, 0],
  [HALF_SMALLEST_SUBNORMAL.replace('125e-324', '126e-324'), 5e-324],
  ['2.4703282292062328e-324', 5e-324],
  ['1e-400', 0],
  ['-1e-400', -0],
  ['1e-99999999999', 0],
  ['0e400', 0],
  [ONE_AND_HALF_ULP, 1],
  [`${ONE_AND_HALF_ULP}000000000001`, 1.0000000000000002],
  [`${ONE_AND_HALF_ULP.slice(0, -1)}4${'9'.repeat(900)}`, 1],
  [`${ONE_AND_HALF_ULP}${'0'.repeat(900)}1`, 1.0000000000000002],
  ['9007199254740993', 9007199254740992],
  ['1e0000000000000000000000000000001', 10],
  [`0.${'0'.repeat(400)}1e400`, 0.1],
  [`1${'0'.repeat(400)}e-400`, 1],
  ['NaN', NaN],
  ['INF', Infinity],
  ['-INF', -Infinity],
  ['nan', null],
  ['NAN', null],
  ['inf', null],
  ['Infinity', null],
  ['-Infinity', null],
  ['-NaN', null],
  ['+INF', null],
  ['INFd', null],
  ['NaNf', null],
  ['1.5d', null],
  ['1.5f', null],
  ['1.5D', null],
  ['+1.5', null],
  ['.5', null],
  ['1.', null],
  ['1e', null],
  [' 1.5', null],
  ['1.5\n', null],
  ['0x1p3', null],
];

const SINGLE: readonly TextCase[] = [
  ['0.1', 0.1],
  ['1e300', 1e300],
  ['INF', Infinity],
  ['NaN', NaN],
  ['1e309', null],
  ['1.5f', null],
  ['INFF', null],
];

const BOOLEAN: readonly TextCase[] = [
  ['true', true],
  ['false', false],
  ['TRUE', true],
  ['False', false],
  ['tRuE', true],
  ['FALSE', false],
  [' true', null],
  ['true ', null],
  ['true\n', null],
  ['truee', null],
  ['tru', null],
  ['t', null],
  ['1', null],
  ['0', null],
  ['yes', null],
  ['ｔrue', null],
  ["'true'", null],
];

const DATE: readonly TextCase[] = [
  ['2012-12-03', '2012-12-03'],
  ['2024-02-29', '2024-02-29'],
  ['2000-02-29', '2000-02-29'],
  ['0001-01-01', '0001-01-01'],
  ['0999-12-31', '0999-12-31'],
  ['9999-12-31', '9999-12-31'],
  ['1970-01-01', '1970-01-01'],
  ['2023-02-29', null],
  ['1900-02-29', null],
  ['2012-04-31', null],
  ['2012-13-01', null],
  ['2012-00-10', null],
  ['2012-01-00', null],
  ['0000-01-01', null],
  ['2012-5-29', null],
  ['2012-05-9', null],
  ['12012-05-29', null],
  ['-2012-05-29', null],
  ['2012-05-29T00:00Z', null],
  ['2012-05-29 ', null],
  ['2012/05/29', null],
  ['2012-05-29\n', null],
  ['２０１２-05-29', null],
  ["date'2012-05-29'", null],
];

const TIME_OF_DAY: readonly TextCase[] = [
  ['07:59', '07:59:00.000'],
  ['07:59:59', '07:59:59.000'],
  ['07:59:59.999', '07:59:59.999'],
  ['07:59:59.5', '07:59:59.500'],
  ['07:59:59.25', '07:59:59.250'],
  ['07:59:59.1230000000000', '07:59:59.123'],
  ['00:00', '00:00:00.000'],
  ['23:59:59.999', '23:59:59.999'],
  ['24:00', null],
  ['24:00:00', null],
  ['7:59', null],
  ['07:5', null],
  ['07:60', null],
  ['07:59:60', null],
  ['07:59:5', null],
  ['07:59:59.0000000000001', null],
  ['07:59:59.1234567890123', null],
  ['07:59:59.', null],
  ['07:59:59.5Z', null],
  ['07:59:59+01:00', null],
  ['07:59:59,5', null],
  [' 07:59', null],
  ['07:59\n', null],
  ["time'PT7H'", null],
  ['PT7H', null],
  ['07h59', null],
];

const DURATION: readonly TextCase[] = [
  ['P1DT2H', 93_600_000],
  ['PT36H', 129_600_000],
  ['P1DT12H', 129_600_000],
  ['-PT0.5S', -500],
  ['P0D', 0],
  ['PT0S', 0],
  ['-PT0S', 0],
  ['PT1.5S', 1_500],
  ['PT0.001S', 1],
  ['PT0.0010000S', 1],
  ['PT1M30S', 90_000],
  ['P1DT1H1M1.1S', 90_061_100],
  ['-P1D', -86_400_000],
  ['PT1H', 3_600_000],
  ['PT1M', 60_000],
  ['P00000000000000000001D', 86_400_000],
  ['P3652058D', 315_537_811_200_000],
  ['PT315537897599.999S', 315_537_897_599_999],
  ['-PT315537897599.999S', -315_537_897_599_999],
  ['P3652059D', null],
  ['PT315537897600S', null],
  ['P99999999999999999999D', null],
  ['PT99999999999999999999S', null],
  ['PT0.0000000000001S', null],
  ['P1Y', null],
  ['P1M', null],
  ['P1W', null],
  ['p1d', null],
  ['P1d', null],
  ['pt1h', null],
  ['PT', null],
  ['P', null],
  ['-P', null],
  ['P1DT', null],
  ['T1H', null],
  ['+P1D', null],
  ['--P1D', null],
  ['PT1H2S3M', null],
  ['PT1S1M', null],
  ['PT1H1H', null],
  ['P1D1D', null],
  ['PT1D', null],
  ['P1H', null],
  ['PT1.S', null],
  ['PT.5S', null],
  ['PT1.5H', null],
  ['PT1,5S', null],
  ['PT1H\n', null],
  [' PT1H', null],
  ["duration'P1D'", null],
  ['P1DT2H.5S', null],
  ['P1.5D', null],
];

const GUID: readonly TextCase[] = [
  ['01234567-89ab-cdef-0123-456789abcdef', '01234567-89ab-cdef-0123-456789abcdef'],
  ['01234567-89AB-CDEF-0123-456789ABCDEF', '01234567-89ab-cdef-0123-456789abcdef'],
  ['00000000-0000-0000-0000-000000000000', '00000000-0000-0000-0000-000000000000'],
  ['{01234567-89ab-cdef-0123-456789abcdef}', null],
  ['0123456789abcdef0123456789abcdef', null],
  ["guid'01234567-89ab-cdef-0123-456789abcdef'", null],
  ['01234567-89ab-cdef-0123-456789abcdeg', null],
  ['01234567-89ab-cdef-0123-456789abcde', null],
  ['01234567-89ab-cdef-0123-456789abcdef0', null],
  ['01234567-89ab-cdef-0123-456789abcdef ', null],
  ['01234567-89ab-cdef-0123-456789abcdef\n', null],
  ['01234567_89ab-cdef-0123-456789abcdef', null],
  ['0123456-789ab-cdef-0123-456789abcdef', null],
];

/** Date-time literals: every form (offsets with and without a colon, `t` and `z` in lower case, zeros past the millisecond). */
const INSTANT: readonly TextCase[] = (
  [
    ['2012-05-29T09:13:28Z', '2012-05-29T09:13:28.000Z'],
    ['2012-05-29T09:13:28', '2012-05-29T09:13:28.000Z'],
    ['2012-05-29T09:13', '2012-05-29T09:13:00.000Z'],
    ['2012-05-29t09:13:28z', '2012-05-29T09:13:28.000Z'],
    ['2012-05-29T09:13:28.5Z', '2012-05-29T09:13:28.500Z'],
    ['2012-05-29T09:13:28.25+02:00', '2012-05-29T07:13:28.250Z'],
    ['2012-05-29T09:13:28.125-0130', '2012-05-29T10:43:28.125Z'],
    ['2012-05-29T09:13:28.1230000Z', '2012-05-29T09:13:28.123Z'],
    ['2012-05-29T23:59:59.999+14:00', '2012-05-29T09:59:59.999Z'],
    ['2012-05-29T00:00-14:00', '2012-05-29T14:00:00.000Z'],
    ['2024-02-29T12:00Z', '2024-02-29T12:00:00.000Z'],
    ['9999-12-31T23:59:59.999Z', '9999-12-31T23:59:59.999Z'],
    ['1000-01-01T00:00:00Z', '1000-01-01T00:00:00.000Z'],
    // Not date-time literals, or beyond the instants: null.
    ['9999-12-31T23:59:59.999-00:01', null],
    ['2023-02-29T12:00Z', null],
    ['2012-13-01T00:00Z', null],
    ['2012-05-29T24:00Z', null],
    ['2012-05-29T23:60Z', null],
    ['2012-05-29T23:59:60Z', null],
    ['2012-05-29T09:13:28+14:01', null],
    ['2012-05-29T09:13:28+02:60', null],
    ['2012-05-29T09:13:28.1234567890123Z', null],
    ['2012-05-29T09:13:28.+01:00', null],
    ['2012-05-29T09:13:28.Z', null],
    ['2012-05-29 09:13:28Z', null],
    [' 2012-05-29T09:13Z', null],
    ['2012-05-29T09:13Z\n', null],
    ['2012-05-29T09:13+02', null],
    ['2012-05-29', null],
    ['２０１２-05-29T09:13Z', null],
    ['2012-05-29T09:13:2Z', null],
    ['2012-05-29T09:13:28ZZ', null],
    ['0000-01-01T00:00Z', null],
    ['2012-5-29T09:13Z', null],
    ['', null],
    ['not a date', null],
  ] as const
).map(([text, instant]) => [text, instant === null ? null : new Date(instant)]);

/**
 * base64url, OData 4.01's binaryValue: all of its padding or none, the bits beyond the last byte
 * zero; no `+` or `/` (base64's, not base64url's), no space, no prefix. The empty text is no bytes.
 */
const BINARY: readonly TextCase[] = (
  [
    ['AQ', [1]],
    ['AQ==', [1]],
    ['AQI', [1, 2]],
    ['AQI=', [1, 2]],
    ['AQID', [1, 2, 3]],
    ['AQIDBA', [1, 2, 3, 4]],
    ['QUJD', [65, 66, 67]],
    ['_-8', [255, 239]],
    ['__8A', [255, 255, 0]],
    ['ww', [195]],
    ['abc', [105, 183]],
    ['null', [158, 233, 101]],
    ['', []],
    ['AQ=', null],
    ['AQ===', null],
    ['AQI==', null],
    ['AR', null],
    ['AQJ', null],
    ['A', null],
    ['AQIDB', null],
    ['AQ=Q', null],
    ['/w==', null],
    ['+w', null],
    [' AQ', null],
    ['AQ\n', null],
    ['AQ ', null],
    ["binary'AQ'", null],
    ['X01', null],
    ['-', null],
    ['\n', null],
  ] as const
).map(([text, bytes]) => [text, bytes === null ? null : new Uint8Array(bytes)]);

/** The texts of each target type but String, with the value each reads as. */
export const TEXT_LITERALS: readonly (readonly [EdmType, readonly TextCase[]])[] = [
  ['Edm.Boolean', [...BOOLEAN, ...NOTHING]],
  ...Object.entries(INTEGERS).map(([type, cases]) => [type as EdmType, [...cases, ...NOTHING]] as const),
  ['Edm.Decimal', [...DECIMAL, ...NOTHING]],
  ['Edm.Double', [...DOUBLE, ...NOTHING]],
  ['Edm.Single', [...SINGLE, ...NOTHING]],
  ['Edm.Date', [...DATE, ...NOTHING]],
  ['Edm.TimeOfDay', [...TIME_OF_DAY, ...NOTHING]],
  ['Edm.Duration', [...DURATION, ...NOTHING]],
  ['Edm.Guid', [...GUID, ...NOTHING]],
  ['Edm.Binary', BINARY],
  ['Edm.DateTimeOffset', [...INSTANT, ...NOTHING]],
  ['Edm.DateTime', INSTANT.slice(0, 5)],
];

/**
 * Texts with digits beyond the millisecond, up to 12 (docs/semantics.md §5, "Precision"), each
 * with the row value it reads as. The backends whose values are whole milliseconds read them as
 * null (docs/semantics.md, "SQL backends: differences" and "MongoDB: differences").
 */
export const FINER_TEXT_LITERALS: readonly (readonly [EdmType, readonly TextCase[]])[] = [
  [
    'Edm.TimeOfDay',
    [
      ['07:59:59.0001', '07:59:59.0001'],
      ['07:59:59.123456789012', '07:59:59.123456789012'],
      ['00:00:00.000000000001', '00:00:00.000000000001'],
    ],
  ],
  [
    'Edm.Duration',
    [
      ['PT0.0001S', 'PT0.0001S'],
      ['-PT0.000000000001S', '-PT0.000000000001S'],
      ['PT315537897599.999999999999S', 'PT315537897599.999999999999S'],
    ],
  ],
  [
    'Edm.DateTimeOffset',
    [
      ['2012-05-29T09:13:28.1234Z', '2012-05-29T09:13:28.1234Z'],
      ['2012-05-29T09:13:28.000000500+02:00', '2012-05-29T07:13:28.0000005Z'],
      ['9999-12-31T23:59:59.999999999999Z', '9999-12-31T23:59:59.999999999999Z'],
    ],
  ],
];

/** A table of texts read as one type: `Text`, and `Value` of the type, the value it reads as. */
export function textLiteralSchema(type: EdmType): Schema {
  return defineSchema({
    name: 'Texts',
    properties: { Id: { type: 'Edm.Int32', nullable: false }, Text: 'Edm.String', Value: type },
  });
}

export function textLiteralRows(cases: readonly TextCase[]): { Id: number; Text: string; Value: unknown }[] {
  return cases.map(([text, value], i) => ({ Id: i + 1, Text: text, Value: value }));
}

/** Every row matches the first filter; the second matches the rows whose text is a literal. */
export const READS_AS_VALUE = (type: EdmType): string => `cast(Text, ${type}) eq Value`;
export const IS_LITERAL = (type: EdmType): string => `isof(Text, ${type})`;
