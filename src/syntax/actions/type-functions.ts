// `cast(x, T)` and `isof(x, T)`: a value and a type name, as the grammar's TypeFunctionArgs reads
// them, and `isof(T)` of the resource itself for a type of the service's model. Whether T is a
// type of the language or of the model, and what converts to it, is the checker's; here only the
// names no filter can use are refused: the OData types this language does not have, and the
// one-argument forms no type of the model is in.

import type { Expr, TypeFunctionName, TypeName } from '../ast.js';
import { refuse, syntaxError, type Range } from './syntax-error.js';

export function isTypeFunction(word: string): boolean {
  if (word.length !== 4) return false;
  const lower = word.toLowerCase();
  return lower === 'cast' || lower === 'isof';
}

/** OData's primitive types that no value of this language has (docs/semantics.md §11). */
const OUTSIDE_THE_LANGUAGE = /^Edm\.(Stream|Untyped|PrimitiveType|Geography\w*|Geometry\w*)$/;

/** Read before the grammar knows it is one (`cast('a.b', …)` has a string there): judged by typeArguments. */
export function typeName(name: string, quoted: boolean, r: Range): TypeName {
  return { name, quoted, start: r.start, end: r.end };
}

/** What followed `cast` or `isof`, as the grammar's WordLed rule reports it. */
export type TypeArguments = readonly ['typeFunction', operand: Expr | null, target: TypeName];

export function typeArguments(operand: Expr | null, target: TypeName): TypeArguments {
  if (OUTSIDE_THE_LANGUAGE.test(target.name)) return refuse('cast_type', `Type '${target.name}'`, target);
  return ['typeFunction', operand, target];
}

export function typeFunction(head: string, operand: Expr | null, target: TypeName, r: Range): Expr {
  const name = head.toLowerCase() as TypeFunctionName;
  const nameSpan = { start: r.start, end: r.start + head.length };
  // `isof(Ns.Manager)`: whether the resource is of a type of the model (docs/semantics.md §14).
  if (operand === null && name === 'isof' && !target.name.startsWith('Edm.'))
    return { kind: 'typeFunction', name, nameSpan, target, start: r.start, end: r.end };
  if (operand === null) {
    const advice = target.name.startsWith('Edm.')
      ? ` (write ${name}(Property, ${target.name}))`
      : ` (test the resource's type with isof(${target.name}))`;
    return refuse('instance_type_test', `${name}(${target.name}) of the resource itself`, r, advice);
  }
  return { kind: 'typeFunction', name, nameSpan, operand, target, start: r.start, end: r.end };
}

/**
 * `cast(x, 5)`, `isof(x)`: what the grammar read as a plain call of `cast` or `isof`, because no
 * type name stood where one must.
 */
export function expectedTypeName(head: string, args: readonly Expr[], r: Range): never {
  const name = head.toLowerCase();
  const second = args[1];
  const span = args.length === 2 && second !== undefined ? second : { start: r.start, end: r.start + head.length };
  const what =
    args.length === 2
      ? 'its second argument must be a type name'
      : `it takes a value and a type name, not ${args.length} argument${args.length === 1 ? '' : 's'}`;
  throw syntaxError('expected_type_name', `Function '${name}': ${what}, such as ${name}(Price, Edm.Int32)`, span);
}
