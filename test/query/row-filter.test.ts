// Row filters (docs/query.md, "Row filters"): the resource's predicate with named parameters,
// and-ed with the request's filter, and each relation's put into every lambda over it — so that
// no page, count or lambda sees a row a row filter excludes. The property compares each plan with
// the same request over data from which the excluded rows were removed beforehand.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { printTyped } from '../../src/index.js';
import { Event } from '../../src/examples/events/index.js';
import { defineSchema } from '../../src/types/schema.js';
import { arbFilterText, arbRows, lambdaTestSchema } from '../support/arbitraries.js';
import {
  arbLambda,
  arbRequestFilter,
  arbRowFilter,
  LINE,
  LINE_PREDICATES,
  ORDER,
  ORDER_PREDICATES,
  prefiltered,
} from '../support/row-filters.js';
import type { Row } from '../support/row-filters.js';
import { thrownFilterError } from '../support/thrown.js';
import { isFilterError } from '../../src/errors.js';
import { runs } from '../support/test-size.js';

const policy = { spelling: 'odata', defaultTop: 10, maxTop: 1000 } as const;

const Owned = defineSchema({
  name: 'Owned',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Owner: 'Edm.Guid',
    Tenant: 'Edm.String',
    Level: 'Edm.Int64',
    Budget: 'Edm.Decimal',
    Since: 'Edm.DateTimeOffset',
    Day: 'Edm.Date',
    Public: 'Edm.Boolean',
    Color: { enum: { name: 'Sales.Color', members: { Red: 1, Blue: 2 } } },
  },
});
const owned = (rowFilter: string): QueryResource => ({ schema: Owned, key: ['Id'], policy, rowFilter });
const printed = (query: string, resource: QueryResource, parameters: Record<string, unknown>) =>
  printTyped(parseQuery(query, resource, { parameters: parameters as never }).filter!);

