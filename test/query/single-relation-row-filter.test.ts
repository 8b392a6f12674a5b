// A single-valued relation's row filter (docs/query.md, "Row filters"): where the relation's row
// is one the filter does not keep, it reads as null wherever the request reads it — filter,
// order, keyset pages, expansion — exactly as if the data held null there.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import { nextLink, parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { defineSchema } from '../../src/types/schema.js';
import { TEST_KEYSET } from '../support/keyset-key.js';
import { runs } from '../support/test-size.js';

const schema = defineSchema({
  name: 'Event',
  properties: {
    EventID: { type: 'Edm.Int32', nullable: false },
    Code: 'Edm.String',
    EventTemplate: {
      relation: true,
      properties: { Code: 'Edm.String', Tenant: 'Edm.Int32', Tags: { collection: 'Edm.String' } },
    },
  },
});
const policy = { spelling: 'odata', defaultTop: 2, maxTop: 1000, keyset: TEST_KEYSET } as const;
const restricted: QueryResource = {
  schema,
  key: ['EventID'],
  policy,
  relations: { EventTemplate: { rowFilter: 'Tenant eq @tenant' } },
};
const plain: QueryResource = { schema, key: ['EventID'], policy };

type Template = { Code: string | null; Tenant: number | null; Tags: string[] | null };
type Event = { EventID: number; Code: string | null; EventTemplate: Template | null };

const arbEvents: fc.Arbitrary<Event[]> = fc
  .array(
    fc.record({
      Code: fc.constantFrom(null, 'a', 'b'),
      EventTemplate: fc.option(
        fc.record({
          Code: fc.constantFrom(null, 'a', 'b', 'secret'),
          Tenant: fc.constantFrom(null, 1, 2),
          Tags: fc.option(fc.array(fc.constantFrom('x', 'y'), { maxLength: 3 }), { nil: null }),
        }),
        { nil: null },
      ),
    }),
    { maxLength: 8 },
  )
  .map((rows) => rows.map((row, i) => ({ EventID: i + 1, ...row })));

const FILTERS = [
  "EventTemplate/Code eq 'secret'",
  "EventTemplate/Code ne 'a'",
  'EventTemplate/Code eq null',
  'EventTemplate eq null',
  'EventTemplate ne null',
  "not (EventTemplate/Code eq 'a')",
  "EventTemplate/Tags/any(t: t eq 'x')",
  "EventTemplate/Tags/all(t: t eq 'x')",
  'EventTemplate/Tags/$count eq 0',
  'EventTemplate/Tenant eq 2',
  'length(EventTemplate/Code) gt 1',
  "contains(EventTemplate/Code, 'e') or Code eq 'b'",
];
const ORDERS = [
  'EventTemplate/Code',
  'EventTemplate/Code desc',
  'EventTemplate/Tenant desc,Code',
  'length(EventTemplate/Code)',
  'EventTemplate/Tags/$count desc',
  'EventTemplate eq null',
];

/** Every page's rows and count, following next links from the first page. */
function pages(rows: readonly Event[], query: string, resource: QueryResource, tenant: number) {
  const seen: { items: readonly unknown[]; count: number | undefined }[] = [];
  let url: string | undefined = `https://example.test/events?${query}`;
  while (url !== undefined && seen.length <= rows.length + 1) {
    const plan = parseQuery(new URL(url).search, resource, { parameters: { tenant } });
    const page = applyQuery(rows, plan);
    seen.push({ items: page.items, count: page.count });
    url = nextLink(url, plan, page.more, page.skipToken);
  }
  return seen;
}

describe("a single-valued relation's row filter", () => {
  it('reads a hidden row as null in filters, orders, keyset pages and expansions', () => {
    fc.assert(
      fc.property(
        arbEvents,
        fc.constantFrom(1, 2),
        fc.option(fc.constantFrom(...FILTERS), { nil: undefined }),
        fc.option(fc.constantFrom(...ORDERS), { nil: undefined }),
        fc.boolean(),
        (rows, tenant, filter, orderby, expand) => {
          const options = [
            filter && `$filter=${encodeURIComponent(filter)}`,
            orderby && `$orderby=${encodeURIComponent(orderby)}`,
            expand && '$expand=EventTemplate',
            '$count=true',
          ].filter(Boolean);
          const query = options.join('&');
          const nulled = rows.map((row) =>
            row.EventTemplate !== null && row.EventTemplate.Tenant !== tenant ? { ...row, EventTemplate: null } : row,
          );
          expect(pages(rows, query, restricted, tenant)).toEqual(pages(nulled, query, plain, tenant));
        },
      ),
      { numRuns: runs(400) },
    );
  });

  it('names no relation it cannot restrict, and no key for one row', () => {
    expect(() => parseQuery('', { ...plain, relations: { Code: { rowFilter: 'true' } } })).toThrow(
      "Resource Event: `relations` names 'Code', which is no relation of the schema",
    );
    expect(() => parseQuery('', { ...plain, relations: { EventTemplate: { key: ['Code'] } } })).toThrow(
      "relations['EventTemplate'].key orders the rows of a to-many relation; 'EventTemplate' is one row",
    );
  });

  it('keeps a template of another tenant out of a filter that asks for it', () => {
    const rows: Event[] = [
      { EventID: 1, Code: 'a', EventTemplate: { Code: 'secret', Tenant: 2, Tags: null } },
      { EventID: 2, Code: 'b', EventTemplate: { Code: 'secret', Tenant: 1, Tags: null } },
    ];
    const ids = (query: string) =>
      applyQuery(rows, parseQuery(query, restricted, { parameters: { tenant: 1 } })).items.map((r) => r.EventID);
    expect(ids("$filter=EventTemplate/Code eq 'secret'")).toEqual([2]);
    expect(ids('$filter=EventTemplate eq null')).toEqual([1]);
  });
});
