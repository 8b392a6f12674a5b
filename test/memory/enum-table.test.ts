// The enumeration evaluation table through both compiled paths and the oracle (docs/semantics.md §12).

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { enumCases, enumRows, enumSchema } from '../support/enum-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return enumRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the enumeration evaluation table', () => {
  it('has each filter once', () => {
    expect(enumCases.length).toBeGreaterThanOrEqual(40);
    expect(new Set(enumCases.map((c) => c.filter)).size).toBe(enumCases.length);
  });

  describe.each(enumCases.map((c, i) => [i, c.filter, c.ids] as const))('%i: %s', (_i, filter, ids) => {
    const typed = check(filter, enumSchema);
    it('generated code', () => expect(matching(compilePredicate(typed))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { codegen: false }))).toEqual(ids));
    it('oracle', () => expect(matching((row) => evaluateOracle(typed, row))).toEqual(ids));
  });
});
