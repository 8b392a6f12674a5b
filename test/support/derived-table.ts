// The derived-type evaluation table (docs/semantics.md §14): a model whose entity type and complex
// type have derived types, rows that state their types by a discriminator the model names (`Kind`),
// and filters with the ids they must match, written from the meaning. Rows hold the values as SQL
// and MongoDB store them; `derivedStorageSchema` is the same rows as plain columns (every derived
// type's properties and the discriminator), which is how the engines' tables are made.

import { defineModel, defineSchema, schemaOf } from '../../src/index.js';
import type { Schema } from '../../src/index.js';
import type { EvalCase, EvalRow } from './eval-table.js';

export const derivedModel = defineModel({
  namespace: 'Staff',
  complexTypes: {
    Address: { properties: { City: 'Edm.String' } },
    HomeAddress: { baseType: 'Address', properties: { Zip: 'Edm.String' } },
  },
  entityTypes: {
    Employee: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Name: 'Edm.String',
        Address: 'Address',
        Addresses: { type: 'Address', collection: true },
      },
    },
    Manager: { baseType: 'Employee', properties: { Budget: 'Edm.Int32' } },
    Executive: { baseType: 'Manager', properties: { Level: 'Edm.Int32' } },
    Contractor: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false } } },
  },
  entitySets: { Employees: { type: 'Employee' } },
  discriminator: {
    property: 'Kind',
    values: { Employee: 'E', Manager: 'M', Executive: 'X', Address: 'A', HomeAddress: 'H', Contractor: 'C' },
  },
});

export const derivedSchema: Schema = schemaOf(derivedModel, 'Employees');

const ADDRESS = { properties: { Kind: 'Edm.String', City: 'Edm.String', Zip: 'Edm.String' } } as const;

/** The rows' storage: every property of every type, and `Kind`, as columns and fields. */
export const derivedStorageSchema: Schema = defineSchema({
  name: 'Employee',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Kind: 'Edm.String',
    Name: 'Edm.String',
    Budget: 'Edm.Int32',
    Level: 'Edm.Int32',
    Address: ADDRESS,
    Addresses: { collection: ADDRESS },
  },
});

/**
 * Row 3 states no type (an Employee) and has nothing else; row 6 states a type the model does not
 * have ('Q'), and an address of another unknown type ('Z').
 */
export const derivedRows: readonly EvalRow[] = [
  {
    Id: 1,
    Kind: 'E',
    Name: 'Ann',
    Address: { Kind: 'A', City: 'Oslo' },
    Addresses: [
      { Kind: 'H', City: 'Oslo', Zip: '0150' },
      { Kind: 'A', City: 'Rome' },
    ],
  },
  {
    Id: 2,
    Kind: 'M',
    Name: 'Bo',
    Budget: 10,
    Address: { Kind: 'H', City: 'Paris', Zip: '75001' },
    Addresses: [
      { Kind: 'H', City: 'Bern', Zip: '1000' },
      { Kind: 'H', City: 'Graz', Zip: '2000' },
    ],
  },
  { Id: 3 },
  { Id: 4, Kind: 'X', Name: 'Cy', Budget: 50, Level: 2, Address: null, Addresses: [null, { City: 'Lima' }] },
  { Id: 5, Kind: 'M', Name: 'Di', Budget: null, Address: { City: 'Rome' }, Addresses: [] },
  {
    Id: 6,
    Kind: 'Q',
    Name: 'Ed',
    Budget: 7,
    Address: { Kind: 'Z', City: 'Bergen', Zip: '9' },
    Addresses: [{ Kind: 'H', City: 'Oslo' }],
  },
];

const table: readonly (readonly [string, readonly number[]])[] = [
  // The resource's type: the named type or one derived from it; no Kind is the declared type.
  ['isof(Staff.Manager)', [2, 4, 5]],
  ['isof(Staff.Employee)', [1, 2, 3, 4, 5]],
  ['isof(Staff.Executive)', [4]],
  ['not isof(Staff.Manager)', [1, 3, 6]],
  ['isof($it, Staff.Manager)', [2, 4, 5]],
  // A type-cast segment on the resource: its properties, null where it is of another type.
  ['Staff.Manager/Budget gt 5', [2, 4]],
  ['Staff.Manager/Budget eq null', [1, 3, 5, 6]],
  ['$it/Staff.Manager/Budget ge 10', [2, 4]],
  ['Staff.Executive/Level eq 2', [4]],
  ['Staff.Manager/Staff.Executive/Level eq 2', [4]],
  ["Staff.Manager/Name eq 'Bo'", [2]],
  ["Staff.Manager/Name ne 'Bo'", [1, 3, 4, 5, 6]],
  // On a complex value.
  ['isof(Address, Staff.HomeAddress)', [2]],
  ['isof(Address, Staff.Address)', [1, 2, 5]],
  ['not isof(Address, Staff.Address)', [3, 4, 6]],
  ["Address/Staff.HomeAddress/Zip eq '75001'", [2]],
  ['Address/Staff.HomeAddress/Zip eq null', [1, 3, 4, 5, 6]],
  ["Address/Staff.HomeAddress/City eq 'Paris'", [2]],
  ['cast(Address, Staff.HomeAddress) eq null', [1, 3, 4, 5, 6]],
  ['cast(Address, Staff.HomeAddress) ne null', [2]],
  ['Address/Staff.HomeAddress ne null', [2]],
  ['Address/Staff.Address eq null', [3, 4, 6]],
  // On a collection: its elements of the type.
  ['Addresses/Staff.HomeAddress/any()', [1, 2, 6]],
  ["Addresses/Staff.HomeAddress/any(a: a/Zip eq '0150')", [1]],
  ['Addresses/Staff.HomeAddress/all(a: a/Zip ne null)', [1, 2, 3, 4, 5]],
  ['not Addresses/Staff.HomeAddress/all(a: a/Zip ne null)', [6]],
  ['Addresses/Staff.HomeAddress/$count eq 2', [2]],
  ['Addresses/Staff.HomeAddress/$count eq 0', [3, 4, 5]],
  ['Addresses/$count eq 2', [1, 2, 4]],
  ['Addresses/Staff.Address/$count eq 1', [4, 6]],
  // Type tests and casts of a lambda's element.
  ["Addresses/any(a: isof(a, Staff.HomeAddress) and a/City eq 'Bern')", [2]],
  ["Addresses/any(a: a/Staff.HomeAddress/Zip eq '2000')", [2]],
  ['Addresses/all(a: isof(a, Staff.HomeAddress))', [2, 3, 5, 6]],
  ['Addresses/any(a: cast(a, Staff.HomeAddress) eq null)', [1, 4]],
  // Collections and structures read through a cast structure: empty, and null.
  ['Staff.Manager/Addresses/Staff.HomeAddress/$count ge 1', [2]],
  ['Staff.Manager/Addresses/$count eq 0', [1, 3, 5, 6]],
  ['Staff.Manager/Addresses/any()', [2, 4]],
  ['Staff.Manager/Addresses/all(a: a ne null)', [1, 2, 3, 5, 6]],
  ["Staff.Manager/Address/Staff.HomeAddress/Zip eq '75001'", [2]],
  ['Staff.Manager/Address eq null', [1, 3, 4, 6]],
];

export const derivedCases: readonly EvalCase[] = table.map(([filter, ids]) => ({ filter, ids }));
