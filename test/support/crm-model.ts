// The customers of the noninterference properties (test/support/noninterference.ts) as a model
// with functions (docs/semantics.md §15), and their implementations in memory and on the SQL
// dialects: unbound, bound to the resource (reading a member a policy hides), bound to a related
// row and to a lambda's element (which a row filter may hide), bound to a to-many relation (whose
// row filter keeps some rows out), results read by a path, and one given a collection whole (a
// JSON array, the customer's marks or its hidden codes, the orders' totals a row filter thins, null).
// A function is where a policy's rules and row filters could be passed by: the property draws calls
// of each.

import { defineFunctions, defineModel } from '../../src/index.js';
import type { SqlElements } from '../../src/index.js';
import { type SqlFragment, sqlFragment } from '../../src/backends/sql/index.js';

const id = { type: 'Edm.Int32', nullable: false } as const;

export const crmModel = defineModel({
  namespace: 'Crm',
  complexTypes: {
    Card: { properties: { Label: 'Edm.String', Long: 'Edm.Boolean' } },
    /** A customer's note: its Text anyone sees, its Secret the policy hides in every element. */
    Note: { properties: { Text: 'Edm.String', Secret: 'Edm.String' } },
  },
  entityTypes: {
    Customer: {
      key: ['Id'],
      properties: {
        Id: id,
        Name: 'Edm.String',
        Secret: 'Edm.String',
        Ssn: 'Edm.String',
        Tenant: 'Edm.Int32',
        Marks: { type: 'Edm.Int32', collection: true },
        // Hidden by the policy, as Secret is.
        Codes: { type: 'Edm.Int32', collection: true },
        Notes: { type: 'Note', collection: true },
      },
      navigation: { Region: { type: 'Region' }, Orders: { type: 'Order', collection: true } },
    },
    Region: { key: ['Id'], properties: { Id: id, Name: 'Edm.String', Open: 'Edm.Boolean' } },
    Order: {
      key: ['Id'],
      properties: { Id: id, Status: 'Edm.String', Total: 'Edm.Int32' },
      navigation: { Lines: { type: 'Line', collection: true } },
    },
    Line: { key: ['Id'], properties: { Id: id, Qty: 'Edm.Int32' } },
  },
  entitySets: {
    Customers: { type: 'Customer', bindings: { Region: 'Regions', Orders: 'Orders' } },
    Regions: { type: 'Region' },
    Orders: { type: 'Order', bindings: { Lines: 'Lines' } },
    Lines: { type: 'Line' },
  },
  functions: {
    /** Unbound: twice its argument. */
    Double: { parameters: { Value: 'Edm.Int32' }, returnType: 'Edm.Int32' },
    /** Bound to the customer: reads its Secret, which the policy hides, so a call is always refused. */
    Score: { bound: true, parameters: { customer: 'Customer' }, returnType: 'Edm.Int32' },
    /** Bound to a region, which the row filter hides where it is closed. */
    IsNorth: { bound: true, parameters: { region: 'Region' }, returnType: 'Edm.Boolean' },
    Info: { bound: true, parameters: { region: 'Region' }, returnType: 'Card' },
    /** Bound to an order, a lambda's element. */
    Big: { bound: true, parameters: { order: 'Order', Min: 'Edm.Int32' }, returnType: 'Edm.Boolean' },
    /** Bound to the orders, of which the row filter keeps the void ones out. */
    Spent: { bound: true, parameters: { orders: { type: 'Order', collection: true } }, returnType: 'Edm.Int32' },
    Totals: {
      bound: true,
      parameters: { orders: { type: 'Order', collection: true } },
      returnType: { type: 'Edm.Int32', collection: true },
    },
    /** Bound to an order's lines: their quantities. */
    Qtys: {
      bound: true,
      parameters: { lines: { type: 'Line', collection: true } },
      returnType: { type: 'Edm.Int32', collection: true },
    },
    /** Unbound, a structure read by a path. */
    CardOf: { parameters: { Name: 'Edm.String' }, returnType: 'Card' },
    /** Unbound, given a collection whole: the sum of its values, null ones left out; null for null. */
    Sum: { parameters: { Of: { type: 'Edm.Int32', collection: true } }, returnType: 'Edm.Int32' },
  },
});

type Reader<T> = (member: string) => T;
type SqlImplementation = (
  args: Readonly<Record<string, SqlFragment>>,
  read: Reader<SqlFragment> | undefined,
  elements: SqlElements<SqlFragment> | undefined,
) => SqlFragment;

/** Each SQL dialect alike. */
const everyDialect = (render: SqlImplementation) => ({ postgres: render, sqlite: render, mysql: render });

const totalsOf = (orders: readonly unknown[]): (number | null)[] =>
  orders.map((order) => (order as Reader<number | null>)('Total'));
const label = (name: unknown) => (name === null ? null : { Label: name, Long: (name as string).length > 1 });

/** Results of structures and collections, and collections passed whole, are memory's only: SQL refuses them by name. */
export const crmFunctions = defineFunctions({
  'Crm.Double': {
    memory: (a) => (a.Value === null ? null : (a.Value as number) * 2),
    sql: everyDialect((a) => sqlFragment`(${a.Value!} * 2)`),
  },
  'Crm.Score': {
    memory: (_a, read) => ((read!('Secret') as string | null) ?? '').length,
    sql: everyDialect((_a, read) => sqlFragment`COALESCE(LENGTH(${read!('Secret')}), 0)`),
  },
  'Crm.IsNorth': {
    memory: (_a, read) => (read!('Name') === null ? null : read!('Name') === 'North'),
    sql: everyDialect((_a, read) => sqlFragment`(${read!('Name')} = 'North')`),
  },
  'Crm.Info': { memory: (_a, read) => label(read!('Name')) },
  'Crm.Big': {
    memory: (a, read) =>
      read!('Total') === null || a.Min === null ? null : (read!('Total') as number) > (a.Min as number),
    sql: everyDialect((a, read) => sqlFragment`(${read!('Total')} > ${a.Min!})`),
  },
  'Crm.Spent': {
    memory: (_a, _read, orders) => totalsOf(orders!).reduce<number>((sum, total) => sum + (total ?? 0), 0),
    sql: everyDialect(
      (_a, _read, orders) => sqlFragment`COALESCE(${orders!.aggregate((e) => sqlFragment`SUM(${e('Total')})`)}, 0)`,
    ),
  },
  'Crm.Totals': { memory: (_a, _read, orders) => totalsOf(orders!) },
  'Crm.Qtys': { memory: (_a, _read, lines) => lines!.map((line) => (line as Reader<number | null>)('Qty')) },
  'Crm.CardOf': { memory: (a) => label(a.Name) },
  'Crm.Sum': {
    memory: (a) => (a.Of === null ? null : (a.Of as (number | null)[]).reduce<number>((sum, v) => sum + (v ?? 0), 0)),
  },
});
