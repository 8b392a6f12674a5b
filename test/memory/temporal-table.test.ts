// The temporal evaluation table through both compiled paths and the oracle, with now() from the
// table's clock (the oracle takes the instant folded in by lower(): it evaluates the typed tree).

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { withNow } from '../../src/lower/now.js';
import type { TypedFilter } from '../../src/types/typed.js';
import { TEMPORAL_NOW, temporalCases, temporalRows, temporalSchema } from '../support/temporal-table.js';

const clock = (): Date => TEMPORAL_NOW;

function matching(test: (row: unknown) => boolean): number[] {
  return temporalRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the temporal evaluation table', () => {
  it('has each filter once', () => {
    expect(temporalCases.length).toBeGreaterThanOrEqual(90);
    expect(new Set(temporalCases.map((c) => c.filter)).size).toBe(temporalCases.length);
  });

  describe.each(temporalCases.map((c, i) => [i, c.filter, c.ids] as const))('%i: %s', (_i, filter, ids) => {
    const typed = check(filter, temporalSchema);
    it('generated code', () => expect(matching(compilePredicate(typed, { clock }))).toEqual(ids));
    it('closures', () => expect(matching(compilePredicate(typed, { clock, codegen: false }))).toEqual(ids));
    it('oracle', () => {
      const fixed = { ...typed, root: withNow(typed.root, TEMPORAL_NOW.getTime()) } as TypedFilter;
      expect(matching((row) => evaluateOracle(fixed, row))).toEqual(ids);
    });
  });
});
