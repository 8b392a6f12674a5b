// Function calls: the name looked up in the signature table and the number of arguments checked
// against its overloads; the types of the arguments are the checker's.

import type { Expr, PathSegment, Span } from '../ast.js';
import { arityOf, lookupFunction } from '../../language/functions.js';
import { syntaxError } from './syntax-error.js';
import { expectedTypeName, isTypeFunction } from './type-functions.js';
import type { Range } from './syntax-error.js';

export function call(head: PathSegment, args: Expr[], r: Range): Expr {
  const nameSpan: Span = { start: head.start, end: head.end };
  const lower = head.name.toLowerCase();
  if (isTypeFunction(lower)) return expectedTypeName(head.name, args, r);
  const signature = lookupFunction(lower);
  if (!signature) throw syntaxError('unknown_function', `Unknown function '${head.name}'`, nameSpan);
  const { min, max } = arityOf(signature);
  if (args.length < min || args.length > max) {
    const expected = min === max ? `${min}` : `${min} or ${max}`;
    const plural = max === 1 ? '' : 's';
    throw syntaxError(
      'wrong_arity',
      `Function '${lower}' takes ${expected} argument${plural}, not ${args.length},`,
      nameSpan,
    );
  }
  return { kind: 'call', name: lower, nameSpan, args, start: r.start, end: r.end };
}
