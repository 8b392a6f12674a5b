// Noninterference of the policy (docs/query.md, "Rules" and "Row filters"): two datasets that
// differ only in what a caller may not see — a member hidden from select, filter and order, rows
// the resource's row filter excludes, orders a relation's row filter excludes (with their lines),
// a collection hidden as that member is, and a region the single-valued relation's row filter hides
// (which reads as null), a member hidden inside each element of a collection of structures — and requests
// over every option. Each engine must answer a request the same on both: the pages as projected,
// their order, counts and `more`, the next links followed to the end (their tokens compared by
// the pages they lead to), or the same refusal codes. Requests call the model's functions too
// (test/support/crm-model.ts), where a function could read what is hidden.

import fc from 'fast-check';
import { isFilterError } from '../../src/errors.js';
import { nextLink, parseQuery } from '../../src/query/index.js';
import type { QueryPlan, QueryResource } from '../../src/query/index.js';
import { schemaOf } from '../../src/index.js';
import type { CollectionProperty } from '../../src/index.js';
import type { Column } from '../engines/rows.js';
import { crmModel } from './crm-model.js';
import { TEST_KEYSET } from './keyset-key.js';

/** The customers' view of the model: the schema the properties' requests are checked against. */
export const Customer = schemaOf(crmModel, 'Customers');

/** The caller's tenant: rows of another are excluded by the resource's row filter. */
export const TENANT = 1;

export const resource: QueryResource = {
  schema: Customer,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 2, maxTop: 50, keyset: TEST_KEYSET },
  // Secret, Codes and each note's Secret are hidden; Ssn may order and filter but is never shown.
  rules: {
    Secret: { select: false, filter: false, sort: false },
    Codes: { select: false, filter: false, sort: false },
    'Notes/Secret': { select: false, filter: false, sort: false },
    Ssn: { select: false },
  },
  // The notes are shown when asked for: MySQL and MongoDB refuse a projection that must take a
  // member out of each element (docs/query.md, "Rules"), which would refuse every request there.
  defaultSelect: ['Id', 'Name', 'Tenant', 'Marks'],
  rowFilter: 'Tenant eq @tenant',
  relations: {
    Orders: { key: ['Id'], rowFilter: "Status ne 'void'" },
    'Orders/Lines': { key: ['Id'] },
    Region: { rowFilter: 'Open eq true' },
  },
};
export const PARAMETERS = { tenant: TENANT };

/** Regions: the open ones anyone sees, the closed one a caller never does. */
export const REGIONS = [
  { Id: 1, Name: 'North', Open: true },
  { Id: 2, Name: 'Süd', Open: true },
  { Id: 3, Name: null, Open: true },
  { Id: 4, Name: 'Closed', Open: false },
];
const HIDDEN_REGION = REGIONS[3]!;

export interface Line {
  Id: number;
  Qty: number | null;
}
export interface Order {
  Id: number;
  Status: string | null;
  Total: number | null;
  Lines: Line[];
}
export interface Note {
  Text: string | null;
  Secret: string | null;
}
export interface CustomerRow {
  Id: number;
  Name: string | null;
  Secret: string | null;
  Ssn: string;
  Tenant: number;
  Marks: (number | null)[] | null;
  Codes: (number | null)[] | null;
  Notes: Note[] | null;
  Region: (typeof REGIONS)[number] | null;
  Orders: Order[];
}

/** What the caller may see of a customer; `Region: undefined` is a region it does not see (none, or the hidden one). */
interface VisibleCustomer {
  Name: string | null;
  Marks: (number | null)[] | null;
  /** The notes' texts; each note's Secret is the noise's. */
  Notes: (string | null)[] | null;
  Region: (typeof REGIONS)[number] | undefined;
  Orders: { Status: string | null; Total: number | null; Lines: (number | null)[] }[];
}

/** What the caller may not see, drawn once per dataset. */
interface Noise {
  secrets: (string | null)[];
  codes: ((number | null)[] | null)[];
  /** Each note's Secret, per customer (as many as it has notes, or none). */
  noteSecrets: (string | null)[][];
  hiddenRegion: boolean[];
  /** Void orders put among each customer's orders: before visible order i (or at the end). */
  voidOrders: { at: number; Total: number | null; Lines: (number | null)[] }[][];
  /** Customers of another tenant, put before visible customer i (or at the end). */
  others: { at: number; Name: string | null; Orders: number }[];
}

