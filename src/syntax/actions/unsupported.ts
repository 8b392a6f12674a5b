// Constructs of the OData conventions that this language does not have, read only far enough to
// name them in an 'unsupported' error whose `construct` says which.

import type { Expr, PathSegment } from '../ast.js';
import { lookupFunction, UNSUPPORTED_FUNCTIONS } from '../../language/functions.js';
import { suggestName } from '../../language/suggest-name.js';
import { refuse, type Range } from './syntax-error.js';
import { isLambdaOperator } from './collections.js';
import { isTypeFunction } from './type-functions.js';

/**
 * `Path/fn(…)`, `Path/NS.fn(…)`, `Path/Any(…)`: a call on a path, which the language does not have.
 * Called at the opening parenthesis, before the arguments. True after a lambda operator: the
 * grammar tried the lambda first, and its failure is the one to report.
 */
export function rejectBoundCall(head: string, tail: readonly PathSegment[]): boolean {
  if (tail.length === 0) return false;
  if (isLambdaOperator(tail)) return true;
  const start = tail[0]!.start - 1 - head.length;
  const last = tail[tail.length - 1]!;
  const span = { start, end: last.end };
  // `Any(…)`, `alll(…)`: most likely a lambda operator misspelt, which says what would be read.
  const meant = isQualified(last.name) ? undefined : suggestName(last.name, LAMBDA_OPERATORS);
  const advice = meant === undefined ? '' : ` (did you mean the lambda operator '${meant}', spelt in lower case?)`;
  return refuse('bound_function', `Bound function '${last.name}'`, span, advice);
}

const LAMBDA_OPERATORS = ['any', 'all'];

/** A segment that is a qualified name: a type-cast segment, or a namespaced function's name. */
const isQualified = (name: string): boolean => name.includes('.');

/**
 * `NS.Color'Red'` is an enumeration literal; `geo.distance(…)` (a function) and `Edm.String` (a
 * type outside `cast` and `isof`) are refused.
 */
export function qualifiedName(name: string, quoted: string | null, isCall: boolean, r: Range): Expr {
  const nameSpan = { start: r.start, end: r.start + name.length };
  if (quoted !== null)
    return { kind: 'enum', typeName: name, body: quoted, start: r.start, end: nameSpan.end + quoted.length + 2 };
  if (isCall) return refuse(name.toLowerCase(), `Function '${name}'`, nameSpan);
  return refuse('qualified_name', `Qualified name '${name}'`, nameSpan);
}

export function isUnsupportedFunction(word: string): boolean {
  return UNSUPPORTED_FUNCTIONS.has(word.toLowerCase());
}

/** A call of a function outside the language (`cast(x, Edm.String)`), refused at its name. */
export function rejectFunction(name: string, start: number): never {
  return refuse(name.toLowerCase(), `Function '${name}'`, { start, end: start + name.length });
}

/** `$this` and `$root`, as the grammar's ImplicitVariable rule reads them (`$it` heads a path). */
export function rejectVariable(name: string, span: Range): never {
  if (name === 'root') return refuse('service_root', "Service-root path '$root'", span);
  return refuse('implicit_variable', `Implicit variable '$${name}'`, span);
}

/**
 * Where a path `head/tail…` starts, from what the grammar read after it: `r` starts right after
 * the head when there is no tail.
 */
function pathStart(head: string, tail: readonly PathSegment[], r: Range): number {
  return (tail.length === 0 ? r.start : tail[0]!.start - 1) - head.length;
}

/**
 * `Tags/$count($filter=…)`: a count with nested query options. `r` runs from the `/` before
 * `$count` to the `(`; the refusal covers the options, to their closing parenthesis.
 */
export function rejectCountOptions(head: string, tail: readonly PathSegment[], input: string, r: Range): never {
  const start = pathStart(head, tail, r);
  const end = closingParenthesis(input, r.end);
  const path = pathText(head, tail);
  return refuse(
    'count_options',
    `The count with options '${shortened(input.slice(start, end))}'`,
    { start, end },
    `; test the elements in a lambda (${path}/any(x: …)), or count them all (${path}/$count)`,
  );
}

/** The offset after the parenthesis that closes the one at `open`, quoted strings skipped; the text's end if none does. */
function closingParenthesis(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const c = text[i];
    if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      if (close < 0) return text.length;
      i = close;
    } else if (c === '(') depth++;
    else if (c === ')' && --depth === 0) return i + 1;
  }
  return text.length;
}

/**
 * Whether `(` after this path may open a key predicate (`Sessions(1)/…`, `Sessions(ID=1)`): not
 * after a function's name, a lambda operator or a type-cast segment, whose parentheses are theirs.
 * A qualified name alone (`Ns.Fn(…)`) is a call, whose arguments that do not read are its error.
 */
export function mayBeKeyPredicate(head: string, tail: readonly PathSegment[]): boolean {
  const last = tail[tail.length - 1];
  if ((last !== undefined && isQualified(last.name)) || isLambdaOperator(tail)) return false;
  return tail.length > 0 || (!isQualified(head) && lookupFunction(head) === undefined && !isTypeFunction(head));
}

/** `Sessions(1)/Capacity`, `Sessions(ID=1)`: a key predicate; `r` is its parentheses. */
export function rejectKeyPredicate(head: string, tail: readonly PathSegment[], input: string, r: Range): never {
  const path = pathText(head, tail);
  const start = pathStart(head, tail, r);
  return refuse(
    'key_predicate',
    `The key predicate '${shortened(input.slice(start, r.end))}'`,
    { start, end: r.end },
    `; reach the elements of a collection by a lambda (${path}/any(x: x/… eq …))`,
  );
}

const pathText = (head: string, tail: readonly PathSegment[]): string => [head, ...tail.map((s) => s.name)].join('/');

/** The longest construct a message quotes, in characters. */
const QUOTED_LENGTH = 60;

/** A construct as a message quotes it: a message must not repeat a megabyte. */
function shortened(text: string): string {
  const chars = [...text];
  return chars.length > QUOTED_LENGTH ? `${chars.slice(0, QUOTED_LENGTH - 1).join('')}…` : text;
}

/** `Tags eq ["a"]`: a JSON array where a single value goes (it is `in`'s list, or a whole argument of a model's function). */
export function rejectCollectionLiteral(r: Range): never {
  return refuse(
    'collection_literal',
    'A collection literal',
    r,
    " outside `in` and a function's argument; test the elements of a collection with any or all (Tags/any(t: t eq 'a')), or a value against a list with in",
  );
}
