// gapsOf (test/mongo/gaps.ts) inside lambdas: a documented MongoDB difference met on any element
// of a collection counts (MongoDB's $map computes the body on every element), read through the
// range variable, and `$count` is an exact integer like any other.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { gapsOf } from './gaps.js';

const schema = defineSchema({
  name: 'Bag',
  properties: {
    Tags: { collection: 'Edm.String' },
    Prices: { collection: 'Edm.Decimal' },
    Lines: { collection: { properties: { Label: 'Edm.String', Price: 'Edm.Decimal' } } },
  },
});

const gaps = (filter: string, row: Record<string, unknown>) => [...gapsOf(check(filter, schema), row)];
const WIDE = '1234567890123456789.012345678';

describe('gapsOf in lambdas', () => {
  it('finds a case mapping on any element, through the range variable', () => {
    expect(gaps("Tags/any(t: tolower(t) eq 'a')", { Tags: ['a', 'İ'] })).toEqual(['case-mapping']);
    expect(gaps("Tags/all(t: toupper(t) eq 'A')", { Tags: ['a', 'b'] })).toEqual([]);
    expect(gaps("Lines/any(l: tolower(l/Label) eq 'a')", { Lines: [null, { Label: 'ß' }] })).toEqual(['case-mapping']);
  });

  it('finds a value beyond 34 digits on any element, and none in an empty, null or missing collection', () => {
    expect(gaps('Prices/any(p: p mul p eq 1)', { Prices: ['1', WIDE] })).toEqual(['decimal128']);
    expect(gaps('Lines/any(l: l/Price mul l/Price eq 1)', { Lines: [{ Price: WIDE }] })).toEqual(['decimal128']);
    for (const Prices of [[], null, undefined]) expect(gaps('Prices/any(p: p mul p eq 1)', { Prices })).toEqual([]);
  });

  it('reads $count as the number of elements', () => {
    expect(gaps('Prices/$count mul 2 eq 4', { Prices: ['1', '2'] })).toEqual([]);
    expect(gaps(`Prices/any(p: p mul Prices/$count eq 1)`, { Prices: [WIDE] })).toEqual([]);
  });
});
