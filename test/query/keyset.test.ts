// Keyset pages (docs/query.md, "Keyset pages"): with the policy's `keyset`, following `next`
// links — each carrying the order's values at the page's last row as `$skiptoken` — visits every
// row the filter matches exactly once, in order, whatever the order (nulls, booleans, expressions,
// descending keys); and a token that is not one, or belongs to another order, is a 400.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLink, parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { arbOrderBy, arbRows, arbTypedFilter, testSchema } from '../support/arbitraries.js';
import { thrownFilterError } from '../support/thrown.js';
import { runs } from '../support/test-size.js';
import { sealedToken, TEST_KEYSET } from '../support/keyset-key.js';
import { followPages } from '../support/follow-pages.js';

const BASE = 'https://example.test/items';
const resource: QueryResource = {
  schema: testSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 3, maxTop: 1000, keyset: TEST_KEYSET },
};

/** A token as a next link of this resource writes one: the texts sealed for the order. */
const token = (order: string, texts: readonly (string | null)[]): string => sealedToken(testSchema.name, order, texts);
const NOT_OURS =
  "Option '$skiptoken' cannot be read: it is not a token a next link of this service wrote for this collection and order (keep the order of the request that wrote it)";

/** Expressions to order by, some null for some rows. */
const ORDER_EXPRESSIONS = [
  'length(String)',
  'Int32 add Int16 desc',
  'year(DateTimeOffset)',
  "concat(String, 'x') desc",
  'Boolean eq true',
  'not BooleanReq desc',
  'Decimal mul 2',
  'cast(Guid, Edm.String) desc',
  'cast(Binary, Edm.Binary) desc',
  // Near the string cost a row may have: the page after a token repeats it, and must not be refused.
  'replace(String, String, String)',
  'replace(String, String, String) desc',
];

describe('keyset pages', () => {
  it('visit every matching row exactly once, in the order of the whole set, each link carrying a token', () => {
    fc.assert(
      fc.property(
        arbTypedFilter(testSchema),
        arbRows(testSchema),
        fc.integer({ min: 1, max: 4 }),
        arbOrderBy(testSchema),
        fc.option(fc.constantFrom(...ORDER_EXPRESSIONS)),
        fc.nat(2),
        (filter, rows, top, paths, expression, skip) => {
          const orderby = [expression, paths].filter((item) => item !== null && item !== undefined).join(',');
          const options = `$filter=${encodeURIComponent(filter.text!)}&$count=true&$top=${top}${orderby ? `&$orderby=${encodeURIComponent(orderby)}` : ''}`;
          const whole = applyQuery(rows, parseQuery(`${options.replace(`$top=${top}`, '$top=1000')}`, resource));
          const expected = whole.items.map((r) => r.Id as number).slice(skip);
          let url: string | undefined = `${BASE}?${options}&$skip=${skip}`;
          const seen: number[] = [];
          let pages = 0;
          while (url !== undefined) {
            const plan = parseQuery(new URL(url).search, resource);
            const page = applyQuery(rows, plan);
            expect(page.count).toBe(whole.items.length);
            seen.push(...page.items.map((r) => r.Id as number));
            // A Double key pages by skip: its order has no exact text.
            expect(page.skipToken !== undefined).toBe(plan.keyset && page.more);
            url = nextLink(url, plan, page.more, page.skipToken);
            if (url !== undefined && plan.keyset) expect(new URL(url).searchParams.has('$skip')).toBe(false);
            expect(++pages).toBeLessThanOrEqual(expected.length + 1);
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: runs(200, 4000) },
    );
  });

  it.each(
    [
      'Boolean',
      'Boolean desc',
      'Boolean eq true desc',
      'String',
      'String desc',
      'Int32 desc,String',
      'Int32,String desc',
    ].flatMap((orderby) => [
      [orderby, [null, false, true, false, null, true, false]],
      [orderby, [true, null, true, null]],
    ]),
  )('steps one row at a time through nulls and ties, ordered by %s, over %j', async (orderby, values) => {
    const rows = (values as (boolean | null)[]).map((b, i) => ({
      Id: i + 1,
      Boolean: b,
      String: i % 3 === 0 ? null : `s${i % 2}`,
      Int32: i % 2 === 0 ? null : i % 4,
    }));
    const whole = applyQuery(rows, parseQuery(`$orderby=${encodeURIComponent(orderby as string)}&$top=100`, resource));
    const { ids } = await followPages(
      BASE,
      resource,
      { orderby: orderby as string, top: 1, rows: rows.length },
      async (plan) => applyQuery(rows, plan),
    );
    expect(ids).toEqual(whole.items.map((r) => r.Id));
  });

  it.each([
    ['$skiptoken=nonsense!', NOT_OURS],
    // A token as an unsealed one would be: base64url of the order and the texts.
    [`$skiptoken=${btoa(JSON.stringify({ o: 'Id asc', v: ['1'] })).replace(/=+$/, '')}`, NOT_OURS],
    [`$skiptoken=${sealedToken('Other', 'Id asc', ['1'])}`, NOT_OURS],
    [`$skiptoken=${token('Id asc', ['1', '2'])}`, NOT_OURS],
    [`$skiptoken=${token('Id asc', ['x'])}`, "Option '$skiptoken' cannot be read: its values do not fit the order"],
    [`$skiptoken=${token('String desc,Id asc', ['a', '1'])}`, NOT_OURS],
    [
      `$orderby=Double&$skiptoken=${token('Double asc,Id asc', [null, '1'])}`,
      "Option '$skiptoken' cannot be read: this order is not continued by a token (an order by a Double or an enumeration pages by skip)",
    ],
    [
      `$skiptoken=${token('Id asc', ['1) or (Id gt 0'])}`,
      "Option '$skiptoken' cannot be read: its values do not fit the order",
    ],
  ])('refuses %s', (query, message) => {
    const error = thrownFilterError(() => parseQuery(query, resource));
    expect(error.issues.map((i) => [i.code, i.message])).toEqual([['invalid_option_value', message]]);
  });

  it('follows the links of an order of 32 keys to the end', async () => {
    // Its page after a token compares each key once for every key after it: beyond a filter's nodes.
    const orderby = Array.from({ length: 32 }, (_, i) => `Int32 add ${i}${' add 1'.repeat(10)}`).join(',');
    const rows = [1, 2, 3, 4, 5, 6, 7].map((Id) => ({ Id, Int32: Id % 3 }));
    const whole = applyQuery(rows, parseQuery(`$orderby=${encodeURIComponent(orderby)}&$top=100`, resource)).items;
    const { ids } = await followPages(BASE, resource, { orderby, top: 2, rows: rows.length }, async (plan) =>
      applyQuery(rows, plan),
    );
    expect(ids).toEqual(whole.map((r) => r.Id));
  });

  it('reads a token the memory backend wrote, and only where the policy continues by tokens', () => {
    const rows = [1, 2, 3, 4, 5].map((Id) => ({ Id, String: Id % 2 ? 'odd' : "it's even" }));
    const first = applyQuery(rows, parseQuery('$orderby=String desc&$top=2', resource));
    expect(first.items.map((r) => r.Id)).toEqual([1, 3]);
    const second = applyQuery(rows, parseQuery(`$orderby=String desc&$top=2&$skiptoken=${first.skipToken}`, resource));
    expect(second.items.map((r) => r.Id)).toEqual([5, 2]);
    expect(
      thrownFilterError(() =>
        parseQuery(`$skiptoken=${first.skipToken}`, { ...resource, policy: { ...resource.policy, keyset: undefined } }),
      ).issues.map((i) => i.code),
    ).toEqual(['unknown_option']);
  });
});
