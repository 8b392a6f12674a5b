// The error an action raises at the span it reads: a syntax issue with its stable code.

import { FilterError } from '../../errors.js';
import type { FilterIssueCode } from '../../errors.js';

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
