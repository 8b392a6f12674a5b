// The enumeration evaluation table: rows with values of a flags enumeration, a plain one and a
// flags one on Int64 with its highest member bit, null and missing, and filters with the ids
// they must match, written from docs/semantics.md §12. Rows hold the values as SQL and MongoDB
// store them (docs/sql.md, docs/mongo.md): the integers.

import { defineSchema } from '../../src/index.js';
import type { EnumDefinition, Schema, SchemaDefinition } from '../../src/index.js';
import type { EvalCase, EvalRow } from './eval-table.js';

export const COLOR: EnumDefinition = { name: 'Sales.Color', members: { Red: 1, Green: 2, Blue: 4 }, flags: true };
export const SIZE: EnumDefinition = {
  name: 'Sales.Size',
  members: { Small: 0, Medium: 1, Large: 2 },
  underlyingType: 'Edm.Int16',
};
export const PERMISSION: EnumDefinition = {
  name: 'Sales.Permission',
  members: { Read: 1, Write: 2, Admin: 2n ** 62n },
  flags: true,
  underlyingType: 'Edm.Int64',
};

export const enumSchemaDefinition: SchemaDefinition = {
  name: 'Product',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Color: { enum: COLOR },
    Favorite: { enum: COLOR },
    Size: { enum: SIZE },
    Grants: { enum: PERMISSION },
    Colors: { collection: { enum: COLOR } },
  },
};

export const enumSchema: Schema = defineSchema(enumSchemaDefinition);

const ADMIN = 2n ** 62n;

/** Row 3 lacks every property, row 4 has every nullable property null. */
export const enumRows: readonly EvalRow[] = [
  { Id: 1, Color: 1, Favorite: 1, Size: 0, Grants: 1n, Colors: [1, 4] },
  { Id: 2, Color: 5, Favorite: 4, Size: 2, Grants: 3n, Colors: [] },
  { Id: 3 },
  { Id: 4, Color: null, Favorite: null, Size: null, Grants: null, Colors: null },
  { Id: 5, Color: 7, Favorite: 7, Size: 1, Grants: ADMIN + 1n, Colors: [2, null] },
  { Id: 6, Color: 0, Favorite: 0, Size: 2, Grants: 0n, Colors: [7] },
  { Id: 7, Color: 2, Favorite: null, Size: 1, Grants: ADMIN + 2n, Colors: [1] },
];

const table: readonly (readonly [string, readonly number[]])[] = [
  // Literals: the qualified form, the bare string of OData 4.01, values, and flags combined
  ["Color eq Sales.Color'Red'", [1]],
  ["Color eq 'Red,Blue'", [2]],
  ["Color eq Sales.Color'Blue,Red'", [2]],
  ["Color eq Sales.Color'5'", [2]],
  ["Color eq Sales.Color'Red,4'", [2]],
  ["'Green' eq Color", [7]],
  ["Color ne 'Red'", [2, 3, 4, 5, 6, 7]],
  ['Color eq null', [3, 4]],
  ['Color eq Favorite', [1, 3, 4, 5, 6]],
  ['Color ne Favorite', [2, 7]],
  // Order by the members' values
  ["Color gt 'Red'", [2, 5, 7]],
  ["Color le Sales.Color'Green'", [1, 6, 7]],
  ["Size lt 'Large'", [1, 5, 7]],
  ["Size ge Sales.Size'Medium'", [2, 5, 6, 7]],
  ["not (Size lt 'Large')", [2, 3, 4, 6]],
  // in, with either form of literal and the JSON array
  ["Color in ('Red', 'Green')", [1, 7]],
  ["Color in (Sales.Color'Red,Blue', null)", [2, 3, 4]],
  ['Color in ["Red", "Green"]', [1, 7]],
  ["Size in ('Small', 'Medium')", [1, 5, 7]],
  // has: every bit of the value set; a value of no bits holds for every non-null operand
  ["Color has Sales.Color'Red'", [1, 2, 5]],
  ["Color has 'Red,Blue'", [2, 5]],
  ["Color has 'Green'", [5, 7]],
  ["not (Color has 'Red')", [3, 4, 6, 7]],
  ["Color has Sales.Color'0'", [1, 2, 5, 6, 7]],
  ["(Color has 'Red') eq true", [1, 2, 5]],
  ["(Color has 'Red') eq (Favorite has 'Red')", [1, 3, 4, 5, 6, 7]],
  ["Color has 'Red' and Size eq 'Small'", [1]],
  ["not Color has 'Blue'", [1, 3, 4, 6, 7]],
  ["Size has 'Medium'", [5, 7]],
  ["Size has 'Small'", [1, 2, 5, 6, 7]],
  ["Grants has Sales.Permission'Admin'", [5, 7]],
  ["Grants has 'Read,Admin'", [5]],
  ["Grants has 'Write'", [2, 7]],
  ["Grants eq Sales.Permission'Read,Write'", [2]],
  ["Grants gt 'Admin'", [5, 7]],
  // Collections of an enumeration
  ["Colors/any(c: c has 'Blue')", [1, 6]],
  ["Colors/all(c: c eq 'Red')", [2, 3, 4, 7]],
  ['Colors/any(c: c eq Color)', [1]],
  ["'Green' in Colors", [5]],
  ["Sales.Color'Red' in Colors", [1, 7]],
  ['Colors/any(c: c eq null)', [5]],
];

export const enumCases: readonly EvalCase[] = table.map(([filter, ids]) => ({
  filter,
  ids: [...ids].sort((a, b) => a - b),
}));