const NAMES = ['a', 'B', 'ä', "O'Neil", null];
const arbQty = fc.option(fc.integer({ min: 0, max: 5 }), { nil: null });
const arbTotal = fc.option(fc.integer({ min: 0, max: 30 }), { nil: null });
const arbMarks = fc.option(fc.array(arbQty, { maxLength: 3 }), { nil: null });

const arbVisible: fc.Arbitrary<VisibleCustomer[]> = fc.array(
  fc.record({
    Name: fc.constantFrom(...NAMES),
    Marks: arbMarks,
    Notes: fc.option(fc.array(fc.constantFrom('a', 'B', null), { maxLength: 2 }), { nil: null }),
    Region: fc.option(fc.constantFrom(...REGIONS.slice(0, 3)), { nil: undefined }),
    Orders: fc.array(
      fc.record({
        Status: fc.constantFrom('open', 'shipped', null),
        Total: arbTotal,
        Lines: fc.array(arbQty, { maxLength: 2 }),
      }),
      { maxLength: 3 },
    ),
  }),
  { maxLength: 5 },
);

const arbNoise = (visible: readonly VisibleCustomer[]): fc.Arbitrary<Noise> =>
  fc.record({
    secrets: fc.array(fc.constantFrom(null, 'x', 'y', 'zz'), { minLength: visible.length, maxLength: visible.length }),
    codes: fc.array(arbMarks, { minLength: visible.length, maxLength: visible.length }),
    noteSecrets: fc.tuple(
      ...visible.map((c) => {
        const n = c.Notes?.length ?? 0;
        return fc.array(fc.constantFrom(null, 'x', 'y'), { minLength: n, maxLength: n });
      }),
    ),
    hiddenRegion: fc.array(fc.boolean(), { minLength: visible.length, maxLength: visible.length }),
    voidOrders: fc.tuple(
      ...visible.map((c) =>
        fc.array(
          fc.record({
            at: fc.integer({ min: 0, max: c.Orders.length }),
            Total: arbTotal,
            Lines: fc.array(arbQty, { maxLength: 2 }),
          }),
          { maxLength: 2 },
        ),
      ),
    ),
    others: fc.array(
      fc.record({
        at: fc.integer({ min: 0, max: visible.length }),
        Name: fc.constantFrom(...NAMES),
        Orders: fc.integer({ min: 0, max: 2 }),
      }),
      { maxLength: 2 },
    ),
  });

/**
 * The rows of one dataset: the visible customers with their visible orders keep their ids in both
 * datasets (customers 1…, orders 100…, lines 500…); what is hidden has ids of its own (customers
 * 50…, orders 300…, lines 800…), wherever it is put.
 */
function dataset(visible: readonly VisibleCustomer[], noise: Noise): CustomerRow[] {
  let orderId = 100;
  let lineId = 500;
  let hiddenOrderId = 300;
  let hiddenLineId = 800;
  const customers: CustomerRow[] = visible.map((c, i) => {
    const orders: Order[] = c.Orders.map((o) => ({
      Id: orderId++,
      Status: o.Status,
      Total: o.Total,
      Lines: o.Lines.map((qty) => ({ Id: lineId++, Qty: qty })),
    }));
    const voids = (noise.voidOrders[i] ?? []).map((v) => ({
      at: v.at,
      order: {
        Id: hiddenOrderId++,
        Status: 'void',
        Total: v.Total,
        Lines: v.Lines.map((qty) => ({ Id: hiddenLineId++, Qty: qty })),
      },
    }));
    for (const v of [...voids].reverse()) orders.splice(Math.min(v.at, orders.length), 0, v.order);
    return {
      Id: i + 1,
      Name: c.Name,
      Secret: noise.secrets[i] ?? null,
      // Visible to order and filters, so the same in both datasets; a value no body may show.
      Ssn: `ssn-${(i * 7) % 5}`,
      Tenant: TENANT,
      Marks: c.Marks,
      Codes: noise.codes[i] ?? null,
      Notes: c.Notes?.map((Text, j) => ({ Text, Secret: noise.noteSecrets[i]?.[j] ?? null })) ?? null,
      Region: c.Region ?? (noise.hiddenRegion[i] ? HIDDEN_REGION : null),
      Orders: orders,
    };
  });
  let otherId = 50;
  for (const other of [...noise.others].reverse()) {
    const row: CustomerRow = {
      Id: otherId++,
      Name: other.Name,
      Secret: 'theirs',
      Ssn: 'ssn-theirs',
      Tenant: 2,
      Marks: [9],
      Codes: [9],
      Notes: [{ Text: 'theirs', Secret: 'theirs' }],
      Region: REGIONS[0]!,
      Orders: Array.from({ length: other.Orders }, () => ({
        Id: hiddenOrderId++,
        Status: 'open',
        Total: 7,
        Lines: [{ Id: hiddenLineId++, Qty: 1 }],
      })),
    };
    customers.splice(Math.min(other.at, customers.length), 0, row);
  }
  return customers;
}

