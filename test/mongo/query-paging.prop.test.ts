// compileMongoQuery() (docs/query.md) through MongoDB's semantics (the mingo harness): the find()
// of each page — its query document, its sort, skip and limit — and the count visit, following
// `next` links from the first page, every matching document exactly once, in the order the
// in-memory reference gives the whole set (random `orderby`: nulls and missing, NaN, ties).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextLink, parseQuery } from '../../src/query/index.js';
import { SERVICE_INTERFACE_B, Event, PublicVenue } from '../../src/examples/events/index.js';
import { thrownFilterError } from '../support/thrown.js';
import { Query } from 'mingo';
import type { QueryResource } from '../../src/query/index.js';
import { compileMongoQuery } from '../../src/backends/mongo/index.js';
import { arbOrderBy, arbRows, arbTypedFilter, testSchema } from '../support/arbitraries.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { findDocuments as find } from '../engines/mingo-collection.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { REFUSED_CASTS } from '../support/cast-table.js';
import { isFilterError } from '../../src/errors.js';
import { gapsOf } from './gaps.js';
import { runs } from '../support/test-size.js';

const BASE = 'https://example.test/items';
const resource: QueryResource = {
  schema: testSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 3, maxTop: 10 },
};

describe("paging by the plan's find()", () => {
  it('refuses an order by an expression by name: find() sorts by fields', () => {
    const error = thrownFilterError(() => compileMongoQuery(parseQuery('$orderby=length(String)', resource)));
    expect([error.kind, error.construct, error.target]).toEqual(['unsupported', 'orderby_expression', 'mongodb']);
  });

  it('sorts by the key and limits to one document beyond the page', () => {
    const plan = parseQuery('$top=4&$skip=8&$count=true', resource);
    expect(compileMongoQuery(plan)).toEqual({ filter: {}, sort: { Id: 1 }, skip: 8, limit: 5, count: true });
    expect(compileMongoQuery(plan, { fields: { Id: '_id' } }).sort).toEqual({ _id: 1 });
  });

  it('visits every matching document exactly once, in key order, and counts them', () => {
    fc.assert(
      fc.property(
        arbTypedFilter(testSchema, { asciiCaseMapping: true }),
        arbRows(testSchema, { asciiCaseMapping: true }),
        fc.option(fc.integer({ min: 1, max: 5 })),
        // MongoDB sorts BinData by length first: an order by a binary is refused (binary-table.test.ts).
        arbOrderBy(testSchema, (type) => type === 'Edm.Binary'),
        (filter, rows, top, orderby) => {
          // Rows where MongoDB's 34-digit Decimal128 differs from the reference are not compared (docs/semantics.md, "MongoDB: differences").
          fc.pre(rows.every((row) => gapsOf(filter, row).size === 0));
          const docs = rows.map((r) => toMongoDocument(testSchema, r as Record<string, unknown>));
          const options: [string, string][] = [
            ['$filter', filter.text!],
            ['$count', 'true'],
          ];
          if (top !== null) options.push(['$top', String(top)]);
          if (orderby !== undefined) options.push(['$orderby', orderby]);
          // The reference's order of the whole set: MongoDB's pages must follow it.
          const all: [string, string][] = [...options.filter(([n]) => n !== '$top'), ['$top', '1000']];
          const whole = applyQuery(
            rows,
            parseQuery(new URLSearchParams(all), { ...resource, policy: { ...resource.policy, maxTop: 1000 } }),
          );
          const expected = whole.items.map((r) => r.Id as number);
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
            seen.push(...page.slice(0, plan.top).map((d) => d.Id as number));
            url = nextLink(url, plan, page.length > plan.top);
          }
          expect(seen).toEqual(expected);
        },
      ),
      { numRuns: runs(150, 2_000) },
    );
  });
});

