// The collection-parameter table (docs/semantics.md §15) through MongoDB's semantics (the mingo
// harness): a collection argument is an array expression of its elements.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import {
  collectionParameterCases,
  collectionParameterRegistry,
  collectionParameterRows,
  collectionParameterSchema,
  collectionParameterStorageSchema,
} from '../support/collection-parameter-table.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = collectionParameterRows.map((row) =>
  toMongoDocument(collectionParameterStorageSchema, row as Record<string, unknown>),
);
const ids = (document: Record<string, unknown>): number[] => {
  const query = mongoQuery(document);
  return collectionParameterRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id);
};

describe('the collection-parameter table through MongoDB semantics', () => {
  it.each(collectionParameterCases.map((c) => [c.filter, c.ids, c.aliases] as const))(
    '%s',
    (filter, expected, aliases) => {
      const typed = check(filter, collectionParameterSchema, { aliases });
      expect(ids(compileMongo(typed, { functions: collectionParameterRegistry }))).toEqual(expected);
    },
  );
});
