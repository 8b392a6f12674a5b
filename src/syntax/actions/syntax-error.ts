// The errors an action raises at the span it reads: a syntax issue with its stable code, or a
// construct of the OData conventions that this language does not have.

import { FilterError, unsupported, type FilterIssueCode } from '../../errors.js';

/** A source range, as the grammar's `range()` gives it. */
export type Range = { readonly start: number; readonly end: number };

export function syntaxError(issueCode: FilterIssueCode, message: string, span: Range): FilterError {
  return new FilterError({
    kind: 'syntax',
    issueCode,
    message: `${message} at position ${span.start}`,
    start: span.start,
    end: span.end,
  });
}

/**
 * Refuses a construct of the OData conventions that this language does not have: `construct` is
 * its stable name (`'bound_function'`, `'key_predicate'`, a function's name such as `'cast'`), `what`
 * says it in the message.
 */
export function refuse(construct: string, what: string, span: Range, advice = ''): never {
  throw unsupported({
    construct,
    message: `${what} is not supported${advice} at position ${span.start}`,
    start: span.start,
    end: span.end,
  });
}
