// The binary evaluation table through both compiled paths and the oracle (docs/semantics.md §6).

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { binaryCases, binaryRows, binarySchema, binaryTextCases } from '../support/binary-table.js';

function matching(test: (row: unknown) => boolean): number[] {
  return binaryRows.filter((row) => test(row)).map((row) => row.Id);
}

describe('the binary evaluation table', () => {
  it('has each filter once', () => {
    const filters = [...binaryCases, ...binaryTextCases].map((c) => c.filter);
    expect(new Set(filters).size).toBe(filters.length);
  });

  describe.each([...binaryCases, ...binaryTextCases].map((c, i) => [i, c.filter, c.ids] as const))(
    '%i: %s',
    (_i, filter, ids) => {
      const typed = check(filter, binarySchema);
      it('generated code', () => expect(matching(compilePredicate(typed))).toEqual(ids));
      it('closures', () => expect(matching(compilePredicate(typed, { codegen: false }))).toEqual(ids));
      it('oracle', () => expect(matching((row) => evaluateOracle(typed, row))).toEqual(ids));
    },
  );
});
