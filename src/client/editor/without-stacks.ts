// The editor kit tries many texts at a cursor, and most of them fail to parse or check: each
// failure is a FilterError whose stack trace V8 captures when it is made. Nothing reads those
// stacks, and capturing them was about a third of a completion in a long filter (bench/editor-long.js).

import { isFilterError } from '../../errors.js';

/**
 * `work()` run with no stack captured for the errors made meanwhile (`Error.stackTraceLimit`, put
 * back after). An error other than a FilterError (a fault, not a refusal) escapes with its stack:
 * the work is run again as usual, so that it is thrown with one. Where the limit cannot be set,
 * the work is run as it is.
 */
export function withoutStacks<T>(work: () => T): T {
  const limit = Error.stackTraceLimit;
  // Where Error is frozen (`node --frozen-intrinsics`, a hardened realm) the limit cannot be set:
  // the work is run as it is, with stacks.
  try {
    Error.stackTraceLimit = 0;
  } catch {
    return work();
  }
  try {
    return work();
  } catch (error) {
    if (isFilterError(error)) throw error;
  } finally {
    Error.stackTraceLimit = limit;
  }
  return work();
}
