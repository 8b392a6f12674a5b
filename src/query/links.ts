// The links of a collection response (docs/query.md, "Pages and links"): `self`, the request URI
// with its options, and `next`, present only while rows follow the page.

import type { QueryPlan } from '../types/query-plan.js';

/** The `self` link: the request URI, with its options. */
export function selfLink(requestUrl: string): string {
  return requestUrl;
}

/**
 * The `next` link, or undefined when no row follows the page — or when the page holds none
 * (`top=0`: its next page would be the same page, and a client following it would never stop):
 * the request URI with every option
 * repeated in order, and — given the page's skiptoken (a keyset plan's page has one) — the
 * skiptoken set to it and `skip` left out; otherwise `skip` set to the previous `skip` plus the
 * page size (added at the end when the request had none). Names and values percent-encoded.
 */
export function nextLink(requestUrl: string, plan: QueryPlan, more: boolean, skipToken?: string): string | undefined {
  if (!more || plan.top === 0) return undefined;
  const cut = requestUrl.search(/[?#]/);
  const base = cut < 0 ? requestUrl : requestUrl.slice(0, cut);
  const [option, value] =
    skipToken === undefined ? [plan.skipOption, String(plan.skip + plan.top)] : [plan.skipTokenOption, skipToken];
  let written = false;
  const pairs: (readonly [string, string])[] = [];
  for (const [name, given] of plan.options) {
    if (name === option) {
      pairs.push([name, value]);
      written = true;
    } else if (!(skipToken !== undefined && name === plan.skipOption)) {
      // A continuation by token starts after the token's row: the skip was spent on an earlier page.
      pairs.push([name, given]);
    }
  }
  if (!written) pairs.push([option, value]);
  return `${base}?${pairs.map(([name, v]) => `${encodeName(name)}=${encodeURIComponent(v)}`).join('&')}`;
}

/** A name percent-encoded, keeping `$` and `@` (allowed in a query, and how OData writes its names). */
function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/%24/g, '$').replace(/%40/g, '@');
}
