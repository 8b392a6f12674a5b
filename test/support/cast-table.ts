// The cast evaluation table: rows with a value of every type (at range ends, halves, NaN and
// ±INF, null and missing) and `cast`/`isof` filters with the ids they must match, written from
// docs/semantics.md §11. Every backend must reproduce it, or refuse a cast by name.

import { check, defineSchema } from '../../src/index.js';
import { childrenOfTyped } from '../../src/types/typed.js';
import type { TypedExpr } from '../../src/types/typed.js';
import { canFail, conversionOf } from '../../src/types/conversions.js';
import type { Schema, SchemaDefinition } from '../../src/index.js';
import type { EvalCase, EvalRow } from './eval-table.js';

export const castSchemaDefinition: SchemaDefinition = {
  name: 'Sample',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Flag: 'Edm.Boolean',
    Small: 'Edm.Int16',
    Qty: 'Edm.Int32',
    Big: 'Edm.Int64',
    Price: 'Edm.Decimal',
    Score: 'Edm.Double',
    Due: 'Edm.DateTimeOffset',
    Day: 'Edm.Date',
    Opens: 'Edm.TimeOfDay',
    Wait: 'Edm.Duration',
    Key: 'Edm.Guid',
  },
};

export const castSchema: Schema = defineSchema(castSchemaDefinition);

const at = (iso: string): Date => new Date(iso);

/** Row 3 lacks every property, row 4 has every nullable property null. */
export const castRows: readonly EvalRow[] = [
  {
    Id: 1,
    Name: '2012-05-29T09:13:28Z',
    Flag: true,
    Small: 255,
    Qty: 42,
    Big: 9007199254740993n,
    Price: '2.5',
    Score: 2.5,
    Due: at('2012-05-29T09:13:28Z'),
    Day: '2012-12-03',
    Opens: '07:59:59.250',
    Wait: 129_600_000,
    Key: '01234567-89ab-cdef-0123-456789abcdef',
  },
  {
    Id: 2,
    Name: '2012-05-29T11:13:28.5+02:00',
    Flag: false,
    Small: 256,
    Qty: -42,
    Big: -9223372036854775808n,
    Price: '-2.5',
    Score: -2.5,
    Due: at('2012-05-29T09:13:28.500Z'),
    Day: '0001-01-01',
    Opens: '00:00:00.000',
    Wait: -500,
    Key: 'fedcba98-7654-3210-fedc-ba9876543210',
  },
  { Id: 3 },
  {
    Id: 4,
    Name: null,
    Flag: null,
    Small: null,
    Qty: null,
    Big: null,
    Price: null,
    Score: null,
    Due: null,
    Day: null,
    Opens: null,
    Wait: null,
    Key: null,
  },
  {
    Id: 5,
    Name: '2012-02-30T00:00:00Z',
    Flag: true,
    Small: -1,
    Qty: 2147483647,
    Big: 9223372036854775807n,
    Price: '1.50',
    Score: NaN,
    Due: at('9999-12-31T23:59:59.999Z'),
    Day: '9999-12-31',
    Opens: '23:59:59.999',
    Wait: 0,
    Key: '00000000-0000-0000-0000-000000000000',
  },
  {
    Id: 6,
    Name: 'not a date',
    Flag: false,
    Small: 0,
    Qty: 0,
    Big: 0n,
    Price: '0.0010',
    Score: Infinity,
    Due: at('0001-01-01T00:00:00Z'),
    Day: '1970-01-01',
    Opens: '12:00:00.500',
    Wait: 1_000,
    Key: 'ffffffff-ffff-ffff-ffff-ffffffffffff',
  },
  {
    Id: 7,
    Name: '2012-05-29',
    Flag: true,
    Small: 127,
    Qty: 255,
    Big: 255n,
    Price: '255.4999',
    Score: 0.1,
    Due: at('1970-01-01T00:00:00Z'),
    Day: '2024-02-29',
    Opens: '00:00:00.001',
    Wait: 3_600_000,
    Key: '11111111-1111-1111-1111-111111111111',
  },
  {
    Id: 8,
    Name: '12',
    Flag: false,
    Small: -32768,
    Qty: -2147483648,
    Big: -1n,
    Price: '-0.5',
    Score: -0.49999999999999994,
    Due: at('1999-12-31T23:59:59.010Z'),
    Day: '1999-12-31',
    Opens: '23:00:00.000',
    Wait: -86_400_001,
    Key: '22222222-2222-2222-2222-222222222222',
  },
];

