// How the readers of a request's options report a problem: one issue of the request's one
// FilterError, naming the option and a span of its value (docs/query.md).

import type { FilterErrorKind, FilterIssueCode } from '../errors.js';
import type { IssueCode } from '../types/check.js';

export type Report = (
  kind: FilterErrorKind,
  code: FilterIssueCode | IssueCode,
  option: string,
  message: string,
  start?: number,
  end?: number,
) => void;

/** A value as a message quotes it: at most 40 characters. */
export function shorten(value: string): string {
  return value.length > 40 ? `${value.slice(0, 39)}…` : value;
}
