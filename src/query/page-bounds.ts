// The page bounds of one level of a request — the resource, or an expansion at any depth: `top`
// at most the policy's maxTop, `skip` at most its maxSkip. Every level reads its `top` and `skip`
// here, so that no level escapes a bound.

import type { QueryPolicy } from './policy.js';
import type { Report } from './report.js';
import { nonNegative } from './values.js';

/** A level's `top`: a non-negative whole number no larger than the policy's maxTop. */
export function topOf(option: readonly [string, string], policy: QueryPolicy, issue: Report): number | undefined {
  const top = nonNegative(option, issue);
  if (top !== undefined && top > policy.maxTop)
    issue(
      'limit',
      'top_beyond_maximum',
      option[0],
      `Option '${option[0]}' is ${top}, beyond the largest page of ${policy.maxTop} rows`,
      0,
      option[1].length,
    );
  return top;
}

/** A level's `skip`: a non-negative whole number no larger than the policy's maxSkip, where it has one. */
export function skipOf(option: readonly [string, string], policy: QueryPolicy, issue: Report): number | undefined {
  const skip = nonNegative(option, issue);
  if (skip !== undefined && policy.maxSkip !== undefined && skip > policy.maxSkip)
    issue(
      'limit',
      'skip_beyond_maximum',
      option[0],
      `Option '${option[0]}' is ${skip}, beyond the most rows a request may skip, ${policy.maxSkip}`,
      0,
      option[1].length,
    );
  return skip;
}
