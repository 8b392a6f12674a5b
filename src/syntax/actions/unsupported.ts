// Constructs of the OData conventions that this language does not have, read only far enough to
// name them in an 'unsupported' error whose `construct` says which.

import type { Expr, PathSegment } from '../ast.js';
import { unsupported } from '../../errors.js';
import { UNSUPPORTED_FUNCTIONS } from '../../types/functions.js';
import { suggestName } from '../../types/suggest.js';
import type { Range } from './syntax-error.js';
import { isLambdaOperator } from './collections.js';

/**
 * Refuses a construct of the OData conventions that this language does not have: `construct` is
 * its stable name (`'bound_function'`, `'type_cast'`, a function's name such as `'cast'`), `what`
 * says it in the message.
 */
export function refuse(construct: string, what: string, span: Range, advice = ''): never {
  throw unsupported({
    construct,
    message: `${what} is not supported${advice} at position ${span.start}`,
    start: span.start,
    end: span.end,
  });
}

/**
 * `Path/fn(…)`, `Path/NS.fn(…)`, `Path/Any(…)`: a call on a path, which the language does not have.
 * Called at the opening parenthesis, before the arguments. True after a lambda operator: the
 * grammar tried the lambda first, and its failure is the one to report.
 */
export function rejectBoundCall(head: string, tail: readonly PathSegment[], qualified: string | null): boolean {
  if (tail.length === 0) return false;
  if (isLambdaOperator(tail, qualified)) return true;
  const start = tail[0]!.start - 1 - head.length;
  const last = tail[tail.length - 1]!;
  const span = { start, end: last.end + (qualified?.length ?? 0) };
  // `Any(…)`, `alll(…)`: most likely a lambda operator misspelt, which says what would be read.
  const meant = qualified === null ? suggestName(last.name, LAMBDA_OPERATORS) : undefined;
  const advice = meant === undefined ? '' : ` (did you mean the lambda operator '${meant}', spelt in lower case?)`;
  return refuse('bound_function', `Bound function '${last.name}${qualified ?? ''}'`, span, advice);
}

const LAMBDA_OPERATORS = ['any', 'all'];

/** `Address/NS.HomeAddress/City`: a path segment that is a qualified name casts to a derived type. */
export function rejectTypeCast(tail: readonly PathSegment[], qualified: string | null): false {
  if (qualified === null) return false;
  const last = tail[tail.length - 1]!;
  return refuse('type_cast', `Type cast '${last.name}${qualified}'`, {
    start: last.start,
    end: last.end + qualified.length,
  });
}

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
