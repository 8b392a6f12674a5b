// The typed-result table (test/support/typed-result-table.ts) in memory, with and without code
// generation: the reference the MongoDB backend is held to.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import {
  typedResultCases,
  typedResultRegistry,
  typedResultRows,
  typedResultSchema,
} from '../support/typed-result-table.js';

describe('results typed by @odata.type in memory', () => {
  describe.each(typedResultCases.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
    const typed = check(filter, typedResultSchema);
    const matching = (test: (row: unknown) => boolean) => typedResultRows.filter(test).map((row) => row.Id);
    it('default', () => expect(matching(compilePredicate(typed, { functions: typedResultRegistry }))).toEqual(ids));
    it('closures', () =>
      expect(matching(compilePredicate(typed, { functions: typedResultRegistry, codegen: false }))).toEqual(ids));
  });
});
