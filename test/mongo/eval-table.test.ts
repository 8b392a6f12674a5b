// The in-memory backend's evaluation table, run through MongoDB's semantics: the same ids, except
// the cases that hit a documented MongoDB difference (the harness reports them; listed here).

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/check.js';
import { evalCases, evalRows, evalSchema } from '../support/eval-table.js';
import { decimal128, divergences, mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = evalRows.map((row) => toMongoDocument(evalSchema, row as Record<string, unknown>));

describe('the evaluation table through MongoDB semantics', () => {
  for (const { filter, ids } of evalCases) {
    it(filter, () => {
      const query = mongoQuery(compileMongo(check(filter, evalSchema), { decimal: decimal128 }));
      const matched: number[] = [];
      const divergent: number[] = [];
      docs.forEach((doc, i) => {
        divergences.clear();
        if (query.test(doc)) matched.push(evalRows[i]!.Id);
        if (divergences.size > 0) divergent.push(evalRows[i]!.Id);
      });
      // Rows with a documented difference may go either way; every other row must agree.
      const keep = (list: readonly number[]) => list.filter((id) => !divergent.includes(id)).sort((a, b) => a - b);
      expect(keep(matched)).toEqual(keep(ids));
    });
  }
});