/** Two datasets that differ only in what the caller may not see. */
export const arbDatasetPair: fc.Arbitrary<[CustomerRow[], CustomerRow[]]> = arbVisible.chain((visible) =>
  fc.tuple(arbNoise(visible), arbNoise(visible)).map(([a, b]) => [dataset(visible, a), dataset(visible, b)]),
);

// Requests over every option; a few read the hidden member, and are refused on both datasets.
const FILTERS = [
  "Name eq 'a'",
  "Name ne 'B' and Orders/any()",
  'Orders/any(o: o/Total gt 10)',
  "Orders/all(o: o/Status eq 'open')",
  'Orders/$count ge 2',
  'Orders/$count eq 0',
  'Orders/any(o: o/Lines/any(l: l/Qty gt 2))',
  "Region/Name eq 'North'",
  "Region/Name eq 'Closed'",
  'Region eq null',
  'Region/Open eq false',
  "substring(Ssn, 4) gt '2'",
  "Notes/any(n: n/Text eq 'a')",
  'Notes/all(n: n/Text ne null) and Notes/$count ge 1',
];
/**
 * Calls of the model's functions (test/support/crm-model.ts): unbound; bound to the region a row
 * filter may hide, to an order in a lambda, to the orders a row filter thins.
 */
const CALLS = [
  'Crm.Double(Value=Tenant) eq 2',
  'Region/Crm.IsNorth()',
  'Region/Crm.IsNorth() eq null',
  'Orders/Crm.Spent() gt 10',
  'Orders/any(o: o/Crm.Big(Min=10))',
  'Orders/all(o: o/Lines/any() and o/Crm.Big(Min=0))',
];
/** Results read by a path: of an unbound call, of calls bound to the region and to the orders. */
const RESULT_READS = [
  "Crm.CardOf(Name=Name)/Long eq true and Crm.CardOf(Name=Name)/Label ne 'B'",
  "Region/Crm.Info()/Label eq 'Closed' or Region/Crm.Info() eq null",
  'Orders/Crm.Totals()/any(t: t gt 10)',
  'Orders/Crm.Totals()/$count ge 2',
];
/**
 * Collections passed whole to a function: a JSON array, null, the customer's marks, and the totals
 * of the orders a row filter thins, a call's result; and the first three through an alias (`&@c=…` after the
 * filter, which the query string gets as an option of its own). SQL refuses them by name.
 */
const COLLECTION_ARGUMENTS = [
  'Crm.Sum(Of=Marks) gt 3',
  'Crm.Sum(Of=Marks) eq Crm.Sum(Of=[0,null,3])',
  'Crm.Sum(Of=null) eq null and Crm.Sum(Of=$it/Marks) eq 0',
  'Crm.Sum(Of=Orders/Crm.Totals()) gt 10',
  'Orders/any(o: Crm.Sum(Of=o/Lines/Crm.Qtys()) gt 2)',
  'Crm.Sum(Of=@c) gt 3&@c=Marks',
  'Crm.Sum(Of=@c) eq 3&@c=[0,null,3]',
  'Crm.Sum(Of=@c) eq null&@c=null',
  'Crm.Sum(Of=@c) ge 0&@c=$it/Marks',
];
/** Filters that read the hidden member, refused alike on both datasets; Crm.Score() is bound to the customer and reads its Secret. */
const HIDDEN_FILTERS = [
  "Secret eq 'x'",
  'Crm.Score() eq 0',
  '$it/Crm.Score() gt 0',
  'Crm.Sum(Of=Codes) gt 0',
  'Codes/any()',
  'Crm.Sum(Of=@c) gt 0&@c=Codes',
  "Notes/any(n: n/Secret eq 'x')",
];
const ORDERS = [
  'Name desc',
  'Region/Name',
  'Region/Name desc,Name',
  'Orders/$count desc',
  'Orders/any(o: o/Total gt 10) desc',
  'length(Region/Name)',
  'Ssn desc',
  'Orders/Crm.Spent() desc',
  'Region/Crm.IsNorth(),Name',
  'Notes/$count desc,Name',
];
const SELECTS = ['Id,Name', 'Name,Region', 'Id'];
/** A projection of the notes, each note shown without its Secret. */
const NOTES_SELECT = 'Id,Notes';
const EXPANDS = [
  'Region',
  'Orders($select=Id,Total)',
  'Orders($orderby=Total desc;$top=1;$select=Id)',
  'Orders($select=Id;$expand=Lines($select=Qty))',
  'Orders($filter=Total gt 5;$select=Id,Status)',
];

