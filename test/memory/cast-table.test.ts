// The cast evaluation table through both compiled paths and the oracle (docs/semantics.md §11).

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { castCases, castRows, castSchema } from '../support/cast-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return castRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the cast evaluation table', () => {
  it('has each filter once', () => {
    expect(castCases.length).toBeGreaterThanOrEqual(80);
    expect(new Set(castCases.map((c) => c.filter)).size).toBe(castCases.length);
  });

  describe.each(castCases.map((c, i) => [i, c.filter, c.ids] as const))('%i: %s', (_i, filter, ids) => {
    const typed = check(filter, castSchema);
    it('generated code', () => expect(matching(compilePredicate(typed))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { codegen: false }))).toEqual(ids));
    it('oracle', () => expect(matching((row) => evaluateOracle(typed, row))).toEqual(ids));
  });
});
