// The binary evaluation table (docs/semantics.md §6) through MongoDB's semantics (the mingo
// harness): binaries stored as BinData, literals as Uint8Arrays (docs/mongo.md). A Binary's text
// needs `$convert` with a format (MongoDB 8.0), and MongoDB orders BinData by length before its
// bytes: both are refused by name.

import { describe, expect, it } from 'vitest';
import { compileMongo, compileMongoQuery, toExtendedJson } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { checkRowsAfter } from '../../src/types/check.js';
import { parseQuery } from '../../src/query/index.js';
import { binaryCases, binaryRows, binarySchema, binaryTextCases } from '../support/binary-table.js';
import { compareBson, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { thrownFilterError } from '../support/thrown.js';

const docs = binaryRows.map((row) => toMongoDocument(binarySchema, row as Record<string, unknown>));

describe('the binary table through MongoDB semantics', () => {
  it.each(binaryCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const query = mongoQuery(compileMongo(check(filter, binarySchema)));
    expect(binaryRows.filter((_, i) => query.test(docs[i]!)).map((row) => row.Id)).toEqual(ids);
  });

  it.each(binaryTextCases.map((c) => [c.filter] as const))('%s is refused by name', (filter) => {
    expect(thrownFilterError(() => compileMongo(check(filter, binarySchema)))).toMatchObject({
      kind: 'unsupported',
      construct: 'cast(Edm.Binary, Edm.String)',
      target: 'mongodb',
    });
  });

  it('writes a binary literal as a Uint8Array, BinData of subtype 0 in Extended JSON', () => {
    const document = compileMongo(check("Bin eq binary'T0RhdGE='", binarySchema));
    expect(document).toEqual({ Bin: { $eq: Uint8Array.from([0x4f, 0x44, 0x61, 0x74, 0x61]) } });
    expect(JSON.parse(toExtendedJson(document))).toEqual({
      Bin: { $eq: { $binary: { base64: 'T0RhdGE=', subType: '00' } } },
    });
  });
});

describe('the order of binaries', () => {
  const resource = {
    schema: binarySchema,
    key: ['Id'],
    policy: { spelling: 'odata', defaultTop: 100, maxTop: 100 },
  } as const;

  it('is not MongoDB order: BinData sorts by length before its bytes', () => {
    // docs/semantics.md §6 puts X'00FF' before X'01' (the first byte decides); MongoDB puts the shorter first.
    const [short, long] = [Uint8Array.from([0x01]), Uint8Array.from([0x00, 0xff])];
    expect(compareBson(short, long)).toBe(-1);
  });

  it('is refused as an order key', () => {
    const plan = parseQuery(new URLSearchParams({ $orderby: 'Bin desc' }), resource);
    expect(thrownFilterError(() => compileMongoQuery(plan))).toMatchObject({
      kind: 'unsupported',
      construct: 'binary_order',
      target: 'mongodb',
    });
  });

  it('is refused in a comparison, which only the rows after a keyset token make', () => {
    const typed = checkRowsAfter("Bin gt X'00' or Bin lt Other", binarySchema, {});
    expect(thrownFilterError(() => compileMongo(typed))).toMatchObject({
      kind: 'unsupported',
      construct: 'binary_order',
      target: 'mongodb',
    });
  });
});
