// Shared fast-check generators: a test schema over every Edm type, random well-typed filter text
// for any schema, and rows for it. Literals and row values are drawn from the same small pools,
// so that generated filters actually match some rows.

import fc from 'fast-check';
import {
  check,
  defineSchema,
  DEFAULT_MAX_STRING_COST,
  EDM_TYPES,
  FUNCTIONS,
  listPropertyPaths,
} from '../../src/index.js';
import { stringCost } from '../../src/types/string-cost.js';
import { enumTypesOf } from '../../src/types/schema.js';
import type { EdmType, Schema, SchemaDefinition, TypedFilter, PropertyDefinition, Property } from '../../src/index.js';
import type {
  CollectionProperty,
  ElementDefinition,
  EnumDefinition,
  EnumType,
  PrimitiveProperty,
  StructuredProperty,
} from '../../src/types/schema.js';
import { anyCastText } from './literal-texts.js';
import { formatDate, formatDuration, formatTimeOfDay, MS_PER_DAY } from '../../src/semantics/temporal.js';
import { PS_PER_MS, subMillisecondDigits, timeValue } from '../../src/semantics/fine-time.js';
import { formatInstant } from '../../src/semantics/instant.js';
import { anyString } from './code-points.js';

// ---------------------------------------------------------------------------------------------
// The test schema

function everyType(): { [name: string]: PropertyDefinition } {
  const out: { [name: string]: PropertyDefinition } = {};
  for (const type of EDM_TYPES) {
    const short = type.slice(4);
    out[short] = type;
    out[`${short}Req`] = { type, nullable: false };
  }
  return out;
}

/** The flags enumeration of the test schema (docs/semantics.md §12). */
export const TEST_COLOR: EnumDefinition = {
  name: 'Sales.Color',
  members: { Red: 1, Green: 2, Blue: 4, Gold: 64 },
  flags: true,
};

/**
 * `Item`: key `Id` (Edm.Int32, not nullable); each Edm type `X` as a nullable property `X` and a
 * non-nullable `XReq`; the flags enumeration `Color` and `ColorReq`; a nullable complex `Address`
 * holding a nullable `Geo` (two levels); a non-nullable `Owner` holding a nullable navigation
 * `Manager`.
 */
export const testSchemaDefinition: SchemaDefinition = {
  name: 'Item',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    ...everyType(),
    Color: { enum: TEST_COLOR },
    ColorReq: { enum: TEST_COLOR, nullable: false },
    Address: {
      properties: {
        City: 'Edm.String',
        Country: { type: 'Edm.String', nullable: false },
        Geo: {
          properties: { Lat: 'Edm.Double', Lon: { type: 'Edm.Double', nullable: false }, Precision: 'Edm.Int32' },
        },
      },
    },
    Owner: {
      nullable: false,
      properties: {
        Name: 'Edm.String',
        Since: 'Edm.DateTimeOffset',
        Manager: {
          properties: {
            Id: { type: 'Edm.Int32', nullable: false },
            Name: 'Edm.String',
            Salary: 'Edm.Decimal',
            Active: 'Edm.Boolean',
          },
        },
      },
    },
  },
};

export const testSchema: Schema = defineSchema(testSchemaDefinition);

/**
 * `Item` with collections: of primitives (`Tags`, `Scores`, `Codes` Int64, non-null `Amounts`
 * Decimal, `Dates`, `Keys` Guid, `Blobs` Binary, `Flags`, `Ratios` Double), of complex values with a nested
 * collection (`Addresses`, each with `Phones`), and a to-many relation with a nested relation
 * (`Orders`, each with `Lines`), one of them under a structure (`Owner/Badges`). For filters
 * drawn with the `lambdas` option.
 */
export const lambdaTestSchemaDefinition: SchemaDefinition = {
  name: 'Item',
  properties: {
    ...testSchemaDefinition.properties,
    Owner: {
      nullable: false,
      properties: {
        ...(testSchemaDefinition.properties.Owner as { properties: { [name: string]: PropertyDefinition } }).properties,
        Badges: { collection: 'Edm.String' },
      },
    },
    Tags: { collection: 'Edm.String' },
    Scores: { collection: 'Edm.Int32' },
    Codes: { collection: 'Edm.Int64' },
    Amounts: { collection: { type: 'Edm.Decimal', nullable: false } },
    Dates: { collection: 'Edm.DateTimeOffset' },
    Keys: { collection: 'Edm.Guid' },
    Blobs: { collection: 'Edm.Binary' },
    Flags: { collection: 'Edm.Boolean' },
    Ratios: { collection: 'Edm.Double' },
    Addresses: {
      collection: {
        properties: {
          City: 'Edm.String',
          Zip: { type: 'Edm.Int32', nullable: false },
          Geo: { properties: { Lat: 'Edm.Double' } },
          Phones: { collection: 'Edm.String' },
        },
      },
    },
    Orders: {
      relation: true,
      collection: {
        properties: {
          Id: { type: 'Edm.Int32', nullable: false },
          Status: 'Edm.String',
          Total: 'Edm.Decimal',
          Due: 'Edm.DateTimeOffset',
          Lines: {
            relation: true,
            collection: { properties: { Qty: 'Edm.Int32', Sku: 'Edm.String', Price: 'Edm.Double' } },
          },
        },
      },
    },
  },
};

export const lambdaTestSchema: Schema = defineSchema(lambdaTestSchemaDefinition);

/** A collection's element: an Edm type, nullable or not. */
const arbPrimitiveElement: fc.Arbitrary<PropertyDefinition> = fc
  .tuple(fc.constantFrom(...EDM_TYPES), fc.boolean())
  .map(([type, nullable]) => (nullable ? type : { type, nullable: false }));

/** The members of a structured element (`P0`, `P1`, …), with collections of their own (`K0`, …) while `depth` lasts. */
function arbElementMembers(depth: number): fc.Arbitrary<{ [name: string]: PropertyDefinition }> {
  const collections = depth > 0 ? fc.array(arbCollectionDefinition(depth - 1), { maxLength: 1 }) : fc.constant([]);
  return fc
    .tuple(fc.array(arbPrimitiveElement, { minLength: 1, maxLength: 3 }), collections)
    .map(([members, nested]) => ({
      ...Object.fromEntries(members.map((m, i) => [`P${i}`, m])),
      ...Object.fromEntries(nested.map((c, i) => [`K${i}`, c])),
    }));
}

/** A collection: of primitives, or of structures (complex values, or a to-many relation) that may hold collections. */
function arbCollectionDefinition(depth: number): fc.Arbitrary<PropertyDefinition> {
  return fc.oneof(
    arbPrimitiveElement.map((element): PropertyDefinition => ({ collection: element as ElementDefinition })),
    fc
      .tuple(arbElementMembers(depth), fc.boolean(), fc.boolean())
      .map(
        ([properties, relation, nullable]): PropertyDefinition =>
          relation
            ? { relation: true, collection: { properties } }
            : { collection: nullable ? { properties } : { properties, nullable: false } },
      ),
  );
}

/**
 * Random schemas with collections: a few plain properties of the test schema, and one to three
 * random collections (`C0`, …) of primitives of any type, of complex values and of relations,
 * their structured elements holding collections two levels down.
 */
