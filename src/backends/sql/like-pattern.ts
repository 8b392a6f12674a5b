// LIKE patterns that match a needle literally: how a dialect turns `contains(s, 'a%')` with a
// literal needle into a pattern an index or a plain LIKE can use.

/** A LIKE pattern matching `text` literally, with `escapeChar` before `%`, `_` and itself. */
export function likeLiteral(text: string, escapeChar: string): string {
  let out = '';
  for (const ch of text) out += ch === '%' || ch === '_' || ch === escapeChar ? escapeChar + ch : ch;
  return out;
}
