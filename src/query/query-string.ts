// A request's query string read into its options, exactly as URLSearchParams reads it (the
// application/x-www-form-urlencoded parser: pairs split on `&` and at their first `=`, `+` a space,
// percent-escapes UTF-8). Read by hand where that is plain, which most requests are, and by
// URLSearchParams itself wherever it decides something: a text that holds a surrogate (a lone one is replaced), an
// escape that is no two hex digits or that decodes to no UTF-8, which it replaces rather than refuses.

/** Half of a character outside the Basic Multilingual Plane, or a lone one, which URLSearchParams replaces. */
const SURROGATE = /[\uD800-\uDFFF]/;

/**
 * The name-value pairs of a query string, decoded as `[...new URLSearchParams(text)]` gives them
 * (a leading `?` left out, as it leaves it out).
 */
export function queryPairs(text: string): [string, string][] {
  if (SURROGATE.test(text)) return [...new URLSearchParams(text)];
  const query = text.startsWith('?') ? text.slice(1) : text;
  const pairs: [string, string][] = [];
  try {
    for (let start = 0; start < query.length; ) {
      let end = query.indexOf('&', start);
      if (end < 0) end = query.length;
      if (end > start) {
        const equals = query.indexOf('=', start);
        pairs.push(
          equals >= 0 && equals < end
            ? [decoded(query.slice(start, equals)), decoded(query.slice(equals + 1, end))]
            : [decoded(query.slice(start, end)), ''],
        );
      }
      start = end + 1;
    }
  } catch {
    // decodeURIComponent refuses what URLSearchParams replaces: it decides.
    return [...new URLSearchParams(text)];
  }
  return pairs;
}

function decoded(text: string): string {
  const spaced = text.includes('+') ? text.replaceAll('+', ' ') : text;
  return spaced.includes('%') ? decodeURIComponent(spaced) : spaced;
}
