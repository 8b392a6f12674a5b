// Operator actions: binary chains folded by precedence, `in` lists, unary `not` and `-`.

import type { AliasExpr, Expr, Literal, MemberExpr, StructureLiteral } from '../ast.js';
import type { ArithmeticOp, CompareOp, LogicalOp } from '../../language/operators.js';
import type { Range } from './syntax-error.js';

/** Binding strength of each binary operator, loosest first; `in` is not one (see {@link foldIn}). */
const PRECEDENCE: Readonly<Record<string, number>> = Object.assign(Object.create(null) as Record<string, number>, {
  or: 1,
  and: 2,
  eq: 3,
  ne: 3,
  gt: 4,
  ge: 4,
  lt: 4,
  le: 4,
  add: 5,
  sub: 5,
  mul: 6,
  div: 6,
  divby: 6,
  mod: 6,
});

export function isBinaryOperator(word: string): boolean {
  return word.length <= 5 && PRECEDENCE[word.toLowerCase()] !== undefined;
}

type BinaryOp = CompareOp | ArithmeticOp | LogicalOp;

/** The right-hand side of `in`: the literals and where the closing parenthesis ends. */
export interface InList {
  readonly list: readonly (Literal | StructureLiteral)[];
  readonly end: number;
}

export function inList(list: (Literal | StructureLiteral)[], r: Range): InList {
  return { list, end: r.end };
}

const COMPARE = new Set<string>(['eq', 'ne', 'gt', 'ge', 'lt', 'le']);

/**
 * Folds `head op1 x1 op2 x2 …` by precedence with an explicit operator stack (left-associative:
 * an operator reduces every pending one that binds at least as tightly). An `and`/`or` built in
 * this fold absorbs the next operand of the same operator, so chains stay flat; a parenthesised
 * chain, built by an inner fold, stays one operand.
 */
export function chain(head: Expr, tail: [BinaryOp, Expr][]): Expr {
  if (tail.length === 1) return combine(tail[0]![0], head, tail[0]![1], false);
  const operands: Expr[] = [head];
  // Whether each operand was built by this fold: only an `and`/`or` built here absorbs the next
  // operand of its operator.
  const built: boolean[] = [false];
  const ops: BinaryOp[] = [];
  for (const [op, right] of tail) {
    const level = PRECEDENCE[op]!;
    while (ops.length > 0 && PRECEDENCE[ops[ops.length - 1]!]! >= level) reduce(operands, built, ops);
    ops.push(op);
    operands.push(right);
    built.push(false);
  }
  while (ops.length > 0) reduce(operands, built, ops);
  return operands[0]!;
}

/** Replaces the last two operands by the last operator applied to them. */
function reduce(operands: Expr[], built: boolean[], ops: BinaryOp[]): void {
  const op = ops.pop()!;
  const right = operands.pop()!;
  built.pop();
  const left = operands.pop()!;
  const leftBuilt = built.pop()!;
  operands.push(combine(op, left, right, leftBuilt));
  built.push(true);
}

function combine(op: BinaryOp, left: Expr, right: Expr, leftBuilt: boolean): Expr {
  const start = left.start;
  const end = right.end;
  if (op === 'and' || op === 'or') {
    if (leftBuilt && left.kind === 'logical' && left.op === op) {
      (left.operands as Expr[]).push(right);
      (left as { end: number }).end = end;
      return left;
    }
    return { kind: 'logical', op, operands: [left, right], start, end };
  }
  if (COMPARE.has(op)) return { kind: 'compare', op: op as CompareOp, left, right, start, end };
  return { kind: 'arithmetic', op: op as ArithmeticOp, left, right, start, end };
}

/** The right operand of `has`, told apart from what follows `in` by foldIn. */
export interface HasValue {
  readonly has: Expr;
}

export function hasValue(value: Expr): HasValue {
  return { has: value };
}

/**
 * `x in (…) in Path in @list`: each list, collection's path or alias applies to everything before it, as `in`
 * binds left to right.
 */
export function foldIn(head: Expr, rights: readonly (InList | MemberExpr | AliasExpr | HasValue)[]): Expr {
  let node = head;
  for (const right of rights) {
    if ('has' in right) node = { kind: 'has', operand: node, value: right.has, start: head.start, end: right.has.end };
    else if (!('kind' in right))
      node = { kind: 'in', operand: node, list: right.list, start: head.start, end: right.end };
    else if (right.kind === 'alias')
      node = { kind: 'inAlias', operand: node, alias: right, start: head.start, end: right.end };
    else node = { kind: 'inCollection', operand: node, collection: right, start: head.start, end: right.end };
  }
  return node;
}

export function unaryOp(kind: 'not' | 'negate', start: number): ['not' | 'negate', number] {
  return [kind, start];
}

export function foldUnary(ops: ['not' | 'negate', number][], operand: Expr): Expr {
  let node = operand;
  for (let i = ops.length - 1; i >= 0; i--) {
    const [kind, start] = ops[i]!;
    node = { kind, operand: node, start, end: operand.end };
  }
  return node;
}
