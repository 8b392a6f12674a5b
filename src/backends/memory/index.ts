// The `odata-filter/memory` entry point: compilePredicate() turns a checked filter into a
// `(row) => boolean` that means exactly what docs/semantics.md says; applyQuery() reads a page of
// rows by a query plan.

export { compilePredicate } from './predicate.js';
export type { Predicate, PredicateOptions } from './predicate.js';
export { RowValueError } from './row-value-error.js';
export { generateSource } from './compile.js';
export { applyQuery } from './apply-query.js';
export type { ProjectedRow, QueryPage } from './apply-query.js';
