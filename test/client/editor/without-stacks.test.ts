// The editor kit's trials make their refusals without stack traces, and leave the setting as it
// found it; a fault still escapes with its stack.

import { describe, expect, it } from 'vitest';
import { FilterError } from '../../../src/errors.js';
import { complete } from '../../../src/client/index.js';
import { withoutStacks } from '../../../src/client/editor/without-stacks.js';
import { Product } from './product-schema.js';

describe('withoutStacks', () => {
  it('makes the errors of its work without stacks, and puts the limit back', () => {
    const before = Error.stackTraceLimit;
    Error.stackTraceLimit = 17;
    try {
      const made = withoutStacks(() => new Error('inside'));
      expect(made.stack).not.toContain('\n    at ');
      expect(Error.stackTraceLimit).toBe(17);
      complete('Name eq ', 8, Product);
      expect(Error.stackTraceLimit).toBe(17);
    } finally {
      Error.stackTraceLimit = before;
    }
  });

  it('passes a FilterError on as it was made, the work run once', () => {
    let runs = 0;
    const refusal = new FilterError({ kind: 'syntax', message: 'no', start: 0, end: 0 });
    expect(() =>
      withoutStacks(() => {
        runs++;
        throw refusal;
      }),
    ).toThrow(refusal);
    expect(runs).toBe(1);
  });

  it('throws a fault of its work with a stack: the work run again with stacks', () => {
    let runs = 0;
    let thrown: unknown;
    try {
      withoutStacks(() => {
        runs++;
        throw new TypeError('a fault');
      });
    } catch (error) {
      thrown = error;
    }
    expect(runs).toBe(2);
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).stack).toContain('\n    at ');
  });

  it('runs its work as usual where the limit cannot be set (frozen intrinsics)', () => {
    // `node --frozen-intrinsics` and hardened realms freeze Error: assigning the limit throws there.
    const own = Object.getOwnPropertyDescriptor(Error, 'stackTraceLimit');
    Object.defineProperty(Error, 'stackTraceLimit', {
      value: Error.stackTraceLimit,
      writable: false,
      configurable: true,
    });
    try {
      expect(withoutStacks(() => 'done')).toBe('done');
      expect(complete('Name eq ', 8, Product).items.length).toBeGreaterThan(0);
    } finally {
      if (own) Object.defineProperty(Error, 'stackTraceLimit', own);
    }
  });
});
