// A parameter alias where a literal stands (`Capacity gt @p`): the literal its value is, read
// from check()'s `aliases` option, or the issue `unknown_alias` when the option gives it none.

import type { Expr } from '../../syntax/ast.js';
import { aliasLiteral } from '../aliases.js';
import type { CheckContext } from './context.js';

/**
 * The literal an alias stands for, typed then as that literal would be where the alias stands;
 * for an alias without a value, the alias itself, once `unknown_alias` is reported. Any other
 * node is returned as it is.
 */
export function aliased(ctx: CheckContext, node: Expr): Expr {
  if (node?.kind !== 'alias') return node;
  const value = aliasLiteral(node, ctx.options.aliases, ctx.options);
  if (value?.kind === 'string') ctx.stringAlias(node);
  if (value !== undefined) return value;
  unknownAlias(ctx, node, "'…'");
  return node;
}

/** `unknown_alias` at the alias, with an example of the value it needs. */
export function unknownAlias(ctx: CheckContext, node: Extract<Expr, { kind: 'alias' }>, example: string): void {
  const name = String(node.name);
  ctx.report(
    'unknown_alias',
    node,
    `Parameter alias '@${name}' has no value: give it in the aliases option, such as { ${name}: ${example} }`,
  );
}