describe('a row filter', () => {
  it('writes each parameter as a literal of the type its place gives it, never guessed from the value', () => {
    expect(printed('', owned('Owner eq @user'), { user: '0F3C2B7A-1111-4222-8333-944445555666' })).toBe(
      "(Owner:Guid eq '0f3c2b7a-1111-4222-8333-944445555666':Guid)",
    );
    expect(printed('', owned("Tenant eq @t or Tenant eq 'x'"), { t: "O'Brien & co" })).toBe(
      "((Tenant:String eq 'O''Brien & co':String) or (Tenant:String eq 'x':String))",
    );
    expect(printed('', owned('Level gt @n and Budget le @b'), { n: 9007199254740993n, b: 0.1 })).toBe(
      "((Level:Int64 gt 9007199254740993n:Int64) and (Budget:Decimal le '0.1':Decimal))",
    );
    expect(
      printed('', owned('Since lt @t and Day eq @d'), {
        t: new Date(Date.UTC(2012, 1, 3, 4, 5, 6, 7)),
        d: '2012-02-29',
      }),
    ).toBe(
      `((Since:DateTimeOffset lt ${Date.UTC(2012, 1, 3, 4, 5, 6, 7)}:DateTimeOffset) and (Day:Date eq 15399:Date))`,
    );
    expect(printed('', owned('Public eq @p and Color eq @c'), { p: true, c: 'Blue' })).toBe(
      '((Public:Boolean eq true:Boolean) and (Color:Sales.Color eq 2:Sales.Color))',
    );
    expect(printed('', owned('Owner eq @user'), { user: null })).toBe('(Owner:Guid eq null:Guid)');
  });

  it('reads the values of each request, however many sets of them come and go (they are kept checked)', () => {
    const resource = owned('Tenant eq @t and Level gt @n');
    const plan = (t: string, n: number) => parseQuery('', resource, { parameters: { t, n } }).filter!;
    // More sets of values than are kept, asked for in turn and then again: each its own.
    const values = Array.from({ length: 300 }, (_, i) => [`tenant ${i % 7}`, i] as const);
    for (const round of [0, 1])
      for (const [t, n] of round === 0 ? values : [...values].reverse())
        expect(printTyped(plan(t, n))).toBe(`((Tenant:String eq '${t}':String) and (Level:Int64 gt ${n}n:Int64))`);
  });

  it("is and-ed with the request's filter, and holds without one and where the policy has no filter option", () => {
    const resource = owned('Tenant eq @t');
    expect(printed('$filter=Level gt 1 or Public eq true', resource, { t: 'a' })).toBe(
      "((Tenant:String eq 'a':String) and ((Level:Int64 gt 1n:Int64) or (Public:Boolean eq true:Boolean)))",
    );
    const noFilter = parseQuery(
      '$top=2',
      { ...resource, policy: { ...policy, filter: false } },
      { parameters: { t: 'a' } },
    );
    const rows = [
      { Id: 1, Tenant: 'a' },
      { Id: 2, Tenant: 'b' },
      { Id: 3, Tenant: 'a' },
      { Id: 4, Tenant: 'a' },
    ];
    expect(applyQuery(rows, noFilter).items.map((r) => r.Id)).toEqual([1, 3]);
    expect(applyQuery(rows, parseQuery('$count=true&$top=1', resource, { parameters: { t: 'a' } }))).toMatchObject({
      count: 3,
      more: true,
    });
  });

  it("counts the work of its string functions with the request's", () => {
    const resource = owned("startswith(replace(Tenant, 'a', Tenant), 'x')");
    expect(parseQuery('$filter=Public eq true', resource).filter).toBeDefined();
    expect(parseQuery("$filter=tolower(Tenant) eq 'a'", { ...resource, rowFilter: undefined }).filter).toBeDefined();
    const error = thrownFilterError(() => parseQuery("$filter=tolower(Tenant) eq 'a'", resource));
    expect(error.issues.map((i) => [i.code, i.option])).toEqual([['string_cost', '$filter']]);
  });

  it("counts that work against the policy's own string cost bound, lower or higher than the default", () => {
    const bounded = (rowFilter: string, maxStringCost: number): QueryResource => ({
      ...owned(rowFilter),
      policy: { ...policy, filterLimits: { maxStringCost } },
    });
    // 2,048 characters a row for the request, 2,049 more for the row filter: within the default, not 4,096.
    const tight = bounded("concat(Tenant, concat(Tenant, 'z')) ne 'y'", 4_096);
    expect(parseQuery("$filter=concat(Tenant, Tenant) eq 'x'", owned(tight.rowFilter!)).filter).toBeDefined();
    const refused = thrownFilterError(() => parseQuery("$filter=concat(Tenant, Tenant) eq 'x'", tight));
    expect(refused.issues.map((i) => [i.code, i.option])).toEqual([['string_cost', '$filter']]);
    // Beyond the default with the row filter's, within a higher bound.
    const roomy = bounded("startswith(replace(Tenant, 'a', Tenant), 'x')", 3_000_000);
    expect(parseQuery("$filter=tolower(Tenant) eq 'a'", roomy).filter).toBeDefined();
  });

  it("cannot be reached by the request's aliases: a parameter is not an alias of the request", () => {
    const plan = parseQuery("$filter=Tenant eq @t&@t='b'", owned('Tenant eq @t'), { parameters: { t: 'a' } });
    expect(printTyped(plan.filter!)).toBe("((Tenant:String eq 'a':String) and (Tenant:String eq 'b':String))");
  });

  it.each([
    [
      'Owner eq @user',
      {},
      "The row filter of Owned needs the parameter @user, which the request's parameters do not give",
    ],
    [
      'Owner eq @user',
      { user: 'not a guid' },
      'The row filter of Owned reads @user as Edm.Guid, which the string "not a guid" is not',
    ],
    ['Level gt @n', { n: 1.5 }, 'The row filter of Owned reads @n as Edm.Int64, which the number 1.5 is not'],
    ['Level gt @n', { n: '5' }, 'The row filter of Owned reads @n as Edm.Int64, which the string "5" is not'],
    ['Tenant eq @t', { t: 5 }, 'The row filter of Owned reads @t as Edm.String, which the number 5 is not'],
    [
      'Since gt @t',
      { t: new Date(Number.NaN) },
      'The row filter of Owned reads @t as Edm.DateTimeOffset, which the Date Invalid Date is not',
    ],
    [
      'Tenant eq @x or Level eq @x',
      { x: 1 },
      'The row filter of Owned uses @x as Edm.String and as Edm.Int64; give each place its own parameter',
    ],
    ['Nope eq 1', {}, 'The row filter of Owned does not check'],
    ['Color eq @c', { c: 'Green' }, 'does not check'],
    [
      'Level gt @n',
      { n: 99999999999999999999n },
      'The row filter of Owned reads @n as Edm.Int64, which the bigint 99999999999999999999n is not',
    ],
    [
      'Level gt @n',
      { n: 2 ** 64 },
      'The row filter of Owned reads @n as Edm.Int64, which the number 18446744073709552000 is not',
    ],
  ] as const)("refuses %s with the values of case %# as the server's mistake", (rowFilter, parameters, message) => {
    expect(() => parseQuery('', owned(rowFilter), { parameters: parameters as never })).toThrow(TypeError);
    expect(() => parseQuery('', owned(rowFilter), { parameters: parameters as never })).toThrow(message);
  });
});