export function arbCollectionSchema(): fc.Arbitrary<Schema> {
  return fc.array(arbCollectionDefinition(2), { minLength: 1, maxLength: 3 }).map((collections) =>
    defineSchema({
      name: 'Random',
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        String: 'Edm.String',
        Int32: 'Edm.Int32',
        Decimal: 'Edm.Decimal',
        ...Object.fromEntries(collections.map((c, i) => [`C${i}`, c])),
      },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Value pools, shared by literals and rows

export interface ArbOptions {
  /** Leave out NaN and ±Infinity, for engines that cannot store them. */
  readonly finiteDoubles?: boolean;
  /** Nesting depth of generated filters (default 3). */
  readonly maxDepth?: number;
  /** Most rows of arbRows (default 12). */
  readonly maxRows?: number;
  /**
   * Every generated string (row values and string literals, hence every argument of `tolower`
   * and `toupper`) holds only characters whose Unicode default case mapping is ASCII-only:
   * ASCII itself, and characters that `toLowerCase()`/`toUpperCase()` leave unchanged (digits,
   * punctuation, emoji, combining marks, 𝒳 …). For engines whose case mapping covers ASCII
   * letters only (MongoDB's `$toLower`/`$toUpper`, SQLite's `lower()`/`upper()`), where such
   * strings map exactly as the reference maps them. Default false: any string.
   */
  readonly asciiCaseMapping?: boolean;
  /**
   * Filters reach the schema's collections: `any` and `all` lambdas (reading their variable, the
   * variables of the lambdas around them, and the resource, plainly or as `$it/…`), `any()`,
   * `$count` and `x in C`, lambdas nested up to three deep. Default false: filters read no
   * collection, exactly as without collections.
   */
  readonly lambdas?: boolean;
  /**
   * False for engines that hold no instant before 1000-01-01 (MySQL's DATETIME): filters then
   * compute no instant (`Due add Wait`, `Day sub Wait`) and call no `mindatetime()`, whose
   * results could fall before it (docs/semantics.md, "SQL backends: differences"). Default true.
   */
  readonly earlyInstants?: boolean;
  /**
   * Literals of instants, times of day and durations sometimes have digits beyond the millisecond
   * (up to 12, docs/semantics.md §5, "Precision"). Every backend takes them: the engines compare
   * with them exactly and refuse by name what they would have to compute with. Default false.
   */
  readonly fineLiterals?: boolean;
  /**
   * Row values of those types sometimes have digits beyond the millisecond, as ISO text: true for
   * any picosecond (the in-memory reference only, as no engine stores them), 'microseconds' for
   * whole microseconds (what the engines store under that option, docs/sql.md). Default false.
   */
  readonly fineRows?: boolean | 'microseconds';
}

/**
 * Picoseconds beyond a millisecond: none most often, else microseconds (what PostgreSQL and
 * MariaDB hold) or, unless only microseconds are asked for, any picosecond.
 */
function picosArb(fine: boolean | 'microseconds' | undefined): fc.Arbitrary<number> {
  if (!fine) return fc.constant(0);
  const microseconds = fc.integer({ min: 1, max: 999 }).map((us) => us * 1_000_000);
  return fc.oneof(
    { arbitrary: fc.constant(0), weight: 3 },
    { arbitrary: microseconds, weight: 2 },
    { arbitrary: fine === 'microseconds' ? microseconds : fc.integer({ min: 1, max: PS_PER_MS - 1 }), weight: 1 },
  );
}

/** Whether a code point's case mappings (both ways) are the identity or stay within ASCII. */
export function hasAsciiCaseMapping(char: string): boolean {
  return char.codePointAt(0)! < 0x80 || (char.toLowerCase() === char && char.toUpperCase() === char);
}

/** Whether every character of the text has an ASCII-only case mapping (see `asciiCaseMapping`). */
export function isAsciiCaseMappable(text: string): boolean {
  return [...text].every(hasAsciiCaseMapping);
}

function stringPool(options: ArbOptions): readonly string[] {
  return options.asciiCaseMapping ? STRING_POOL.filter(isAsciiCaseMappable) : STRING_POOL;
}

function stringArb(options: ArbOptions): fc.Arbitrary<string> {
  const random = anyString({ maxLength: 8 });
  const strings = !options.asciiCaseMapping
    ? pooled(STRING_POOL, random)
    : pooled(
        stringPool(options),
        random.map((s) => [...s].filter(hasAsciiCaseMapping).join('')),
      );
  return fc.oneof({ arbitrary: strings, weight: 3 }, { arbitrary: castTextArb(options), weight: 1 });
}

/**
 * A text `cast` reads as a literal of some type, or a near miss of one (docs/semantics.md §11);
 * with `finiteDoubles`, none that spells NaN or an infinity.
 */
function castTextArb(options: ArbOptions): fc.Arbitrary<string> {
  return anyCastText().filter(
    (text) =>
      (!options.asciiCaseMapping || isAsciiCaseMappable(text)) && (!options.finiteDoubles || !/NaN|INF/.test(text)),
  );
}

export const INT32_POOL: readonly number[] = [
  0, 1, -1, 2, 7, 42, 100, 127, -128, 255, 256, 32767, -32768, 2147483647, -2147483648,
];
export const INT64_POOL: readonly bigint[] = [
  0n,
  1n,
  -1n,
  42n,
  2147483648n,
  -2147483649n,
  9007199254740993n,
  9223372036854775807n,
  -9223372036854775808n,
];
/** Normalised exact decimals: 28-digit values, the smallest 28-place fraction, signs. */
export const DECIMAL_POOL: readonly string[] = [
  '0',
  '1',
  '-1',
  '1.5',
  '-1.5',
  '0.1',
  '2.345',
  '42',
  '100',
  '1234567890123456789.012345678',
  '-9999999999999999999999999999',
  '0.0000000000000000000000000001',
];
const FINITE_DOUBLES: readonly number[] = [
  0, -0, 1, -1, 1.5, 0.1, 2.5, 42, -42.25, 1e300, -1e-300, 5e-324, 1.7976931348623157e308,
];
const SPECIAL_DOUBLES: readonly number[] = [NaN, Infinity, -Infinity];
const SINGLE_POOL: readonly number[] = [
  0,
  1,
  -1,
  1.5,
  0.5,
  42,
  Math.fround(0.1),
  3.4028234663852886e38,
  -3.4028234663852886e38,
];
export const STRING_POOL: readonly string[] = [
  '',
  'Active',
  'active',
  'ACTIVE',
  'Completed',
  'ann',
  'Ann Smith',
  ' padded ',
  '100%',
  'a_b',
  '%_',
  'back\\slash',
  "O'Brien",
  "''",
  '.*+?^$()[]{}|',
  'a.c',
  '😀',
  'x𝒳y',
  'e\u0301',
  'é',
  'İstanbul',
  'ß',
  'Wellington',
  // Texts `cast` reads as instants, and one it does not (no 30 February).
  '2012-05-29T09:13:28Z',
  '2000-02-29T23:30:00.5-01:00',
  '2012-02-30T00:00:00Z',
];
export const GUID_POOL: readonly string[] = [
  '00000000-0000-0000-0000-000000000000',
  '0f8fad5b-d9cb-469f-a165-70867728950e',
  '7c9e6679-7425-40de-944b-e07fc1f90ae7',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
];
/**
 * Binaries in lower-case hexadecimal: empty, a prefix of another, the same first byte with more
 * after it, bytes at 0x00 and 0xff, the base64url alphabet's last characters (`-_8`), text.
 */
export const BINARY_POOL: readonly string[] = [
  '',
  '00',
  '0000',
  '0001',
  '01',
  '00ff',
  '7f',
  'fbff',
  'ff',
  'ff00',
  '4f44617461',
];
/** Bytes from hexadecimal text, as a Uint8Array (a row's Binary, docs/semantics.md §6). */
export const bytesOf = (hex: string): Uint8Array => Uint8Array.from(Buffer.from(hex, 'hex'));

/** Instants around year, day and epoch boundaries, as epoch milliseconds. */
export const INSTANT_POOL: readonly number[] = [
  Date.UTC(1900, 0, 1),
  Date.UTC(1969, 11, 31, 23, 59, 59, 999),
  Date.UTC(1970, 0, 1),
  Date.UTC(1999, 11, 31, 23, 59, 59, 999),
  Date.UTC(2000, 0, 1),
  Date.UTC(2000, 1, 29, 12, 0, 0),
  Date.UTC(2010, 2, 23, 9, 25, 12, 313),
  Date.UTC(2012, 0, 1, 0, 30),
  Date.UTC(2012, 5, 15, 10, 30),
  Date.UTC(2017, 6, 1, 10, 0),
  Date.UTC(2100, 11, 31, 23, 59, 59, 999),
];
/** Dates (as `YYYY-MM-DD`), times of day and durations (milliseconds) at their boundaries. */
export const DATE_POOL: readonly string[] = [
  '1900-01-01',
  '1969-12-31',
  '1970-01-01',
  '2000-02-29',
  '2012-12-03',
  '2100-12-31',
];
export const TIME_POOL: readonly number[] = [0, 1, 999, 43_200_000, 28_799_999, 86_399_999];
const YEAR_MS = 31_556_952_000;
export const DURATION_POOL: readonly number[] = [
  0,
  1,
  -1,
  1000,
  -1500,
  5_400_000,
  86_400_000,
  -86_400_000,
  100 * YEAR_MS,
  -100 * YEAR_MS,
];
const MIN_MS = Date.UTC(1900, 0, 1);
const MAX_MS = Date.UTC(2100, 11, 31, 23, 59, 59, 999);
/** Offsets written on date-time literals, in minutes. */
const OFFSETS: readonly number[] = [0, 0, 60, -60, 330, 720, -720, 840, -840];

const INTEGER_BOUNDS: {
  readonly [T in 'Edm.Byte' | 'Edm.SByte' | 'Edm.Int16' | 'Edm.Int32']: readonly [number, number];
} = {
  'Edm.Byte': [0, 255],
  'Edm.SByte': [-128, 127],
  'Edm.Int16': [-32768, 32767],
  'Edm.Int32': [-2147483648, 2147483647],
};

function doubles(options: ArbOptions): readonly number[] {
  return options.finiteDoubles ? FINITE_DOUBLES : [...FINITE_DOUBLES, ...SPECIAL_DOUBLES];
}

function pooled<T>(pool: readonly T[], other: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: fc.constantFrom(...pool), weight: 4 }, { arbitrary: other, weight: 1 });
}

function decimalArb(): fc.Arbitrary<string> {
  const random = fc
    .tuple(fc.boolean(), fc.bigInt({ min: 0n, max: 10n ** 18n }), fc.integer({ min: 0, max: 10 }))
    .map(([negative, digits, scale]) => normaliseDecimal(negative, digits.toString(), scale));
  return pooled(DECIMAL_POOL, random);
}

/** `digits` with `scale` of them after the point, without redundant zeros. */
function normaliseDecimal(negative: boolean, digits: string, scale: number): string {
  const padded = digits.padStart(scale + 1, '0');
  const int = padded.slice(0, padded.length - scale).replace(/^0+(?=\d)/, '');
  const frac = padded.slice(padded.length - scale).replace(/0+$/, '');
  const text = frac ? `${int}.${frac}` : int;
  return negative && /[1-9]/.test(text) ? `-${text}` : text;
}

function instantArb(): fc.Arbitrary<number> {
  return pooled(INSTANT_POOL, fc.integer({ min: MIN_MS, max: MAX_MS }));
}

/** A row value of an Edm type, in the representation of the shared contract. */
export function arbValue(type: EdmType, options: ArbOptions = {}): fc.Arbitrary<unknown> {
  switch (type) {
    case 'Edm.String':
      return stringArb(options);
    case 'Edm.Boolean':
      return fc.boolean();
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32': {
      const [min, max] = INTEGER_BOUNDS[type];
      return pooled(
        INT32_POOL.filter((v) => v >= min && v <= max),
        fc.integer({ min, max }),
      );
    }
    case 'Edm.Int64':
      return pooled(INT64_POOL, fc.bigInt({ min: -(2n ** 63n), max: 2n ** 63n - 1n }));
    case 'Edm.Decimal':
      return decimalArb();
    case 'Edm.Double':
      return pooled(
        doubles(options),
        fc.double({ noNaN: options.finiteDoubles === true, noDefaultInfinity: options.finiteDoubles === true }),
      );
    case 'Edm.Single':
      return pooled(SINGLE_POOL, fc.float({ noNaN: true, noDefaultInfinity: true }));
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      if (options.fineRows)
        return fc
          .tuple(instantArb(), picosArb(options.fineRows))
          .map(([ms, ps]) => (ps === 0 ? new Date(ms) : formatInstant(timeValue(ms, ps))));
      return instantArb().map((ms) => new Date(ms));
    case 'Edm.Guid':
      return pooled(GUID_POOL, fc.uuid());
    case 'Edm.Binary':
      return fc.oneof(
        { arbitrary: fc.constantFrom(...BINARY_POOL).map(bytesOf), weight: 4 },
        { arbitrary: fc.uint8Array({ maxLength: 6 }), weight: 1 },
      );
    // Each in every form a row may hold it (docs/semantics.md §5, "Row values").
    case 'Edm.Date':
      return fc.tuple(dateArb(), fc.nat(3)).map(([text, form]) => (form === 0 ? new Date(`${text}T00:00:00Z`) : text));
    case 'Edm.TimeOfDay':
      return fc
        .tuple(timeArb(), fc.nat(2), picosArb(options.fineRows))
        .map(([ms, form, ps]) =>
          ps !== 0
            ? formatTimeOfDay(timeValue(ms, ps))
            : form === 0
              ? ms
              : form === 1
                ? formatTimeOfDay(ms)
                : formatTimeOfDay(ms).replace(/(:00)?\.000$/, ''),
        );
    case 'Edm.Duration':
      return fc
        .tuple(durationArb(), fc.nat(3), picosArb(options.fineRows))
        .map(([ms, form, ps]) => (ps !== 0 ? formatDuration(timeValue(ms, ps)) : form === 0 ? formatDuration(ms) : ms));
  }
}

