// What parseQuery() makes of a request (docs/query.md, "The plan").

import type { TypedFilter } from '../types/typed.js';

/** One key of the order: a property path, ascending or descending. */
export interface OrderKey {
  readonly path: readonly string[];
  readonly descending: boolean;
}

export interface QueryPlan {
  /** The checked filter, or undefined without one. */
  readonly filter: TypedFilter | undefined;
  /** The page size in effect: the request's `top`, or the policy's default. */
  readonly top: number;
  /** The rows before the page. */
  readonly skip: number;
  /** Whether the response carries the number of rows the filter matches. */
  readonly count: boolean;
  /** The order of the rows: for now the resource's key, ascending. */
  readonly orderBy: readonly OrderKey[];
  /** The request's options as written, in order: what links repeat. */
  readonly options: readonly (readonly [name: string, value: string])[];
  /** The name of the skip option to write in links: the request's, or the spelling's. */
  readonly skipOption: string;
}
