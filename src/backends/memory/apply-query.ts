// applyQuery(): a query plan (docs/query.md) applied to an array — the rows the filter matches, in
// the plan's order, the page of them, whether rows follow it, and their count when asked.

import type { QueryPlan } from '../../types/query-plan.js';
import { type PredicateOptions, compilePredicate } from './predicate.js';
import { orderRows } from './order-rows.js';
import { rowShaper } from './shape-row.js';
import { compileValueReader } from './interpret.js';
import { keyText } from '../../types/query-plan.js';

/**
 * A row as a plan may give it back: every property optional, structures too, since a projection
 * keeps only what it names (a row the plan does not project is the row itself).
 */
export type ProjectedRow<Row> = Row extends readonly unknown[]
  ? Row
  : Row extends object
    ? { [K in keyof Row]?: ProjectedRow<Row[K]> }
    : Row;

export interface QueryPage<Row> {
  /**
   * At most `top` rows, from `skip`: the rows themselves, or, when the plan selects, expands, or its
   * schema has relations, new rows holding what it keeps and inlines (and no relation it does not expand).
   */
  readonly items: readonly ProjectedRow<Row>[];
  /** Whether rows follow the page: the response then carries a `next` link. */
  readonly more: boolean;
  /** The rows the filter matches (`top` and `skip` left out), when the plan asks for the count. */
  readonly count?: number;
  /** For a keyset plan, when rows follow: the skiptoken of the page's last row, for nextLink(). */
  readonly skipToken?: string;
}

export function applyQuery<Row>(rows: readonly Row[], plan: QueryPlan, options: PredicateOptions = {}): QueryPage<Row> {
  const matches = plan.filter ? compilePredicate(plan.filter, options) : () => true;
  // After a skiptoken, the page is read from the rows after the token's row; the count counts them all.
  const onPage =
    plan.pageFilter === plan.filter
      ? matches
      : plan.pageFilter
        ? compilePredicate(plan.pageFilter, options)
        : () => true;
  // The key completes the order, so it is total and the page the same on every backend.
  const ordered = orderRows(
    rows.filter((row) => onPage(row)),
    plan.orderBy,
    options.functions,
  );
  const end = plan.skip + plan.top;
  const shape = rowShaper(plan.schema, plan.select, plan.expand, options);
  const last = ordered.slice(plan.skip, end);
  // A row is its own shape when the plan keeps it whole: the type cannot see it for a generic Row.
  const items = last.map(shape) as ProjectedRow<Row>[];
  const more = ordered.length > end;
  const token =
    plan.keyset && more && last.length > 0
      ? plan.keyset.write(
          plan.orderBy.map(
            (key) => compileValueReader(keyText(key), options.functions).read(last[last.length - 1]) as string | null,
          ),
        )
      : undefined;
  const page = { items, more, ...(token === undefined ? {} : { skipToken: token }) };
  return plan.count
    ? { ...page, count: plan.pageFilter === plan.filter ? ordered.length : rows.filter((row) => matches(row)).length }
    : page;
}
