// Results of a model's functions that state their elements' types by the default type marker,
// `@odata.type` (docs/semantics.md §14, §15): a model with a derived type and no discriminator,
// a structure and a collection returned per row, and filters with the ids they must match,
// written from what the implementations return. A result is no stored document: its marker is a
// member of a value, read as one field whatever its name.

import { defineFunctions, defineModel, defineSchema, schemaOf } from '../../src/index.js';
import type { Schema } from '../../src/index.js';
import type { EvalRow } from './eval-table.js';

export const typedResultModel = defineModel({
  namespace: 'Staff',
  entityTypes: {
    Employee: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String' } },
    Manager: { baseType: 'Employee', properties: { Budget: 'Edm.Int32' } },
  },
  entitySets: { Employees: { type: 'Employee' } },
  functions: {
    Boss: { parameters: { Id: 'Edm.Int32' }, returnType: 'Employee' },
    Team: { parameters: { Id: 'Edm.Int32' }, returnType: { type: 'Employee', collection: true } },
    // Bound to managers: 100 for each it is given, plus their budgets; 0 for none.
    Budgets: {
      bound: true,
      parameters: { managers: { type: 'Manager', collection: true } },
      returnType: 'Edm.Int32',
    },
  },
});

export const typedResultSchema: Schema = schemaOf(typedResultModel, 'Employees');

/** The rows' storage: an id only; everything the filters read is returned by the functions. */
export const typedResultStorageSchema: Schema = defineSchema({
  name: 'Employee',
  properties: { Id: { type: 'Edm.Int32', nullable: false } },
});

export const typedResultRows: readonly EvalRow[] = [{ Id: 1 }, { Id: 2 }, { Id: 3 }];

const employee = { '@odata.type': '#Staff.Employee', Id: 10, Name: 'Ann' };
const manager = (budget: number) => ({ '@odata.type': '#Staff.Manager', Id: 20, Name: 'Bo', Budget: budget });

/** Row 1's boss is an employee, row 2's a manager; row 3 has none. */
const bosses: readonly unknown[] = [null, employee, manager(15), null];
/** Row 1's team has an employee and a manager, row 2's a manager; row 3 has none. */
const teams: readonly unknown[] = [null, [employee, manager(5)], [manager(15)], null];

/** The value for an id in a table, null past its end, as an aggregation expression. */
const mongoPick = (id: unknown, values: readonly unknown[]): unknown =>
  values.reduceRight<unknown>(
    (otherwise, value, i) => ({ $cond: [{ $eq: [id, i] }, { $literal: value }, otherwise] }),
    null,
  );

export const typedResultRegistry = defineFunctions({
  'Staff.Boss': {
    memory: (a) => bosses[a.Id as number] ?? null,
    mongo: (a) => mongoPick(a.Id, bosses),
  },
  'Staff.Team': {
    memory: (a) => teams[a.Id as number] ?? null,
    mongo: (a) => mongoPick(a.Id, teams),
  },
  'Staff.Budgets': {
    memory: (_a, _s, c) =>
      c!.reduce((sum: number, m) => sum + 100 + ((m as (member: string) => number | null)('Budget') ?? 0), 0),
    mongo: (_a, _s, c) => ({
      $reduce: {
        input: c!.map((m) => m('Budget')),
        initialValue: 0,
        in: { $add: ['$$value', 100, { $ifNull: ['$$this', 0] }] },
      },
    }),
  },
});

const table: readonly (readonly [string, readonly number[]])[] = [
  // A type-cast segment on a structure result: its members where the marker names the type.
  ['Staff.Boss(Id=Id)/Staff.Manager/Budget gt 10', [2]],
  ['Staff.Boss(Id=Id)/Staff.Manager eq null', [1, 3]],
  ['Staff.Boss(Id=Id)/Staff.Manager ne null', [2]],
  ["Staff.Boss(Id=Id)/Name eq 'Ann'", [1]],
  // On a collection result's elements: tested and cast by the marker.
  ['Staff.Team(Id=Id)/any(e: isof(e, Staff.Manager))', [1, 2]],
  ['Staff.Team(Id=Id)/all(e: isof(e, Staff.Manager))', [2, 3]],
  ['Staff.Team(Id=Id)/any(e: e/Staff.Manager/Budget gt 10)', [2]],
  // A type-cast segment on a collection result: only its elements of the type, as after a
  // property (row 1's team has one manager of two; a null result has none).
  ['Staff.Team(Id=Id)/Staff.Manager/$count eq 1', [1, 2]],
  ['Staff.Team(Id=Id)/Staff.Manager/$count eq 0', [3]],
  ['Staff.Team(Id=Id)/Staff.Manager/any()', [1, 2]],
  ['Staff.Team(Id=Id)/Staff.Manager/any(m: m/Budget lt 10)', [1]],
  ["Staff.Team(Id=Id)/Staff.Manager/all(m: m/Name eq 'Bo')", [1, 2, 3]],
  ['Staff.Team(Id=Id)/Staff.Manager/all(m: m/Budget gt 10)', [2, 3]],
  // A function bound to the elements of the type: given only those (none for a null result).
  ['Staff.Team(Id=Id)/Staff.Manager/Staff.Budgets() eq 105', [1]],
  ['Staff.Team(Id=Id)/Staff.Manager/Staff.Budgets() eq 115', [2]],
  ['Staff.Team(Id=Id)/Staff.Manager/Staff.Budgets() eq 0', [3]],
];

export const typedResultCases: readonly { readonly filter: string; readonly ids: readonly number[] }[] = table.map(
  ([filter, ids]) => ({ filter, ids }),
);
