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

/** What a node uses: a function or an operator, by the name a policy gives it; undefined for a value. */
function usedBy(node: TypedExpr): { readonly function?: string; readonly operator?: FilterOperator } | undefined {
  switch (node.kind) {
    case 'call':
      return { function: node.name };
    case 'cast':
    case 'isof':
      return { function: node.kind };
    case 'functionCall':
      return { function: node.function.name };
    case 'result':
      return { function: node.call.function.name };
    case 'compare':
    case 'arithmetic':
    case 'temporal':
    case 'logical':
      return { operator: node.op };
    case 'not':
      return { operator: 'not' };
    case 'negate':
      return { operator: '-' };
    case 'in':
    case 'has':
      return { operator: node.kind };
    case 'lambda':
      // `x in C` is checked as `C/any(…)` over a variable no filter can name.
      return { operator: node.variable?.startsWith('$element') ? 'in' : node.op };
    case 'count':
      return { operator: '$count' };
    case 'structureNull':
      return { operator: node.op };
    case 'literal':
    case 'null':
    case 'member':
    case 'convert':
    case 'guard':
    case 'collectionArgument':
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
    const used = usedBy(node);
    if (used?.function !== undefined && functions !== undefined && !functions.has(used.function))
      found.push({ node, what: 'function', name: used.function });
    if (used?.operator !== undefined && operators !== undefined && !operators.has(used.operator))
      found.push({ node, what: 'operator', name: used.operator });
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

function allowedSet(
  names: readonly string[] | undefined,
  known: ReadonlySet<string>,
  field: 'functions' | 'operators',
): ReadonlySet<string> | undefined {
  if (names === undefined) return undefined;
  if (!Array.isArray(names)) throw new TypeError(`The policy's ${field} is a list of names`);
  // A qualified name (`Geo.Distance`) is a model's function (docs/semantics.md §15).
  const unknown = names.filter((n) => !known.has(n) && !(known === FUNCTION_NAMES && isQualifiedName(n)));
  if (unknown.length > 0)
    throw new TypeError(
      `The policy's ${field} names ${unknown.map((n) => `'${String(n)}'`).join(', ')}, which the filter language does not have`,
    );
  return new Set(names);
}
