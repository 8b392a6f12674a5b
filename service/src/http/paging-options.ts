// The paging options of a request for one member (`events/5/`, `presenters/5`), which has no
// pages: the package reads `top` and `skip` on every resource, so a member refuses them itself
// rather than answer `skip=1` with a 404 for a member that exists.

const PAGING = new Set(['top', 'skip']);

/** The names of the paging options the request gives, as written. */
export function pagingOptionsOf(search: URLSearchParams): string[] {
  return [...search.keys()].filter((name) => PAGING.has(name.toLowerCase()));
}
