// The typed-result table (test/support/typed-result-table.ts) through MongoDB's semantics (the
// mingo harness): a result's `@odata.type` read as one field, as memory reads it.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import {
  typedResultCases,
  typedResultRegistry,
  typedResultRows,
  typedResultSchema,
  typedResultStorageSchema,
} from '../support/typed-result-table.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = typedResultRows.map((row) => toMongoDocument(typedResultStorageSchema, row as Record<string, unknown>));

describe('results typed by @odata.type through MongoDB semantics', () => {
  it.each(typedResultCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, expected) => {
    const query = mongoQuery(compileMongo(check(filter, typedResultSchema), { functions: typedResultRegistry }));
    expect(typedResultRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(expected);
  });
});
