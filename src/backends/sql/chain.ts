// How an `and`/`or` chain is written: flat, `(a AND b AND …)`, except where an engine parses a
// chain into a tree as deep as the chain is long and bounds that depth (SQLite); there a long
// chain becomes a chain of parenthesised chains, as few levels deep as the bound allows.

import { join, sql } from './fragment.js';
import type { Frag } from './fragment.js';

/**
 * `(a AND b AND …)`, flat; where the dialect bounds the length of a chain, a longer one as a
 * chain of at most that many parenthesised chains, each of them written the same way.
 */
export function chain(terms: readonly Frag[], separator: string, maxLength: number | undefined): Frag {
  if (maxLength === undefined || terms.length <= maxLength) return sql`(${join(terms, separator)})`;
  // Each part holds maxLength^(levels - 1) terms, so that there are at most maxLength parts.
  const size = maxLength ** (chainLevels(terms.length, maxLength) - 1);
  const parts: Frag[] = [];
  for (let i = 0; i < terms.length; i += size) parts.push(chain(terms.slice(i, i + size), separator, maxLength));
  return sql`(${join(parts, separator)})`;
}

/** How many levels of chains of at most maxLength operands hold n operands. */
export function chainLevels(n: number, maxLength: number): number {
  let levels = 1;
  for (let held = maxLength; held < n; held *= maxLength) levels++;
  return levels;
}
