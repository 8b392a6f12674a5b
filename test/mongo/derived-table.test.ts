// The derived-type evaluation table (docs/semantics.md §14) through MongoDB's semantics (the mingo
// harness): every type's properties and the discriminator `Kind` as fields (docs/mongo.md).

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { derivedCases, derivedRows, derivedSchema, derivedStorageSchema } from '../support/derived-table.js';
import { mongoQuery, toMongoDocument } from '../engines/mingo.js';

const docs = derivedRows.map((row) => toMongoDocument(derivedStorageSchema, row as Record<string, unknown>));

describe('the derived-type table through MongoDB semantics', () => {
  it.each(derivedCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const query = mongoQuery(compileMongo(check(filter, derivedSchema)));
    expect(derivedRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
  });
});

// A counterexample of test/mongo/derived-types.prop.test.ts: `$cond` gave the missing field back
// as missing, which `$eq` does not take for null.
it('reads a member missing from a structure of the cast type as null', () => {
  const rows = [{ Id: 7, Kind: 'M' }, { Id: 8, Kind: 'M', Budget: 3 }, { Id: 9 }];
  const query = mongoQuery(compileMongo(check('Staff.Manager/Budget eq null', derivedSchema)));
  const matched = rows.filter((row) => query.test(toMongoDocument(derivedStorageSchema, row)));
  expect(matched.map((row) => row.Id)).toEqual([7, 9]);
});
