// What the closures of the in-memory backend are: functions of the row and of the environment
// that holds the elements lambdas are looping over, and the scope that gives each range variable
// its slot in that environment.

import type { FunctionRegistry } from '../../lower/function-registry.js';

export type Row = Record<string, unknown>;

/**
 * The elements bound to the range variables of the lambdas being evaluated, by slot
 * (`Scope.slots`); allocated once per row for a filter with lambdas.
 */
export type Env = unknown[];

export type Eval = (row: Row, env: Env) => unknown;
export type Test = (row: Row, env: Env) => boolean;

/**
 * Per-compilation state: the slot of `env` each range variable's element is kept in (names are
 * unique along a chain of nested lambdas, so one slot per name never holds two live elements),
 * and whether the rows are trusted.
 */
export interface Scope {
  readonly slots: Map<string, number>;
  /** Whether the rows are trusted to hold what the schema declares: then values are not checked. */
  readonly trusted: boolean;
  /** The implementations of the model's functions a filter calls (docs/semantics.md §15). */
  readonly functions?: FunctionRegistry;
}

/** The slot of `env` that holds the element bound to a range variable. */
export function slotOf(scope: Scope, variable: string): number {
  let slot = scope.slots.get(variable);
  if (slot === undefined) {
    slot = scope.slots.size;
    scope.slots.set(variable, slot);
  }
  return slot;
}
