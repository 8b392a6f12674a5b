// The structure-parameter table (docs/semantics.md §15) in memory: the registry's `memory`
// implementations, called by compilePredicate with and without code generation.

import { describe, expect, it } from 'vitest';
import { check, defineFunctions } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import {
  structureParameterCases,
  structureParameterRegistry,
  structureParameterRows,
  structureParameterSchema,
} from '../support/structure-parameter-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return structureParameterRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the structure-parameter table in memory', () => {
  it('has each filter once', () => {
    const filters = structureParameterCases.map((c) => c.filter);
    expect(new Set(filters).size).toBe(filters.length);
  });

  describe.each(structureParameterCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const typed = check(filter, structureParameterSchema);
    const functions = structureParameterRegistry;
    it('default', () => expect(matching(compilePredicate(typed, { functions }))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { functions, codegen: false }))).toEqual(ids));
  });

  it('passes a missing structure as null, and a missing member as null', () => {
    const given: unknown[] = [];
    const functions = defineFunctions({
      'Trip.Describe': {
        memory: (a) => {
          given.push(a.At);
          return 'x';
        },
      },
    });
    const test = compilePredicate(check("Trip.Describe(At=Home) eq 'x'", structureParameterSchema), { functions });
    test({ Id: 5 });
    test({ Id: 6, Home: { City: 'Oslo' } });
    expect(given).toEqual([null, { City: 'Oslo', Zip: null, Geo: null }]);
  });
});
