// The binary evaluation table: rows with binaries that are empty, a prefix of another, equal in
// their first byte and longer, at 0x00 and 0xff, null and missing, a collection of them, and the
// filters with the ids they must match, written from docs/semantics.md §6. Rows hold Uint8Arrays.

import { defineSchema } from '../../src/index.js';
import type { Schema, SchemaDefinition } from '../../src/index.js';
import type { EvalCase, EvalRow } from './eval-table.js';

export const binarySchemaDefinition: SchemaDefinition = {
  name: 'Blob',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Bin: 'Edm.Binary',
    Other: 'Edm.Binary',
    Bins: { collection: 'Edm.Binary' },
  },
};

export const binarySchema: Schema = defineSchema(binarySchemaDefinition);

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);
/** `OData` in ASCII: `binary'T0RhdGE='`. */
const ODATA = bytes(0x4f, 0x44, 0x61, 0x74, 0x61);

/** The bytes 0 to 99. */
const LONG = Uint8Array.from({ length: 100 }, (_, i) => i);

/** Row 3 lacks every property, row 4 has every nullable property null. */
export const binaryRows: readonly EvalRow[] = [
  { Id: 1, Bin: bytes(), Other: bytes(), Bins: [bytes(0x00), bytes(0xff)] },
  { Id: 2, Bin: bytes(0x00), Other: bytes(0x00, 0x00), Bins: [] },
  { Id: 3 },
  { Id: 4, Bin: null, Other: null, Bins: null },
  { Id: 5, Bin: bytes(0x00, 0x00), Other: bytes(0x00), Bins: [bytes(), null] },
  { Id: 6, Bin: bytes(0xff), Other: bytes(0xff), Bins: [bytes(0x00, 0x00), bytes(0xff)] },
  { Id: 7, Bin: bytes(0x00, 0xff), Other: bytes(0x01), Bins: [ODATA] },
  { Id: 8, Bin: ODATA, Other: bytes() },
  // Longer than the 57 bytes after which PostgreSQL's and MySQL's base64 break the line.
  { Id: 9, Bin: LONG, Other: null },
];

const table: readonly (readonly [string, readonly number[]])[] = [
  // Literals: base64url with its padding or without, hexadecimal in either case, the empty value
  ["Bin eq binary''", [1]],
  ["Bin eq X''", [1]],
  ["Bin eq binary'AA=='", [2]],
  ["Bin eq binary'AA'", [2]],
  ["Bin eq X'00'", [2]],
  ["Bin eq binary'AAA='", [5]],
  ["Bin eq x'0000'", [5]],
  ["Bin eq binary'_w=='", [6]],
  ["Bin eq X'ff'", [6]],
  ["Bin eq binary'AP8'", [7]],
  ["Bin eq BINARY'T0RhdGE'", [8]],
  [
    "Bin eq X'000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F60616263'",
    [9],
  ],
  ["binary'T0RhdGE=' eq Bin", [8]],
  // Equality byte for byte: a prefix, or the same first byte, is another value
  ["Bin ne X'00'", [1, 3, 4, 5, 6, 7, 8, 9]],
  ["not (Bin eq X'00')", [1, 3, 4, 5, 6, 7, 8, 9]],
  ['Bin eq null', [3, 4]],
  ['null eq Bin', [3, 4]],
  ['Bin ne null', [1, 2, 5, 6, 7, 8, 9]],
  // Two values of the row: null equals null
  ['Bin eq Other', [1, 3, 4, 6]],
  ['Bin ne Other', [2, 5, 7, 8, 9]],
  // in: the chain of eq
  ["Bin in (X'00', X'FF', binary'')", [1, 2, 6]],
  ["Bin in (X'00', null)", [2, 3, 4]],
  ["not (Bin in (X'00', X'0000'))", [1, 3, 4, 6, 7, 8, 9]],
  ['Bin in ()', []],
  // A collection of binaries, null elements too
  ["Bins/any(b: b eq X'FF')", [1, 6]],
  ['Bins/any(b: b eq null)', [5]],
  ["Bins/all(b: b ne X'')", [1, 2, 3, 4, 6, 7, 8, 9]],
  ['Bins/any(b: b eq Bin)', [6]],
  ['Bins/any(b: b eq Other)', [6]],
  ["X'0000' in Bins", [6]],
  ['Bin in Bins', [6]],
  ['Bins/$count eq 2', [1, 5, 6]],
  // isof: every non-null binary has a text; no other type converts to or from one
  ['isof(Bin, Edm.String)', [1, 2, 5, 6, 7, 8, 9]],
  ['isof(Bin, Edm.Binary)', [1, 2, 5, 6, 7, 8, 9]],
  ['isof(Bin, Edm.Int32)', []],
  ["cast(Bin, Edm.Binary) eq X'00'", [2]],
];

const casesOf = (rows: readonly (readonly [string, readonly number[]])[]): readonly EvalCase[] =>
  rows.map(([filter, ids]) => ({ filter, ids: [...ids].sort((a, b) => a - b) }));

export const binaryCases: readonly EvalCase[] = casesOf(table);

/**
 * `cast(Bin, Edm.String)`: base64url with its padding. SQLite has no base64 function and MongoDB's
 * needs a format only 8.0 takes: both refuse it by name (`cast(Edm.Binary, Edm.String)`).
 */
const texts: readonly (readonly [string, readonly number[]])[] = [
  ["cast(Bin, Edm.String) eq ''", [1]],
  ["cast(Bin, Edm.String) eq 'AA=='", [2]],
  ["cast(Bin, Edm.String) eq 'AAA='", [5]],
  ["cast(Bin, Edm.String) eq '_w=='", [6]],
  ["cast(Bin, Edm.String) eq 'AP8='", [7]],
  ["cast(Bin, Edm.String) eq 'T0RhdGE='", [8]],
  ['length(cast(Bin, Edm.String)) eq 4', [2, 5, 6, 7]],
  [
    "cast(Bin, Edm.String) eq 'AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8gISIjJCUmJygpKissLS4vMDEyMzQ1Njc4OTo7PD0-P0BBQkNERUZHSElKS0xNTk9QUVJTVFVWV1hZWltcXV5fYGFiYw=='",
    [9],
  ],
];

export const binaryTextCases: readonly EvalCase[] = casesOf(texts);
