// MongoDB Extended JSON (canonical form for the types JSON lacks), for printing a query document.

import { base64UrlOfHex, hexOfBytes } from '../../language/binary-spelling.js';

/** A value that prints itself as Extended JSON, e.g. a Decimal128 stand-in: `{ $numberDecimal }`. */
export interface ExtendedJsonValue {
  toExtendedJson(): unknown;
}

/**
 * The document as Extended JSON text: Date as `{"$date": "…"}`, bigint as `{"$numberLong": "…"}`,
 * a Uint8Array as `{"$binary": {"base64": "…", "subType": "00"}}`,
 * NaN and ±Infinity as `{"$numberDouble": …}`, a `bson` Decimal128 or Long (what the `decimal` and
 * `long` options usually build) as `{"$numberDecimal": "…"}` or `{"$numberLong": "…"}`, and any
 * value with `toExtendedJson()` as it says.
 */
export function toExtendedJson(document: unknown, indent = 2): string {
  return JSON.stringify(toPlain(document), null, indent);
}

function toPlain(value: unknown): unknown {
  if (typeof value === 'bigint') return { $numberLong: value.toString() };
  if (typeof value === 'number' && !Number.isFinite(value))
    return { $numberDouble: Number.isNaN(value) ? 'NaN' : value > 0 ? 'Infinity' : '-Infinity' };
  if (value instanceof Date) return { $date: value.toISOString() };
  if (value instanceof Uint8Array) return { $binary: { base64: base64Of(value), subType: '00' } };
  if (Array.isArray(value)) return value.map(toPlain);
  if (value !== null && typeof value === 'object') {
    const custom = value as Partial<ExtendedJsonValue>;
    if (typeof custom.toExtendedJson === 'function') return custom.toExtendedJson();
    const bson = bsonNumber(value);
    if (bson !== undefined) return bson;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
  }
  return value;
}

/**
 * A `bson` Decimal128 or Long in its Extended JSON form. The package does not depend on `bson`, so
 * it recognises them as bson itself does, by `_bsontype` (a prototype getter, which copying the
 * own properties would lose, leaving only the raw bytes); `toString()` gives their exact text.
 */
function bsonNumber(value: object): unknown {
  const { _bsontype: type } = value as { _bsontype?: unknown };
  if (type !== 'Decimal128' && type !== 'Long') return undefined;
  const text = String(value);
  return type === 'Decimal128' ? { $numberDecimal: text } : { $numberLong: text };
}

/** Bytes in base64 (RFC 4648 §4, with padding), as Extended JSON's `$binary` writes them. */
function base64Of(bytes: Uint8Array): string {
  return base64UrlOfHex(hexOfBytes(bytes)).replaceAll('-', '+').replaceAll('_', '/');
}

/** Decimal text that prints as `{"$numberDecimal": "…"}`: the CLI's Decimal128 stand-in. */
export class DecimalText implements ExtendedJsonValue {
  constructor(readonly text: string) {}
  toExtendedJson(): unknown {
    return { $numberDecimal: this.text };
  }
  toString(): string {
    return this.text;
  }
}
