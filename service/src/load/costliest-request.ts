// The costliest request a user may send, at a given string cost bound: the load run repeats it
// from one `events-only` client while the mix runs, and the public interface must stay fast.
//
// `length(replace(concat(Code, 'aaa…'), 'a', 'www…')) gt 0` on `events` (top=250), a filter of
// about 2 KB: the package counts the concat at 1,024 + 1,000 characters and the replace at that
// times the replacement's length, and the database builds about as much for each of the 640 rows
// (1,000 'a's, each replaced). The replacement is as long as the bound allows.

import { A } from './run-load.js';
import type { LoadRequest } from './run-load.js';

/** What the package counts each string of a row as (docs/semantics.md, section 7). */
const ROW_STRING_LENGTH = 1_024;
/** The 'a's the filter adds to each row's Code, each one replaced. */
const LITERAL_LENGTH = 1_000;

/** The filter of the costliest request under the bound (at most `maxStringCost`), and its cost. */
export function costliestFilter(maxStringCost: number): { readonly filter: string; readonly cost: number } {
  const concat = ROW_STRING_LENGTH + LITERAL_LENGTH;
  const replacement = Math.max(1, Math.floor(maxStringCost / concat) - 1);
  return {
    filter: `length(replace(concat(Code, '${'a'.repeat(LITERAL_LENGTH)}'), 'a', '${'w'.repeat(replacement)}')) gt 0`,
    cost: concat + concat * replacement,
  };
}

export function costliestRequest(maxStringCost: number): LoadRequest {
  const { filter } = costliestFilter(maxStringCost);
  return {
    api: 'A',
    path: `${A}events/?top=250&filter=${encodeURIComponent(filter)}`,
    headers: { Authorization: `Basic ${Buffer.from('events-only:events-demo').toString('base64')}` },
    user: 'events-only',
    status: 200,
    // On PostgreSQL the statement timeout may end it first: the service then answers 503.
    alternatives: [503],
    contentType: 'application/xml',
  };
}