/** A value of an enumeration type as SQL and MongoDB store it: a member's value, or for flags a combination. */
function arbEnumValue(enumType: EnumType): fc.Arbitrary<unknown> {
  const values = [...enumType.members.values()];
  const value = enumType.flags
    ? fc.subarray(values).map((bits) => bits.reduce((a, b) => a | b, 0n))
    : fc.constantFrom(...values);
  return value.map((v) => (enumType.underlyingType === 'Edm.Int64' ? v : Number(v)));
}

/** A row value of a primitive property: of its enumeration type, or its Edm type. */
function arbPrimitive(property: PrimitiveProperty, options: ArbOptions): fc.Arbitrary<unknown> {
  return property.enum ? arbEnumValue(property.enum) : arbValue(property.type, options);
}

function dateArb(): fc.Arbitrary<string> {
  return pooled(
    DATE_POOL,
    fc.integer({ min: MIN_MS / MS_PER_DAY, max: Math.floor(MAX_MS / MS_PER_DAY) }).map(formatDate),
  );
}

function timeArb(): fc.Arbitrary<number> {
  return pooled(TIME_POOL, fc.integer({ min: 0, max: MS_PER_DAY - 1 }));
}

/** Durations within ±200 years, so that an instant moved by one stays within 1700–2300. */
function durationArb(): fc.Arbitrary<number> {
  return pooled(DURATION_POOL, fc.integer({ min: -200 * YEAR_MS, max: 200 * YEAR_MS }));
}

// ---------------------------------------------------------------------------------------------
// Rows

export type Row = { [name: string]: unknown };

function arbObject(properties: ReadonlyMap<string, Property>, options: ArbOptions): fc.Arbitrary<Row> {
  const entries: [string, fc.Arbitrary<unknown>][] = [];
  for (const property of properties.values()) {
    if (property.kind === 'collection') {
      entries.push([property.name, arbCollection(property, options)]);
      continue;
    }
    const value =
      property.kind === 'primitive' ? arbPrimitive(property, options) : arbObject(property.properties, options);
    // A nullable property is sometimes null and sometimes missing altogether; both mean null.
    const arb = property.nullable
      ? fc.oneof(
          { arbitrary: value, weight: 4 },
          { arbitrary: fc.constant(null), weight: 1 },
          { arbitrary: fc.constant(MISSING), weight: 1 },
        )
      : value;
    entries.push([property.name, arb]);
  }
  return fc.tuple(...entries.map(([, arb]) => arb)).map((values) => {
    const row: Row = {};
    values.forEach((v, i) => {
      if (v !== MISSING) row[entries[i]![0]] = v;
    });
    return row;
  });
}

