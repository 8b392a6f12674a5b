// Parameter aliases: `@name` where a value can stand, and the places of `in` that do not take one.

import type { AliasExpr } from '../ast.js';
import type { Range } from './syntax-error.js';
import { refuse } from './unsupported.js';

/** `@name`; `r` covers the `@`. */
export function alias(name: string, r: Range): AliasExpr {
  return { kind: 'alias', name, start: r.start, end: r.end };
}

/**
 * `x in @list` and `x in ('a', @p)`: the value of an alias is one literal (docs/semantics.md,
 * section 9), so an alias is neither the whole list of `in` nor an item of one.
 */
export function rejectListAlias(r: Range, text: string): never {
  return refuse('parameter_alias_list', `Parameter alias '${text}' in the list of 'in'`, r, '; write the literals in the list itself, such as (1, 2),');
}
