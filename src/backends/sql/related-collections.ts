// A lambda, count or call over a collection of a related row (`Parent/Products/any(…)`,
// `Parent/Products/$count`, `Parent/Products/Ns.Total()`) in a query's filter or order. A query's `collections` entry for such a
// path is its expansions': its `key` is a column of the related row (docs/sql.md), which a filter
// would read from the row itself — the row's own collection, the wrong rows. Refused by name.

import { unsupported } from '../../errors.js';
import type { QueryPlan } from '../../types/query-plan.js';
import { findProperty } from '../../types/schema.js';
import { childrenOfTyped, collectionReadBy, type TypedExpr } from '../../types/typed.js';

/** Throws an 'unsupported' FilterError at the first lambda, count or call over a related row's collection in the plan. */
export function refuseCollectionsOfRelatedRows(plan: QueryPlan): void {
  const roots: TypedExpr[] = [];
  if (plan.filter !== undefined) roots.push(plan.filter.root);
  // Without a skiptoken the page's filter is the filter itself.
  if (plan.pageFilter !== undefined && plan.pageFilter !== plan.filter) roots.push(plan.pageFilter.root);
  for (const key of plan.orderBy) if (key.expression !== undefined) roots.push(key.expression);
  const stack = roots;
  while (stack.length > 0) {
    const node = stack.pop()!;
    const collection = collectionReadBy(node);
    if (collection !== undefined && collection.source.kind === 'row') {
      const { path } = collection;
      for (let length = 1; length < path.length; length++) {
        const property = findProperty(plan.schema, path.slice(0, length));
        if (property?.kind === 'structured' && property.relation)
          throw unsupported({
            construct: 'collection storage',
            message: `The collection '${path.join('/')}' is one of the related row '${path.slice(0, length).join('/')}': a query reads a related row's collections in expansions only`,
            start: node.start,
            end: node.end,
            text: plan.filter?.text,
          });
      }
    }
    for (const child of childrenOfTyped(node)) stack.push(child);
  }
}