const MISSING = Symbol('missing');

/**
 * A collection's row value: mostly an array of up to four elements (null ones where the element is
 * nullable), sometimes empty, null or missing (the last two also mean empty).
 */
function arbCollection(property: CollectionProperty, options: ArbOptions): fc.Arbitrary<unknown> {
  const element = property.element;
  const value = element.kind === 'primitive' ? arbPrimitive(element, options) : arbObject(element.properties, options);
  const elements = element.nullable
    ? fc.oneof({ arbitrary: value, weight: 5 }, { arbitrary: fc.constant(null), weight: 1 })
    : value;
  return fc.oneof(
    { arbitrary: fc.array(elements, { minLength: 1, maxLength: 4 }), weight: 6 },
    { arbitrary: fc.constant([]), weight: 1 },
    { arbitrary: fc.constant(null), weight: 1 },
    { arbitrary: fc.constant(MISSING), weight: 1 },
  );
}

/** One row of a schema: every nullable property or structure may be null or missing. */
export function arbRow(schema: Schema, options: ArbOptions = {}): fc.Arbitrary<Row> {
  return arbObject(schema.properties, options);
}

/** The key of a schema for arbRows: `Id`, else its first non-nullable top-level Int32. */
function keyOf(schema: Schema): string | undefined {
  if (schema.properties.has('Id')) return 'Id';
  for (const p of schema.properties.values())
    if (p.kind === 'primitive' && p.type === 'Edm.Int32' && !p.nullable) return p.name;
  return undefined;
}

/** Rows with unique keys (`Id` on the test schema). */
export function arbRows(schema: Schema, options: ArbOptions = {}): fc.Arbitrary<Row[]> {
  const key = keyOf(schema);
  const maxLength = options.maxRows ?? 12;
  if (key === undefined) return fc.array(arbRow(schema, options), { maxLength });
  return fc.uniqueArray(arbRow(schema, options), { maxLength, selector: (row) => row[key] });
}

// ---------------------------------------------------------------------------------------------
// Filter text

/** The type classes that the generator builds expressions of. */
type Kind =
  | 'bool'
  | 'num'
  | 'int32'
  | 'string'
  | 'instant'
  | 'guid'
  | 'binary'
  | 'date'
  | 'time'
  | 'duration'
  | 'color';

const KIND_OF: { readonly [T in EdmType]: Kind } = {
  'Edm.String': 'string',
  'Edm.Boolean': 'bool',
  'Edm.Byte': 'num',
  'Edm.SByte': 'num',
  'Edm.Int16': 'num',
  'Edm.Int32': 'num',
  'Edm.Int64': 'num',
  'Edm.Decimal': 'num',
  'Edm.Double': 'num',
  'Edm.Single': 'num',
  'Edm.DateTime': 'instant',
  'Edm.DateTimeOffset': 'instant',
  'Edm.Guid': 'guid',
  'Edm.Binary': 'binary',
  'Edm.Date': 'date',
  'Edm.TimeOfDay': 'time',
  'Edm.Duration': 'duration',
};
const INT32ISH = new Set<EdmType>(['Edm.Byte', 'Edm.SByte', 'Edm.Int16', 'Edm.Int32']);
const SMALL_INTEGER_TYPES: readonly EdmType[] = [...INT32ISH];
const NUMERIC_TYPES: readonly EdmType[] = EDM_TYPES.filter((t) => KIND_OF[t] === 'num');
const INSTANT_TYPES: readonly EdmType[] = ['Edm.DateTimeOffset', 'Edm.DateTime'];

/** An operator or function name in a random case: the language is case-insensitive there. */
function word(name: string): fc.Arbitrary<string> {
  const capitalised = name[0]!.toUpperCase() + name.slice(1);
  return fc.oneof(
    { arbitrary: fc.constant(name), weight: 6 },
    { arbitrary: fc.constantFrom(name.toUpperCase(), capitalised), weight: 1 },
  );
}

