// applyQuery(): a query plan (docs/query.md) applied to an array — the rows the filter matches, in
// the plan's order, the page of them, whether rows follow it, and their count when asked.

import type { QueryPlan } from '../../query/plan.js';
import type { PredicateOptions } from './index.js';
import { compilePredicate } from './index.js';
import { compareStrings } from './runtime.js';

export interface QueryPage<Row> {
  /** At most `top` rows, from `skip`. */
  readonly items: readonly Row[];
  /** Whether rows follow the page: the response then carries a `next` link. */
  readonly more: boolean;
  /** The rows the filter matches (`top` and `skip` left out), when the plan asks for the count. */
  readonly count?: number;
}

export function applyQuery<Row>(rows: readonly Row[], plan: QueryPlan, options: PredicateOptions = {}): QueryPage<Row> {
  const matches = plan.filter ? compilePredicate(plan.filter, options) : () => true;
  const matched = rows.filter((row) => matches(row));
  // Array.prototype.sort is stable; the key makes the order total anyway.
  const ordered = [...matched].sort((a, b) => {
    for (const key of plan.orderBy) {
      const c = compareKeys(valueAt(a, key.path), valueAt(b, key.path));
      if (c !== 0) return key.descending ? -c : c;
    }
    return 0;
  });
  const end = plan.skip + plan.top;
  const page = { items: ordered.slice(plan.skip, end), more: ordered.length > end };
  return plan.count ? { ...page, count: matched.length } : page;
}

function valueAt(row: unknown, path: readonly string[]): unknown {
  let v = row;
  for (const name of path) v = v !== null && typeof v === 'object' ? (v as Record<string, unknown>)[name] : undefined;
  return v;
}

/** Key values: numbers and bigints by value, strings by code point. */
function compareKeys(a: unknown, b: unknown): number {
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if ((typeof a === 'number' || typeof a === 'bigint') && (typeof b === 'number' || typeof b === 'bigint')) return a < b ? -1 : a > b ? 1 : 0;
  throw new TypeError(`Key values must be numbers or strings, not ${typeof a} and ${typeof b}`);
}
