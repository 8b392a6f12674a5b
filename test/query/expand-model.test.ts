// An expansion's own $filter and $orderby read the related rows as a model's view reads the rows:
// with their type, so the types derived from it (docs/semantics.md §14), and with the model's
// functions (§15) and aliases. Before, a type-cast or a call there was an unknown name.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { defineFunctions, defineModel } from '../../src/index.js';
import { fromMetadata } from '../../src/csdl/index.js';
import { arraySource, odataEndpoint } from '../../src/server/index.js';

const NS = 'Microsoft.OData.SampleService.Models.TripPin';

async function get(endpoint: (r: Request) => Promise<Response>, query: string) {
  const response = await endpoint(new Request(`http://trip.test/People?${query}`));
  const text = await response.text();
  return { status: response.status, text, value: response.ok ? JSON.parse(text).value : undefined };
}

describe("an expansion's options in a model's view", () => {
  const { model } = fromMetadata(readFileSync(new URL('../csdl/fixtures/trippin.xml', import.meta.url), 'utf8'));
  const planItems = [
    { '@odata.type': `#${NS}.Flight`, PlanItemId: 1, ConfirmationCode: 'a', FlightNumber: 'F1' },
    { '@odata.type': `#${NS}.Event`, PlanItemId: 2, ConfirmationCode: 'b' },
    { '@odata.type': `#${NS}.Flight`, PlanItemId: 3, ConfirmationCode: 'c', FlightNumber: 'F2' },
  ];
  const people = [
    { UserName: 'ann', Trips: [{ TripId: 1, Name: 'one', PlanItems: planItems }] },
    { UserName: 'bo', Trips: [{ TripId: 2, Name: 'two', PlanItems: [planItems[1]] }] },
  ];
  const endpoint = odataEndpoint({ model, entitySets: { People: { source: arraySource(people) } } });

  it('tests and reads through derived types in a nested $filter and $orderby', async () => {
    const flights = await get(
      endpoint,
      `$select=UserName&$expand=Trips($select=TripId;$expand=PlanItems($filter=isof(${NS}.Flight);$orderby=${NS}.Flight/FlightNumber desc;$select=PlanItemId))`,
    );
    expect(flights.status, flights.text).toBe(200);
    expect(flights.value).toEqual([
      { UserName: 'ann', Trips: [{ TripId: 1, PlanItems: [{ PlanItemId: 3 }, { PlanItemId: 1 }] }] },
      { UserName: 'bo', Trips: [{ TripId: 2, PlanItems: [] }] },
    ]);
    const withF1 = await get(
      endpoint,
      `$select=UserName&$expand=Trips($select=TripId;$filter=PlanItems/${NS}.Flight/any(f: f/FlightNumber eq 'F1'))`,
    );
    expect(withF1.value).toEqual([
      { UserName: 'ann', Trips: [{ TripId: 1 }] },
      { UserName: 'bo', Trips: [] },
    ]);
  });

  it("calls the model's functions, and writes its names with an alias", async () => {
    const shop = defineModel({
      namespace: 'Org.Shop',
      aliases: { Self: 'Org.Shop' },
      entityTypes: {
        Order: {
          key: ['Id'],
          properties: { Id: { type: 'Edm.Int32', nullable: false } },
          navigation: { Lines: { type: 'Line', collection: true } },
        },
        Line: { key: ['No'], properties: { No: { type: 'Edm.Int32', nullable: false }, Qty: 'Edm.Int32' } },
      },
      entitySets: { People: { type: 'Order' } },
      functions: { Doubled: { bound: true, parameters: { line: 'Line' }, returnType: 'Edm.Int32' } },
    });
    const registry = defineFunctions({
      'Org.Shop.Doubled': {
        memory: (_args: unknown, read?: (member: string) => unknown) => Number(read?.('Qty') ?? 0) * 2,
      },
    });
    const orders = [
      {
        Id: 1,
        Lines: [
          { No: 1, Qty: 1 },
          { No: 2, Qty: 5 },
        ],
      },
    ];
    const served = odataEndpoint({
      model: shop,
      entitySets: { People: { source: arraySource(orders, { functions: registry }) } },
    });
    const big = await get(served, '$expand=Lines($filter=Self.Doubled() gt 4;$select=No)');
    expect(big.status, big.text).toBe(200);
    expect(big.value).toEqual([{ Id: 1, Lines: [{ No: 2 }] }]);
  });
});
