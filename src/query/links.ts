// The links of a collection response (docs/query.md, "Pages and links"): `self`, the request URI
// with its options, and `next`, present only while rows follow the page.

import type { QueryPlan } from './plan.js';

/** The `self` link: the request URI, with its options. */
export function selfLink(requestUrl: string): string {
  return requestUrl;
}

/**
 * The `next` link, or undefined when no row follows the page: the request URI with every option
 * repeated in order, `skip` set to the previous `skip` plus the page size (added at the end when
 * the request had none), names and values percent-encoded.
 */
export function nextLink(requestUrl: string, plan: QueryPlan, more: boolean): string | undefined {
  if (!more) return undefined;
  const cut = requestUrl.search(/[?#]/);
  const base = cut < 0 ? requestUrl : requestUrl.slice(0, cut);
  const next = String(plan.skip + plan.top);
  let skipWritten = false;
  const pairs = plan.options.map(([name, value]) => {
    if (name !== plan.skipOption) return [name, value] as const;
    skipWritten = true;
    return [name, next] as const;
  });
  if (!skipWritten) pairs.push([plan.skipOption, next]);
  return `${base}?${pairs.map(([name, value]) => `${encodeName(name)}=${encodeURIComponent(value)}`).join('&')}`;
}

/** A name percent-encoded, keeping `$` and `@` (allowed in a query, and how OData writes its names). */
function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/%24/g, '$').replace(/%40/g, '@');
}
