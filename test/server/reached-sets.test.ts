// An entity set's rules and row filter hold for its rows wherever a request reaches them: through
// another set's navigation (`Categories?$expand=Products`), and through a cycle back to the set
// itself (`Products?$expand=Category($expand=Products)`), which is closed. Sets of one type must
// hide the same members, which `$metadata` describes once.

import { describe, expect, it } from 'vitest';
import { defineModel } from '../../src/index.js';
import { arraySource, odataEndpoint } from '../../src/server/index.js';
import type { EntitySetService } from '../../src/server/index.js';
import { categories, model, products } from '../support/shop.js';

/** Products keep Hash from every option and show only the rows of Id 1 to 3. */
const PRODUCTS: EntitySetService = {
  source: arraySource(products),
  rules: { Hash: { filter: false, sort: false, select: false } },
  rowFilter: 'Id le 3',
};

const handler = odataEndpoint({
  model,
  root: '/odata/',
  entitySets: { Products: PRODUCTS, Categories: { source: arraySource(categories) } },
});

async function get(path: string) {
  const response = await handler(new Request(`http://shop.test/odata/${path}`));
  const text = await response.text();
  return { status: response.status, text, json: () => JSON.parse(text) };
}

/** The products' ids a page shows under its categories' expanded Products. */
const expandedIds = (body: { value: { Products: { Id: number }[] }[] }) =>
  body.value.flatMap((c) => c.Products.map((p) => p.Id)).sort((a, b) => a - b);

describe("a set's restrictions wherever its rows are reached", () => {
  it('shows only the rows and members Products shows, under another set', async () => {
    const expanded = await get('Categories?$expand=Products');
    expect(expanded.status).toBe(200);
    expect(expandedIds(expanded.json())).toEqual([1, 2, 3]);
    expect(expanded.text).not.toContain('Hash');
    const counted = (await get('Categories?$filter=Products/$count ge 2&$select=Id')).json();
    // Category 1 holds products 1 and 3 of the three shown, category 2 holds product 2.
    expect(counted.value).toEqual([{ Id: 1 }]);
    expect((await get('Categories?$filter=Products/any(p: p/Id gt 3)')).json().value).toEqual([]);
  });

  it('refuses Products hidden member under another set, in every option', async () => {
    for (const [path, code] of [
      ['Categories?$filter=Products/any(p: p/Hash ne null)', 'not_filterable'],
      ['Categories?$expand=Products($select=Id,Hash)', 'not_selectable'],
      ['Categories?$expand=Products($orderby=Hash)', 'not_sortable'],
    ] as const) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.json().error.code, path).toBe(code);
    }
  });

  it('closes a way back to Products from its own rows', async () => {
    for (const path of [
      'Products?$expand=Category($expand=Products($select=Id,Hash))',
      'Products?$expand=Category($expand=Products)',
      'Products?$filter=Category/Products/any(p: p/Hash ne null)',
      'Products?$filter=Category/Products/any(p: p/Id gt 3)',
      'Products?$orderby=Category/Products/$count',
    ]) {
      const answer = await get(path);
      expect(answer.status, path).toBe(400);
    }
    // The way to the category stays open.
    const page = (await get('Products?$expand=Category&$select=Id')).json();
    expect(page.value.map((p: { Id: number; Category: { Id: number } }) => [p.Id, p.Category.Id])).toEqual([
      [1, 1],
      [2, 2],
      [3, 1],
    ]);
  });

  it('refuses sets of one type that hide different members', () => {
    expect(() =>
      odataEndpoint({
        model,
        entitySets: { Products: PRODUCTS, Archive: { source: arraySource(products) } },
      }),
    ).toThrow(/'Products' and 'Archive' hold Shop\.Product, which \$metadata describes once.*Hash; none/);
    expect(() =>
      odataEndpoint({
        model,
        entitySets: {
          Products: PRODUCTS,
          Archive: { source: arraySource(products), rules: { Hash: { select: false } } },
        },
      }),
    ).not.toThrow();
  });

  it('serves a model whose sets all lead to each other, closing the longer ways to a restricted set', async () => {
    // Twelve sets, each with a navigation to every other: following every way from one set would
    // write millions of paths.
    const names = Array.from({ length: 12 }, (_, i) => `T${i}`);
    const others = (t: string) => names.filter((o) => o !== t);
    const dense = defineModel({
      namespace: 'Dense',
      entityTypes: Object.fromEntries(
        names.map((t) => [
          t,
          {
            key: ['Id'],
            properties: { Id: { type: 'Edm.Int32', nullable: false }, S: 'Edm.String' },
            navigation: Object.fromEntries(others(t).map((o) => [`To${o}`, { type: o, collection: true }])),
          },
        ]),
      ),
      entitySets: Object.fromEntries(
        names.map((t) => [t, { type: t, bindings: Object.fromEntries(others(t).map((o) => [`To${o}`, o])) }]),
      ),
    });
    const rows = [{ Id: 1, S: 'secret', ...Object.fromEntries(names.map((o) => [`To${o}`, []])) }];
    const endpoint = odataEndpoint({
      model: dense,
      entitySets: Object.fromEntries(
        names.map((t, i) => [
          t,
          {
            source: arraySource(rows),
            ...(i === 0 && { rules: { S: { filter: false, sort: false, select: false } } }),
          },
        ]),
      ),
    });
    const status = async (path: string) => (await endpoint(new Request(`http://dense.test/${path}`))).status;
    expect(await status('T1?$expand=ToT2($select=Id)')).toBe(200);
    expect(await status('T1?$expand=ToT0($select=Id,S)')).toBe(400);
    expect(await status("T1?$filter=ToT0/any(a: a/S eq 'x')")).toBe(400);
    expect(
      await status("T1?$filter=ToT2/any(a: a/ToT3/any(b: b/ToT4/any(c: c/ToT5/any(d: d/ToT0/any(e: e/S eq 'x')))))"),
    ).toBe(400);
  });
});
