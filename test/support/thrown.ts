// What a call throws, for tests that assert on the error's fields rather than only that it throws.

import { expect } from 'vitest';
import { FilterError } from '../../src/errors.js';

/** The error the call throws, or undefined when it returns. */
export function thrown(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  return undefined;
}

/** The FilterError the call throws; anything else thrown, or nothing, fails the test. */
export function thrownFilterError(run: () => unknown): FilterError {
  const error = thrown(run);
  expect(error).toBeInstanceOf(FilterError);
  return error as FilterError;
}
