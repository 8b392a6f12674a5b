// The function-parameter table (docs/semantics.md §15) through MongoDB's semantics (the mingo
// harness): an enumeration argument is its value, as the documents store one.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import {
  parameterAliasCase,
  parameterCases,
  parameterRegistry,
  parameterRows,
  parameterSchema,
  parameterStorageSchema,
} from '../support/parameter-table.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = parameterRows.map((row) => toMongoDocument(parameterStorageSchema, row as Record<string, unknown>));
const ids = (document: Record<string, unknown>): number[] => {
  const query = mongoQuery(document);
  return parameterRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id);
};

describe('the function-parameter table through MongoDB semantics', () => {
  it.each(parameterCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, expected) => {
    expect(ids(compileMongo(check(filter, parameterSchema), { functions: parameterRegistry }))).toEqual(expected);
  });

  it('takes an alias given as an argument', () => {
    const typed = check(parameterAliasCase.filter, parameterSchema, { aliases: parameterAliasCase.aliases });
    expect(ids(compileMongo(typed, { functions: parameterRegistry }))).toEqual(parameterAliasCase.ids);
  });
});
