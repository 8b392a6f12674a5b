// The derived-type evaluation table (docs/semantics.md §14) through MongoDB's semantics (the mingo
// harness): every type's properties and the discriminator `Kind` as fields (docs/mongo.md).

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { derivedCases, derivedRows, derivedSchema, derivedStorageSchema } from '../support/derived-table.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = derivedRows.map((row) => toMongoDocument(derivedStorageSchema, row as Record<string, unknown>));

describe('the derived-type table through MongoDB semantics', () => {
  it.each(derivedCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const query = mongoQuery(compileMongo(check(filter, derivedSchema)));
    expect(derivedRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
  });
});
