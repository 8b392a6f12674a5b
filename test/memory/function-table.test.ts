// The function-call table (docs/semantics.md §15) in memory: the registry's `memory`
// implementations, called by compilePredicate with and without code generation (a filter that
// calls a model's function is compiled to closures either way).

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import {
  aliasCase,
  functionCases,
  functionRegistry,
  functionRows,
  functionSchema,
  resultCases,
} from '../support/function-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return functionRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the function-call table in memory', () => {
  it('has each filter once', () => {
    const filters = [...functionCases, ...resultCases].map((c) => c.filter);
    expect(new Set(filters).size).toBe(filters.length);
  });

  describe.each([...functionCases, ...resultCases].map((c, i) => [i, c.filter, c.ids] as const))(
    '%i: %s',
    (_i, filter, ids) => {
      const typed = check(filter, functionSchema);
      it('default', () => expect(matching(compilePredicate(typed, { functions: functionRegistry }))).toEqual(ids));
      it('closures', () =>
        expect(matching(compilePredicate(typed, { functions: functionRegistry, codegen: false }))).toEqual(ids));
    },
  );

  it('takes a parameter alias as an argument', () => {
    const typed = check(aliasCase.filter, functionSchema, { aliases: aliasCase.aliases });
    expect(matching(compilePredicate(typed, { functions: functionRegistry }))).toEqual(aliasCase.ids);
  });
});
