// The structured-value evaluation table (docs/semantics.md §16): a complex value whose members are
// of the types a JSON object writes otherwise than the language does — a guid and a date-time as
// strings, an Int64 beyond a double, a Decimal, a Boolean, an enumeration member by name — and a
// collection of structures compared element by element, with the ids each filter must match.
// Every structure that is present has a member that is not null, so flattened columns tell it
// from a null one (that difference is pinned in test/sql/structure-null.test.ts).

import { defineSchema } from '../../src/index.js';
import type { Schema, SchemaDefinition } from '../../src/index.js';
import type { EvalCase, EvalRow } from './eval-table.js';

export const structureSchemaDefinition: SchemaDefinition = {
  name: 'Stop',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Spot: {
      properties: {
        Label: 'Edm.String',
        Key: 'Edm.Guid',
        At: 'Edm.DateTimeOffset',
        Count: 'Edm.Int64',
        Amount: 'Edm.Decimal',
        Open: 'Edm.Boolean',
        Color: { enum: { name: 'Sales.Color', members: { Red: 1, Green: 2, Blue: 3 } } },
      },
    },
    Legs: { collection: { properties: { Name: 'Edm.String', Seq: 'Edm.Int32' } } },
  },
};

export const structureSchema: Schema = defineSchema(structureSchemaDefinition);

const KEY = '01234567-89ab-cdef-0123-456789abcdef';
const BIG = 9007199254740993n;

/** Row 3 lacks every property, row 4 has every nullable property null. */
export const structureRows: readonly EvalRow[] = [
  {
    Id: 1,
    Spot: {
      Label: 'Oslo',
      Key: KEY,
      At: new Date('2012-12-03T07:16:23Z'),
      Count: BIG,
      Amount: '1.50',
      Open: true,
      Color: 1,
    },
    Legs: [
      { Name: 'a', Seq: 1 },
      { Name: 'b', Seq: null },
    ],
  },
  {
    Id: 2,
    Spot: { Label: 'Oslo', Key: KEY, At: new Date('2012-12-03T07:16:23Z'), Count: BIG - 1n, Amount: '1.5', Open: true },
    Legs: [{ Name: 'a', Seq: 2 }],
  },
  { Id: 3 },
  { Id: 4, Spot: null, Legs: null },
  {
    Id: 5,
    Spot: { Label: 'oslo', Key: KEY.toUpperCase(), At: null, Count: 0n, Amount: '-0', Open: false, Color: 3 },
    Legs: [{ Name: null, Seq: 3 }, { Name: 'b' }],
  },
];

const SPOT_1 =
  '{"Label":"Oslo","Key":"01234567-89AB-cdef-0123-456789abcdef","At":"2012-12-03T08:16:23+01:00","Count":9007199254740993,"Amount":1.5,"Open":true,"Color":"Red"}';
const SPOT_5 =
  '{"Label":"oslo","Key":"01234567-89ab-cdef-0123-456789abcdef","At":null,"Count":0,"Amount":0,"Open":false,"Color":"Blue"}';

const table: readonly (readonly [string, readonly number[]])[] = [
  // Members of every type: a guid whatever its case, an instant in any offset, an Int64 exactly,
  // a Decimal by value (1.50 is 1.5, -0 is 0), an enumeration member by name
  [`Spot eq ${SPOT_1}`, [1]],
  [`Spot ne ${SPOT_1}`, [2, 3, 4, 5]],
  [`Spot eq ${SPOT_5}`, [5]],
  // Int64 exactly: 2^53 + 1 is not 2^53, which a double would make it
  [`Spot eq ${SPOT_1.replace('"Color":"Red"', '"Color":null')}`, []],
  [`Spot eq ${SPOT_1.replace('"Color":"Red"', '"Color":null').replace('740993', '740992')}`, [2]],
  [`Spot eq ${SPOT_1.replace('"Open":true', '"Open":false')}`, []],
  [`Spot eq ${SPOT_5.replace('"oslo"', '"Oslo"')}`, []],
  [`Spot in (${SPOT_1}, ${SPOT_5})`, [1, 5]],
  [`Spot in [${SPOT_5}, null]`, [3, 4, 5]],
  [`not (Spot in [${SPOT_5}, null])`, [1, 2]],
  // A collection's elements compared with a structure's value: null members equal null only
  ['Legs/any(l: l eq {"Name":"a","Seq":1})', [1]],
  ['Legs/any(l: l eq {"Name":"b","Seq":null})', [1, 5]],
  ['Legs/any(l: l eq {"Name":null,"Seq":3})', [5]],
  ['Legs/all(l: l ne {"Name":"a","Seq":2})', [1, 3, 4, 5]],
  ['Legs/any(l: l in ({"Name":"a","Seq":2}, {"Name":"a","Seq":1}))', [1, 2]],
];

export const structureCases: readonly EvalCase[] = table.map(([filter, ids]) => ({
  filter,
  ids: [...ids].sort((a, b) => a - b),
}));
