// Where a checked filter came from: the filters check() made (and those the query layer composed
// of them), and those a walk has found to be filters check() could make. Knowing it is cheaper
// than walking a filter again: a filter from the package is taken at once, one built or copied by
// hand is read once (src/types/filter-validation.ts) and then remembered. A WeakSet keeps no
// filter alive.

import type { TypedFilter } from './typed.js';

const MADE = new WeakSet<object>();

/** The filter, remembered as one check() could make. */
export function rememberFilter(filter: TypedFilter): TypedFilter {
  MADE.add(filter);
  return filter;
}

/** Whether the value is a filter check() made, or one a walk has found it could make. */
export function isMadeFilter(value: unknown): value is TypedFilter {
  return typeof value === 'object' && value !== null && MADE.has(value);
}
