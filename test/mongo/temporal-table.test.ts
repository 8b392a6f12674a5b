// The temporal evaluation table through MongoDB's semantics (the mingo harness), with now() from
// the table's clock, with and without a Decimal128 factory.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { TEMPORAL_NOW, temporalCases, temporalRows, temporalSchema } from '../support/temporal-table.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';

const OPTIONS = [
  ['with a Decimal128 factory', { decimal: decimal128 }],
  ['without one', {}],
] as const;

const docs = temporalRows.map((row) => toMongoDocument(temporalSchema, row as Record<string, unknown>));

describe.each(OPTIONS)('the temporal table through MongoDB semantics (%s)', (_name, options) => {
  it.each(temporalCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const query = mongoQuery(compileMongo(check(filter, temporalSchema), { ...options, clock: () => TEMPORAL_NOW }));
    expect(temporalRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
  });
});
