// Finer literals over the temporal table's rows through MongoDB's semantics (the mingo harness;
// docs/semantics.md, "MongoDB: differences"): a comparison has the reference's ids, and a finer
// value MongoDB would have to compute with is refused by name.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { FINE_LITERAL_CASES } from '../support/fine-time-table.js';
import { temporalRows, temporalSchema } from '../support/temporal-table.js';
import { thrown } from '../support/thrown.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = temporalRows.map((row) => toMongoDocument(temporalSchema, row as Record<string, unknown>));

describe('values finer than a millisecond through MongoDB semantics', () => {
  it.each(FINE_LITERAL_CASES.map((c) => [c.filter, c] as const))('%s', (filter, { ids, refused }) => {
    const compile = () => compileMongo(check(filter, temporalSchema));
    if (refused) {
      expect(thrown(compile)).toMatchObject({
        kind: 'unsupported',
        construct: 'sub_millisecond_precision',
        target: 'mongodb',
      });
      return;
    }
    const query = mongoQuery(compile());
    expect(temporalRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
  });
});
