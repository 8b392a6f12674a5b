// The operators of the filter language: their words, and the facts every stage reads of them.

/** The comparison operators. */
export type CompareOp = 'eq' | 'ne' | 'gt' | 'ge' | 'lt' | 'le';
/** `divby` is 4.01's division without truncation (docs/semantics.md §4). */
export type ArithmeticOp = 'add' | 'sub' | 'mul' | 'div' | 'divby' | 'mod';
/** The arithmetic operators that apply to dates, times and durations (docs/semantics.md §5). */
export type TemporalOp = Exclude<ArithmeticOp, 'mod' | 'divby'>;
export type LogicalOp = 'and' | 'or';
/** The lambda operators: whether some or every element of a collection satisfies a predicate. */
export type LambdaOp = 'any' | 'all';

export const COMPARE_OPS: readonly CompareOp[] = ['eq', 'ne', 'gt', 'ge', 'lt', 'le'];
export const ARITHMETIC_OPS: readonly ArithmeticOp[] = ['add', 'sub', 'mul', 'div', 'divby', 'mod'];
export const LOGICAL_OPS: readonly LogicalOp[] = ['and', 'or'];

/**
 * The comparison with its operands swapped: `a op b` holds exactly when `b MIRRORED[op] a` does,
 * so a backend can put the member on the side it wants (`5 lt Price` is `Price gt 5`).
 */
export const MIRRORED = {
  eq: 'eq',
  ne: 'ne',
  gt: 'lt',
  ge: 'le',
  lt: 'gt',
  le: 'ge',
} as const satisfies { readonly [Op in CompareOp]: CompareOp };
