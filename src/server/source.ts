// Where an endpoint's rows come from (docs/server.md, "Data sources"): anything that reads a
// query plan's page — an array in memory here; SQL and MongoDB sources build on the same shape.

import { type QueryPage, queryReading } from '../backends/memory/apply-query.js';
import type { FunctionsOption } from '../lower/function-registry.js';
import type { QueryPlan } from '../types/query-plan.js';
import { readBounds, timeoutOption } from './statement-timeout.js';

/** What a source is told with each plan: the request's signal, which aborts when the client goes. */
export interface ReadContext {
  readonly signal: AbortSignal;
}

export interface CollectionSource {
  /** The page of the plan's rows: at most `plan.top` from `plan.skip`, whether more follow, the count when asked. */
  read(plan: QueryPlan, context: ReadContext): QueryPage<object> | Promise<QueryPage<object>>;
}

export interface ArraySourceOptions extends FunctionsOption {
  /**
   * How long one read may take, in milliseconds (default 5,000, as a SQL source's statements):
   * past it the read stops, a 503 with the code `timeout`.
   */
  readonly timeoutMs?: number;
}

/**
 * How long the rows are read before the event loop is let turn: a read that costs seconds (a
 * filter's string functions over long strings, within the check's limits) does not stall the
 * other requests for that long.
 */
const SLICE_MS = 10;

/** One turn of the event loop: I/O that waits is served first (a timer where the runtime has no setImmediate). */
const turn = (): Promise<void> =>
  new Promise((resolve) => (typeof setImmediate === 'function' ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * Rows held in memory, read by the in-memory backend (applyQuery); `functions`, the registry of
 * the model's functions a filter may call (docs/semantics.md §15). The rows are read in slices of
 * about 10 ms, other work let run between them; a read stops, a SourceUnavailable, once it passes
 * `timeoutMs` or its client goes.
 */
export function arraySource(rows: readonly object[], options: ArraySourceOptions = {}): CollectionSource {
  const queryOptions = options.functions === undefined ? {} : { functions: options.functions };
  const timeoutMs = timeoutOption(options.timeoutMs, 'arraySource');
  return {
    async read(plan, { signal }) {
      const bounds = readBounds(signal, timeoutMs);
      try {
        bounds.check();
        // The rows as they are now: between slices the application may change its array, and a
        // row taken out must not make the read pass over one that stayed (nor the count differ).
        const held = rows.slice();
        const reading = queryReading<object>(plan, queryOptions);
        await inSlices(held, reading.read, bounds.check);
        if (reading.count !== undefined) await inSlices(held, reading.count, bounds.check);
        // The page's rows are shaped at once; their expansions' related rows are checked one by one.
        return reading.page(bounds.check);
      } finally {
        bounds.release();
      }
    },
  };
}

/** Calls `each` on every row, letting the event loop turn every SLICE_MS and calling `check` after each turn. */
async function inSlices<Row>(rows: readonly Row[], each: (row: Row) => void, check: () => void): Promise<void> {
  let pause = performance.now() + SLICE_MS;
  for (let i = 0; i < rows.length; i++) {
    each(rows[i]!);
    if (performance.now() < pause) continue;
    await turn();
    check();
    pause = performance.now() + SLICE_MS;
  }
}
