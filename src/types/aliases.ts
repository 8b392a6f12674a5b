// The values of parameter aliases, given beside the filter as a request's query options carry
// them (`@p=5`, `@tag='red'`, `@list=["a","b"]`), read by the filter's own grammar: the text of
// one literal, of a whole list where the alias is the list of `in`, or of a JSON array, a path or
// a literal where it is a model function's collection argument.

import type { AliasExpr, CollectionLiteral, Literal, MemberExpr, StructureLiteral } from '../syntax/ast.js';
import { isLiteral } from '../syntax/actions/literals.js';
import { FilterError, isFilterError } from '../errors.js';
import type { FilterIssueCode } from '../errors.js';
import type { ParseOptions } from '../syntax/limits.js';
import { checkText, checkTreeSize, limitsOf } from '../syntax/limits.js';
import { parse } from '../syntax/parse.js';
import { parseGeneratedList } from '../syntax/parse-generated.js';
import { versionOf, type VersionOption } from '../language/versions.js';

/** Alias values by name, without the `@`: `{ p: '5', tag: "'red'" }`. Names are case-sensitive. */
export type AliasValues = Readonly<Record<string, string>>;

/**
 * The literal an alias stands for, at the alias's span, or undefined when `aliases` gives it no
 * value. A value that is not the text of one literal (an expression, another alias, a list, bad
 * text) is a 'syntax' FilterError at the alias, naming it and the option.
 */
export function aliasLiteral(
  node: AliasExpr,
  aliases: AliasValues | undefined,
  options: ParseOptions & VersionOption,
): Literal | undefined {
  // An own property only: `@toString` must not find Object.prototype.toString.
  if (aliases === undefined || typeof node.name !== 'string' || !Object.hasOwn(aliases, node.name)) return undefined;
  const text: unknown = aliases[node.name];
  if (typeof text !== 'string')
    throw invalidValue(node, `is ${text === null ? 'null' : typeof text}, not the text of a literal`);
  let value;
  try {
    value = parse(text, options);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    throw unreadable(node, error, `${shown(text)} is not a literal`);
  }
  if (!isLiteral(value)) {
    const what = value.kind === 'alias' ? 'names another alias' : 'is an expression';
    throw invalidValue(node, `${shown(text)} ${what}, not one literal`);
  }
  return { ...value, start: node.start, end: node.end };
}

/**
 * The literals of an alias that is the list of `in` (`x in @list`), each at the alias's span, or
 * undefined when `aliases` gives it no value. The value is a list in parentheses or a JSON array,
 * as `('a', 'b')` or `["a", "b"]` would be written after `in`, within the parse limits; anything
 * else is a 'syntax' FilterError at the alias.
 */
export function aliasList(
  node: AliasExpr,
  aliases: AliasValues | undefined,
  options: ParseOptions & VersionOption,
): readonly Literal[] | undefined {
  if (aliases === undefined || typeof node.name !== 'string' || !Object.hasOwn(aliases, node.name)) return undefined;
  const text: unknown = aliases[node.name];
  if (typeof text !== 'string')
    throw invalidValue(node, `is ${text === null ? 'null' : typeof text}, not the text of a list`);
  return listItems(node, text, options, 'a list in parentheses or a JSON array');
}

/**
 * The value of an alias given for a model function's collection parameter (`Ns.Fn(Of=@ids)`), as
 * if written in the alias's place, at its span: a JSON array of literals (`[1, 2]`, within the
 * parse limits), a path (`Tags`) or one literal (`null`); undefined when `aliases` gives it no
 * value. `strings` says whether a string literal is in it, which the checker may read as another
 * type's value. Anything else, and a JSON object in the array, is a 'syntax' FilterError at the
 * alias, as for a list's alias.
 */
export function aliasArgument(
  node: AliasExpr,
  aliases: AliasValues | undefined,
  options: ParseOptions & VersionOption,
): { readonly value: CollectionLiteral | MemberExpr | Literal; readonly strings: boolean } | undefined {
  if (aliases === undefined || typeof node.name !== 'string' || !Object.hasOwn(aliases, node.name)) return undefined;
  const text: unknown = aliases[node.name];
  if (typeof text !== 'string')
    throw invalidValue(
      node,
      `is ${text === null ? 'null' : typeof text}, not the text of a JSON array, a path or a literal`,
    );
  const at = { start: node.start, end: node.end };
  // A list in parentheses is no collection's value: only a JSON array is read as one.
  if (text.trimStart().startsWith('[')) {
    const items = listItems(node, text, options, 'a JSON array');
    return { value: { kind: 'collection', items, ...at }, strings: items.some((item) => item.kind === 'string') };
  }
  let value;
  try {
    value = parse(text, options);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    throw unreadable(node, error, `${shown(text)} is not a JSON array, a path or a literal`);
  }
  if (isLiteral(value)) return { value: { ...value, ...at }, strings: value.kind === 'string' };
  if (value.kind === 'member' && value.call === undefined)
    return { value: { ...value, segments: value.segments.map((s) => ({ ...s, ...at })), ...at }, strings: false };
  throw invalidValue(node, `${shown(text)} is an expression, not a JSON array, a path or one literal`);
}

/** The literals of a list's text (`what` it must be, for a message), each at the alias's span. */
function listItems(
  node: AliasExpr,
  text: string,
  options: ParseOptions & VersionOption,
  what: string,
): readonly Literal[] {
  let list: readonly (Literal | StructureLiteral)[];
  try {
    const limits = limitsOf(options);
    checkText(text, limits);
    list = parseGeneratedList(text, versionOf(options));
    checkTreeSize({ kind: 'in', operand: node, list, start: 0, end: text.length }, text, limits);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    throw unreadable(node, error, `${shown(text)} is not ${what}`);
  }
  // A structure's members are placed in the alias's text, which no issue of the filter can point into.
  if (list.some((item) => item.kind === 'structure'))
    throw invalidValue(node, "holds a structure's value (a JSON object): write it in the filter");
  return (list as readonly Literal[]).map((item) => ({ ...item, start: node.start, end: node.end }));
}

function invalidValue(node: AliasExpr, problem: string): FilterError {
  const message = `The value of parameter alias '@${node.name}' (aliases.${node.name}) ${problem}`;
  return new FilterError({
    kind: 'syntax',
    issueCode: 'invalid_alias_value',
    message,
    start: node.start,
    end: node.end,
  });
}

/**
 * The error for a value the grammar could not read: a limit it passes stays a 'limit' error (a
 * value may be as long as the filter may), at the alias; anything else is an invalid value.
 */
function unreadable(node: AliasExpr, error: FilterError, problem: string): FilterError {
  if (error.kind !== 'limit') return invalidValue(node, `${problem}: ${error.message}`);
  const limit = error.message
    .replace(/^Filter/, 'the value')
    .replace(/at position (\d+)/, 'at position $1 of the value');
  const message = `The value of parameter alias '@${node.name}' (aliases.${node.name}) passes a limit: ${limit}`;
  return new FilterError({
    kind: 'limit',
    issueCode: error.issues[0]?.code as FilterIssueCode | undefined,
    message,
    start: node.start,
    end: node.end,
  });
}

/** The longest value a message quotes, in characters. */
const SHOWN_VALUE_LENGTH = 40;

/** A value as a message quotes it, shortened when long: a message must not repeat a megabyte. */
function shown(text: string): string {
  const chars = [...text];
  return chars.length > SHOWN_VALUE_LENGTH ? `'${chars.slice(0, SHOWN_VALUE_LENGTH - 1).join('')}…'` : `'${text}'`;
}