describe("a relation's row filter", () => {
  const events: QueryResource = {
    schema: Event,
    key: ['EventID'],
    policy,
    relations: {
      Sessions: { rowFilter: "Status ne 'Cancelled'" },
      Registrations: { rowFilter: 'Contact/ContactID eq @me' },
    },
  };

  it('is put into every lambda over the relation: any, any() and all', () => {
    const filter = (query: string) => printed(query, events, { me: 7 });
    expect(filter("$filter=Sessions/any(s: s/Status eq 'Open')")).toBe(
      "Sessions/any(s: ((s/Status:String ne 'Cancelled':String) and (s/Status:String eq 'Open':String)))",
    );
    expect(filter('$filter=Registrations/any()')).toBe(
      'Registrations/any($row1: ($row1/Contact/ContactID:Int32 eq 7:Int32))',
    );
    expect(filter("$filter=Sessions/all(s: s/Status eq 'Open')")).toBe(
      "Sessions/all(s: (not(((s/Status:String ne 'Cancelled':String) eq true:Boolean)) or (s/Status:String eq 'Open':String)))",
    );
  });

  it('counts only the rows a restricted relation keeps', () => {
    const filter = (query: string) => printed(query, events, { me: 7 });
    expect(filter('$filter=Sessions/$count gt 1')).toBe(
      "(Sessions/$count($row1: ($row1/Status:String ne 'Cancelled':String)):Int64 gt 1n:Int64)",
    );
    // A collection no row filter restricts is counted whole.
    expect(filter('$filter=TimeZone/TzNames/$count gt 1')).toBe('(TimeZone/TzNames/$count:Int64 gt 1n:Int64)');
    const rows = [
      { EventID: 1, Sessions: [{ Status: 'Open' }, { Status: 'Cancelled' }, { Status: 'Cancelled' }] },
      { EventID: 2, Sessions: [{ Status: 'Open' }, { Status: 'Full' }] },
    ];
    const kept = (query: string) =>
      applyQuery(rows as Row[], parseQuery(query, events, { parameters: { me: 7 } })).items.map((r) => r.EventID);
    expect(kept('$filter=Sessions/$count gt 1')).toEqual([2]);
    expect(kept('$filter=Sessions/$count eq 1')).toEqual([1]);
    expect(kept('$orderby=Sessions/$count desc')).toEqual([2, 1]);
  });

  it('restricts an order expression exactly as a filter: its lambdas see only kept rows, and counts count kept rows', () => {
    const order = (query: string) =>
      parseQuery(query, events, { parameters: { me: 7 } }).orderBy.map((k) =>
        k.expression === undefined ? k.path.join('/') : printTyped(k.expression),
      );
    expect(order("$orderby=Sessions/any(s: s/Status eq 'Cancelled') desc")).toEqual([
      "Sessions/any(s: ((s/Status:String ne 'Cancelled':String) and (s/Status:String eq 'Cancelled':String)))",
      'EventID',
    ]);
    expect(order('$orderby=Registrations/any()')).toEqual([
      'Registrations/any($row1: ($row1/Contact/ContactID:Int32 eq 7:Int32))',
      'EventID',
    ]);
    expect(order('$orderby=Sessions/$count desc')).toEqual([
      "Sessions/$count($row1: ($row1/Status:String ne 'Cancelled':String)):Int64",
      'EventID',
    ]);
    // An order with no lambda or count over a restricted relation is as it was.
    expect(order('$orderby=TimeZone/TzNames/$count desc,Code')).toEqual([
      'TimeZone/TzNames/$count:Int64',
      'Code',
      'EventID',
    ]);
  });

  it("restricts an expansion's order expressions by the relations under it", () => {
    const orders: QueryResource = {
      schema: lambdaTestSchema,
      key: ['Id'],
      policy,
      relations: { Orders: { key: ['Id'] }, 'Orders/Lines': { rowFilter: 'Qty gt 0' } },
    };
    const [expanded] = parseQuery('$expand=Orders($orderby=Lines/any(l: l/Sku eq null) desc)', orders).expand;
    expect(
      expanded!.orderBy.map((k) => (k.expression === undefined ? k.path.join('/') : printTyped(k.expression))),
    ).toEqual(['Lines/any(l: ((l/Qty:Int32 gt 0:Int32) and (l/Sku:String eq null:String)))', 'Id']);
    const [counted] = parseQuery('$expand=Orders($orderby=Lines/$count)', orders).expand;
    expect(counted!.orderBy.map((k) => (k.expression === undefined ? k.path : printTyped(k.expression)))).toEqual([
      'Lines/$count($row1: ($row1/Qty:Int32 gt 0:Int32)):Int64',
      ['Id'],
    ]);
  });

  it("refuses a relation the schema lacks, as the server's mistake", () => {
    expect(() => parseQuery('', { ...events, relations: { Code: { rowFilter: 'true' } } })).toThrow(
      "Resource Event: `relations` names 'Code', which is no relation of the schema",
    );
  });
});

