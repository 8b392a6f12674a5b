// The Mongo document, run with MongoDB's semantics (test/engines/mingo.ts), matches exactly the
// rows the in-memory reference matches, on random well-typed filters over random rows.
//
// The generators draw strings whose case mapping MongoDB reproduces (`asciiCaseMapping`), so
// `tolower`/`toupper` are compared on every row. The only rows left out are those where the
// filter defines an exact value needing more than 34 significant digits (test/mongo/gaps.ts),
// decided from that value before the document runs: the documented Decimal128 difference.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { arbRows, arbTypedFilter, isAsciiCaseMappable, testSchema } from '../support/arbitraries.js';
import type { ArbOptions } from '../support/arbitraries.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { gapsOf } from './gaps.js';

const LONG = process.env['ODATA_FILTER_LONG'] !== undefined;
const show = (v: unknown): string => JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x));
const OPTIONS: ArbOptions = { asciiCaseMapping: true };

describe('compileMongo agrees with the in-memory reference', () => {
  for (const decimal of [decimal128, undefined]) {
    it(`on random filters over random rows (${decimal ? 'Decimal128 literals' : 'Decimal literals as $toDecimal'})`, () => {
      let compared = 0;
      let excluded = 0;
      fc.assert(
        fc.property(arbTypedFilter(testSchema, OPTIONS), arbRows(testSchema, OPTIONS), (filter, rows) => {
          const expected = compilePredicate(filter);
          const document = compileMongo(filter, { decimal });
          const query = mongoQuery(document);
          for (const row of rows) {
            const gaps = gapsOf(filter, row);
            // Generated strings never reach MongoDB's ASCII-only case mapping.
            expect([...gaps].filter((g) => g !== 'decimal128'), `${filter.text ?? ''}\nrow ${show(row)}`).toEqual([]);
            if (gaps.has('decimal128')) {
              excluded++;
              continue;
            }
            compared++;
            const actual = query.test(toMongoDocument(testSchema, row));
            expect(actual, `${filter.text ?? ''}\n${show(document)}\nrow ${show(row)}`).toBe(expected(row));
          }
        }),
        { numRuns: LONG ? 10_000 : 300 },
      );
      // The property is about the rows it compares: they must be nearly all of them.
      expect(compared).toBeGreaterThan(20 * excluded);
    }, LONG ? 600_000 : 60_000);
  }

  it('draws only strings whose case mapping MongoDB reproduces, and still non-ASCII ones', () => {
    const texts = fc.sample(arbTypedFilter(testSchema, OPTIONS), { numRuns: 300, seed: 7 }).map((f) => f.text ?? '');
    const rows = fc.sample(arbRows(testSchema, OPTIONS), { numRuns: 100, seed: 7 }).flat();
    const strings = rows.flatMap((r) => [r['String'], r['StringReq']]).filter((s): s is string => typeof s === 'string');
    expect(strings.every(isAsciiCaseMappable)).toBe(true);
    expect(strings.some((s) => /[^\x00-\x7f]/.test(s))).toBe(true);
    expect(texts.some((t) => /tolower|toupper/i.test(t))).toBe(true);
    expect(texts.join('').includes('İ')).toBe(false);
  });
});
