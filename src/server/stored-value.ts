// A value as a database driver hands it back, as the row value of its property (docs/semantics.md
// §1, "Row values"), so that the endpoint writes it as it writes the same value held in memory:
// Booleans from SQLite's and MySQL's 0/1, Int64 exact from text (or a BSON Long), Decimal as
// text (or a BSON Decimal128's), durations and enumerations from text digits (a duration stored
// in microseconds as its ISO 8601 text, the row form of a finer value), binaries as plain
// Uint8Arrays (from a Buffer or a BSON Binary), collections from JSON text. Instants, dates and
// times of day are left as the drivers give them (a Date, epoch milliseconds, or text), which the
// endpoint reads as the storage conventions say. A value of a shape no conversion fits is left as
// it is: the endpoint's reading reports it.

import type { PrimitiveProperty, Property } from '../types/schema.js';
import { type TimeUnit, timeOfPicoseconds } from '../semantics/fine-time.js';
import { formatDuration } from '../semantics/temporal.js';

const INTEGER_TEXT = /^-?\d+$/;

/** The row value of a property from the stored one; `unit`, that of stored durations. */
export function storedValue(value: unknown, property: Property, unit: TimeUnit = 'milliseconds'): unknown {
  if (value === null || value === undefined) return null;
  if (property.kind === 'collection') {
    const array = typeof value === 'string' ? parsedJson(value) : value;
    if (!Array.isArray(array)) return array;
    return array.map((element) => storedValue(element, property.element, unit));
  }
  if (property.kind === 'structured') {
    if (typeof value !== 'object') return value;
    const out: Record<string, unknown> = {};
    for (const [name, member] of Object.entries(value as Record<string, unknown>)) {
      const inner = property.properties.get(name);
      out[name] = inner === undefined ? member : storedValue(member, inner, unit);
    }
    return out;
  }
  return storedPrimitive(value, property, unit);
}

function storedPrimitive(value: unknown, property: PrimitiveProperty, unit: TimeUnit): unknown {
  if (property.enum !== undefined)
    return integerOf(value, property.enum.underlyingType === 'Edm.Int64' ? 'bigint' : 'number');
  switch (property.type) {
    case 'Edm.Boolean':
      if (value === 0 || value === 1 || value === 0n || value === 1n) return Number(value) === 1;
      return value;
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
      return integerOf(value, 'number');
    case 'Edm.Int64':
      return integerOf(value, 'bigint');
    case 'Edm.Duration':
      return unit === 'microseconds' ? microsecondDuration(value) : integerOf(value, 'number');
    case 'Edm.Decimal':
      // A BSON Decimal128 (or any decimal object) by its text; numbers and text as they are.
      return typeof value === 'object' && !(value instanceof Uint8Array) ? String(value) : value;
    case 'Edm.Double':
    case 'Edm.Single':
      return typeof value === 'string' && value !== '' ? Number(value) : value;
    case 'Edm.Binary':
      return bytesOf(value);
    default:
      return value;
  }
}

/** An integer from a number, a bigint, decimal digits or an object whose text is its digits (a BSON Long). */
function integerOf(value: unknown, as: 'number' | 'bigint'): unknown {
  let digits: string | undefined;
  if (typeof value === 'bigint') digits = String(value);
  else if (typeof value === 'number') return as === 'number' || !Number.isInteger(value) ? value : BigInt(value);
  else if (typeof value === 'string' || (typeof value === 'object' && value !== null)) digits = String(value);
  if (digits === undefined || !INTEGER_TEXT.test(digits)) return value;
  return as === 'bigint' ? BigInt(digits) : Number(digits);
}

/** A duration's microseconds (an integer, its digits or a BSON Long) as its ISO 8601 text. */
function microsecondDuration(value: unknown): unknown {
  const us = integerOf(value, 'bigint');
  return typeof us === 'bigint' ? formatDuration(timeOfPicoseconds(us * 1_000_000n)) : value;
}

/** A plain Uint8Array of a Buffer's bytes, or of a BSON Binary's (its `buffer`). */
function bytesOf(value: unknown): unknown {
  if (value instanceof Uint8Array)
    return value.constructor === Uint8Array ? value : new Uint8Array(value.buffer, value.byteOffset, value.byteLength);
  const buffer = typeof value === 'object' && value !== null ? (value as { buffer?: unknown }).buffer : undefined;
  return buffer instanceof Uint8Array ? bytesOf(buffer) : value;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}
