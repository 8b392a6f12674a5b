// Parameter aliases: `@name` where a value or the list of `in` can stand, and the item of a list
// where none can.

import type { AliasExpr } from '../ast.js';
import { type Range, refuse } from './syntax-error.js';

/** `@name`; `r` covers the `@`. */
export function alias(name: string, r: Range): AliasExpr {
  return { kind: 'alias', name, start: r.start, end: r.end };
}

/**
 * `x in ('a', @p)`: an alias as an item of a list. An alias is a literal or a whole list, so the
 * list is written in one place, in the filter or in the alias's value.
 */
export function rejectItemAlias(r: Range, text: string): never {
  return refuse(
    'parameter_alias_item',
    `Parameter alias '${text}' as an item of a list`,
    r,
    '; write the literal in the list, or the whole list in the alias, as in x in @list,',
  );
}
