// The function-parameter table (docs/semantics.md §15, "Arguments"): a model whose functions take
// enumeration values, a registry implementing each on every backend, rows, and filters with the
// ids they must match, written from what the implementations compute. Each implementation returns
// what it was given (or a plain function of it), so the table proves what an implementation
// receives: a member's value, whatever the argument's spelling, and null for null.

import { defineFunctions, defineModel, defineSchema, schemaOf } from '../../src/index.js';
import type { EnumDefinition, Schema } from '../../src/index.js';
import { sqlFragment } from '../../src/backends/sql/index.js';
import type { EvalRow } from './eval-table.js';
import { everyDialect } from './function-table.js';

export const parameterModel = defineModel({
  namespace: 'Air',
  enumTypes: {
    Feature: { members: { Wifi: 1, Meals: 2, Power: 4 }, flags: true },
    Class: { members: { Economy: 0, Business: 1, First: 2 } },
    Grant: { members: { Read: 1, Admin: 2n ** 62n }, flags: true, underlyingType: 'Edm.Int64' },
  },
  entityTypes: {
    Flight: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Seats: 'Edm.Int32',
        Features: 'Feature',
        Class: 'Class',
        Cabins: { type: 'Class', collection: true },
        Grants: 'Grant',
      },
    },
  },
  entitySets: { Flights: { type: 'Flight' } },
  functions: {
    // The value of its argument, as an integer: null for null.
    Flag: { parameters: { Feature: 'Feature' }, returnType: 'Edm.Int32' },
    // Bound to the flight: its seats times one more than the class's value.
    Fare: { bound: true, parameters: { flight: 'Flight', Class: 'Class' }, returnType: 'Edm.Int32' },
    // The flight's features, as an enumeration result another call takes.
    FeaturesOf: { bound: true, parameters: { flight: 'Flight' }, returnType: 'Feature' },
    // Whether two values of an enumeration on Int64 are one: null with either null.
    Same: { parameters: { Grant: 'Grant', Other: 'Grant' }, returnType: 'Edm.Boolean' },
  },
});

export const parameterSchema: Schema = schemaOf(parameterModel, 'Flights');

const FEATURE: EnumDefinition = { name: 'Air.Feature', members: { Wifi: 1, Meals: 2, Power: 4 }, flags: true };
const CLASS: EnumDefinition = { name: 'Air.Class', members: { Economy: 0, Business: 1, First: 2 } };
const ADMIN = 2n ** 62n;
const GRANT: EnumDefinition = {
  name: 'Air.Grant',
  members: { Read: 1, Admin: ADMIN },
  flags: true,
  underlyingType: 'Edm.Int64',
};

/** The rows' storage: the same properties, enumerations as their values. */
export const parameterStorageSchema: Schema = defineSchema({
  name: 'Flight',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Seats: 'Edm.Int32',
    Features: { enum: FEATURE },
    Class: { enum: CLASS },
    Cabins: { collection: { enum: CLASS } },
    Grants: { enum: GRANT },
  },
});

export const parameterRows: readonly EvalRow[] = [
  { Id: 1, Seats: 10, Features: 3, Class: 0, Cabins: [0, 1], Grants: 1n },
  { Id: 2, Seats: 20, Features: 4, Class: 2, Cabins: [2], Grants: ADMIN + 1n },
  { Id: 3, Seats: null, Features: null, Class: null, Cabins: null, Grants: null },
  { Id: 4, Seats: 5, Features: 0, Class: 1, Cabins: [null, 0], Grants: ADMIN },
];

const isNull = (v: unknown): unknown => ({ $eq: [{ $ifNull: [v, null] }, null] });

export const parameterRegistry = defineFunctions({
  'Air.Flag': {
    memory: (a) => a.Feature,
    sql: everyDialect((a) => a.Feature!),
    mongo: (a) => ({ $cond: [isNull(a.Feature), null, a.Feature] }),
  },
  'Air.Fare': {
    memory: (a, s) =>
      a.Class === null || s!('Seats') === null ? null : (s!('Seats') as number) * ((a.Class as number) + 1),
    sql: everyDialect((a, s) => sqlFragment`(${s!('Seats')} * (${a.Class!} + 1))`),
    mongo: (a, s) => ({ $multiply: [s!('Seats'), { $add: [a.Class, 1] }] }),
  },
  'Air.FeaturesOf': {
    memory: (_a, s) => s!('Features'),
    sql: everyDialect((_a, s) => s!('Features')),
    mongo: (_a, s) => s!('Features'),
  },
  // In memory a value on Int64 is a bigint: any other is the table's failure.
  'Air.Same': {
    memory: (a) => {
      if (a.Grant === null || a.Other === null) return null;
      if (typeof a.Grant !== 'bigint' || typeof a.Other !== 'bigint') throw new TypeError('Int64 values are bigints');
      return a.Grant === a.Other;
    },
    sql: everyDialect((a) => sqlFragment`(${a.Grant!} = ${a.Other!})`),
    mongo: (a) => ({ $cond: [{ $or: [isNull(a.Grant), isNull(a.Other)] }, null, { $eq: [a.Grant, a.Other] }] }),
  },
});

const table: readonly (readonly [string, readonly number[]])[] = [
  // A literal of the type, by names, by value, combined; a string naming members (4.01).
  ["Air.Flag(Feature=Air.Feature'Wifi,Power') eq 5", [1, 2, 3, 4]],
  ["Air.Flag(Feature=Air.Feature'2') eq 2", [1, 2, 3, 4]],
  ["Air.Flag(Feature='Meals') eq 2", [1, 2, 3, 4]],
  // A property of the type: its value; null where the row's is null.
  ['Air.Flag(Feature=Features) eq 3', [1]],
  ['Air.Flag(Feature=Features) eq Seats div 5', [2, 3]],
  ['Air.Flag(Feature=Features) eq null', [3]],
  ['Air.Flag(Feature=null) eq null', [1, 2, 3, 4]],
  // The value of an enumeration result; of a lambda's element.
  ['Air.Flag(Feature=Air.FeaturesOf()) eq 4', [2]],
  ['Cabins/any(c: Air.Fare(Class=c) eq 20)', [1]],
  ['Cabins/any(c: Air.Fare(Class=c) eq null)', [4]],
  // Bound, beside its binding: a non-flags type, by name and by property.
  ["Air.Fare(Class='First') eq 60", [2]],
  ['Air.Fare(Class=Class) eq 10', [1, 4]],
  ["Air.Fare(Class=Air.Class'Business') gt Seats", [1, 2, 4]],
  // An enumeration on Int64: its highest member's bit, by name, by value and from the row.
  ["Air.Same(Grant=Grants, Other=Air.Grant'Read,Admin')", [2]],
  ["Air.Same(Grant='Admin', Other=Air.Grant'4611686018427387904')", [1, 2, 3, 4]],
  ['Air.Same(Grant=Grants, Other=null) eq null', [1, 2, 3, 4]],
  ["not Air.Same(Grant=Grants, Other='Admin')", [1, 2]],
];

export const parameterCases: readonly { readonly filter: string; readonly ids: readonly number[] }[] = table.map(
  ([filter, ids]) => ({ filter, ids }),
);

/** A case with a parameter alias as an enumeration argument: `@f` given beside the filter. */
export const parameterAliasCase = {
  filter: 'Air.Flag(Feature=@f) eq 6',
  aliases: { f: "'Meals,Power'" },
  ids: [1, 2, 3, 4],
} as const;