describe('no page, count or lambda shows a row a row filter excludes', () => {
  it('reads as the same request over data without those rows', () => {
    fc.assert(
      fc.property(
        arbRows(lambdaTestSchema, { maxRows: 8 }),
        arbRequestFilter,
        fc.record({
          root: fc.oneof(fc.constant(undefined), arbLambda, arbFilterText(lambdaTestSchema, { maxDepth: 3 })),
          orders: arbRowFilter(ORDER_PREDICATES, ORDER),
          lines: arbRowFilter(LINE_PREDICATES, LINE),
        }),
        (rows, filter, filters) => {
          const resource: QueryResource = {
            schema: lambdaTestSchema,
            key: ['Id'],
            policy,
            rowFilter: filters.root,
            relations: { Orders: { rowFilter: filters.orders }, 'Orders/Lines': { rowFilter: filters.lines } },
          };
          const query = `$filter=${encodeURIComponent(filter)}&$count=true&$top=1000`;
          let plan;
          try {
            plan = parseQuery(query, resource);
          } catch (error) {
            // Only a request whose string functions, with the row filter's, can cost a row too much is refused.
            const message = isFilterError(error) ? error.issues.map((i) => i.message).join() : (error as Error).message;
            expect(message).toMatch(/with the row filters: String functions up to this/);
            return;
          }
          const page = applyQuery(rows as Row[], plan);
          const expected = applyQuery(
            prefiltered(rows as Row[], filters),
            parseQuery(query, { schema: lambdaTestSchema, key: ['Id'], policy }),
          );
          expect(page.items.map((r) => r.Id)).toEqual(expected.items.map((r) => r.Id));
          expect(page.count).toBe(expected.count);
        },
      ),
      { numRuns: runs(300, 3000) },
    );
  });
});
