// Values finer than a millisecond (docs/semantics.md §5, "Precision") through both compiled paths
// (generated code over validated and trusted rows, and closures) and the oracle: finer literals
// over the temporal table's rows and against the elements of collections, and rows that hold
// finer values as text; and order keys with finer literals, followed through keyset pages.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { applyQuery, compilePredicate } from '../../src/backends/memory/index.js';
import type { QueryResource } from '../../src/query/index.js';
import type { Schema } from '../../src/types/schema.js';
import { evaluateOracle } from '../support/oracle.js';
import type { EvalRow } from '../support/eval-table.js';
import {
  FINE_LITERAL_CASES,
  FINE_ORDER_CASES,
  FINE_ROW_CASES,
  fineRowSchema,
  fineRows,
} from '../support/fine-time-table.js';
import { followPages } from '../support/follow-pages.js';
import { TEST_KEYSET } from '../support/keyset-key.js';
import { temporalRows, temporalSchema } from '../support/temporal-table.js';
import {
  FINE_COLLECTION_CASES,
  fineCollectionRows,
  fineCollectionSchema,
  MICROSECOND_COLLECTION_CASES,
  microsecondCollectionRows,
  microsecondCollectionSchema,
} from '../support/fine-collection-table.js';

const PATHS = [
  ['generated code', (typed: ReturnType<typeof check>) => compilePredicate(typed)],
  [
    'generated code over trusted rows',
    (typed: ReturnType<typeof check>) => compilePredicate(typed, { rows: 'trusted' }),
  ],
  ['closures', (typed: ReturnType<typeof check>) => compilePredicate(typed, { codegen: false })],
  ['oracle', (typed: ReturnType<typeof check>) => (row: unknown) => evaluateOracle(typed, row)],
] as const;

function table(
  name: string,
  cases: readonly { readonly filter: string; readonly ids: readonly number[] }[],
  schema: Schema,
  rows: readonly EvalRow[],
): void {
  describe(name, () => {
    describe.each(cases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
      const typed = check(filter, schema);
      it.each(PATHS)('%s', (_name, compile) => {
        const predicate = compile(typed);
        expect(rows.filter((row) => predicate(row)).map((row) => row.Id)).toEqual(ids);
      });
    });
  });
}

table('finer literals over whole milliseconds', FINE_LITERAL_CASES, temporalSchema, temporalRows);
table('rows holding finer values', FINE_ROW_CASES, fineRowSchema, fineRows);
table(
  'finer literals against the elements of collections',
  FINE_COLLECTION_CASES,
  fineCollectionSchema,
  fineCollectionRows,
);
table(
  'collections whose elements hold microseconds',
  MICROSECOND_COLLECTION_CASES,
  microsecondCollectionSchema,
  microsecondCollectionRows,
);

describe('order keys with finer literals, through keyset pages', () => {
  const resource: QueryResource = {
    schema: temporalSchema,
    key: ['Id'],
    policy: { spelling: 'odata', defaultTop: 2, maxTop: 100, keyset: TEST_KEYSET },
  };
  it.each(FINE_ORDER_CASES.map((c) => [c.orderby, c.ids] as const))('$orderby=%s', async (orderby, ids) => {
    for (const top of [1, 3, 8]) {
      const read = await followPages(
        'https://example.test/items',
        resource,
        { orderby, top, rows: temporalRows.length },
        async (plan) => applyQuery(temporalRows, plan),
      );
      expect(read.ids).toEqual(ids);
    }
  });
});
