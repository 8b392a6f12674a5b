// The ORDER BY items of one key of a plan's order (docs/query.md, "Order"): the reference order
// written for a dialect — nulls first ascending (last descending), then the dialect's keys of the type.

import type { OrderKey } from '../../query/plan.js';
import type { Dialect } from './dialect.js';

/** One key of the order as ORDER BY items over its column. */
export function orderKeys(dialect: Dialect, column: string, key: OrderKey): string[] {
  const direction = key.descending ? ' DESC' : ' ASC';
  const keys = dialect.orderKeys?.(column, key.property.type) ?? [column];
  // A non-nullable key (the resource's) is ordered by its column alone, which its index serves.
  const nulls = key.nullable ? [`(CASE WHEN ${column} IS NULL THEN 0 ELSE 1 END)`] : [];
  return [...nulls, ...keys].map((k) => `${k}${direction}`);
}

