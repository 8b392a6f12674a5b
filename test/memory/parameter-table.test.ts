// The function-parameter table (docs/semantics.md §15) in memory: the registry's `memory`
// implementations, called by compilePredicate with and without code generation.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import {
  parameterAliasCase,
  parameterCases,
  parameterRegistry,
  parameterRows,
  parameterSchema,
} from '../support/parameter-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return parameterRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the function-parameter table in memory', () => {
  it('has each filter once', () => {
    const filters = parameterCases.map((c) => c.filter);
    expect(new Set(filters).size).toBe(filters.length);
  });

  describe.each(parameterCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const typed = check(filter, parameterSchema);
    it('default', () => expect(matching(compilePredicate(typed, { functions: parameterRegistry }))).toEqual(ids));
    it('closures', () =>
      expect(matching(compilePredicate(typed, { functions: parameterRegistry, codegen: false }))).toEqual(ids));
  });

  it('takes a parameter alias as an argument', () => {
    const typed = check(parameterAliasCase.filter, parameterSchema, { aliases: parameterAliasCase.aliases });
    expect(matching(compilePredicate(typed, { functions: parameterRegistry }))).toEqual(parameterAliasCase.ids);
  });

  it('passes the value of a row that holds it by name, as the row holds it by value', () => {
    const byName = { ...parameterRows[0]!, Features: 'Wifi,Meals', Grants: 'Read' };
    for (const codegen of [true, false])
      for (const filter of ['Air.Flag(Feature=Features) eq 3', "Air.Same(Grant=Grants, Other=Air.Grant'1')"])
        expect(
          compilePredicate(check(filter, parameterSchema), { functions: parameterRegistry, codegen })(byName),
        ).toBe(true);
  });
});
