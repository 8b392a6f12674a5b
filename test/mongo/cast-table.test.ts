// The cast evaluation table through MongoDB's semantics (the mingo harness), with and without a
// Decimal128 factory. A cast MongoDB cannot compute exactly is refused, by name, and listed here.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { castCases, castRows, castSchema, castsOf, REFUSED_CASTS } from '../support/cast-table.js';
import { thrown } from '../support/thrown.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';

const OPTIONS = [
  ['with a Decimal128 factory', { decimal: decimal128 }],
  ['without one', {}],
] as const;

const docs = castRows.map((row) => toMongoDocument(castSchema, row as Record<string, unknown>));

describe.each(OPTIONS)('the cast table through MongoDB semantics (%s)', (_name, options) => {
  it.each(castCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const compile = () => compileMongo(check(filter, castSchema), { ...options });
    const refused = castsOf(filter).find((c) => REFUSED_CASTS.mongodb.includes(c));
    if (refused) {
      expect(thrown(compile)).toMatchObject({ kind: 'unsupported', target: 'mongodb', construct: refused });
      return;
    }
    const query = mongoQuery(compile());
    expect(castRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
  });
});