const table: readonly (readonly [string, readonly number[]])[] = [
  // To an integer type: rounded half away from zero, null beyond the target's range
  ['cast(Price, Edm.Int32) eq 3', [1]],
  ['cast(Price, Edm.Int32) eq -3', [2]],
  ['cast(Price, Edm.Int32) eq 2', [5]],
  ['cast(Price, Edm.Int32) eq 0', [6]],
  ['cast(Price, Edm.Int32) eq -1', [8]],
  ['cast(Price, Edm.Byte) eq 255', [7]],
  ['cast(Score, Edm.Int32) eq 3', [1]],
  ['cast(Score, Edm.Int32) eq -3', [2]],
  ['cast(Score, Edm.Int32) eq 0', [7, 8]],
  ['cast(Score, Edm.Int32) eq null', [3, 4, 5, 6]],
  ['cast(Small, Edm.Byte) eq null', [2, 3, 4, 5, 8]],
  ['cast(Small, Edm.Byte) ge 0', [1, 6, 7]],
  ['cast(Qty, Edm.SByte) eq null', [3, 4, 5, 7, 8]],
  ['cast(Qty, Edm.Int16) eq -42', [2]],
  ['cast(Big, Edm.Int32) eq null', [1, 2, 3, 4, 5]],
  ['cast(Big, Edm.Int32) eq -1', [8]],
  ["cast(Big, 'Edm.Int64') eq 9223372036854775807", [5]],
  // A Decimal at the ends of Int64, converted digit for digit (MongoDB's $toLong of a Decimal128).
  ['cast(Big mul 1.0, Edm.Int64) eq 9223372036854775807', [5]],
  ['isof(Big mul 1.0, Edm.Int64)', [1, 2, 5, 6, 7, 8]],
  ['cast(Price mul 1000000000000, Edm.Int64) eq 2500000000000', [1]],
  ['cast(Score mul 4e18, Edm.Int64) eq null', [1, 2, 3, 4, 5, 6]],
  [
    'cast(2.5, Edm.Int32) eq 3 and cast(-2.5d, Edm.Int16) eq -3 and cast(300, Edm.Byte) eq null',
    [1, 2, 3, 4, 5, 6, 7, 8],
  ],
  // Widening keeps the value; to Decimal and to Double
  ['cast(Qty, Edm.Int64) eq 42', [1]],
  ['cast(Qty, Edm.Decimal) eq 42', [1]],
  ['cast(Score, Edm.Decimal) eq 0.1', [7]],
  ['cast(Score, Edm.Decimal) eq -0.49999999999999994', [8]],
  ['cast(Score, Edm.Decimal) eq null', [3, 4, 5, 6]],
  // The decimal of JavaScript's shortest text of the Double: 1e23 is halfway between two Doubles and
  // reads back as the even one, which JavaScript writes `1e+23` (PostgreSQL 9.999999999999999e+22).
  ['cast(1e23, Edm.Decimal) eq 100000000000000000000000', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(Score mul 4e22, Edm.Decimal) eq 100000000000000000000000', [1]],
  ['cast(Score mul 4e22, Edm.Decimal) eq -100000000000000000000000', [2]],
  ['cast(Price, Edm.Double) eq 2.5d', [1]],
  ['cast(Price, Edm.Double) eq 0.001d', [6]],
  ['cast(Big, Edm.Double) eq 9007199254740992d', [1]],
  ['cast(Qty, Edm.Single) eq 42', [1]],
  ['cast(Score, Edm.Single) eq INF', [6]],
  // To String: the literal text of each type
  ["cast(Qty, Edm.String) eq '42'", [1]],
  ["cast(Qty, Edm.String) eq '-2147483648'", [8]],
  // An integer quotient's text has no fraction (MySQL's `/` gives it four places).
  ["cast(Qty div 2, Edm.String) in ('21', '-21', '127')", [1, 2, 7]],
  ["contains(cast(Qty div 2, Edm.String), '.')", []],
  ['length(cast(Qty div 2, Edm.String)) eq 10', [5]],
  ["cast(Big, Edm.String) eq '9223372036854775807'", [5]],
  ["cast(Big, Edm.String) eq '-9223372036854775808'", [2]],
  ["cast(Flag, Edm.String) eq 'true'", [1, 5, 7]],
  ["cast(Flag, 'Edm.String') eq 'false'", [2, 6, 8]],
  ["cast(Price, Edm.String) eq '1.5'", [5]],
  ["cast(Price, Edm.String) eq '0.001'", [6]],
  ["cast(Price, Edm.String) eq '-0.5'", [8]],
  ["cast(Price, Edm.String) in ('2.5', '255.4999')", [1, 7]],
  ["cast(Score, Edm.String) eq '0.1'", [7]],
  ["cast(Score, Edm.String) in ('NaN', 'INF')", [5, 6]],
  ["cast(Score, Edm.String) eq '-0.49999999999999994'", [8]],
  ["cast(Due, Edm.String) eq '2012-05-29T09:13:28Z'", [1]],
  ["cast(Due, Edm.String) eq '2012-05-29T09:13:28.5Z'", [2]],
  ["cast(Due, Edm.String) eq '9999-12-31T23:59:59.999Z'", [5]],
  ["cast(Due, Edm.String) eq '0001-01-01T00:00:00Z'", [6]],
  ["cast(Due, Edm.String) eq '1999-12-31T23:59:59.01Z'", [8]],
  ["cast(Day, Edm.String) eq '0001-01-01'", [2]],
  ["cast(Day, Edm.String) eq '2024-02-29'", [7]],
  ["cast(Opens, Edm.String) eq '07:59:59.25'", [1]],
  ["cast(Opens, Edm.String) eq '00:00:00'", [2]],
  ["cast(Opens, Edm.String) eq '00:00:00.001'", [7]],
  ["cast(Opens, Edm.String) eq '12:00:00.5'", [6]],
  ["cast(Wait, Edm.String) eq 'P1DT12H'", [1]],
  ["cast(Wait, Edm.String) eq '-PT0.5S'", [2]],
  ["cast(Wait, Edm.String) eq 'PT0S'", [5]],
  ["cast(Wait, Edm.String) eq 'PT1S'", [6]],
  ["cast(Wait, Edm.String) eq 'PT1H'", [7]],
  ["cast(Wait, Edm.String) eq '-P1DT0.001S'", [8]],
  // A computed duration's text: scaled by an integer, a Decimal or a Double, truncated to milliseconds.
  ["cast(Wait mul 2, Edm.String) eq 'P3D'", [1]],
  ["cast(Wait div 3, Edm.String) in ('PT0.333S', '-PT8H', '-PT0.166S')", [2, 6, 8]],
  ["cast(Wait mul 1.5, Edm.String) in ('P2DT6H', '-P1DT12H0.001S', 'PT1H30M')", [1, 7, 8]],
  ["cast(Wait mul 0.5d, Edm.String) eq 'PT18H'", [1]],
  ["endswith(cast(Wait div 3, Edm.String), '.333S')", [6]],
  ["cast(Key, Edm.String) eq '01234567-89ab-cdef-0123-456789abcdef'", [1]],
  ["startswith(cast(Key, Edm.String), 'ffff')", [6]],
  // A guid's text is a String like any other, whatever its column's character set (MySQL: ascii).
  ["indexof(cast(Key, Edm.String), 'ff') eq 0", [6]],
  ["toupper(cast(Key, Edm.String)) eq 'FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF'", [6]],
  ["cast(Name, Edm.String) eq '12'", [8]],
  ['length(cast(Due, Edm.String)) eq 20', [1, 6, 7]],
  ["concat(cast(Qty, Edm.String), cast(Flag, Edm.String)) eq '42true'", [1]],
  ['cast(Qty, Edm.String) eq null', [3, 4]],
  // From String to an instant: a date-time literal's text, else null
  ['cast(Name, Edm.DateTimeOffset) eq 2012-05-29T09:13:28Z', [1]],
  ['cast(Name, Edm.DateTimeOffset) eq Due', [1, 2, 3, 4]],
  ['cast(Name, Edm.DateTimeOffset) eq null', [3, 4, 5, 6, 7, 8]],
  ["cast('2012-05-29T09:13:28', Edm.DateTimeOffset) eq 2012-05-29T09:13:28Z", [1, 2, 3, 4, 5, 6, 7, 8]],
  // From String to every other type: the text of a literal of the type, else null (the table of
  // every text is test/support/text-literal-table.ts)
  ['cast(Name, Edm.Int32) eq 12', [8]],
  ['cast(Name, Edm.Byte) eq 12 and cast(Name, Edm.Int64) eq 12', [8]],
  ['isof(Name, Edm.Int64)', [8]],
  ['cast(Name, Edm.Decimal) eq 12', [8]],
  ['cast(Name, Edm.Double) eq 12', [8]],
  ['cast(Name, Edm.Date) eq 2012-05-29', [7]],
  ['isof(Name, Edm.Date)', [7]],
  ['isof(Name, Edm.Guid) or isof(Name, Edm.Duration) or isof(Name, Edm.TimeOfDay)', []],
  [
    "cast('PT36H', Edm.Duration) eq duration'P1DT12H' and cast('07:59', Edm.TimeOfDay) eq 07:59:00",
    [1, 2, 3, 4, 5, 6, 7, 8],
  ],
  // A Boolean read from text is a condition like any other.
  ['cast(cast(Flag, Edm.String), Edm.Boolean)', [1, 5, 7]],
  ['not cast(cast(Flag, Edm.String), Edm.Boolean)', [2, 6, 8]],
  ["cast('TRUE', Edm.Boolean) and cast(Name, Edm.Boolean) eq null", [1, 2, 3, 4, 5, 6, 7, 8]],
  // …and a three-valued Boolean value: null or Flag is Flag where it is true, else null.
  ['(cast(Name, Edm.Boolean) or Flag) eq Flag', [1, 3, 4, 5, 7]],
  // Every value's text reads back as the value (null as null).
  ['cast(cast(Qty, Edm.String), Edm.Int32) eq Qty', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Big, Edm.String), Edm.Int64) eq Big', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Small, Edm.String), Edm.Int16) eq Small', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Price, Edm.String), Edm.Decimal) eq Price', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Score, Edm.String), Edm.Double) eq Score', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Due, Edm.String), Edm.DateTimeOffset) eq Due', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Day, Edm.String), Edm.Date) eq Day', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Opens, Edm.String), Edm.TimeOfDay) eq Opens', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Wait, Edm.String), Edm.Duration) eq Wait', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['cast(cast(Key, Edm.String), Edm.Guid) eq Key', [1, 2, 3, 4, 5, 6, 7, 8]],
  // Instants between their two types; null of any type
  ['cast(Due, Edm.DateTime) eq 1970-01-01T00:00:00Z', [7]],
  ['cast(null, Edm.Int32) eq null', [1, 2, 3, 4, 5, 6, 7, 8]],
  ["cast(null, Edm.String) eq 'x'", []],
  // isof: not null, and the cast does not fail
  ['isof(Small, Edm.Byte)', [1, 6, 7]],
  ['not isof(Small, Edm.Byte)', [2, 3, 4, 5, 8]],
  ['isof(Price, Edm.Byte)', [1, 5, 6, 7]],
  ['isof(Score, Edm.Int64)', [1, 2, 7, 8]],
  // The Single nearest -2^63 is -2^63, a long; the one nearest 2^63 - 1 is 2^63, beyond one.
  ['isof(cast(Big, Edm.Single), Edm.Int64)', [1, 2, 6, 7, 8]],
  ['isof(Score, Edm.Decimal)', [1, 2, 7, 8]],
  ['isof(Name, Edm.String)', [1, 2, 5, 6, 7, 8]],
  ['isof(Name, Edm.DateTimeOffset)', [1, 2]],
  ["isof(Name, 'Edm.DateTimeOffset') eq false", [3, 4, 5, 6, 7, 8]],
  ['isof(Qty, Edm.String)', [1, 2, 5, 6, 7, 8]],
  // Every Double has a text, NaN and ±INF too: whether it converts needs no text.
  ['isof(Score, Edm.String)', [1, 2, 5, 6, 7, 8]],
  ['isof(Qty, Edm.Int64)', [1, 2, 5, 6, 7, 8]],
  ['isof(Due, Edm.Int32)', []],
  ['not isof(Day, Edm.Boolean)', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['isof(null, Edm.String)', []],
  ['isof(Big, Edm.Int32) or isof(Price, Edm.SByte)', [1, 2, 5, 6, 7, 8]],
];

