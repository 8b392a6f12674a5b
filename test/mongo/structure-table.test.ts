// The structured-value evaluation table (docs/semantics.md §16) through MongoDB's semantics (the
// mingo harness): a structure as an embedded document, compared member by member.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { structureCases, structureRows, structureSchema } from '../support/structure-table.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = structureRows.map((row) => toMongoDocument(structureSchema, row as Record<string, unknown>));

describe('the structured-value table through MongoDB semantics', () => {
  it.each(structureCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const query = mongoQuery(compileMongo(check(filter, structureSchema)));
    expect(structureRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
  });
});
