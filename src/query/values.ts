// The readers of one option's value: `top` and `skip`, the count, the filter (docs/query.md,
// "Values"); each reports its problems and gives undefined for a value it cannot read.

import type { FilterIssueCode } from '../errors.js';
import { isFilterError } from '../errors.js';
import { check } from '../types/check.js';
import type { Schema } from '../types/schema.js';
import type { TypedFilter } from '../types/typed.js';
import type { QueryPolicy } from './policy.js';
import type { Report } from './report.js';
import { shorten } from './report.js';

const DIGITS = /^[0-9]+$/;

/** `top` and `skip`: decimal digits only; a value beyond any page is reported as such by the caller. */
export function nonNegative([name, value]: readonly [string, string], issue: Report): number | undefined {
  if (!DIGITS.test(value)) {
    issue(
      'syntax',
      'invalid_option_value',
      name,
      `Option '${name}' must be a non-negative whole number in digits, not '${shorten(value)}'`,
      0,
      value.length,
    );
    return undefined;
  }
  // Beyond 2^53 the exact value does not matter: it is beyond every maximum.
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}

export function countOf([name, value]: readonly [string, string], issue: Report): boolean | undefined {
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  issue(
    'syntax',
    'invalid_option_value',
    name,
    `Option '${name}' must be true or false, not '${shorten(value)}'`,
    0,
    value.length,
  );
  return undefined;
}

export function filterOf(
  [name, value]: readonly [string, string],
  schema: Schema,
  policy: QueryPolicy,
  aliases: Record<string, string>,
  issue: Report,
): TypedFilter | undefined {
  if (value.trim() === '') {
    issue('syntax', 'invalid_option_value', name, `Option '${name}' is empty: give a filter, or leave the option out`);
    return undefined;
  }
  try {
    return check(value, schema, { ...policy.filterLimits, aliases, version: policy.version });
  } catch (error) {
    if (!isFilterError(error)) throw error;
    for (const i of error.issues)
      issue(error.kind, i.code as FilterIssueCode, name, `Option '${name}': ${i.message}`, i.start, i.end);
    return undefined;
  }
}
