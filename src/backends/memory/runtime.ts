// The value helpers of docs/semantics.md that compiled predicates call, as one namespace: the
// generated code's `$` and the closures' `rt`. Each helper lives in the file of its concept:
// reading row values and their errors, code-point strings, exact numbers, dates and times,
// casts.

export { castValue } from './cast.js';
export {
  DECIMAL_DIGITS,
  DECIMAL_MAX_EXPONENT,
  ExactDecimal,
  decimalFromText,
  decimalProblem,
} from '../../semantics/decimal-model.js';
export * from './row-value-error.js';
export * from './row-values.js';
export * from './code-points.js';
export * from './numbers.js';
export * from './date-times.js';
