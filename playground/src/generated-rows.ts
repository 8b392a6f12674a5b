// Sample rows for a pasted schema, which has no hand-written table: eight rows made from its
// properties, the same every time. Row i holds the i-th value of each type's list below, so the
// rows differ from one another; a nullable property is null in every fourth row (offset by its
// place, so that not every property is null in the same row), and the first property of each
// structure, when nullable, is missing from the last row, to show how filters treat both.

import type { EdmType, PrimitiveProperty, Property, Schema, StructuredProperty } from 'odata-filter';
import type { SampleRow } from './samples.js';

export const GENERATED_ROW_COUNT = 8;

/** Eight values of each Edm type, each one a row value the memory backend accepts (docs/semantics.md, section 1). */
const VALUES = {
  'Edm.String': ['Alpha', "O'Neil", 'Zoë', '', 'alpha', '東京', 'Beta gamma', 'ZOË'],
  'Edm.Boolean': [true, false, true, true, false, true, false, false],
  'Edm.Byte': [0, 1, 7, 42, 100, 128, 200, 255],
  'Edm.SByte': [-128, -1, 0, 1, 7, 42, 100, 127],
  'Edm.Int16': [-32768, -5, 0, 1, 42, 300, 1000, 32767],
  'Edm.Int32': [-100, 0, 1, 5, 42, 50, 120, 2147483647],
  'Edm.Int64': [-9007199254740993n, -1, 0, 1, 42, 50, 9007199254740993n, 9223372036854775807n],
  'Edm.Decimal': ['-12.50', '0', '0.1', '1', '42', '99.99', '1000.001', '12345678901234567890.123'],
  'Edm.Double': [-1.5, 0, 0.1, 1, 42, 99.5, 1e21, Number.NaN],
  'Edm.Single': [-1.5, 0, 0.25, 1, 42, 99.5, 1024, 3.5],
  'Edm.DateTime': [
    '2012-01-01T00:00:00Z',
    '2012-02-29T12:30:00Z',
    '2015-06-15T08:00:00Z',
    '2019-12-31T23:59:59Z',
    '2020-01-01T00:00:00Z',
    '2023-07-04T09:15:00Z',
    '2024-02-29T10:00:00Z',
    '2025-11-26T18:45:30Z',
  ],
  'Edm.DateTimeOffset': [
    '2012-01-01T00:00:00Z',
    '2012-02-29T12:30:00+10:00',
    '2015-06-15T08:00:00-05:00',
    '2019-12-31T23:59:59Z',
    '2020-01-01T00:00:00+01:00',
    '2023-07-04T09:15:00Z',
    '2024-02-29T10:00:00+09:00',
    '2025-11-26T18:45:30Z',
  ],
  'Edm.Date': [
    '2012-01-01',
    '2012-02-29',
    '2015-06-15',
    '2019-12-31',
    '2020-01-01',
    '2023-07-04',
    '2024-02-29',
    '2025-11-26',
  ],
  'Edm.TimeOfDay': ['00:00', '06:30', '08:00:00', '09:15:30', '12:00', '13:45:00.250', '18:00', '23:59:59.999'],
  'Edm.Duration': ['PT0S', 'PT30M', 'PT1H', 'PT1H30M', 'P1D', 'P1DT2H', '-PT15M', 'P12DT23H59M59.999S'],
  'Edm.Guid': [
    '00000000-0000-0000-0000-000000000000',
    '0f8fad5b-d9cb-469f-a165-70867728950e',
    '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    'a3bb189e-8bf9-3888-9912-ace4e6543002',
    '16fd2706-8baf-433b-82eb-8c7fada847da',
    '886313e1-3b8a-5372-9b90-0c9aee199e5d',
    'C56A4180-65AA-42EC-A945-5FD21DEC0538',
    'ffffffff-ffff-ffff-ffff-ffffffffffff',
  ],
  'Edm.Binary': [
    new Uint8Array([]),
    new Uint8Array([0]),
    new Uint8Array([0, 0]),
    new Uint8Array([0, 255]),
    new Uint8Array([1]),
    new Uint8Array([79, 68, 97, 116, 97]),
    new Uint8Array([251, 255]),
    new Uint8Array([255]),
  ],
} as const satisfies Record<EdmType, readonly unknown[]>;

/** The generated rows of a schema. */
export function generateRows(schema: Schema): SampleRow[] {
  const rows: SampleRow[] = [];
  for (let i = 0; i < GENERATED_ROW_COUNT; i++) rows.push(structureValue(schema.properties, i, 0));
  return rows;
}

/**
 * The relations a row holds, one inside another, before they are left empty: a model's relations
 * lead back to the rows they come from (People/Friends/Friends/…), which would never end.
 */
const RELATION_DEPTH = 2;

function structureValue(
  properties: ReadonlyMap<string, Property>,
  row: number,
  relations: number,
): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  let place = 0;
  for (const [name, property] of properties) {
    place++;
    // One nullable property per structure is left out of row 7: a missing value reads as null.
    if (row === 7 && place === 1 && isNullable(property)) continue;
    value[name] = propertyValue(property, row, place, relations);
  }
  return value;
}

function isNullable(property: Property): boolean {
  return property.kind !== 'collection' && property.nullable;
}

function propertyValue(property: Property, row: number, place: number, relations: number): unknown {
  const within = relations + (property.kind !== 'primitive' && property.relation ? 1 : 0);
  switch (property.kind) {
    case 'collection': {
      // Collections of 0 to 3 elements: row 0 empty, then growing, element i from row (row + i).
      const length = within > RELATION_DEPTH ? 0 : row % 4;
      return Array.from({ length }, (_, i) => elementValue(property.element, row + i, place, within));
    }
    case 'primitive':
    case 'structured':
      if ((property.nullable && (row + place) % 4 === 0) || within > RELATION_DEPTH) return null;
      return elementValue(property, row, place, within);
  }
}

function elementValue(
  property: PrimitiveProperty | StructuredProperty,
  row: number,
  place: number,
  relations: number,
): unknown {
  if (property.kind === 'structured') return structureValue(property.properties, row, relations);
  if (property.enum !== undefined) {
    const members = [...property.enum.members.values()];
    const member = members[row % members.length];
    // An enumeration's value is its member's integer; bigint keeps Int64 members exact.
    return member === undefined ? null : property.type === 'Edm.Int64' ? member : Number(member);
  }
  const values: readonly unknown[] = VALUES[property.type];
  return values[(row + place) % values.length];
}
