// Row filters through MongoDB's semantics (the mingo harness; docs/query.md, "Row filters"): the
// find() document of a plan whose resource restricts its rows matches what the in-memory reference
// matches for the same request over rows from which the excluded ones were removed beforehand. A
// find() document reads no relation (docs/mongo.md), so the orders are embedded here, values of
// the row that a row filter of the row reads, and have no row filter of their own.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { compileMongoQuery } from '../../src/backends/mongo/index.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { arbRows, lambdaTestSchema } from '../support/arbitraries.js';
import { arbLambda, arbLambdaRequest, prefiltered } from '../support/row-filters.js';
import type { Row } from '../support/row-filters.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { embedRelations } from './embed-relations.js';
import { runs } from '../support/test-size.js';

const policy = { spelling: 'odata', defaultTop: 10, maxTop: 1000 } as const;
const embedded = embedRelations(lambdaTestSchema);

describe('row filters in the query document', () => {
  it('leaves out of find() every row it excludes', () => {
    fc.assert(
      fc.property(arbRows(embedded, { maxRows: 8 }), arbLambdaRequest, arbLambda, (rows, filter, root) => {
        const filters = { root };
        const resource: QueryResource = { schema: embedded, key: ['Id'], policy, rowFilter: root };
        const query = `$filter=${encodeURIComponent(filter)}&$count=true&$top=1000`;
        const plan = parseQuery(query, resource);
        const matcher = mongoQuery(compileMongoQuery(plan).filter as Record<string, unknown>);
        const found = rows
          .filter((row) => matcher.test(toMongoDocument(embedded, row as Record<string, unknown>)))
          .map((r) => r.Id as number)
          .sort((a, b) => a - b);
        const expected = applyQuery(
          prefiltered(rows as Row[], filters),
          parseQuery(query, { schema: embedded, key: ['Id'], policy }),
        );
        expect(found).toEqual(expected.items.map((r) => r.Id));
      }),
      { numRuns: runs(200, 3000) },
    );
  });
});