export const castCases: readonly EvalCase[] = table.map(([filter, ids]) => ({
  filter,
  ids: [...ids].sort((a, b) => a - b),
}));

/**
 * The casts of a filter (an `isof` tests one), as the 'unsupported' error names them (`cast(Edm.Double,
 * Edm.String)`), in the order a backend compiles them: a cast's operand (and a cast in it) first.
 */
export function castsOf(filter: string): string[] {
  const casts: string[] = [];
  const visit = (node: TypedExpr): void => {
    for (const child of childrenOfTyped(node)) visit(child);
    if (node.kind === 'cast') casts.push(`cast(${node.operand.type}, ${node.type})`);
    if (node.kind === 'isof' && canFail(conversionOf(node.operand.type, node.target)))
      casts.push(`cast(${node.operand.type}, ${node.target})`);
  };
  visit(check(filter, castSchema).root);
  return casts;
}

const REFUSED_EVERYWHERE = ['cast(Edm.Double, Edm.String)', 'cast(Edm.Single, Edm.String)'];

/**
 * The casts each backend refuses as 'unsupported', by the construct it names (docs/semantics.md,
 * "SQL backends: differences" and "MongoDB: differences"): a Double's text everywhere; SQLite's
 * Decimal text (its Decimals are REAL) and Binary text both ways (it has no base64); MySQL's Double to
 * Decimal (DECIMAL(65,30) does not hold every Double); MongoDB's Decimal text, Double to Decimal,
 * a date-time read from text, the text of an integer whose static range passes Int64 (computed in
 * Decimal128 there), and Binary text both ways (a format of `$convert` only 8.0 takes).
 */
