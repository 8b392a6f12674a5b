// The values of parameter aliases: each the text of one literal, given beside the filter as a
// request's query option carries it (`@p=5`, `@tag='red'`), read by the filter's own grammar.

import type { AliasExpr, Literal } from '../syntax/ast.js';
import { isLiteral } from '../syntax/actions/literals.js';
import { FilterError, isFilterError } from '../errors.js';
import type { ParseOptions } from '../syntax/limits.js';
import { parse } from '../syntax/parse.js';

/** Alias values by name, without the `@`: `{ p: '5', tag: "'red'" }`. Names are case-sensitive. */
export type AliasValues = Readonly<Record<string, string>>;

/**
 * The literal an alias stands for, at the alias's span, or undefined when `aliases` gives it no
 * value. A value that is not the text of one literal (an expression, another alias, a list, bad
 * text) is a 'syntax' FilterError at the alias, naming it and the option.
 */
export function aliasLiteral(node: AliasExpr, aliases: AliasValues | undefined, options: ParseOptions): Literal | undefined {
  // An own property only: `@toString` must not find Object.prototype.toString.
  if (aliases === undefined || typeof node.name !== 'string' || !Object.hasOwn(aliases, node.name)) return undefined;
  const text: unknown = aliases[node.name];
  if (typeof text !== 'string') throw invalidValue(node, `is ${text === null ? 'null' : typeof text}, not the text of a literal`);
  let value;
  try {
    value = parse(text, options);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    throw invalidValue(node, `'${text}' is not a literal: ${error.message}`);
  }
  if (!isLiteral(value)) {
    const what = value.kind === 'alias' ? 'names another alias' : 'is an expression';
    throw invalidValue(node, `'${text}' ${what}, not one literal`);
  }
  return { ...value, start: node.start, end: node.end };
}

function invalidValue(node: AliasExpr, problem: string): FilterError {
  const message = `The value of parameter alias '@${node.name}' (aliases.${node.name}) ${problem}`;
  return new FilterError({ kind: 'syntax', issueCode: 'invalid_alias_value', message, start: node.start, end: node.end });
}
