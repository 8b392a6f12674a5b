// Date-time arithmetic on constants, decided by the lowering (docs/semantics.md §5), with the
// shared rules of src/semantics/temporal-arithmetic.ts that the in-memory backend also runs per row.

import type { TypedTemporal } from '../types/typed.js';
import type { TimeValue } from '../semantics/fine-time.js';
import { MAX_INSTANT, MIN_INSTANT } from '../semantics/temporal.js';
import { evaluateTemporal } from '../semantics/temporal-arithmetic.js';
import type { LoweredConstant } from './lowered.js';

/** `mindatetime()` and `maxdatetime()`, in epoch milliseconds. */
export const MIN_DATETIME = MIN_INSTANT;
export const MAX_DATETIME = MAX_INSTANT;

/** The value of a temporal operation on two non-null constants: a time value, or null beyond the range. */
export function foldTemporal(node: TypedTemporal, left: LoweredConstant, right: LoweredConstant): TimeValue | null {
  return evaluateTemporal(
    node.op,
    left.type,
    right.type,
    left.value as TimeValue,
    right.value as TimeValue | bigint | string,
  );
}
