// The functions and operators a policy lets a filter use (docs/query.md, "Rules"), looked for in
// every node of the checked filter — inside lambdas, `cast` and `isof` too. A request's options
// (src/query/) and the editor kit (src/client/editor/) both judge a filter by it.

import { assertNever } from '../assert-never.js';
import { FUNCTIONS } from '../language/functions.js';
import { type TypedExpr, childrenOfTyped } from './typed.js';

/** The names a policy allows (a QueryPolicy's `functions` and `operators`); a list left out allows all. */
export interface AllowedNames {
  readonly functions?: readonly string[];
  readonly operators?: readonly FilterOperator[];
}

/** How a use that is not allowed is reported: its code, the option it is in, a message, its range. */
export type AllowedReport = (
  kind: 'type',
  code: 'function_not_allowed' | 'operator_not_allowed',
  option: string,
  message: string,
  start: number,
  end: number,
) => void;

/** The operators of a filter, as a policy names them: `-` is negation, `in` a list or a collection. */
export const FILTER_OPERATORS = [
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'and',
  'or',
  'not',
  'add',
  'sub',
  'mul',
  'div',
  'divby',
  'mod',
  '-',
  'in',
  'has',
  'any',
  'all',
  '$count',
] as const;

export type FilterOperator = (typeof FILTER_OPERATORS)[number];

/** The functions a policy can name: the function table's, and `cast` and `isof` (and a model's, by qualified name). */
const FUNCTION_NAMES: ReadonlySet<string> = new Set([...FUNCTIONS.map((f) => f.name), 'cast', 'isof']);
const OPERATOR_NAMES: ReadonlySet<string> = new Set(FILTER_OPERATORS);

/** The function a node calls, by the name a policy gives it; undefined for any other node. */
function functionUsedBy(node: TypedExpr): string | undefined {
  switch (node.kind) {
    case 'call':
      return node.name;
    case 'cast':
    case 'isof':
      return node.kind;
    case 'functionCall':
      return node.function.name;
    case 'result':
      return node.call.function.name;
    case 'compare':
    case 'arithmetic':
    case 'temporal':
    case 'logical':
    case 'not':
    case 'negate':
    case 'in':
    case 'has':
    case 'lambda':
    case 'count':
    case 'structureNull':
    case 'literal':
    case 'null':
    case 'member':
    case 'convert':
    case 'guard':
      return undefined;
    default:
      return assertNever(node);
  }
}

/** The operator a node applies, by the name a policy gives it; undefined for a value or a call. */
function operatorUsedBy(node: TypedExpr): FilterOperator | undefined {
  switch (node.kind) {
    case 'compare':
    case 'arithmetic':
    case 'temporal':
    case 'logical':
      return node.op;
    case 'not':
      return 'not';
    case 'negate':
      return '-';
    case 'in':
    case 'has':
      return node.kind;
    case 'lambda':
      // `x in C` is checked as `C/any(…)` over a variable no filter can name.
      return node.variable?.startsWith('$element') ? 'in' : node.op;
    case 'count':
      return '$count';
    case 'structureNull':
      return node.op;
    case 'call':
    case 'cast':
    case 'isof':
    case 'functionCall':
    case 'result':
    case 'literal':
    case 'null':
    case 'member':
    case 'convert':
    case 'guard':
      return undefined;
    default:
      return assertNever(node);
  }
}

/**
 * Reports each function and operator of the filter the policy does not allow, once, at its first
 * use. A policy naming a function or operator the language does not have is a TypeError.
 */
export function checkAllowed(root: TypedExpr, policy: AllowedNames, option: string, issue: AllowedReport): void {
  const functions = allowedSet(policy.functions, FUNCTION_NAMES, 'functions');
  const operators = allowedSet(policy.operators, OPERATOR_NAMES, 'operators');
  if (functions === undefined && operators === undefined) return;
  const reported = new Set<string>();
  const stack: TypedExpr[] = [root];
  const found: { node: TypedExpr; what: 'function' | 'operator'; name: string }[] = [];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const fn = functions && functionUsedBy(node);
    if (fn !== undefined && !functions!.has(fn)) found.push({ node, what: 'function', name: fn });
    const operator = operators && operatorUsedBy(node);
    if (operator !== undefined && !operators!.has(operator)) found.push({ node, what: 'operator', name: operator });
    stack.push(...childrenOfTyped(node));
  }
  // In the order of the text, each name once.
  found.sort((a, b) => a.node.start - b.node.start);
  for (const { node, what, name } of found) {
    if (reported.has(`${what} ${name}`)) continue;
    reported.add(`${what} ${name}`);
    const allowed = [...(what === 'function' ? functions! : operators!)];
    const list = allowed.length === 0 ? `no ${what}s are allowed` : `allowed: ${allowed.join(', ')}`;
    issue(
      'type',
      what === 'function' ? 'function_not_allowed' : 'operator_not_allowed',
      option,
      `Option '${option}': ${what} '${name}' is not allowed here (${list})`,
      node.start,
      node.end,
    );
  }
}

/** Throws a TypeError when a policy names a function or an operator the language does not have. */
export function assertAllowedNames(policy: AllowedNames): void {
  allowedSet(policy.functions, FUNCTION_NAMES, 'functions');
  allowedSet(policy.operators, OPERATOR_NAMES, 'operators');
}

const isQualifiedName = (name: unknown): boolean =>
  typeof name === 'string' && /^[A-Za-z_]\w*(\.[A-Za-z_]\w*)+$/.test(name);

/** A policy's list as it was read: the names then, and their set. */
interface ReadList {
  readonly names: readonly string[];
  readonly set: ReadonlySet<string>;
}

/**
 * The lists read so far, per field, by the policy's list: a policy is read again for every request
 * it serves. A list changed since (a caller may hold it, and change it) is read anew.
 */
const READ: Readonly<Record<'functions' | 'operators', WeakMap<readonly string[], ReadList>>> = {
  functions: new WeakMap(),
  operators: new WeakMap(),
};

const sameNames = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && a.every((name, i) => name === b[i]);

function allowedSet(
  names: readonly string[] | undefined,
  known: ReadonlySet<string>,
  field: 'functions' | 'operators',
): ReadonlySet<string> | undefined {
  if (names === undefined) return undefined;
  if (!Array.isArray(names)) throw new TypeError(`The policy's ${field} is a list of names`);
  const read = READ[field].get(names);
  if (read !== undefined && sameNames(read.names, names)) return read.set;
  // A qualified name (`Geo.Distance`) is a model's function (docs/semantics.md §15).
  const unknown = names.filter((n) => !known.has(n) && !(known === FUNCTION_NAMES && isQualifiedName(n)));
  if (unknown.length > 0)
    throw new TypeError(
      `The policy's ${field} names ${unknown.map((n) => `'${String(n)}'`).join(', ')}, which the filter language does not have`,
    );
  const set = new Set(names);
  READ[field].set(names, { names: [...names], set });
  return set;
}
