// The structure-parameter table (docs/semantics.md §15) through MongoDB's semantics (the mingo
// harness): a structure argument is an object expression of its members.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import {
  structureParameterCases,
  structureParameterRegistry,
  structureParameterRows,
  structureParameterSchema,
  structureParameterStorageSchema,
} from '../support/structure-parameter-table.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = structureParameterRows.map((row) =>
  toMongoDocument(structureParameterStorageSchema, row as Record<string, unknown>),
);
const ids = (document: Record<string, unknown>): number[] => {
  const query = mongoQuery(document);
  return structureParameterRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id);
};

describe('the structure-parameter table through MongoDB semantics', () => {
  it.each(structureParameterCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, expected) => {
    const typed = check(filter, structureParameterSchema);
    expect(ids(compileMongo(typed, { functions: structureParameterRegistry }))).toEqual(expected);
  });
});
