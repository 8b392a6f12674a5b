// FUNCTION_DOCS: an entry for each function of the table (its type requires one), whose example is
// a filter over the service's Event that calls the function, as a completion's `info` shows it.

import { expect, it } from 'vitest';
import { FUNCTION_DOCS } from '../../../src/client/index.js';
import { check, FUNCTIONS } from '../../../src/index.js';
import { Event } from '../../../src/examples/events/index.js';
import type { TypedExpr } from '../../../src/index.js';
import { childrenOfTyped } from '../../../src/types/typed.js';

function callsIn(root: TypedExpr): string[] {
  const names: string[] = [];
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'call') names.push(node.name);
    stack.push(...childrenOfTyped(node));
  }
  return names;
}

it.each(FUNCTIONS.map((f) => f.name))('documents %s with an example over Event that calls it', (name) => {
  const { summary, example } = FUNCTION_DOCS[name];
  expect(summary.length).toBeGreaterThan(10);
  expect(callsIn(check(example, Event).root)).toContain(name);
});

it('documents no function the table does not have', () => {
  expect(Object.keys(FUNCTION_DOCS).sort()).toEqual(FUNCTIONS.map((f) => f.name).sort());
});
