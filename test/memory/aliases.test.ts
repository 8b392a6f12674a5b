// A filter with parameter aliases matches exactly the rows of the same filter with the values
// written in: check() puts the literals in the typed tree, and the backend reads nothing else.

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { check, defineSchema } from '../../src/index.js';

const schema = defineSchema({
  name: 'Product',
  properties: { Name: 'Edm.String', Price: 'Edm.Decimal' },
});

const rows = [
  { Name: 'a', Price: '4.99' },
  { Name: 'b', Price: '5' },
  { Name: 'c', Price: '5.01' },
  { Name: null, Price: null },
];

const names = (filter: string, aliases?: Record<string, string>): unknown[] =>
  rows.filter(compilePredicate(check(filter, schema, aliases === undefined ? {} : { aliases }))).map((r) => r.Name);

describe('memory: parameter aliases', () => {
  it.each([
    ['Price gt @p', { p: '5' }, 'Price gt 5'],
    ['Price ge @p', { p: '5.00' }, 'Price ge 5.00'],
    ['Name eq @n', { n: 'null' }, 'Name eq null'],
    ['Name ne @n and Price lt @p', { n: "'b'", p: '6' }, "Name ne 'b' and Price lt 6"],
    ['@p eq Name or startswith(Name, @p)', { p: "'c'" }, "'c' eq Name or startswith(Name, 'c')"],
    ['Name in @names', { names: '["a", "c", null]' }, "Name in ('a', 'c', null)"],
    ['Price in @prices', { prices: '(5, 4.99)' }, 'Price in (5, 4.99)'],
  ])('%s with %j matches the rows of %s', (filter, aliases, written) => {
    const expected = names(written);
    expect(expected.length).toBeGreaterThan(0);
    expect(names(filter, aliases)).toEqual(expected);
  });

  it('gives the same rows for two values of one alias as for the two literals', () => {
    expect(names('Price gt @p', { p: '5' })).toEqual(['c']);
    expect(names('Price gt @p', { p: '4' })).toEqual(['a', 'b', 'c']);
  });
});
