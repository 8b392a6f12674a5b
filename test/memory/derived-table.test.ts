// The derived-type evaluation table through both compiled paths and the oracle (docs/semantics.md §14).

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { derivedCases, derivedRows, derivedSchema } from '../support/derived-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return derivedRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the derived-type evaluation table', () => {
  it('has each filter once', () => {
    expect(new Set(derivedCases.map((c) => c.filter)).size).toBe(derivedCases.length);
  });

  describe.each(derivedCases.map((c, i) => [i, c.filter, c.ids] as const))('%i: %s', (_i, filter, ids) => {
    const typed = check(filter, derivedSchema);
    it('generated code', () => expect(matching(compilePredicate(typed))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { codegen: false }))).toEqual(ids));
    it('oracle', () => expect(matching((row) => evaluateOracle(typed, row))).toEqual(ids));
  });
});
