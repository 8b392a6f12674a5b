// Following a collection's next links (docs/query.md, "Keyset pages"), for the tests of keyset
// pages: each page read by the caller, the ids it held, and how many links carried a token.

import { nextLink, parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';

export interface ReadPage {
  readonly items: readonly Record<string, unknown>[];
  readonly more: boolean;
  readonly skipToken?: string;
}

export interface FollowedPages {
  readonly ids: number[];
  readonly tokens: number;
}

/**
 * Follows the next links from the first page of `top` rows of `base` in the order `orderby`,
 * reading each page with `read`; it stops after more than `rows` ids, so that a loop ends.
 */
export async function followPages(
  base: string,
  resource: QueryResource,
  { orderby, top, rows }: { readonly orderby: string; readonly top: number; readonly rows: number },
  read: (plan: ReturnType<typeof parseQuery>) => Promise<ReadPage>,
): Promise<FollowedPages> {
  let url: string | undefined = `${base}?${new URLSearchParams({ $orderby: orderby, $top: String(top) })}`;
  const ids: number[] = [];
  let tokens = 0;
  while (url !== undefined && ids.length <= rows) {
    const plan = parseQuery(new URL(url).search, resource);
    const page = await read(plan);
    ids.push(...page.items.map((r) => Number(r.Id)));
    if (page.skipToken !== undefined) tokens++;
    url = nextLink(url, plan, page.more, page.skipToken);
  }
  return { ids, tokens };
}
