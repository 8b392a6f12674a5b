// The in-memory backend's evaluation table, run through MongoDB's semantics: the same ids on every
// row, except the rows listed in GAPS, where the filter meets a documented MongoDB difference
// (decided from the row's values by test/mongo/gaps.ts, not from MongoDB's answer), and the cases
// listed in UNSUPPORTED, which compileMongo rejects at a literal MongoDB cannot hold exactly.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { evalCases, evalRows, evalSchema } from '../support/eval-table.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { gapsOf } from './gaps.js';

const docs = evalRows.map((row) => toMongoDocument(evalSchema, row as Record<string, unknown>));

/** `filter @ row id: gap` for every evaluation case and row in a documented difference. */
const GAPS: readonly string[] = [
  // MongoDB's $toLower/$toUpper map ASCII letters only: rows whose text has other cased letters.
  "tolower(Name) eq 'alpha' @ 7: case-mapping",
  "tolower(Name) eq 'alpha' @ 11: case-mapping",
  "tolower(Name) eq 'alpha' @ 12: case-mapping",
  "toupper(Name) eq 'STRASSE' @ 7: case-mapping",
  "toupper(Name) eq 'STRASSE' @ 11: case-mapping",
  "toupper(Name) eq 'STRASSE' @ 12: case-mapping",
  "toupper(Code) eq 'STRASSE' @ 7: case-mapping",
  "toupper(Code) eq 'STRASSE' @ 12: case-mapping",
  "tolower(Address/City) eq 'i̇stanbul' @ 5: case-mapping",
  "tolower(Address/City) eq 'i̇stanbul' @ 7: case-mapping",
  "tolower(Address/City) eq 'paris' @ 5: case-mapping",
  "tolower(Address/City) eq 'paris' @ 7: case-mapping",
  "toupper(Name) eq 'ZOË' @ 7: case-mapping",
  "toupper(Name) eq 'ZOË' @ 11: case-mapping",
  "toupper(Name) eq 'ZOË' @ 12: case-mapping",
  "tolower(Name) eq 'ω' @ 7: case-mapping",
  "tolower(Name) eq 'ω' @ 11: case-mapping",
  "tolower(Name) eq 'ω' @ 12: case-mapping",
  "toupper(Code) eq 'Ǆ' @ 7: case-mapping",
  "toupper(Code) eq 'Ǆ' @ 12: case-mapping",
  "tolower(Code) eq 'ev01' @ 7: case-mapping",
  "tolower(Code) eq 'ev01' @ 12: case-mapping",
  "toupper(Name) eq 'A😀B' @ 7: case-mapping",
  "toupper(Name) eq 'A😀B' @ 11: case-mapping",
  "toupper(Name) eq 'A😀B' @ 12: case-mapping",
  // Exact values beyond 34 significant digits: Price squared on rows 5 and 10 (28-digit Prices).
  'Price mul Price eq 0.01 @ 5: decimal128',
  'Price mul Price eq 0.01 @ 10: decimal128',
];

/**
 * Cases compileMongo rejects with an 'unsupported' FilterError at a literal that MongoDB could not
 * hold exactly: `filter → literal text`. Every other case compiles.
 */
const UNSUPPORTED: Readonly<Record<string, string>> = {
  // 56 significant digits: Decimal128 holds 34, and MongoDB would round the literal.
  'Price mul Price eq 99999999999999999999999999980000000000000000000000000001m':
    '99999999999999999999999999980000000000000000000000000001m',
};

const gapRows = new Map<string, number[]>();
for (const { filter } of evalCases) {
  if (filter in UNSUPPORTED) continue;
  const typed = check(filter, evalSchema);
  const ids = evalRows.filter((row) => gapsOf(typed, row as Record<string, unknown>).size > 0).map((row) => row.Id);
  if (ids.length > 0) gapRows.set(filter, ids);
}

describe('the evaluation table through MongoDB semantics', () => {
  it('meets a documented difference only on the listed rows', () => {
    const found = evalCases.flatMap(({ filter }) =>
      (gapRows.get(filter) ?? []).map(
        (id) =>
          `${filter} @ ${id}: ${[...gapsOf(check(filter, evalSchema), evalRows.find((r) => r.Id === id) as Record<string, unknown>)].join(', ')}`,
      ),
    );
    expect(found).toEqual(GAPS);
  });

  it('rejects exactly the listed cases, at their literal, with and without a Decimal128 factory', () => {
    const rejected: Record<string, string> = {};
    for (const { filter } of evalCases) {
      for (const options of [{ decimal: decimal128 }, {}]) {
        try {
          compileMongo(check(filter, evalSchema), options);
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          const e = error as FilterError;
          expect(e.kind).toBe('unsupported');
          const literal = filter.slice(e.start, e.end);
          expect(e.message).toContain(literal.replace(/m$/i, ''));
          expect(e.message).toMatch(/Decimal128 cannot hold it exactly \(it has \d+ significant digits/);
          rejected[filter] = literal;
        }
      }
    }
    expect(rejected).toEqual(UNSUPPORTED);
  });

  for (const { filter, ids } of evalCases) {
    if (filter in UNSUPPORTED) continue;
    it(filter, () => {
      const query = mongoQuery(compileMongo(check(filter, evalSchema), { decimal: decimal128 }));
      const outside = gapRows.get(filter) ?? [];
      const matched = evalRows
        .filter((row, i) => !outside.includes(row.Id) && query.test(docs[i]!))
        .map((row) => row.Id);
      expect(matched).toEqual(ids.filter((id) => !outside.includes(id)));
    });
  }
});
