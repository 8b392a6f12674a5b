// A request's query string written once, correctly, and read back for logs and support
// (docs/client.md): every name and value percent-encoded exactly once, so `&`, `#`, `+`, `%`, `'`
// and non-ASCII text in a filter arrive as written.

import type { BuiltFilter } from './template.js';

/** The options of a collection request, by what they do; each written in the spelling asked for. */
export interface QueryOptions {
  readonly filter?: string | BuiltFilter;
  readonly top?: number;
  readonly skip?: number;
  readonly orderby?: string;
  /** `$select`, or the service's `fields`. */
  readonly select?: string | readonly string[];
  readonly expand?: string | readonly string[];
  /** `$count=true`, or the service's `includeTotalCount=true`. */
  readonly count?: boolean;
  /** Options of the server's own (`format`, `region`), written after the others as given. */
  readonly extra?: Readonly<Record<string, string>>;
}

const NAMES = {
  odata: {
    filter: '$filter',
    top: '$top',
    skip: '$skip',
    orderby: '$orderby',
    select: '$select',
    expand: '$expand',
    count: '$count',
  },
  service: {
    filter: 'filter',
    top: 'top',
    skip: 'skip',
    orderby: 'orderby',
    select: 'fields',
    expand: 'expand',
    count: 'includeTotalCount',
  },
} as const;

/**
 * `?$filter=…&$top=…`: the options in a fixed order, each value percent-encoded once
 * (`encodeURIComponent`: a space is `%20`, `+` is `%2B`), names keeping `$`; an empty string when
 * there are none. `top` and `skip` must be whole numbers from 0 (a TypeError otherwise).
 */
export function writeQuery(options: QueryOptions, spelling: 'odata' | 'service' = 'odata'): string {
  const names = NAMES[spelling];
  const pairs: [string, string][] = [];
  if (options.filter !== undefined) pairs.push([names.filter, String(options.filter)]);
  for (const name of ['top', 'skip'] as const) {
    const value = options[name];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || value < 0)
      throw new TypeError(`${name} must be a whole number from 0, not ${value}`);
    pairs.push([names[name], String(value)]);
  }
  if (options.orderby !== undefined) pairs.push([names.orderby, options.orderby]);
  if (options.select !== undefined)
    pairs.push([names.select, typeof options.select === 'string' ? options.select : options.select.join(',')]);
  if (options.expand !== undefined)
    pairs.push([names.expand, typeof options.expand === 'string' ? options.expand : options.expand.join(',')]);
  if (options.count !== undefined) pairs.push([names.count, String(options.count)]);
  for (const [name, value] of Object.entries(options.extra ?? {})) pairs.push([name, value]);
  if (pairs.length === 0) return '';
  return `?${pairs.map(([name, value]) => `${encodeName(name)}=${encodeValue(name, value)}`).join('&')}`;
}

function encodeValue(name: string, value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    throw new TypeError(`The value of ${name} holds a UTF-16 surrogate without its partner, which no URL can carry`);
  }
}

/** A name percent-encoded, keeping `$` and `@` (allowed in a query, and how OData writes its names). */
function encodeName(name: string): string {
  return encodeURIComponent(name).replace(/%24/g, '$').replace(/%40/g, '@');
}

/**
 * The options of a URL or a query string, decoded, in order — what a log line or a pasted link
 * asked for. A `+` is a space, as URLSearchParams, parseQuery() and every form-encoded server
 * read it (a plus arrives as `%2B`, which writeQuery() writes), so that this reads what the server
 * read. A malformed escape (`%E0%A4%A`) is kept as written.
 */
export function readQuery(urlOrQuery: string): [name: string, value: string][] {
  const hash = urlOrQuery.indexOf('#');
  const withoutFragment = hash < 0 ? urlOrQuery : urlOrQuery.slice(0, hash);
  const question = withoutFragment.indexOf('?');
  // Without a `?`, a URL (`https://…`, `/path`) has no options; anything else is a query string.
  const isUrl = /^[a-z][a-z0-9+.-]*:\/\//i.test(withoutFragment) || withoutFragment.startsWith('/');
  const query = question >= 0 ? withoutFragment.slice(question + 1) : isUrl ? '' : withoutFragment;
  if (query === '') return [];
  return query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const equals = part.indexOf('=');
      const [name, value] = equals < 0 ? [part, ''] : [part.slice(0, equals), part.slice(equals + 1)];
      return [decode(name.replace(/\+/g, ' ')), decode(value.replace(/\+/g, ' '))];
    });
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    // Decode what can be, one escape run at a time.
    return text.replace(/(%[0-9A-Fa-f]{2})+/g, (run) => {
      try {
        return decodeURIComponent(run);
      } catch {
        return run;
      }
    });
  }
}
