// Finer literals over the temporal table's rows through MongoDB's semantics (the mingo harness;
// docs/semantics.md, "MongoDB: differences"): a comparison has the reference's ids, and a finer
// value MongoDB would have to compute with is refused by name; and against the elements of
// collections.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { FINE_LITERAL_CASES, type FineLiteralCase } from '../support/fine-time-table.js';
import { FINE_COLLECTION_CASES, fineCollectionRows, fineCollectionSchema } from '../support/fine-collection-table.js';
import type { EvalRow } from '../support/eval-table.js';
import type { Schema } from '../../src/types/schema.js';
import { temporalRows, temporalSchema } from '../support/temporal-table.js';
import { thrown } from '../support/thrown.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

function table(name: string, cases: readonly FineLiteralCase[], schema: Schema, rows: readonly EvalRow[]): void {
  const docs = rows.map((row) => toMongoDocument(schema, row as Record<string, unknown>));
  describe(name, () => {
    it.each(cases.map((c) => [c.filter, c] as const))('%s', (filter, { ids, refused }) => {
      const compile = () => compileMongo(check(filter, schema));
      if (refused) {
        expect(thrown(compile)).toMatchObject({
          kind: 'unsupported',
          construct: 'sub_millisecond_precision',
          target: 'mongodb',
        });
        return;
      }
      const query = mongoQuery(compile());
      expect(rows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
    });
  });
}

table('values finer than a millisecond through MongoDB semantics', FINE_LITERAL_CASES, temporalSchema, temporalRows);
table(
  'values finer than a millisecond against the elements of collections, through MongoDB semantics',
  FINE_COLLECTION_CASES,
  fineCollectionSchema,
  fineCollectionRows,
);
