// The function-call table (docs/semantics.md §15) through MongoDB's semantics (the mingo harness):
// the registry's aggregation expressions inside `$expr`, a bound structure's members read as fields.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import {
  aliasCase,
  functionCases,
  functionRegistry,
  functionRows,
  functionSchema,
  functionStorageSchema,
  resultCases,
} from '../support/function-table.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = functionRows.map((row) => toMongoDocument(functionStorageSchema, row as Record<string, unknown>));
const ids = (document: Record<string, unknown>): number[] => {
  const query = mongoQuery(document);
  return functionRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id);
};

describe('the function-call table through MongoDB semantics', () => {
  it.each([...functionCases, ...resultCases].map((c) => [c.filter, c.ids] as const))('%s', (filter, expected) => {
    expect(ids(compileMongo(check(filter, functionSchema), { functions: functionRegistry }))).toEqual(expected);
  });

  it('grows linearly with calls nested in arguments, whatever an implementation repeats', () => {
    // Geo.Nearest's implementation uses its argument five times: inlined, depth d would be 5^d.
    const size = (depth: number) => {
      const filter = `${'Geo.Nearest(Lat='.repeat(depth)}Lat${')/Lat'.repeat(depth)} eq 1`;
      return JSON.stringify(compileMongo(check(filter, functionSchema), { functions: functionRegistry })).length;
    };
    expect(size(8)).toBeLessThan(2.5 * size(4));
  });

  it('takes an alias given as an argument', () => {
    const typed = check(aliasCase.filter, functionSchema, { aliases: aliasCase.aliases });
    expect(ids(compileMongo(typed, { functions: functionRegistry }))).toEqual(aliasCase.ids);
  });
});
