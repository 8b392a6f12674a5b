// Paging properties (docs/query.md, "Pages and links"): following `next` links from the first page
// visits every row the filter matches exactly once, in key order, and the count is their number;
// a link repeats every option as it was given, whatever the value holds.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLink, parseQuery, selfLink } from '../../src/query/index.js';
import { SERVICE_INTERFACE_A, Event } from '../../src/examples/events/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { arbOrderBy, arbRows, arbTypedFilter, testSchema } from '../support/arbitraries.js';
import { runs as sizedRuns } from '../support/test-size.js';

const runs = (n: number): number => sizedRuns(n, n * 20);

const resource: QueryResource = {
  schema: testSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 3, maxTop: 10, passThrough: ['note'] },
};
const BASE = 'https://example.test/api/items';

describe('following next links', () => {
  it('visits every matching row exactly once, in the order of the whole set, with the count on every page', () => {
    fc.assert(
      fc.property(
        arbTypedFilter(testSchema),
        arbRows(testSchema),
        fc.option(fc.integer({ min: 1, max: 10 })),
        arbOrderBy(testSchema),
        (filter, rows, top, orderby) => {
          // The order of the whole set, as one page holding every row gives it.
          const order = orderby === undefined ? '' : `&$orderby=${encodeURIComponent(orderby)}`;
          const whole = applyQuery(
            rows,
            parseQuery(`$filter=${encodeURIComponent(filter.text!)}&$top=1000${order}`, {
              ...resource,
              policy: { ...resource.policy, maxTop: 1000 },
            }),
          );
          const expected = whole.items.map((r) => r.Id as number);
          const matches = compilePredicate(filter);
          expect([...expected].sort((a, b) => a - b)).toEqual(
            rows
              .filter((r) => matches(r))
              .map((r) => r.Id as number)
              .sort((a, b) => a - b),
          );
          let url: string | undefined =
            `${BASE}?$filter=${encodeURIComponent(filter.text!)}&$count=true${top === null ? '' : `&$top=${top}`}${order}`;
          const seen: number[] = [];
          let pages = 0;
          while (url !== undefined) {
            const plan = parseQuery(new URL(url).search, resource);
            const page = applyQuery(rows, plan);
            expect(page.count).toBe(expected.length);
            expect(page.items.length).toBeLessThanOrEqual(top ?? 3);
            seen.push(...page.items.map((r) => r.Id as number));
            url = nextLink(url, plan, page.more);
            pages++;
            expect(pages).toBeLessThanOrEqual(expected.length + 1);
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: runs(200) },
    );
  });
});

describe('links', () => {
  // Text with every character a query string treats specially, and beyond ASCII.
  const arbText = fc.string({
    unit: fc.constantFrom('a', ' ', '&', '#', '+', '%', '=', '?', '/', "'", 'é', '😀', '%2B', '$'),
    maxLength: 12,
  });

  it('repeat every option as given, in order, with skip moved on by the page', () => {
    fc.assert(
      fc.property(
        arbText,
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 1, max: 10 }),
        fc.boolean(),
        (note, skip, top, withSkip) => {
          const pairs: [string, string][] = [
            ['note', note],
            ['$top', String(top)],
          ];
          if (withSkip) pairs.push(['$skip', String(skip)]);
          const query = new URLSearchParams(pairs);
          const url = `${BASE}?${query.toString()}`;
          const plan = parseQuery(query, resource);
          const next = nextLink(url, plan, true)!;
          const params = [...new URL(next).searchParams];
          const expected = [
            ['note', note],
            ['$top', String(top)],
            ['$skip', String((withSkip ? skip : 0) + top)],
          ];
          expect(params).toEqual(expected);
          expect(next.startsWith(`${BASE}?`)).toBe(true);
          expect(nextLink(url, plan, false)).toBeUndefined();
          expect(selfLink(url)).toBe(url);
        },
      ),
      { numRuns: runs(300) },
    );
  });

  it('give a page of top=0 no next link: it would lead back to itself', () => {
    const plan = parseQuery('$top=0&$skip=5', resource);
    expect(plan.top).toBe(0);
    expect(nextLink(`${BASE}?$top=0&$skip=5`, plan, true)).toBeUndefined();
    expect(nextLink(`${BASE}?$top=1&$skip=5`, parseQuery('$top=1&$skip=5', resource), true)).toBe(
      `${BASE}?$top=1&$skip=6`,
    );
  });

  it("writes the next link of the service document's example", () => {
    const url = "https://host/demo/api/2012-02-01/auth/resources/events/?filter=Code eq 'A&B'&skip=30&top=10";
    const plan = parseQuery('filter=Code%20eq%20%27A%26B%27&skip=30&top=10', {
      schema: Event,
      key: ['EventID'],
      policy: SERVICE_INTERFACE_A,
    });
    expect(nextLink(url, plan, true)).toBe(
      "https://host/demo/api/2012-02-01/auth/resources/events/?filter=Code%20eq%20'A%26B'&skip=40&top=10",
    );
  });
});