function quote(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

function doubleText(v: number): string {
  if (Number.isNaN(v)) return 'NaN';
  if (v === Infinity) return 'INF';
  if (v === -Infinity) return '-INF';
  if (Object.is(v, -0)) return '-0.0d';
  const text = String(v);
  return /[e.]/.test(text) ? `${text}d` : `${text}.0d`;
}

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** A date-time literal body for an instant, written at an offset, with or without seconds/ms. */
function instantBody(ms: number, offsetMinutes: number, zone: 'Z' | 'none' | 'offset', ps = 0): string {
  const local = new Date(ms + offsetMinutes * 60_000);
  const millis = local.getUTCMilliseconds();
  const seconds = local.getUTCSeconds();
  let body = `${pad(local.getUTCFullYear(), 4)}-${pad(local.getUTCMonth() + 1)}-${pad(local.getUTCDate())}T${pad(local.getUTCHours())}:${pad(local.getUTCMinutes())}`;
  if (seconds !== 0 || millis !== 0 || ps !== 0) body += `:${pad(seconds)}`;
  if (millis !== 0 || ps !== 0) body += `.${pad(millis, 3)}${subMillisecondDigits(timeValue(0, ps))}`;
  if (offsetMinutes !== 0 || zone === 'offset') {
    const sign = offsetMinutes < 0 ? '-' : '+';
    const abs = Math.abs(offsetMinutes);
    return `${body}${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
  }
  return zone === 'Z' ? `${body}Z` : body;
}

function instantLiteral(options: ArbOptions): fc.Arbitrary<string> {
  return fc
    .tuple(
      instantArb(),
      fc.constantFrom(...OFFSETS),
      fc.constantFrom('Z', 'none', 'offset'),
      fc.integer({ min: 0, max: 4 }),
      picosArb(options.fineLiterals),
    )
    .map(([ms, offset, zone, form, ps]) => {
      const body = instantBody(ms, offset, zone as 'Z' | 'none' | 'offset', ps);
      switch (form) {
        case 0:
          return `datetime'${body}'`;
        case 1:
          return `datetime('${body}')`;
        case 2:
          return `datetimeoffset'${body}'`;
        case 3:
          return `datetimeoffset('${body}')`;
        default:
          // The bare form needs a zone or offset to read as a date-time and not a subtraction.
          return /[Z+-]\d*:?\d*$/.test(body.slice(16)) ? body : `${body}Z`;
      }
    });
}

function numberLiteral(options: ArbOptions): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...INT32_POOL).map(String),
    fc.constantFrom(...INT32_POOL.filter((v) => Math.abs(v) < 1000)).map((v) => `${v}L`),
    fc.constantFrom(...INT64_POOL).map((v) => (v >= -(2n ** 31n) && v < 2n ** 31n ? `${v}L` : String(v))),
    fc
      .tuple(fc.constantFrom(...DECIMAL_POOL), fc.constantFrom('', 'M', 'm'))
      .map(([v, s]) => (s === '' && !v.includes('.') ? `${v}.0` : `${v}${s}`)),
    fc.constantFrom(...doubles(options)).map(doubleText),
    fc
      .constantFrom(...SINGLE_POOL)
      .map((v) => `${String(v).includes('e') || String(v).includes('.') ? String(v) : `${v}.0`}f`),
  );
}

const literalOf: { readonly [K in Kind]: (options: ArbOptions) => fc.Arbitrary<string> } = {
  bool: () => fc.constantFrom('true', 'false', 'TRUE', 'False'),
  num: numberLiteral,
  int32: () => fc.constantFrom(...INT32_POOL.filter((v) => Math.abs(v) < 1000)).map(String),
  string: (options) =>
    fc
      .oneof(
        { arbitrary: fc.constantFrom(...stringPool(options)), weight: 3 },
        { arbitrary: castTextArb(options), weight: 1 },
      )
      .map(quote),
  instant: instantLiteral,
  guid: () =>
    fc.tuple(fc.constantFrom(...GUID_POOL), fc.boolean()).map(([g, bare]) => (bare ? g.toUpperCase() : `guid'${g}'`)),
  // base64url with its padding or without, or hexadecimal in either case (docs/semantics.md §6).
  binary: () =>
    fc.tuple(fc.constantFrom(...BINARY_POOL), fc.nat(4)).map(([hex, form]) => {
      const base64url = Buffer.from(hex, 'hex').toString('base64url');
      if (form === 0) return `binary'${base64url}'`;
      if (form === 1) return `BINARY'${base64url.padEnd(Math.ceil(base64url.length / 4) * 4, '=')}'`;
      if (form === 2) return `binary'${base64url.padEnd(Math.ceil(base64url.length / 4) * 4, '=')}'`;
      return form === 3 ? `X'${hex.toUpperCase()}'` : `x'${hex}'`;
    }),
  date: () => dateArb(),
  time: (options) =>
    fc.tuple(timeArb(), fc.nat(3), picosArb(options.fineLiterals)).map(([ms, form, ps]) => {
      const value = timeValue(ms, ps);
      const text = formatTimeOfDay(value);
      if (form === 0) return `time'${formatDuration(value)}'`;
      return form === 1 ? text : text.replace(/(:00)?\.000$/, '');
    }),
  duration: (options) =>
    fc
      .tuple(durationArb(), fc.constantFrom('duration', 'DURATION'), picosArb(options.fineLiterals))
      .map(([ms, prefix, ps]) => `${prefix}'${formatDuration(timeValue(ms, ps))}'`),
  color: () => colorBody().map((body) => `${TEST_COLOR.name}'${body}'`),
};

/** What an enumeration literal of the test's Sales.Color holds: members, combined, or a value. */
function colorBody(): fc.Arbitrary<string> {
  const names = Object.keys(TEST_COLOR.members);
  return fc.oneof(
    fc.subarray(names, { minLength: 1 }).map((ns) => ns.join(',')),
    fc.constantFrom('0', '3', '64', 'Gold,5'),
  );
}

/** Whether generated text is the null literal, which takes its type from the other operand. */
const isNullText = (t: Term): boolean => t.text.toLowerCase() === 'null';

/**
 * Generated text with how tightly it binds: literals, members, calls and `in` are primary; `-x`
 * and `not x` are unary, which can stand as the operand of any binary operator but not of `in`
 * (a primary operator: `-x in (1)` is `-(x in (1))`); binary terms need parentheses as operands.
 */
interface Term {
  readonly text: string;
  readonly binds: 'primary' | 'unary' | 'binary';
}

const atomic = (text: string): Term => ({ text, binds: 'primary' });
const unary = (text: string): Term => ({ text, binds: 'unary' });
const compound = (text: string): Term => ({ text, binds: 'binary' });
const group = (term: Term): string => (term.binds !== 'binary' ? term.text : `(${term.text})`);
const groupPrimary = (term: Term): string => (term.binds === 'primary' ? term.text : `(${term.text})`);

/** A collection a filter can reach, as the path text that names it. */
interface CollectionRef {
  readonly text: string;
  readonly property: CollectionProperty;
}

/** The range variables bound where an expression is drawn, outermost first. */
type Scope = readonly { readonly variable: string; readonly collection: CollectionRef }[];

const scopeKey = (scope: Scope): string => scope.map((b) => `${b.variable}=${b.collection.text}`).join(';');

/** What an expression can read from one source: members by kind, structures and collections, as path texts. */
interface Reach {
  readonly members: ReadonlyMap<Kind, readonly string[]>;
  /** Inside lambdas: what the range variables reach, apart from the resource's `members`. */
  readonly elementMembers?: ReadonlyMap<Kind, readonly string[]>;
  readonly structures: readonly string[];
  readonly collections: readonly CollectionRef[];
}

const KIND_OF_NAMES: { readonly [K in Kind]: true } = {
  bool: true,
  num: true,
  int32: true,
  string: true,
  instant: true,
  guid: true,
  binary: true,
  date: true,
  time: true,
  duration: true,
  color: true,
};

/** The filterable members, structures and collections under `properties`, their paths after `prefix`. */
function reachable(properties: ReadonlyMap<string, Property>, prefix: string): Reach {
  const members = new Map<Kind, string[]>();
  const structures: string[] = [];
  const collections: CollectionRef[] = [];
  const walk = (props: ReadonlyMap<string, Property>, at: string): void => {
    for (const property of props.values()) {
      if (!property.filterable) continue;
      const text = `${at}${property.name}`;
      if (property.kind === 'collection') collections.push({ text, property });
      else if (property.kind === 'structured') {
        structures.push(text);
        walk(property.properties, `${text}/`);
      } else {
        for (const kind of kindsOf(property)) members.set(kind, [...(members.get(kind) ?? []), text]);
      }
    }
  };
  walk(properties, prefix);
  return { members, structures, collections };
}

/** The kinds a primitive property's values are drawn as: its type's, Int32 too for the small integers, `color` for the test's enumeration. */
function kindsOf(property: PrimitiveProperty): Kind[] {
  if (property.enum) return property.enum.name === TEST_COLOR.name ? ['color'] : [];
  return INT32ISH.has(property.type) ? [KIND_OF[property.type], 'int32'] : [KIND_OF[property.type]];
}

/** What a range variable reaches: a primitive element itself, or a structured one, its members and collections. */
function elementReach({ variable, collection }: Scope[number]): Reach {
  const element: PrimitiveProperty | StructuredProperty = collection.property.element;
  if (element.kind === 'primitive') {
    return { members: new Map(kindsOf(element).map((k) => [k, [variable]])), structures: [], collections: [] };
  }
  const inner = reachable(element.properties, `${variable}/`);
  return { ...inner, structures: [variable, ...inner.structures] };
}

/**
 * Random well-typed Boolean filter text over a schema: every operator and canonical function,
 * `in` lists (empty too), `not`, `null` in every position, boundary literals of every type in
 * every source form, member paths through nested nullable structures, and those structures
 * compared with null. Always checks, within the default string cost limit too.
 */
export function arbFilterText(schema: Schema, options: ArbOptions = {}): fc.Arbitrary<string> {
  return arbFilterTextOfDepth(schema, options)(options.maxDepth ?? 3);
}

/**
 * arbFilterText's filters at each depth, from one grammar: a generator whose schema is drawn
 * anew for each case builds its arbitraries for every case, which costs more than drawing from
 * them, and the depths share most of theirs.
 */
export function arbFilterTextOfDepth(
  schema: Schema,
  options: ArbOptions = {},
): (maxDepth: number) => fc.Arbitrary<string> {
  const { expr } = grammar(schema, options);
  // check() refuses a filter whose string functions could return more than the default cost
  // limit per row (docs/semantics.md, section 7): such a filter is not a filter to compare.
  return (maxDepth) =>
    expr('bool', maxDepth)
      .map((t) => t.text)
      .filter((text) => withinStringCost(text, schema));
}

const withinStringCost = (text: string, schema: Schema): boolean =>
  stringCost(check(text, schema, { maxStringCost: Infinity }).root).total <= DEFAULT_MAX_STRING_COST;

/** A case of the lambda laws: a collection of the resource, two bodies over its element `x0`, and a value of its element's type. */
export interface LambdaLawCase {
  /** The collection's path, e.g. `Orders` or `Owner/Badges`. */
  readonly collection: string;
  /** Boolean filter text reading the element as `x0` (and the resource, and lambdas of its own). */
  readonly p: string;
  readonly q: string;
  /** A value of the element's type, read from the resource; undefined for structured elements. */
  readonly x: string | undefined;
}

/**
 * Random cases of the laws of docs/semantics.md, section 8, over a schema's collections: two
 * bodies drawn as lambda bodies are (with the `lambdas` generator, nested lambdas included, so
 * `maxDepth` counts from the body), and an operand for `x in C`.
 */
export function arbLambdaLawCase(schema: Schema, options: ArbOptions = {}): fc.Arbitrary<LambdaLawCase> {
  const depth = options.maxDepth ?? 2;
  const { expr, reachOf } = grammar(schema, { ...options, lambdas: true });
  const collections = reachOf([]).collections.filter((c) => !c.text.startsWith('$it/'));
  return fc
    .constantFrom(...collections)
    .chain((c) => {
      const inner: Scope = [{ variable: 'x0', collection: c }];
      const element = c.property.element;
      const x =
        element.kind === 'primitive'
          ? expr(kindsOf(element)[0] ?? 'bool', depth, []).map((t) => groupPrimary(t))
          : fc.constant(undefined);
      return fc.record({
        collection: fc.constant(c.text),
        p: expr('bool', depth, inner).map((t) => t.text),
        q: expr('bool', depth, inner).map((t) => t.text),
        x,
      });
    })
    .filter(({ collection, p, q, x }) =>
      [`${collection}/any(x0: (${p}) or (${q}))`, ...(x === undefined ? [] : [`${x} in ${collection}`])].every((text) =>
        withinStringCost(text, schema),
      ),
    );
}

/** A member's value as a structure's value writes it (docs/semantics.md §16), drawn as rows draw it; undefined for types not drawn so. */
function jsonMember(property: PrimitiveProperty, options: ArbOptions): fc.Arbitrary<string> | undefined {
  if (property.enum) return undefined;
  switch (property.type) {
    case 'Edm.String':
    case 'Edm.Guid':
      return arbValue(property.type, options).map((v) => JSON.stringify(v));
    case 'Edm.Boolean':
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
    case 'Edm.Int64':
    case 'Edm.Decimal':
      return arbValue(property.type, options).map(String);
    // JSON has no NaN nor infinity; a number reads as a Decimal, which meets a Double as one.
    case 'Edm.Double':
      return arbValue(property.type, options)
        .filter((v) => Number.isFinite(v))
        .map(String);
    case 'Edm.DateTimeOffset':
      return instantArb().map((ms) => JSON.stringify(new Date(ms).toISOString()));
    default:
      return undefined;
  }
}

/**
 * A structure's value for a complex value, every member stated (null or drawn as rows draw it),
 * nested ones in turn; undefined where the structure is not compared so or a member is not drawn.
 */
function structureLiteral(structure: StructuredProperty, options: ArbOptions): fc.Arbitrary<string> | undefined {
  if (structure.relation || (structure.type?.derived.size ?? 0) > 0) return undefined;
  const members: fc.Arbitrary<string>[] = [];
  for (const [name, property] of structure.properties) {
    if (property.kind === 'collection') return undefined;
    const value = property.kind === 'structured' ? structureLiteral(property, options) : jsonMember(property, options);
    if (value === undefined) return undefined;
    members.push(fc.option(value, { nil: 'null', freq: 4 }).map((v) => `${JSON.stringify(name)}:${v}`));
  }
  return fc.tuple(...members).map((texts) => `{${texts.join(',')}}`);
}

/** The structures of the resource (outside collections) with a literal drawn for each, by path text. */
function structureLiterals(
  properties: ReadonlyMap<string, Property>,
  prefix: string,
  options: ArbOptions,
  out = new Map<string, fc.Arbitrary<string>>(),
): Map<string, fc.Arbitrary<string>> {
  for (const property of properties.values()) {
    if (property.kind !== 'structured' || !property.filterable) continue;
    const path = `${prefix}${property.name}`;
    const literal = structureLiteral(property, options);
    if (literal !== undefined) out.set(path, literal);
    structureLiterals(property.properties, `${path}/`, options, out);
  }
  return out;
}

/** The generator of filter text for a schema: expressions of a kind and depth where variables are bound. */
function grammar(
  schema: Schema,
  options: ArbOptions,
): { expr: (kind: Kind, depth: number, scope?: Scope) => fc.Arbitrary<Term>; reachOf: (scope: Scope) => Reach } {
  const members = new Map<Kind, string[]>();
  for (const { path, property, filterable } of listPropertyPaths(schema)) {
    if (!filterable) continue;
    const text = path.join('/');
    for (const kind of kindsOf(property)) members.set(kind, [...(members.get(kind) ?? []), text]);
  }

  // Structures under which some property is filterable, compared with null below.
  const structures = [
    ...new Set(
      listPropertyPaths(schema)
        .filter((p) => p.filterable)
        .flatMap((p) => p.path.slice(1).map((_, i) => p.path.slice(0, i + 1).join('/'))),
    ),
  ];

  // What a filter can read where range variables are bound (`lambdas`): the resource's members,
  // also as `$it/…`, and each variable's element, its members, structures and collections.
  const rowReach = reachable(schema.properties, '');
  const literals = structureLiterals(schema.properties, '', options);
  const scopes = new Map<string, Reach>();
  const reachOf = (scope: Scope): Reach => {
    if (!options.lambdas) return { members, structures, collections: [] };
    const key = scopeKey(scope);
    let reach = scopes.get(key);
    if (reach === undefined) {
      const rows = [rowReach, reachable(schema.properties, '$it/')];
      const elements = scope.map(elementReach);
      const parts = [...rows, ...elements];
      const membersOf = (reaches: readonly Reach[]): ReadonlyMap<Kind, readonly string[]> =>
        new Map((Object.keys(KIND_OF_NAMES) as Kind[]).map((k) => [k, reaches.flatMap((r) => r.members.get(k) ?? [])]));
      reach = {
        members: membersOf(rows),
        elementMembers: membersOf(elements),
        structures: parts.flatMap((r) => r.structures),
        collections: parts.flatMap((r) => r.collections),
      };
      scopes.set(key, reach);
    }
    return reach;
  };

  const memo = new Map<string, fc.Arbitrary<Term>>();
  const expr = (kind: Kind, depth: number, scope: Scope = []): fc.Arbitrary<Term> => {
    const id = scope.length === 0 ? `${kind}:${depth}` : `${kind}:${depth}:${scopeKey(scope)}`;
    let arb = memo.get(id);
    if (arb === undefined) {
      arb = build(kind, depth, scope);
      memo.set(id, arb);
    }
    return arb;
  };

  const atom = (kind: Kind, scope: Scope): fc.Arbitrary<Term> => {
    const choices: fc.WeightedArbitrary<string>[] = [
      { arbitrary: literalOf[kind](options), weight: 3 },
      { arbitrary: fc.constantFrom('null', 'NULL'), weight: 1 },
    ];
    const reach = reachOf(scope);
    const names = reach.members.get(kind);
    if (names !== undefined && names.length > 0) choices.push({ arbitrary: fc.constantFrom(...names), weight: 5 });
    // Inside a lambda, mostly what its variables reach, so that bodies depend on the elements.
    const elements = reach.elementMembers?.get(kind);
    if (elements !== undefined && elements.length > 0)
      choices.push({ arbitrary: fc.constantFrom(...elements), weight: 10 });
    return fc.oneof(...choices).map(atomic);
  };

  const call = (name: string, ...args: fc.Arbitrary<Term>[]): fc.Arbitrary<Term> =>
    fc.tuple(word(name), ...args).map(([n, ...a]) => atomic(`${n}(${(a as Term[]).map((t) => t.text).join(', ')})`));
  const binary = (left: fc.Arbitrary<Term>, ops: readonly string[], right: fc.Arbitrary<Term>): fc.Arbitrary<Term> =>
    fc
      .tuple(left, fc.constantFrom(...ops).chain(word), right)
      .map(([l, op, r]) => compound(`${group(l)} ${op} ${group(r)}`));

  const COMPARE = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
  /** The comparisons of a kind: binaries compare by eq and ne only (docs/semantics.md §6). */
  const comparisonsOf = (k: Kind): readonly string[] => (k === 'binary' ? ['eq', 'ne'] : COMPARE);
  const ARITHMETIC = ['add', 'sub', 'mul', 'div', 'mod'];

  /** `cast(x, T)` or `isof(x, T)` of an operand of kind `k`, T bare or quoted (docs/semantics.md §11). */
  const typeFunction = (
    name: 'cast' | 'isof',
    operand: fc.Arbitrary<Term>,
    targets: readonly EdmType[],
  ): fc.Arbitrary<Term> =>
    fc
      .tuple(word(name), operand, fc.constantFrom(...targets), fc.boolean())
      .map(([n, x, t, quoted]) => atomic(`${n}(${x.text}, ${quoted ? `'${t}'` : t})`));

  const build = (kind: Kind, depth: number, scope: Scope): fc.Arbitrary<Term> => {
    if (depth <= 0) return atom(kind, scope);
    const sub = (k: Kind): fc.Arbitrary<Term> => expr(k, depth - 1, scope);
    const forms: fc.Arbitrary<Term>[] = [];
    const reach = reachOf(scope);
    switch (kind) {
      case 'bool': {
        const compareOf = (k: Kind): fc.Arbitrary<Term> => binary(sub(k), comparisonsOf(k), sub(k));
        const item = (k: Kind): fc.Arbitrary<string> =>
          fc.oneof({ arbitrary: literalOf[k](options), weight: 4 }, { arbitrary: fc.constant('null'), weight: 1 });
        const inOf = (k: Kind): fc.Arbitrary<Term> =>
          fc
            .tuple(sub(k), word('in'), fc.array(item(k), { maxLength: 4 }))
            .map(([operand, op, list]) => atomic(`${groupPrimary(operand)} ${op} (${list.join(', ')})`));
        forms.push(
          fc.oneof(compareOf('num'), compareOf('string'), compareOf('instant'), compareOf('guid'), compareOf('bool')),
          fc.oneof(inOf('num'), inOf('string'), inOf('instant'), inOf('guid'), inOf('bool')),
          fc.oneof(binary(sub('binary'), comparisonsOf('binary'), sub('binary')), inOf('binary')),
          fc.oneof(
            compareOf('date'),
            compareOf('time'),
            compareOf('duration'),
            inOf('date'),
            inOf('time'),
            inOf('duration'),
          ),
        );
        // Where the schema declares the test's enumeration: a value of it compared, listed and
        // tested with has, its literals in either form.
        if (enumTypesOf(schema).has(TEST_COLOR.name))
          forms.push(
            fc.oneof(
              compareOf('color'),
              inOf('color'),
              binary(
                sub('color'),
                COMPARE,
                colorBody().map((b) => atomic(quote(b))),
              ),
              fc
                .tuple(
                  sub('color').filter((t) => !isNullText(t)),
                  word('has'),
                  fc.oneof(literalOf.color(options), colorBody().map(quote)),
                )
                .map(([x, has, v]) => atomic(`${groupPrimary(x)} ${has} ${v}`)),
            ),
          );
        forms.push(
          fc
            .tuple(fc.constantFrom('and', 'or').chain(word), fc.array(sub('bool'), { minLength: 2, maxLength: 4 }))
            .map(([op, items]) => compound(items.map(group).join(` ${op} `))),
          fc.tuple(word('not'), sub('bool')).map(([not, b]) => unary(`${not} ${group(b)}`)),
          fc.oneof(
            ...['substringof', 'contains', 'startswith', 'endswith'].map((f) => call(f, sub('string'), sub('string'))),
          ),
          // isof of every kind against every target, defined conversions or not (isof is then false);
          // a number of one type (a member, mostly) tested against, and compared as, each numeric
          // type; a String read as a Boolean, and tested against every type.
          fc.oneof(
            fc
              .constantFrom<Kind>('num', 'string', 'instant', 'guid', 'binary', 'bool', 'date', 'time', 'duration')
              .chain((k) => typeFunction('isof', sub(k), EDM_TYPES)),
            typeFunction(
              'isof',
              atom('num', scope).filter((t) => !isNullText(t)),
              NUMERIC_TYPES,
            ),
            binary(
              typeFunction(
                'cast',
                atom('num', scope).filter((t) => !isNullText(t)),
                NUMERIC_TYPES,
              ),
              COMPARE,
              sub('num'),
            ),
            typeFunction('cast', sub('string'), ['Edm.Boolean']),
            typeFunction('isof', sub('string'), EDM_TYPES),
          ),
        );
        if (reach.structures.length > 0) {
          const nullTest = fc
            .tuple(
              fc.constantFrom(...reach.structures),
              fc.constantFrom('eq', 'ne').chain(word),
              fc.constantFrom('null', 'NULL'),
              fc.boolean(),
            )
            .map(([path, op, nul, mirrored]) => compound(mirrored ? `${nul} ${op} ${path}` : `${path} ${op} ${nul}`));
          // A structure compared with its value, member by member (docs/semantics.md §16): one
          // form with the null test, so that the other forms are drawn as often as before.
          const compared = reach.structures.filter((path) => literals.has(path));
          if (compared.length === 0) forms.push(nullTest);
          else {
            const withValue = fc
              .constantFrom(...compared)
              .chain((path) =>
                fc.tuple(
                  fc.constant(path),
                  fc.constantFrom('eq', 'ne').chain(word),
                  fc.array(literals.get(path)!, { minLength: 1, maxLength: 2 }),
                  fc.nat(2),
                ),
              )
              .map(([path, op, [value, ...others], form]) =>
                form === 0
                  ? compound(`${path} ${op} ${value}`)
                  : form === 1
                    ? compound(`${value} ${op} ${path}`)
                    : atomic(`${path} in (${[value, ...others].join(', ')})`),
              );
            forms.push(fc.oneof({ arbitrary: nullTest, weight: 2 }, { arbitrary: withValue, weight: 1 }));
          }
        }
        break;
      }
      case 'num':
      case 'int32': {
        // Int32-valued forms stay Int32, as substring positions need; `num` adds the rest.
        forms.push(
          // `divby` makes a Decimal of integers: an Int32 form would not stay one.
          binary(sub(kind), kind === 'num' ? [...ARITHMETIC, 'divby'] : ARITHMETIC, sub(kind)),
          sub(kind).map((x) => unary(`-${group(x)}`)),
          call('length', sub('string')),
          call('indexof', sub('string'), sub('string')),
          fc.constantFrom('year', 'month', 'day', 'hour', 'minute', 'second').chain((f) => call(f, sub('instant'))),
          fc.constantFrom('year', 'month', 'day').chain((f) => call(f, sub('date'))),
          fc.constantFrom('hour', 'minute', 'second').chain((f) => call(f, sub('time'))),
          call('totaloffsetminutes', sub('instant')),
          typeFunction('cast', sub('num'), SMALL_INTEGER_TYPES),
          typeFunction('cast', sub('string'), SMALL_INTEGER_TYPES),
        );
        if (kind === 'num')
          forms.push(
            typeFunction('cast', sub('num'), NUMERIC_TYPES),
            typeFunction('cast', sub('string'), NUMERIC_TYPES),
            typeFunction(
              'cast',
              atom('num', scope).filter((t) => !isNullText(t)),
              ['Edm.Decimal', 'Edm.Double', 'Edm.Single', 'Edm.Int64'],
            ),
          );
        if (kind === 'num') forms.push(fc.constantFrom('round', 'floor', 'ceiling').chain((f) => call(f, sub('num'))));
        if (kind === 'num') {
          forms.push(
            fc.oneof(call('fractionalseconds', sub('instant')), call('fractionalseconds', sub('time'))),
            call('totalseconds', sub('duration')),
          );
        }
        if (kind === 'num' && reach.collections.length > 0)
          forms.push(fc.constantFrom(...reach.collections).map((c) => atomic(`${c.text}/$count`)));
        break;
      }
      case 'string':
        forms.push(
          fc.constantFrom('tolower', 'toupper', 'trim').chain((f) => call(f, sub('string'))),
          call('concat', sub('string'), sub('string')),
          call('replace', sub('string'), sub('string'), sub('string')),
          call('substring', sub('string'), sub('int32')),
          call('substring', sub('string'), sub('int32'), sub('int32')),
          fc
            .constantFrom<Kind>('num', 'string', 'instant', 'guid', 'binary', 'bool', 'date', 'time', 'duration')
            .chain((k) => typeFunction('cast', sub(k), ['Edm.String'])),
        );
        break;
      case 'instant':
        // `datetime('…')` is literal syntax, but a call on any expression, even a literal, is a call.
        forms.push(
          fc.constantFrom('datetime', 'datetimeoffset').chain((f) => call(f, sub('instant'))),
          call('maxdatetime'),
          typeFunction('cast', fc.oneof(sub('instant'), sub('string')), INSTANT_TYPES),
        );
        if (options.earlyInstants !== false) {
          // A null instant or date would make these Duration sums; a null duration is fine.
          forms.push(
            call('mindatetime'),
            binary(sub('instant'), ['add', 'sub'], sub('duration')).filter(
              (t) => !t.text.toLowerCase().startsWith('null '),
            ),
            binary(sub('date'), ['add', 'sub'], sub('duration')).filter(
              (t) => !t.text.toLowerCase().startsWith('null '),
            ),
          );
        }
        break;
      case 'date':
        forms.push(call('date', sub('instant')), typeFunction('cast', sub('string'), ['Edm.Date']));
        break;
      case 'time':
        forms.push(call('time', sub('instant')), typeFunction('cast', sub('string'), ['Edm.TimeOfDay']));
        break;
      case 'duration': {
        // A null operand takes its type from the other side: where that would not make a duration
        // (`Due sub null` moves an instant; `null add null` and `null mul 2` are numbers), it is drawn again.
        const both = (k: Kind, ops: readonly string[]) =>
          fc
            .tuple(sub(k), fc.constantFrom(...ops).chain(word), sub(k))
            .filter(([l, , r]) => !isNullText(l) && !isNullText(r));
        forms.push(
          both('instant', ['sub']).map(([l, op, r]) => compound(`${group(l)} ${op} ${group(r)}`)),
          both('date', ['sub']).map(([l, op, r]) => compound(`${group(l)} ${op} ${group(r)}`)),
          binary(sub('duration'), ['add', 'sub'], sub('duration')).filter((t) => !/^null \w+ null$/i.test(t.text)),
          fc
            .tuple(sub('duration'), fc.constantFrom('mul', 'div').chain(word), sub('num'))
            .filter(([d]) => !isNullText(d))
            .map(([d, op, n]) => compound(`${group(d)} ${op} ${group(n)}`)),
          fc
            .tuple(sub('num'), word('mul'), sub('duration'))
            .filter(([, , d]) => !isNullText(d))
            .map(([n, op, d]) => compound(`${group(n)} ${op} ${group(d)}`)),
          sub('duration')
            .filter((d) => !isNullText(d))
            .map((d) => unary(`-${group(d)}`)),
          typeFunction('cast', sub('string'), ['Edm.Duration']),
        );
        break;
      }
      case 'guid':
        forms.push(typeFunction('cast', sub('string'), ['Edm.Guid']));
        break;
      case 'binary':
        forms.push(
          typeFunction('cast', sub('binary'), ['Edm.Binary']),
          typeFunction('cast', sub('string'), ['Edm.Binary']),
        );
        break;
    }
    const weighted = forms.map((arbitrary) => ({ arbitrary, weight: 2 }));
    // Lambdas nest up to three deep; their variable is named by its depth, unique along a chain.
    if (kind === 'bool' && reach.collections.length > 0 && scope.length < 3) {
      const lambda = (c: CollectionRef): fc.Arbitrary<Term> => {
        const variable = `x${scope.length}`;
        const inner: Scope = [...scope, { variable, collection: c }];
        // Often a comparison of what the element reaches, so that most bodies depend on the element.
        const kinds = [...elementReach(inner[inner.length - 1]!).members.keys()];
        const operand = (k: Kind): fc.Arbitrary<Term> => expr(k, Math.max(depth - 2, 0), inner);
        const focused = fc.constantFrom(...kinds).chain((k) => binary(operand(k), comparisonsOf(k), operand(k)));
        const body =
          kinds.length > 0 ? fc.oneof(expr('bool', depth - 1, inner), focused) : expr('bool', depth - 1, inner);
        return fc
          .tuple(fc.constantFrom('any', 'all'), body)
          .map(([op, b]) => atomic(`${c.text}/${op}(${variable}: ${b.text})`));
      };
      // `x in C` nests as a lambda (maxLambdaDepth counts it), and only a Boolean x can hold
      // another: that one is an atom, so a filter nests at most four deep, the default limit.
      const membership = (c: CollectionRef): fc.Arbitrary<Term> => {
        if (c.property.element.kind !== 'primitive') return fc.constant(atomic(`${c.text}/any()`));
        const k = kindsOf(c.property.element)[0] ?? 'bool';
        return (k === 'bool' ? atom(k, scope) : sub(k)).map((x) => atomic(`${groupPrimary(x)} in ${c.text}`));
      };
      const collection = fc.constantFrom(...reach.collections);
      weighted.push(
        { arbitrary: collection.chain(lambda), weight: 5 },
        { arbitrary: collection.map((c) => atomic(`${c.text}/any()`)), weight: 1 },
        { arbitrary: collection.chain(membership), weight: 2 },
      );
    }
    return fc.oneof({ arbitrary: atom(kind, scope), weight: 2 }, ...weighted);
  };

  return { expr, reachOf };
}

/** The kinds of value a value expression is drawn as: every type but the test's enumeration. */
const VALUE_KINDS: readonly Kind[] = [
  'bool',
  'num',
  'int32',
  'string',
  'instant',
  'guid',
  'binary',
  'date',
  'time',
  'duration',
];

/**
 * Random well-typed value expressions over a schema (not only Boolean ones): arithmetic,
 * functions, casts and date-time arithmetic of every type, `maxDepth` deep (default 3), within
 * the default string cost limit. For the value differential: their text and their order.
 */
export function arbValueText(schema: Schema, options: ArbOptions = {}): fc.Arbitrary<string> {
  const maxDepth = options.maxDepth ?? 3;
  const { expr } = grammar(schema, options);
  return fc
    .constantFrom(...VALUE_KINDS)
    .chain((kind) => expr(kind, maxDepth))
    .map((t) => t.text)
    .filter((text) => withinStringCost(`cast(${text}, Edm.String) eq null`, schema));
}

/** Random filters already checked against the schema. */
export function arbTypedFilter(schema: Schema, options: ArbOptions = {}): fc.Arbitrary<TypedFilter> {
  return arbFilterText(schema, options).map((text) => check(text, schema));
}

/** Every canonical function name, for coverage assertions on generated filters. */
export const FUNCTION_NAMES: readonly string[] = FUNCTIONS.map((f) => f.name);

/**
 * An `orderby` value for a schema (docs/query.md, "Order"): up to two distinct primitive property
 * paths outside collections, each `asc`, `desc` or neither, types `skip` leaves out; or nothing.
 */
export function arbOrderBy(
  schema: Schema,
  skip: (type: EdmType) => boolean = () => false,
): fc.Arbitrary<string | undefined> {
  const paths = listPropertyPaths(schema)
    .filter((p) => p.filterable && !skip(p.property.type))
    .map((p) => p.path.join('/'));
  const item = fc.tuple(fc.constantFrom(...paths), fc.constantFrom('', ' asc', ' desc', ' DESC'));
  return fc.option(
    fc
      .uniqueArray(item, { minLength: 1, maxLength: 2, selector: ([path]) => path })
      .map((items) => items.map(([path, direction]) => `${path}${direction}`).join(',')),
    { nil: undefined },
  );
}