/**
 * One of the options, or now and then one that reads the hidden member (refused alike on both
 * datasets), directly or through a function bound to the resource; and, given calls of functions,
 * one of those about a quarter of the time.
 */
export const option = (options: readonly string[], hidden: string | readonly string[], calls: readonly string[] = []) =>
  fc.option(
    fc.oneof(
      { arbitrary: fc.constantFrom(...options), weight: 15 },
      { arbitrary: fc.constantFrom(...(typeof hidden === 'string' ? [hidden] : hidden)), weight: 1 },
      ...(calls.length === 0 ? [] : [{ arbitrary: fc.constantFrom(...calls), weight: 5 }]),
    ),
    {
      nil: undefined,
    },
  );

/**
 * A request's query string: each option present about half the time, its filter now and then one
 * of `calls`, its projection now and then the notes' where `notes`.
 */
const arbQueryOf = (calls: readonly string[], notes = true): fc.Arbitrary<string> =>
  fc
    .record({
      filter: option(FILTERS, HIDDEN_FILTERS, calls),
      orderby: option(ORDERS, ['Secret', 'Crm.Score()', "Notes/any(n: n/Secret eq 'x')"]),
      select: option(notes ? [...SELECTS, NOTES_SELECT] : SELECTS, ['Secret', 'Notes/Secret']),
      expand: fc.option(fc.constantFrom(...EXPANDS), { nil: undefined }),
      top: fc.option(fc.integer({ min: 1, max: 3 }), { nil: undefined }),
      skip: fc.option(fc.integer({ min: 0, max: 2 }), { nil: undefined, freq: 3 }),
      count: fc.boolean(),
    })
    .map((o) =>
      [
        // A filter's aliases follow it after `&`, each `@name=value`.
        ...(o.filter === undefined
          ? []
          : o.filter.split('&').map((part, i) => {
              if (i === 0) return `$filter=${encodeURIComponent(part)}`;
              const at = part.indexOf('=');
              return `${part.slice(0, at)}=${encodeURIComponent(part.slice(at + 1))}`;
            })),
        o.orderby && `$orderby=${encodeURIComponent(o.orderby)}`,
        // A selection of the region is no projection a row can hold: selected only with its expansion.
        o.select && `$select=${o.select === 'Name,Region' ? 'Name' : o.select}`,
        o.expand && `$expand=${encodeURIComponent(o.expand)}`,
        o.top !== undefined && `$top=${o.top}`,
        o.skip !== undefined && `$skip=${o.skip}`,
        o.count && '$count=true',
      ]
        .filter(Boolean)
        .join('&'),
    );

/** Requests over every option, calls of functions among their filters. */
export const arbQuery: fc.Arbitrary<string> = arbQueryOf([...CALLS, ...RESULT_READS, ...COLLECTION_ARGUMENTS]);

/**
 * Requests whose filters read no function's result by a path and pass no collection whole: SQL
 * refuses every such call by name, whatever the rows (test/sql/function-table.test.ts,
 * test/sql/collection-parameters.test.ts), so drawn there they would only be refused.
 */
export const arbQueryReadingNoResult: fc.Arbitrary<string> = arbQueryOf(CALLS);

/**
 * Requests as arbQueryReadingNoResult, none projecting the notes: MySQL and MariaDB refuse such a
 * projection whatever the rows (docs/query.md, "Rules"), so drawn there it would only be refused.
 */
export const arbQueryReadingNoResultNorNotes: fc.Arbitrary<string> = arbQueryOf(CALLS, false);

