// A row value that does not fit the type its schema declares: the error a compiled predicate
// throws (bad data, not a bad filter), its path re-rooted as it leaves a lambda's loop, and the
// error a predicate over trusted rows throws for a row that broke the promise.

import { Decimal } from 'decimal.js';
import type { EdmType } from '../../language/edm.js';
import { isFilterError } from '../../errors.js';

/**
 * A row holds a value that does not fit the type its schema declares. Bad data, not a bad filter,
 * so this is not a FilterError: a server answers it with a 500, not a 400.
 */
export class RowValueError extends Error {
  override readonly name = 'RowValueError';
  /** The property path, segments joined by `/` as in a filter. */
  readonly path: string;
  /** The declared type, `'object'` for a structured step of a path, `'array'` for a collection. */
  readonly expected: Expected | 'row';
  readonly value: unknown;

  constructor(path: string, expected: Expected | 'row', value: unknown, options?: { readonly cause: unknown }) {
    super(options === undefined ? messageOf(path, expected, value) : brokenPromiseMessage(options.cause), options);
    this.path = path;
    this.expected = expected;
    this.value = value;
  }
}

function messageOf(path: string, expected: Expected | 'row', value: unknown): string {
  const what =
    expected === 'object' || expected === 'row'
      ? 'an object'
      : expected === 'array'
        ? 'an array'
        : expected.startsWith('Edm.')
          ? `an ${expected}`
          : `a value of ${expected}`;
  return `${expected === 'row' ? 'Row' : `Row value at '${path}'`} is not ${what}: ${describe(value)}`;
}

/** A row that broke the promise of `rows: 'trusted'`: what failed is the cause. */
function brokenPromiseMessage(cause: unknown): string {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return `Row does not hold what its schema declares (the predicate trusts its rows): ${reason}`;
}

/** What a row value should have been: an Edm type, an enumeration type's qualified name, an object or an array. */
export type Expected = EdmType | 'object' | 'array' | (string & {});

/**
 * A RowValueError read from a lambda's element, its path relative to that element: the lambda's
 * loop makes it the error of the element's own source, prefixing the collection's path and the
 * element's index (`Qty` read from `l` becomes `Lines[1]/Qty`, then `Orders[0]/Lines[1]/Qty`). It
 * never leaves the predicate: every read of a variable runs inside the loop that binds it.
 */
export class ElementValueError extends RowValueError {
  /** The range variable the path is relative to. */
  readonly variable: string;

  constructor(variable: string, path: string, expected: Expected, value: unknown) {
    super(path, expected, value);
    this.variable = variable;
  }
}

/**
 * The error as it leaves the loop of the lambda binding `variable` to the element at `index` of
 * the collection at `collectionPath` (from `outer`, the variable the collection is read from, or
 * the row): the element's errors re-rooted there; any other error as it is.
 */
export function elementError(
  error: unknown,
  variable: string,
  collectionPath: string,
  index: number,
  outer: string | undefined,
): unknown {
  if (!(error instanceof ElementValueError) || error.variable !== variable) return error;
  const path = `${collectionPath}[${index}]${error.path === '' ? '' : `/${error.path}`}`;
  const expected = error.expected as Expected;
  return outer === undefined
    ? new RowValueError(path, expected, error.value)
    : new ElementValueError(outer, path, expected, error.value);
}

function describe(value: unknown): string {
  switch (typeof value) {
    case 'string': {
      const shown = value.length > 60 ? `${value.slice(0, 60)}…` : value;
      return `${JSON.stringify(shown)} (a string)`;
    }
    case 'bigint':
      return `${value}n (a bigint)`;
    case 'number':
    case 'boolean':
      return `${String(value)} (a ${typeof value})`;
    case 'object':
      if (value instanceof Date)
        return Number.isNaN(value.getTime()) ? 'an invalid Date' : `Date ${value.toISOString()}`;
      if (Decimal.isDecimal(value)) return `Decimal ${String(value)}`;
      return Array.isArray(value) ? 'an array' : 'an object';
    default:
      return `a ${typeof value}`;
  }
}

/** Throws for a bad row value at `path`, from the row, or from the element `variable` is bound to. */
export function badValue(value: unknown, path: string, expected: Expected, variable?: string): never {
  throw variable === undefined
    ? new RowValueError(path, expected, value)
    : new ElementValueError(variable, path, expected, value);
}

/**
 * The error a predicate over trusted rows (`rows: 'trusted'`) throws for what failed as it read a
 * row: a RowValueError (a conversion that refused a value) or a FilterError as it is, any other
 * error (a method a value does not have) as the RowValueError of the row. A RangeError is left as
 * it is where lambdas nest calls (`nested`): it is the stack's, which the predicate's own wrapper
 * makes a 'limit' FilterError.
 */
export function brokenRowPromise(error: unknown, row: unknown, nested: boolean): unknown {
  if (error instanceof RowValueError || isFilterError(error) || (nested && error instanceof RangeError)) return error;
  return new RowValueError('', 'row', row, { cause: error });
}

export function badRow(row: unknown): never {
  throw new RowValueError('', 'row', row);
}
