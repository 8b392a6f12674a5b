// What parseQuery() makes of a request (docs/query.md, "The plan").

import type { TypedFilter } from '../types/typed.js';
import type { PrimitiveProperty, Property } from '../types/schema.js';

/** One key of the order: a property path, ascending or descending (docs/query.md, "Order"). */
export interface OrderKey {
  readonly path: readonly string[];
  /** The primitive property at the path: its type decides how values compare. */
  readonly property: PrimitiveProperty;
  /** False when neither the property nor a structure on its path is nullable (the key). */
  readonly nullable: boolean;
  readonly descending: boolean;
}

/** One property a projection keeps (docs/query.md, "Projection"): its path as the schema spells it. */
export interface SelectItem {
  readonly path: readonly string[];
  /** The property at the path: a primitive, a complex structure (kept whole) or a collection of values. */
  readonly property: Property;
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
  /** The order of the rows: the request's, completed by the resource's key (ascending), so that it is total. */
  readonly orderBy: readonly OrderKey[];
  /**
   * The properties each row keeps, in the order asked (none under another): the request's
   * `$select`/`fields`, or the resource's `defaultSelect`; undefined keeps every property.
   */
  readonly select: readonly SelectItem[] | undefined;
  /** The request's options as written, in order: what links repeat. */
  readonly options: readonly (readonly [name: string, value: string])[];
  /** The name of the skip option to write in links: the request's, or the spelling's. */
  readonly skipOption: string;
}
