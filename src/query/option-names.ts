// The names of a request's options: how each spelling writes them, and how a name as a request
// gives it is read — case-insensitive, the `$` optional in OData's spelling (OData 4.01). The
// request's own options and an expansion's options in parentheses are read by these alike.

import type { QueryPolicy } from './policy.js';

/** The options parseQuery reads, by their canonical name. */
export type QueryOptionName = 'filter' | 'top' | 'skip' | 'count' | 'orderby' | 'select' | 'expand' | 'skiptoken';

/** How each option is written in each spelling, in the order messages list them. */
export const WRITTEN: { readonly [S in QueryPolicy['spelling']]: Readonly<Record<QueryOptionName, string>> } = {
  service: {
    filter: 'filter',
    orderby: 'orderby',
    top: 'top',
    skip: 'skip',
    count: 'includeTotalCount',
    select: 'fields',
    expand: 'expand',
    skiptoken: 'skiptoken',
  },
  odata: {
    filter: '$filter',
    orderby: '$orderby',
    top: '$top',
    skip: '$skip',
    count: '$count',
    select: '$select',
    expand: '$expand',
    skiptoken: '$skiptoken',
  },
};

/** An option's name as names are told apart: in lower case, without a leading `$`. */
export function bareName(name: string): string {
  const lower = name.toLowerCase();
  return lower.startsWith('$') ? lower.slice(1) : lower;
}

/** A spelling's options by their bare names: what a request's names are looked up by. */
function lookup(written: Readonly<Record<QueryOptionName, string>>): ReadonlyMap<string, QueryOptionName> {
  return new Map(Object.entries(written).map(([known, name]) => [bareName(name), known as QueryOptionName]));
}

const NAMES = { service: lookup(WRITTEN.service), odata: lookup(WRITTEN.odata) } as const;

/** The option a name gives in a spelling (`$top`, `top`, `TOP` in OData's; `includeTotalCount` in the service's), if any. */
export function optionNamed(name: string, spelling: QueryPolicy['spelling']): QueryOptionName | undefined {
  // Only OData's spelling writes a `$`: in the service's, `$top` is no option.
  return NAMES[spelling].get(spelling === 'odata' ? bareName(name) : name.toLowerCase());
}
