// applyQuery(): a query plan (docs/query.md) applied to an array — the rows the filter matches, in
// the plan's order, the page of them, whether rows follow it, and their count when asked.

import type { QueryPlan } from '../../types/query-plan.js';
import { type PredicateOptions, compilePredicate } from './predicate.js';
import { type KeyedRow, rowOrder } from './order-rows.js';
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
  const reading = queryReading<Row>(plan, options);
  for (let i = 0; i < rows.length; i++) reading.read(rows[i]!);
  const { count } = reading;
  if (count !== undefined) for (let i = 0; i < rows.length; i++) count(rows[i]!);
  return reading.page();
}

/**
 * applyQuery() in its steps, for a caller that reads the rows a few at a time (arraySource, which
 * lets other work run between slices of them): `read` takes every row in turn through the filter
 * and the order's values, `count` then every row again where the count is not the page's (after a
 * skiptoken), and `page` makes the page of what was read. The page's own rows (at most `top`) are
 * shaped in that last step, `check` called before each related row an expansion reads (it may
 * throw to stop a read that has run too long).
 */
export interface QueryReading<Row> {
  readonly read: (row: Row) => void;
  readonly count: ((row: Row) => void) | undefined;
  readonly page: (check?: () => void) => QueryPage<Row>;
}

export function queryReading<Row>(plan: QueryPlan, options: PredicateOptions): QueryReading<Row> {
  const matches = plan.filter ? compilePredicate(plan.filter, options) : () => true;
  // After a skiptoken, the page is read from the rows after the token's row; the count counts them all.
  const onPage =
    plan.pageFilter === plan.filter
      ? matches
      : plan.pageFilter
        ? compilePredicate(plan.pageFilter, options)
        : () => true;
  // The key completes the order, so it is total and the page the same on every backend.
  const order = rowOrder<Row>(plan.orderBy, options.functions);
  const keyed: KeyedRow<Row>[] = [];
  let counted = 0;
  const countsApart = plan.count && plan.pageFilter !== plan.filter;
  return {
    read: (row) => {
      if (onPage(row)) keyed.push(order.keyed(row));
    },
    count: countsApart
      ? (row) => {
          if (matches(row)) counted++;
        }
      : undefined,
    page: (check) => {
      const ordered = order.sorted(keyed);
      const end = plan.skip + plan.top;
      const shape = rowShaper(plan.schema, plan.select, plan.expand, options, check);
      const last = ordered.slice(plan.skip, end);
      // A row is its own shape when the plan keeps it whole: the type cannot see it for a generic Row.
      const items = last.map(shape) as ProjectedRow<Row>[];
      const more = ordered.length > end;
      const token =
        plan.keyset && more && last.length > 0
          ? plan.keyset.write(
              plan.orderBy.map(
                (key) =>
                  compileValueReader(keyText(key), options.functions).read(last[last.length - 1]) as string | null,
              ),
            )
          : undefined;
      const page = { items, more, ...(token === undefined ? {} : { skipToken: token }) };
      return plan.count ? { ...page, count: countsApart ? counted : ordered.length } : page;
    },
  };
}