/** What a caller gets for a request: every page followed from the first, or the refusal's codes. */
export type Response =
  | { readonly pages: readonly { items: unknown; count: number | undefined; more: boolean }[] }
  | { readonly refused: readonly string[] };

/** The page a backend answers for a plan over its dataset. */
export type Answer = (plan: QueryPlan) => Promise<{
  items: readonly unknown[];
  more: boolean;
  count?: number;
  skipToken?: string;
}>;

/** The response to a query, its next links followed (at most `limit` pages); each next link is given to `link`. */
export async function respond(
  query: string,
  answer: Answer,
  link: (url: string) => void = () => {},
  limit = 12,
): Promise<Response> {
  const pages: { items: unknown; count: number | undefined; more: boolean }[] = [];
  let url: string | undefined = `https://example.test/customers?${query}`;
  try {
    while (url !== undefined && pages.length < limit) {
      const plan = parseQuery(new URL(url).search, resource, { parameters: PARAMETERS });
      const page = await answer(plan);
      pages.push({ items: page.items, count: page.count, more: page.more });
      url = nextLink(url, plan, page.more, page.skipToken);
      if (url !== undefined) link(url);
    }
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return { refused: error.issues.map((i) => i.code) };
  }
  return { pages };
}

const column = (name: string, type: Column['type'] = 'Edm.Int32'): Column => ({ name, path: [name], type });
const MARK = (Customer.properties.get('Marks') as CollectionProperty).element;
const NOTE = (Customer.properties.get('Notes') as CollectionProperty).element;

/** A dataset as tables: customers (RegionID), regions, orders (parent: the customer's Id), order_lines (parent: the order's key). */
export function tablesOf(customers: readonly CustomerRow[]) {
  let key = 1;
  const orders: Record<string, unknown>[] = [];
  const lines: Record<string, unknown>[] = [];
  for (const c of customers) {
    for (const o of c.Orders) {
      const orderKey = key++;
      orders.push({ key: orderKey, parent: c.Id, Id: o.Id, Status: o.Status, Total: o.Total });
      for (const l of o.Lines) lines.push({ key: key++, parent: orderKey, Id: l.Id, Qty: l.Qty });
    }
  }
  return [
    {
      table: 'customers',
      columns: [
        column('Id'),
        column('Name', 'Edm.String'),
        column('Secret', 'Edm.String'),
        column('Ssn', 'Edm.String'),
        column('Tenant'),
        // The customer's marks, a JSON array; its hidden codes are no column, which no query reads.
        { name: 'Marks', path: ['Marks'], type: 'Json', element: MARK } satisfies Column,
        // The notes, a JSON array of objects: their Secrets are stored, and taken out of what is shown.
        { name: 'Notes', path: ['Notes'], type: 'Json', element: NOTE } satisfies Column,
        column('RegionID'),
        // A filter reads a single-valued relation's members as columns of the row (docs/sql.md);
        // an expansion reads its table.
        column('Region_Id'),
        column('Region_Name', 'Edm.String'),
        column('Region_Open', 'Edm.Boolean'),
      ],
      records: customers.map((c) => ({
        Id: c.Id,
        Name: c.Name,
        Secret: c.Secret,
        Ssn: c.Ssn,
        Tenant: c.Tenant,
        Marks: c.Marks,
        Notes: c.Notes,
        RegionID: c.Region?.Id ?? null,
        Region_Id: c.Region?.Id ?? null,
        Region_Name: c.Region?.Name ?? null,
        Region_Open: c.Region?.Open ?? null,
      })),
    },
    {
      table: 'regions',
      columns: [column('Id'), column('Name', 'Edm.String'), column('Open', 'Edm.Boolean')],
      records: REGIONS,
    },
    {
      table: 'orders',
      columns: [column('key'), column('parent'), column('Id'), column('Status', 'Edm.String'), column('Total')],
      records: orders,
    },
    { table: 'order_lines', columns: [column('key'), column('parent'), column('Id'), column('Qty')], records: lines },
  ];
}

/** Where the tables of a dataset hold each relation (compileSqlQuery's options). */
export const STORAGE = {
  collections: {
    Marks: { json: 'Marks' },
    Notes: { json: 'Notes' },
    Orders: { table: 'orders', foreignKey: 'parent', key: 'Id' },
    'Orders/Lines': { table: 'order_lines', foreignKey: 'parent', key: 'key' },
  },
  relations: { Region: { table: 'regions', key: 'Id', reference: 'RegionID' } },
} as const;
