// The evaluation table through both compiled paths and the oracle.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evalCases, evalRows, evalSchema } from '../support/eval-table.js';
import { evaluateOracle } from '../support/oracle.js';

function matching(test: (row: unknown) => boolean): number[] {
  return evalRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the evaluation table', () => {
  it('has at least 200 cases, each filter once', () => {
    expect(evalCases.length).toBeGreaterThanOrEqual(200);
    expect(new Set(evalCases.map((c) => c.filter)).size).toBe(evalCases.length);
  });

  describe.each(evalCases.map((c, i) => [i, c.filter, c.ids] as const))('%i: %s', (_i, filter, ids) => {
    const typed = check(filter, evalSchema);
    it('generated code', () => expect(matching(compilePredicate(typed))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { codegen: false }))).toEqual(ids));
    it('oracle', () => expect(matching((row) => evaluateOracle(typed, row))).toEqual(ids));
  });
});
