// The enumeration evaluation table (docs/semantics.md §12) through MongoDB's semantics (the mingo
// harness), values stored as integers (docs/mongo.md), with and without a Decimal128 factory.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { enumCases, enumRows, enumSchema } from '../support/enum-table.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';

const OPTIONS = [
  ['with a Decimal128 factory', { decimal: decimal128 }],
  ['without one', {}],
] as const;

const docs = enumRows.map((row) => toMongoDocument(enumSchema, row as Record<string, unknown>));

describe.each(OPTIONS)('the enumeration table through MongoDB semantics (%s)', (_name, options) => {
  it.each(enumCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const query = mongoQuery(compileMongo(check(filter, enumSchema), { ...options }));
    expect(enumRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
  });
});
