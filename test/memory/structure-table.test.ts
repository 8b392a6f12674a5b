// The structured-value evaluation table through both compiled paths and the oracle
// (docs/semantics.md §16).

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { structureCases, structureRows, structureSchema } from '../support/structure-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return structureRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the structured-value evaluation table', () => {
  it('has each filter once', () => {
    const filters = structureCases.map((c) => c.filter);
    expect(new Set(filters).size).toBe(filters.length);
  });

  describe.each(structureCases.map((c, i) => [i, c.filter, c.ids] as const))('%i: %s', (_i, filter, ids) => {
    const typed = check(filter, structureSchema);
    it('generated code', () => expect(matching(compilePredicate(typed))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { codegen: false }))).toEqual(ids));
    it('oracle', () => expect(matching((row) => evaluateOracle(typed, row))).toEqual(ids));
  });
});
