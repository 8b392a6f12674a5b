// The lambda evaluation table through MongoDB's semantics: every case gives the table's ids, with
// and without a Decimal128 factory (with one, Decimal comparisons inside a lambda are plain
// operators; without, `$expr`). The relation `Orders` is stored in another collection, which a
// find() document cannot read: those cases are refused, naming it, and they run on a variant of
// the schema where `Orders` and its `Lines` are embedded arrays (test/mongo/embed-relations.ts),
// with the same ids.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { lambdaCases, lambdaRows, lambdaSchema } from '../support/lambda-table.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { thrownFilterError } from '../support/thrown.js';
import { embedRelations } from './embed-relations.js';

const embeddedSchema = embedRelations(lambdaSchema);

/** The cases that read the relation: decided from the text, not from what compileMongo does. */
const readsOrders = (filter: string): boolean => /\bOrders\b/.test(filter);

const OPTIONS = [
  ['with a Decimal128 factory', { decimal: decimal128 }],
  ['without one', {}],
] as const;

function idsOf(schema: typeof lambdaSchema, filter: string, options: (typeof OPTIONS)[number][1]): number[] {
  const docs = lambdaRows.map((row) => toMongoDocument(schema, row as Record<string, unknown>));
  const query = mongoQuery(compileMongo(check(filter, schema), options));
  return lambdaRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id);
}

describe('the lambda table through MongoDB semantics', () => {
  it('has cases on both sides: relations and embedded collections', () => {
    expect(lambdaCases.filter((c) => readsOrders(c.filter)).length).toBeGreaterThan(5);
    expect(lambdaCases.filter((c) => !readsOrders(c.filter)).length).toBeGreaterThan(30);
  });

  for (const { filter, ids } of lambdaCases) {
    if (readsOrders(filter)) {
      it(`${filter}: refused, naming the relation`, () => {
        for (const [, options] of OPTIONS) {
          const error = thrownFilterError(() => compileMongo(check(filter, lambdaSchema), options));
          expect(error.kind).toBe('unsupported');
          expect(error.construct).toBe('relation');
          expect(error.target).toBe('mongodb');
          expect(error.message).toContain("'Orders'");
          expect(filter.slice(error.start, error.end)).toMatch(/^Orders\//);
        }
      });
      it(`${filter}: embedded`, () => {
        for (const [, options] of OPTIONS) expect(idsOf(embeddedSchema, filter, options)).toEqual(ids);
      });
      continue;
    }
    it(filter, () => {
      for (const [, options] of OPTIONS) expect(idsOf(lambdaSchema, filter, options)).toEqual(ids);
    });
  }
});
