// The function registry (docs/semantics.md §15, docs/schemas.md "Functions"): what a server gives
// each function of its model to run on each backend — the in-memory reference, a fragment per SQL
// dialect, a MongoDB expression. A backend finds its implementation here, or refuses the call by
// name; no backend can tell whether two implementations agree, so the server vouches for it.

import { unsupported, type FilterError } from '../errors.js';

/**
 * One implementation: the value of a call from its arguments, by parameter name (a primitive
 * binding among them), each as the backend represents a value of its type; for a function bound
 * to a structure, a reader of the structure's primitive members by path (`'Address/City'`); for
 * one bound to a collection, the collection `C` as the backend gives it (docs/semantics.md §15).
 */
export type FunctionImplementation<V, C = never> = (
  args: { readonly [parameter: string]: V },
  structure: ((member: string) => V) | undefined,
  collection: C | undefined,
) => V;

/**
 * A collection's element as an implementation reads it: with no member, a primitive element's
 * value; with one, a primitive member of a structured element by path (`'Address/City'`).
 */
export type ElementReader<V> = (member?: string) => V;

/**
 * A collection a SQL implementation is given: its elements as the rows of a subquery, from the
 * child table or the JSON array that holds them (docs/sql.md), in no order.
 */
export interface SqlElements<F> {
  /** `(SELECT expression FROM the elements)`: one value, `expression` (an aggregate) reading each element. */
  aggregate(expression: (element: ElementReader<F>) => F): F;
}

/** A collection a MongoDB implementation is given, as aggregation expressions. */
export interface MongoElements {
  /** The array of the elements (`[]` for a null or missing collection), in their stored order. */
  readonly elements: unknown;
  /** `$map` over the elements: the array of what `expression` makes of each element. */
  map(expression: (element: ElementReader<unknown>) => unknown): unknown;
}

/**
 * A piece of SQL as `odata-filter/sql` builds one (`sqlFragment`, `sqlValue`, `sqlText`): its text
 * parts are the server's, its values bound. An implementation returns one made of the fragments it
 * is given and of its own text, never of text read from a request.
 */
export interface SqlFragmentLike {
  readonly parts: readonly unknown[];
}

/**
 * A function's implementations, by target. `F` is the SQL fragment type the implementations take
 * and return: `SqlFragment` of odata-filter/sql, inferred from them.
 */
export interface FunctionImplementations<F extends SqlFragmentLike = SqlFragmentLike> {
  /**
   * The in-memory reference (`compilePredicate`): values as the typed tree holds literals (a
   * string, a Boolean, a number; an Int64 a bigint, a Decimal its exact text, an instant, time of
   * day or duration its milliseconds, a Date its days since 1970-01-01; an enumeration value its
   * integer, as the underlying type's); null for null, both ways.
   */
  readonly memory?: FunctionImplementation<unknown, readonly unknown[]>;
  /** Per SQL dialect by its name (`postgres`, `sqlite`, `mysql`): a fragment of the arguments' fragments. */
  readonly sql?: { readonly [dialect: string]: FunctionImplementation<F, SqlElements<F>> | undefined };
  /** MongoDB (`compileMongo`): an aggregation expression of the arguments' expressions. */
  readonly mongo?: FunctionImplementation<unknown, MongoElements>;
}

/** What defineFunctions() makes: each function's implementations by its qualified name. */
export interface FunctionRegistry {
  readonly functions: ReadonlyMap<string, FunctionImplementations>;
}

/** The option that hands a compiler the registry. */
export interface FunctionsOption {
  /** The implementations of the model's functions (docs/semantics.md §15); without it, every call is refused. */
  readonly functions?: FunctionRegistry;
}

const TARGETS = ['memory', 'sql', 'mongo'];

/**
 * A registry of implementations by qualified function name (`'Geo.Distance'`). A definition that
 * is not one (a name without a namespace, a target no backend has, an implementation that is no
 * function) is a TypeError: a programmer's error, found once, up front.
 */
export function defineFunctions<F extends SqlFragmentLike>(definitions: {
  readonly [name: string]: FunctionImplementations<F>;
}): FunctionRegistry {
  if (definitions === null || typeof definitions !== 'object')
    throw new TypeError('defineFunctions takes an object of implementations by qualified function name');
  const functions = new Map<string, FunctionImplementations>();
  for (const [name, implementations] of Object.entries(definitions)) {
    const fail = (problem: string): never => {
      throw new TypeError(`Function '${name}': ${problem}`);
    };
    if (!/^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$/.test(name)) fail('a function is named with its namespace, as `Ns.Fn`');
    if (implementations === null || typeof implementations !== 'object')
      fail('its implementations are an object { memory?, sql?, mongo? }');
    for (const [target, given] of Object.entries(implementations)) {
      if (!TARGETS.includes(target)) fail(`'${target}' is no target; they are ${TARGETS.join(', ')}`);
      const each = target === 'sql' ? Object.entries(given ?? {}) : [[target, given] as const];
      for (const [where, implementation] of each)
        if (typeof implementation !== 'function') fail(`the implementation for '${where}' is no function`);
    }
    functions.set(name, implementations as unknown as FunctionImplementations);
  }
  return { functions };
}

/**
 * The implementation of a call for a target, or the FilterError that refuses the call: kind
 * 'unsupported', `construct` the function's name, `target` the backend (`memory`, `mongodb`) or dialect.
 */
export function implementationOf<V, C>(
  registry: FunctionRegistry | undefined,
  name: string,
  target: 'memory' | 'mongo' | { readonly sql: string },
  span: { readonly start: number; readonly end: number },
): FunctionImplementation<V, C> {
  const implementations = registry?.functions.get(name);
  const found = typeof target === 'string' ? implementations?.[target] : implementations?.sql?.[target.sql];
  if (found !== undefined) return found as unknown as FunctionImplementation<V, C>;
  // MongoDB's refusals name it as every other of that backend does.
  throw noImplementation(
    name,
    typeof target === 'string' ? (target === 'mongo' ? 'mongodb' : target) : target.sql,
    span,
  );
}

function noImplementation(
  name: string,
  target: string,
  span: { readonly start: number; readonly end: number },
): FilterError {
  return unsupported({
    construct: name,
    target,
    message: `Function '${name}' has no implementation for ${target} in the function registry at position ${span.start}`,
    start: span.start,
    end: span.end,
  });
}
