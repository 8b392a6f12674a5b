// The microsecond table (test/support/microsecond-table.ts) in memory: the ids the SQL engines
// under microsecond storage are held to, through both compiled paths and the oracle.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { evaluateOracle } from '../support/oracle.js';
import { MICROSECOND_CASES, microsecondRows, microsecondSchema } from '../support/microsecond-table.js';

const PATHS = [
  ['generated code', (typed: ReturnType<typeof check>) => compilePredicate(typed)],
  ['closures', (typed: ReturnType<typeof check>) => compilePredicate(typed, { codegen: false })],
  ['oracle', (typed: ReturnType<typeof check>) => (row: unknown) => evaluateOracle(typed, row)],
] as const;

describe.each(MICROSECOND_CASES.map((c) => [c.filter, c.ids] as const))('%s', (filter, ids) => {
  const typed = check(filter, microsecondSchema);
  it.each(PATHS)('%s', (_name, compile) => {
    const predicate = compile(typed);
    expect(microsecondRows.filter((row) => predicate(row)).map((row) => row.Id)).toEqual(ids);
  });
});
