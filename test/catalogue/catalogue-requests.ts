// A request to an endpoint, its answer read once.

import { expect } from 'vitest';
import type { Catalogue } from '../../src/catalogue/index.js';

export async function get(handler: (request: Request) => Promise<Response>, path: string) {
  const response = await handler(new Request(`http://shop.test${path}`));
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

/**
 * What every engine's endpoint answers over the shop's relations: a lambda over a one-to-many
 * relation, expansions each way (to the same table too), and both ways over a composite key.
 */
export async function expectRelationsServed(endpoint: (request: Request) => Promise<Response>): Promise<void> {
  const categories = await get(
    endpoint,
    '/Categories?$filter=Products/any(p: p/Price gt 10)&$orderby=CategoryId&$expand=Products($select=Name),Parent($select=Name)',
  );
  expect(categories.status, categories.text).toBe(200);
  expect(categories.json().value).toEqual([
    { CategoryId: 1, Name: 'Tools', ParentId: null, Products: [{ Name: 'Drill' }], Parent: null },
    { CategoryId: 2, Name: 'Saws', ParentId: 1, Products: [{ Name: 'Saw' }], Parent: { Name: 'Tools' } },
  ]);
  const lines = await get(endpoint, '/OrderLines?$orderby=OrderNo,LineNo&$expand=Deliveries($select=DeliveryId)');
  expect(lines.json().value.map((l: { Deliveries: unknown[] }) => l.Deliveries)).toEqual([
    [{ DeliveryId: 100 }, { DeliveryId: 101 }],
    [],
    [{ DeliveryId: 102 }],
  ]);
  const delivery = await get(endpoint, '/Deliveries(102)?$expand=OrderLines($select=Quantity)');
  expect(delivery.json().OrderLines).toEqual({ Quantity: 5 });
  // Filtered and ordered through a single-valued relation: to its own table, and by a composite key.
  const children = await get(endpoint, "/Categories?$filter=Parent/Name eq 'Tools'&$select=Name");
  expect(children.status, children.text).toBe(200);
  expect(children.json().value).toEqual([{ Name: 'Saws' }]);
  // A relation of the related row: the products of a category whose parent is Tools.
  const grand = await get(endpoint, "/Products?$filter=Category/Parent/Name eq 'Tools'&$select=Name");
  expect(grand.status, grand.text).toBe(200);
  expect(grand.json().value).toEqual([{ Name: 'Saw' }]);
  const byLine = await get(
    endpoint,
    '/Deliveries?$filter=OrderLines/Quantity ge 1&$orderby=OrderLines/Quantity desc,DeliveryId&$select=DeliveryId',
  );
  expect(byLine.status, byLine.text).toBe(200);
  const quantities = lines.json().value as { Quantity: number; Deliveries: { DeliveryId: number }[] }[];
  const expected = quantities
    .flatMap((line) => line.Deliveries.map((d) => ({ id: d.DeliveryId, quantity: line.Quantity })))
    .sort((a, b) => b.quantity - a.quantity || a.id - b.id)
    .map((d) => ({ DeliveryId: d.id }));
  expect(byLine.json().value).toEqual(expected);
}

/** drizzle's tables and the catalogue of the same tables: the same model, sources and report, which is empty. */
export function expectSameCatalogue(fromDrizzle: Catalogue, fromCatalogue: Catalogue): void {
  expect(fromDrizzle.definition).toEqual(fromCatalogue.definition);
  expect(fromDrizzle.sources).toEqual(fromCatalogue.sources);
  expect([fromDrizzle.report, fromCatalogue.report]).toEqual([{ omitted: [] }, { omitted: [] }]);
}
