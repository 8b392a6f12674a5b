// What a resource's options read to, by their text: a server's clients repeat the same `$select`
// and `$orderby` (a list page, a grid's columns), and their reading depends on nothing else than
// the resource, whose schema, rules and policy are fixed once it is prepared.

import type { Report } from './report.js';

/** How many texts of one option are kept per resource, the oldest forgotten first. */
const TEXTS_PER_OPTION = 64;

/**
 * The reading of `text`: the one made before, or `read` run now and kept when it reported no
 * issue (a reading with issues is read again, so every request gets its own messages). A kept
 * reading is shared by the plans of every request that gives the text: it is never changed.
 */
export function readOnce<T>(
  cache: Map<string, T>,
  text: string,
  issue: Report,
  read: (issue: Report) => T | undefined,
): T | undefined {
  const known = cache.get(text);
  if (known !== undefined) return known;
  let clean = true;
  const result = read((...problem) => {
    clean = false;
    issue(...problem);
  });
  if (clean && result !== undefined) {
    if (cache.size >= TEXTS_PER_OPTION) cache.delete(cache.keys().next().value!);
    cache.set(text, result);
  }
  return result;
}