export const REFUSED_CASTS: Readonly<Record<'postgres' | 'sqlite' | 'mysql' | 'mongodb', readonly string[]>> = {
  postgres: REFUSED_EVERYWHERE,
  sqlite: [
    ...REFUSED_EVERYWHERE,
    'cast(Edm.Decimal, Edm.String)',
    'cast(Edm.Binary, Edm.String)',
    'cast(Edm.String, Edm.Binary)',
    'cast(Edm.String, Edm.Decimal)',
    'cast(Edm.String, Edm.Double)',
    'cast(Edm.String, Edm.Single)',
  ],
  mysql: [
    ...REFUSED_EVERYWHERE,
    'cast(Edm.Double, Edm.Decimal)',
    'cast(Edm.Single, Edm.Decimal)',
    'cast(Edm.String, Edm.Decimal)',
    'cast(Edm.String, Edm.Double)',
    'cast(Edm.String, Edm.Single)',
  ],
  mongodb: [
    ...REFUSED_EVERYWHERE,
    'cast(Edm.String, Edm.Decimal)',
    'cast(Edm.String, Edm.Double)',
    'cast(Edm.String, Edm.Single)',
    'cast(Edm.Decimal, Edm.String)',
    'cast(Edm.Double, Edm.Decimal)',
    'cast(Edm.Single, Edm.Decimal)',
    'integer_text_beyond_int64',
    'cast(Edm.Binary, Edm.String)',
    'cast(Edm.String, Edm.Binary)',
  ],
};
