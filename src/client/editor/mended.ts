// A filter cut short by a syntax error, read as far as it goes: the text before the error with a
// missing operand supplied (an alias whose value is null, which takes any type) and the
// parentheses it leaves open closed, inspected as check() would check it.

import type { Expr } from '../../syntax/ast.js';
import { parse } from '../../syntax/parse.js';
import { inspect } from '../../types/check.js';
import type { CheckOptions, Inspection } from '../../types/check.js';
import type { Schema } from '../../types/schema.js';
import { closersOf } from './closing.js';
import { operandStandIn, standInAliases } from './placement.js';

/** What the text before `at` holds, or undefined when no mending makes it parse. */
export function inspectBefore(text: string, at: number, schema: Schema, options: CheckOptions): Inspection | undefined {
  const before = text.slice(0, at);
  const operand = operandStandIn(text);
  for (const standIn of ['', operand]) {
    const mended = before + standIn + closersOf(before);
    let tree: Expr;
    try {
      tree = parse(mended, options);
    } catch {
      continue;
    }
    return inspect(tree, schema, { ...options, aliases: { ...options.aliases, ...standInAliases(operand) } }, mended);
  }
  return undefined;
}