describe('an expansion', () => {
  it("is refused by name: a relation's rows are in another collection", () => {
    const error = thrownFilterError(() =>
      compileMongoQuery(
        parseQuery('$expand=Sessions', {
          schema: Event,
          key: ['EventID'],
          policy: resource.policy,
          relations: { Sessions: { key: ['EventSessionID'] } },
        }),
      ),
    );
    expect([error.kind, error.construct, error.target]).toEqual(['unsupported', 'expand', 'mongodb']);
  });
});

describe('the projection of find()', () => {
  const venues: QueryResource = {
    schema: PublicVenue,
    key: ['VenueID'],
    policy: SERVICE_INTERFACE_B,
    defaultSelect: ['VenueID', 'Name', 'ViewUri'],
  };

  it('keeps the selected fields, mapped as the options map them, and leaves _id out unless kept', () => {
    expect(compileMongoQuery(parseQuery('', venues)).projection).toEqual({ VenueID: 1, Name: 1, ViewUri: 1, _id: 0 });
    expect(
      compileMongoQuery(parseQuery('fields=geodata,venueid', venues), {
        fields: { VenueID: '_id', 'GeoData/PointLatitude': 'geo.lat' },
      }).projection,
    ).toEqual({ GeoData: 1, _id: 1 });
    expect(compileMongoQuery(parseQuery('$top=1', resource)).projection).toBeUndefined();
  });

  it('leaves out a structure that is null on the way to a kept path, where applyQuery() keeps it null', () => {
    const plan = parseQuery('$select=Address/Geo/Lat,Id', resource);
    const docs = [
      { Id: 1, Address: null },
      { Id: 2, Address: { Geo: null, City: 'x' } },
    ];
    expect(new Query({}).find(docs, compileMongoQuery(plan).projection).all()).toEqual([
      { Id: 1 },
      { Id: 2, Address: {} },
    ]);
    expect(applyQuery(docs, plan).items).toEqual([
      { Id: 1, Address: null },
      { Id: 2, Address: { Geo: null } },
    ]);
  });

  it('gives each document as applyQuery() gives its row, but for that', () => {
    fc.assert(
      fc.property(
        arbRows(testSchema, { asciiCaseMapping: true }),
        fc.uniqueArray(fc.constantFrom(...testSchema.properties.keys(), 'Address/Geo/Lat', 'Owner/Manager'), {
          minLength: 1,
          maxLength: 4,
        }),
        (rows, items) => {
          const plan = parseQuery(`$select=${items.join(',')}&$top=10`, resource);
          const query = compileMongoQuery(plan);
          const docs = rows.map((r) => toMongoDocument(testSchema, r as Record<string, unknown>));
          const found = new Query({}).find(find(docs, query), query.projection).all();
          const expected = applyQuery(docs, plan).items.map((doc) =>
            withoutNullParents(
              dropUndefined(doc) as Record<string, unknown>,
              plan.select!.map((item) => item.path),
            ),
          );
          expect(found).toEqual(expected);
        },
      ),
      { numRuns: runs(100, 2000) },
    );
  });
});

/**
 * A projected row as MongoDB projects it (docs/mongo.md, "Differences"): a structure that is null
 * on the way to a kept path is left out, not kept as null.
 */
function withoutNullParents(
  doc: Record<string, unknown>,
  paths: readonly (readonly string[])[],
): Record<string, unknown> {
  for (const path of paths) {
    let parent: Record<string, unknown> | undefined = doc;
    for (let i = 0; i < path.length - 1 && parent !== undefined; i++) {
      const value: unknown = parent[path[i]!];
      if (value === null) delete parent[path[i]!];
      parent = value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : undefined;
    }
  }
  return doc;
}

/** A document as MongoDB returns it: a field set to undefined is not stored. */
function dropUndefined(doc: unknown): unknown {
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc) || Object.getPrototypeOf(doc) !== Object.prototype)
    return doc;
  return Object.fromEntries(
    Object.entries(doc)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, dropUndefined(v)]),
  );
}
