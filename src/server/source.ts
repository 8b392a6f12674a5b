// Where an endpoint's rows come from (docs/server.md, "Data sources"): anything that reads a
// query plan's page — an array in memory here; SQL and MongoDB sources build on the same shape.

import { applyQuery, type QueryPage } from '../backends/memory/apply-query.js';
import type { FunctionsOption } from '../lower/function-registry.js';
import type { QueryPlan } from '../types/query-plan.js';

/** What a source is told with each plan: the request's signal, which aborts when the client goes. */
export interface ReadContext {
  readonly signal: AbortSignal;
}

export interface CollectionSource {
  /** The page of the plan's rows: at most `plan.top` from `plan.skip`, whether more follow, the count when asked. */
  read(plan: QueryPlan, context: ReadContext): QueryPage<object> | Promise<QueryPage<object>>;
}

/**
 * Rows held in memory, read by the in-memory backend (applyQuery); `functions`, the registry of
 * the model's functions a filter may call (docs/semantics.md §15).
 */
export function arraySource(rows: readonly object[], options: FunctionsOption = {}): CollectionSource {
  const queryOptions = options.functions === undefined ? {} : { functions: options.functions };
  return { read: (plan) => applyQuery(rows, plan, queryOptions) };
}
