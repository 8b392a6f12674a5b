// The table of valid filters: each parses to the expected tree, prints canonically, and the
// canonical print parses back to the same tree.

import { describe, expect, it } from 'vitest';
import { parse, print, withoutSpans } from '../../src/index.js';
import { sexpr } from './sexpr.js';
import {
  ALIASES,
  ALL_VALID,
  JSON_ARRAYS,
  COLLECTIONS,
  CONVENTIONS,
  FUNCTIONS_CASES,
  LITERALS,
  NAMES,
  OPERATORS,
  PRECEDENCE,
  WHITESPACE,
  type ValidCase,
} from './valid-cases.js';

const GROUPS: Record<string, readonly ValidCase[]> = {
  operators: OPERATORS,
  'precedence and associativity': PRECEDENCE,
  literals: LITERALS,
  functions: FUNCTIONS_CASES,
  'names and keywords': NAMES,
  whitespace: WHITESPACE,
  'URL-convention examples': CONVENTIONS,
  'lambdas, $count, $it and in a collection': COLLECTIONS,
  'parameter aliases': ALIASES,
  'JSON arrays as the list of in': JSON_ARRAYS,
};

describe('valid filters', () => {
  it('has at least 200 cases, most with a tree shape', () => {
    expect(ALL_VALID.length).toBeGreaterThanOrEqual(200);
    expect(ALL_VALID.filter((c) => c[2] !== undefined).length).toBeGreaterThanOrEqual(150);
  });

  for (const [group, cases] of Object.entries(GROUPS)) {
    describe(group, () => {
      it.each(cases.map((c) => [JSON.stringify(c[0]), ...c] as const))('%s', (_name, input, canonical, tree) => {
        const parsed = parse(input);
        const printed = print(parsed);
        expect(printed).toBe(canonical === '=' ? input : canonical);
        if (tree !== undefined) expect(sexpr(parsed)).toBe(tree);
        const reparsed = parse(printed);
        expect(withoutSpans(reparsed)).toEqual(withoutSpans(parsed));
        expect(print(reparsed)).toBe(printed);
      });
    });
  }
});
