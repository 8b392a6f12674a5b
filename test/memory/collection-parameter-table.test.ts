// The collection-parameter table (docs/semantics.md §15) in memory: the registry's `memory`
// implementations, called by compilePredicate with and without code generation.

import { describe, expect, it } from 'vitest';
import { check, defineFunctions } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import {
  collectionParameterCases,
  collectionParameterRegistry,
  collectionParameterRows,
  collectionParameterSchema,
} from '../support/collection-parameter-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return collectionParameterRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the collection-parameter table in memory', () => {
  it('has each filter once', () => {
    const filters = collectionParameterCases.map((c) => c.filter);
    expect(new Set(filters).size).toBe(filters.length);
  });

  describe.each(collectionParameterCases.map((c) => [c.filter, c.ids, c.aliases] as const))(
    '%s',
    (filter, ids, aliases) => {
      const typed = check(filter, collectionParameterSchema, { aliases });
      const functions = collectionParameterRegistry;
      it('default', () => expect(matching(compilePredicate(typed, { functions }))).toEqual(ids));
      it('closures', () => expect(matching(compilePredicate(typed, { functions, codegen: false }))).toEqual(ids));
    },
  );

  it('passes each element in the representation a primitive argument of its type has, and a fresh array each call', () => {
    const given: unknown[] = [];
    const functions = defineFunctions({
      'Bag.Earliest': {
        memory: (a) => {
          given.push(a.Of);
          return null;
        },
      },
    });
    const typed = check('Bag.Earliest(Of=Days) eq null', collectionParameterSchema);
    const test = compilePredicate(typed, { functions });
    test({ Id: 5 });
    test({ Id: 6, Days: ['1970-01-02', null, new Date('1970-01-11T00:00:00Z')] });
    expect(given).toEqual([[], [1, null, 10]]);
    expect(given[0]).not.toBe(given[1]);
  });
});
