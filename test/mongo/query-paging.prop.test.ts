// compileMongoQuery() (docs/query.md) through MongoDB's semantics (the mingo harness): the find()
// of each page — its query document, its sort by the key, skip and limit — and the count visit,
// following `next` links from the first page, every matching document exactly once, in key order.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLink, parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { compileMongoQuery } from '../../src/backends/mongo/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { arbRows, arbTypedFilter, testSchema } from '../support/arbitraries.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { REFUSED_CASTS } from '../support/cast-table.js';
import { isFilterError } from '../../src/errors.js';
import { gapsOf } from './gaps.js';

const LONG = process.env['ODATA_FILTER_LONG'] !== undefined;
const BASE = 'https://example.test/items';
const resource: QueryResource = { schema: testSchema, key: ['Id'], policy: { spelling: 'odata', defaultTop: 3, maxTop: 10 } };

/** find(filter).sort(sort).skip(skip).limit(limit) over documents whose sort fields are numbers. */
function find(docs: readonly Record<string, unknown>[], query: ReturnType<typeof compileMongoQuery>): Record<string, unknown>[] {
  const matcher = mongoQuery(query.filter as Record<string, unknown>);
  const fields = Object.entries(query.sort);
  const sorted = docs.filter((d) => matcher.test(d)).sort((a, b) => {
    for (const [field, direction] of fields) {
      const c = Number(a[field]) - Number(b[field]);
      if (c !== 0) return c * direction;
    }
    return 0;
  });
  return sorted.slice(query.skip, query.skip + query.limit);
}

describe('paging by the plan\'s find()', () => {
  it('sorts by the key and limits to one document beyond the page', () => {
    const plan = parseQuery('$top=4&$skip=8&$count=true', resource);
    expect(compileMongoQuery(plan)).toEqual({ filter: {}, sort: { Id: 1 }, skip: 8, limit: 5, count: true });
    expect(compileMongoQuery(plan, { fields: { Id: '_id' } }).sort).toEqual({ _id: 1 });
  });

  it('visits every matching document exactly once, in key order, and counts them', () => {
    fc.assert(
      fc.property(arbTypedFilter(testSchema, { asciiCaseMapping: true }), arbRows(testSchema, { asciiCaseMapping: true }), fc.option(fc.integer({ min: 1, max: 5 })), (filter, rows, top) => {
        // Rows where MongoDB's 34-digit Decimal128 differs from the reference are not compared (docs/semantics.md, "MongoDB: differences").
        fc.pre(rows.every((row) => gapsOf(filter, row).size === 0));
        const matches = compilePredicate(filter);
        const expected = rows.filter((r) => matches(r)).map((r) => r.Id as number).sort((a, b) => a - b);
        const docs = rows.map((r) => toMongoDocument(testSchema, r as Record<string, unknown>));
        const options: [string, string][] = [['$filter', filter.text!], ['$count', 'true']];
        if (top !== null) options.push(['$top', String(top)]);
        let url: string | undefined = `${BASE}?${new URLSearchParams(options).toString()}`;
        const seen: number[] = [];
        while (url !== undefined) {
          const plan = parseQuery(new URL(url).search, resource);
          let query;
          try {
            query = compileMongoQuery(plan, { decimal: decimal128 });
          } catch (error) {
            // A cast MongoDB refuses by name (docs/semantics.md, "MongoDB: differences").
            if (isFilterError(error) && REFUSED_CASTS.mongodb.includes(error.construct ?? '')) return;
            throw error;
          }
          const page = find(docs, query);
          const count = docs.filter((d) => mongoQuery(query.filter as Record<string, unknown>).test(d)).length;
          expect(count).toBe(expected.length);
          seen.push(...page.slice(0, plan.top).map((d) => d['Id'] as number));
          url = nextLink(url, plan, page.length > plan.top);
        }
        expect(seen).toEqual(expected);
      }),
      { numRuns: LONG ? 2_000 : 150 },
    );
  });
});
