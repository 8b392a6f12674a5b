// compilePredicate(): a checked filter, lowered once, as a `(row) => boolean` in generated
// JavaScript, or in closures where `new Function` is refused.

import type { TypedFilter } from '../../types/typed.js';
import { madeFilter } from '../../types/filter-validation.js';
import { FilterError, limitOnExhaustion, withFilterText } from '../../errors.js';
import { compileGenerated, type RowsOption } from './compile.js';
import { compileClosures, TOO_DEEP } from './interpret.js';
import { lower } from '../../lower/lower.js';
import type { ClockOption } from '../../lower/now.js';
import type { FunctionsOption } from '../../lower/function-registry.js';
import { childrenOfTyped, type TypedExpr } from '../../types/typed.js';

export interface PredicateOptions extends ClockOption, RowsOption, FunctionsOption {
  /**
   * `true` (the default) generates specialised JavaScript with `new Function`, falling back to
   * closures where that is forbidden (a strict Content-Security-Policy); `false` always uses
   * closures. Both give the same results.
   */
  readonly codegen?: boolean;
}

export type Predicate = (row: unknown) => boolean;

/**
 * Compiles a checked filter once into a predicate to call per row. The predicate is true when the
 * filter is true for the row (never for false or null); it throws RowValueError for a row value
 * that does not fit its declared type (over trusted rows, for a row that breaks the promise where
 * that makes reading it fail). Compiling throws FilterError for a Decimal literal outside
 * the Decimal model ('unsupported') or a filter nested beyond the stack ('limit') —
 * docs/semantics.md, sections 4 and 7.
 */
export function compilePredicate(given: TypedFilter, options: PredicateOptions = {}): Predicate {
  // Before anything reads it: a filter check() could not have made is refused as by every backend.
  const filter = madeFilter(given);
  // Lowered once: `now()` is the one instant the clock gives for this compile (docs/semantics.md §5).
  const lowered = withinLimits(filter, () => lower(filter, options));
  const trusted = options.rows === 'trusted';
  // The implementations of the model's functions are closures of the server's: so is the filter.
  if (options.codegen === false || callsModelFunction(filter.root))
    return withinLimits(filter, () => compileClosures(filter, lowered, trusted, options.functions));
  let generated: Predicate;
  try {
    generated = withinLimits(filter, () => compileGenerated(filter, lowered, trusted));
  } catch (error) {
    // `new Function` refused (EvalError under a CSP): same meaning, built from closures.
    if (
      error instanceof EvalError ||
      (error instanceof Error && /unsafe-eval|Content Security Policy/i.test(error.message))
    ) {
      return withinLimits(filter, () => compileClosures(filter, lowered, trusted));
    }
    throw error;
  }
  return generated;
}

/** Whether the tree calls a function of the model (docs/semantics.md §15). */
function callsModelFunction(root: TypedExpr): boolean {
  const stack = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'functionCall' || node.kind === 'result') return true;
    stack.push(...childrenOfTyped(node));
  }
  return false;
}

/**
 * Runs a compiler; a RangeError (the stack or a string length exhausted by a filter nested far
 * beyond the default parse limits) is the filter's size, so it is a FilterError of kind 'limit'.
 */
function withinLimits<T>(filter: TypedFilter, compile: () => T): T {
  try {
    return compile();
  } catch (error) {
    // Errors about one node (a literal outside the Decimal model) carry the filter for their caret.
    if (error instanceof FilterError) throw withFilterText(error, filter.text);
    throw limitOnExhaustion(error, TOO_DEEP, filter.root, filter.text);
  }
}
