// applyQuery(): a query plan (docs/query.md) applied to an array — the rows the filter matches, in
// the plan's order, the page of them, whether rows follow it, and their count when asked.

import type { QueryPlan } from '../../query/plan.js';
import type { PredicateOptions } from './index.js';
import { compilePredicate } from './index.js';
import { compareStrings } from './runtime.js';
import { compileMemberReader } from './interpret.js';
import type { Repr } from './plan.js';
import type { Decimal } from 'decimal.js';
import { projectRow } from './project.js';

/**
 * A row as a plan may give it back: every property optional, structures too, since a projection
 * keeps only what it names (a row the plan does not project is the row itself).
 */
export type ProjectedRow<Row> = Row extends readonly unknown[] ? Row : Row extends object ? { [K in keyof Row]?: ProjectedRow<Row[K]> } : Row;

export interface QueryPage<Row> {
  /** At most `top` rows, from `skip`: the rows themselves, or, when the plan selects, new rows holding what it keeps. */
  readonly items: readonly ProjectedRow<Row>[];
  /** Whether rows follow the page: the response then carries a `next` link. */
  readonly more: boolean;
  /** The rows the filter matches (`top` and `skip` left out), when the plan asks for the count. */
  readonly count?: number;
}

export function applyQuery<Row>(rows: readonly Row[], plan: QueryPlan, options: PredicateOptions = {}): QueryPage<Row> {
  const matches = plan.filter ? compilePredicate(plan.filter, options) : () => true;
  const matched = rows.filter((row) => matches(row));
  // Each row's order values read once, as a filter reads them.
  const readers = plan.orderBy.map((key) => ({ ...compileMemberReader(key.property, key.path), descending: key.descending }));
  const keyed = matched.map((row) => ({ row, values: readers.map((r) => r.read(row)) }));
  // Array.prototype.sort is stable; the key makes the order total anyway.
  keyed.sort((a, b) => {
    for (let i = 0; i < readers.length; i++) {
      const c = compareOrderValues(a.values[i], b.values[i], readers[i]!.repr);
      if (c !== 0) return readers[i]!.descending ? -c : c;
    }
    return 0;
  });
  const ordered = keyed.map((k) => k.row);
  const end = plan.skip + plan.top;
  const items = ordered.slice(plan.skip, end);
  const { select } = plan;
  // A row is its own projection of every property: the type cannot see it for a generic Row.
  const projected = (select === undefined ? items : items.map((row) => projectRow(row, select))) as ProjectedRow<Row>[];
  const page = { items: projected, more: ordered.length > end };
  return plan.count ? { ...page, count: matched.length } : page;
}

/**
 * The ascending order of docs/query.md, "Order": null first, then (Doubles) NaN, then values by
 * their type's order — strings and guids by code point, false before true, numbers, decimals,
 * instants, dates, times and durations by value.
 */
function compareOrderValues(a: unknown, b: unknown, repr: Repr): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  switch (repr) {
    case 'str':
      return compareStrings(a as string, b as string);
    case 'bool':
      return Number(a) - Number(b);
    case 'dec':
      return (a as Decimal).comparedTo(b as Decimal);
    case 'dbl': {
      const x = a as number;
      const y = b as number;
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y) ? 0 : Number.isNaN(x) ? -1 : 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    default:
      return (a as number | bigint) < (b as number | bigint) ? -1 : (a as number | bigint) > (b as number | bigint) ? 1 : 0;
  }
}
