// The options check() takes, and the two options only checkPlaces() and checkRowsAfter() can set.

import type { VersionOption } from '../../language/versions.js';
import type { ParseOptions } from '../../syntax/limits.js';
import type { AliasValues } from '../aliases.js';

/** Options of check(); the parse limits apply when a filter is given as text. */
export interface CheckOptions extends ParseOptions, VersionOption {
  /**
   * The most characters the filter's string functions may return per row, each string of the row
   * counted as 1,024 characters (docs/semantics.md, section 7). Default 1,048,576.
   */
  readonly maxStringCost?: number;
  /**
   * The most elements the string cost counts a collection as holding: a string function in a
   * lambda's body counts once per element, for each lambda around it (docs/semantics.md, section
   * 7). Declare the greatest size a resource's collections reach. Default 100.
   */
  readonly maxCollectionSize?: number;
  /**
   * The values of the filter's parameter aliases by name, without the `@`, as a request's query
   * options carry them: the text of one literal, `{ p: '5', tag: "'red'" }` for `@p=5&@tag='red'`,
   * or of a list for `x in @list`, `{ list: '["a","b"]' }`. Names are case-sensitive; a value no
   * alias uses is not read (docs/semantics.md, section 9).
   */
  readonly aliases?: AliasValues;
}

/** The option of checkPlaces(), a symbol so that no options object a caller writes can set it. */
export const ALIASES_ARE_PLACES = Symbol('aliases are places');

/**
 * The option of checkRowsAfter(): order comparisons of binaries, in the order `orderby` sorts them
 * (docs/semantics.md §6), which no filter may write but the rows after a keyset token need.
 */
export const BINARIES_ORDER = Symbol('binaries order');

/** What the checker reads: check()'s options, checkPlaces()'s and checkRowsAfter()'s. */
export interface CheckerOptions extends CheckOptions {
  readonly [ALIASES_ARE_PLACES]?: true;
  readonly [BINARIES_ORDER]?: true;
}
