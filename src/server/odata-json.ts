// Rows as OData JSON (OData 4.01 JSON format): each value as the format writes its type — Int64 and
// Decimal as JSON numbers with every digit (strings where the request asks IEEE754Compatible),
// instants in UTC, dates, times and durations as their literals without a prefix, binaries in
// base64url, enumerations by
// member names, NaN and ±INF as strings — structures nested, collections as arrays, and a related
// row (an expansion) as an object or an array under its navigation property.

import type { TimeValue } from '../semantics/fine-time.js';
import { formatInstant } from '../semantics/instant.js';
import {
  readBinary,
  readDecimal,
  readEnum,
  readInstant,
  readInt64,
  readDate,
  readTimeOfDay,
  readDuration,
} from '../backends/memory/row-values.js';
import { base64UrlOfHex } from '../language/binary-spelling.js';
import { formatDate, formatDuration, formatTimeOfDay } from '../semantics/temporal.js';
import type { EnumType } from '../types/enum-type.js';
import type { PrimitiveProperty, Property } from '../types/schema.js';

export interface JsonOptions {
  /** Int64 and Decimal as strings, for clients whose numbers are binary64 (`IEEE754Compatible=true`). */
  readonly ieee754Compatible: boolean;
}

type Fields = { readonly [name: string]: unknown };

/** A row's JSON text: the properties it holds that the schema knows, in the row's order, each as its type writes it. */
export function rowJson(row: Fields, properties: ReadonlyMap<string, Property>, options: JsonOptions): string {
  const members: string[] = [];
  for (const [name, value] of Object.entries(row)) {
    const property = properties.get(name);
    if (property === undefined || value === undefined) continue;
    members.push(`${JSON.stringify(name)}:${valueJson(value, property, name, options)}`);
  }
  return `{${members.join(',')}}`;
}

function valueJson(value: unknown, property: Property, path: string, options: JsonOptions): string {
  if (property.kind === 'collection') {
    if (value === null || !Array.isArray(value)) return '[]';
    const element = property.element;
    return `[${value
      .map((item) =>
        item === null || item === undefined
          ? 'null'
          : element.kind === 'primitive'
            ? primitiveJson(item, element, path, options)
            : rowJson(item as Fields, element.properties, options),
      )
      .join(',')}]`;
  }
  if (value === null) return 'null';
  if (property.kind === 'structured') return rowJson(value as Fields, property.properties, options);
  return primitiveJson(value, property, path, options);
}

function primitiveJson(value: unknown, property: PrimitiveProperty, path: string, options: JsonOptions): string {
  if (property.enum !== undefined) return JSON.stringify(enumText(readEnum(value, path, property.enum), property.enum));
  switch (property.type) {
    case 'Edm.Int64': {
      const digits = String(readInt64(value, path));
      return options.ieee754Compatible ? `"${digits}"` : digits;
    }
    case 'Edm.Decimal': {
      const text = readDecimal(value, path).toString();
      return options.ieee754Compatible ? `"${text}"` : text;
    }
    case 'Edm.Double':
    case 'Edm.Single': {
      const n = value as number;
      if (Number.isNaN(n)) return '"NaN"';
      if (!Number.isFinite(n)) return n > 0 ? '"INF"' : '"-INF"';
      return JSON.stringify(n);
    }
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return `"${instantText(readInstant(value, path, property.type))}"`;
    case 'Edm.Date':
      return `"${formatDate(readDate(value, path))}"`;
    case 'Edm.TimeOfDay':
      return `"${formatTimeOfDay(readTimeOfDay(value, path))}"`;
    case 'Edm.Duration':
      return `"${formatDuration(readDuration(value, path))}"`;
    case 'Edm.Guid':
      return JSON.stringify(String(value).toLowerCase());
    case 'Edm.Binary':
      return `"${base64UrlOfHex(readBinary(value, path))}"`;
    default:
      return JSON.stringify(value);
  }
}

/** `YYYY-MM-DDThh:mm:ss[.fff…]Z`: the instant in UTC, the fraction (to the picosecond) only when not zero. */
function instantText(instant: TimeValue): string {
  const iso = formatInstant(instant);
  return iso.endsWith('.000Z') ? `${iso.slice(0, -5)}Z` : iso;
}

/**
 * An enumeration value by its member's name, or for flags the names of the members it combines,
 * joined by commas; a value no names spell (a flags value with a bit no member has, zero without a
 * member for it) as its number, which OData's JSON format allows.
 */
function enumText(value: number | bigint, type: EnumType): string {
  const v = BigInt(value);
  for (const [name, member] of type.members) if (member === v) return name;
  if (!type.flags || v === 0n) return String(v);
  const parts = [...type.members].filter(([, m]) => m !== 0n && (v & m) === m);
  const covered = parts.reduce((bits, [, m]) => bits | m, 0n);
  return covered === v ? parts.map(([name]) => name).join(',') : String(v);
}
