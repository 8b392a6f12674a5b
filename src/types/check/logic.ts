// Conditions: `and`, `or` and `not`, and the one rule they share with lambda bodies and the
// whole filter, that a condition is an Edm.Boolean (or a null, which then is one).

import { LOGICAL_OPS } from '../../language/operators.js';
import type { Expr } from '../../syntax/ast.js';
import { type CheckContext, type Checked, everyDefined } from './context.js';
import { describe, expect } from './malformed.js';

const LOGICAL = new Set<unknown>(LOGICAL_OPS);

/** The node as a condition: a Boolean, a null typed as one, or undefined once `not_boolean` is reported with `what`. */
export function booleanOperand(ctx: CheckContext, node: Checked, source: Expr, what: string): Checked {
  if (node === undefined) return undefined;
  if (node.kind === 'null') return { ...node, type: 'Edm.Boolean' };
  if (node.type !== 'Edm.Boolean') {
    const meant = ctx.meant(node, source, (l) => l.type === 'Edm.Boolean');
    ctx.report('not_boolean', node, `${what}, but ${ctx.nameOf(node, source)} is ${node.type}${meant}`);
    return undefined;
  }
  return node;
}

export function not(ctx: CheckContext, n: Extract<Expr, { kind: 'not' }>): Checked {
  const operand = booleanOperand(ctx, ctx.expr(n.operand), n.operand, "Operator 'not' needs a Boolean operand");
  return operand && { kind: 'not', type: 'Edm.Boolean', operand, start: n.start, end: n.end };
}

/** `a and b and …`, `a or b or …`: a flat list of conditions. */
export function logical(ctx: CheckContext, n: Extract<Expr, { kind: 'logical' }>): Checked {
  expect(n, LOGICAL.has(n.op) ? undefined : `unknown logical operator ${describe(n.op)}`);
  expect(n, Array.isArray(n.operands) && n.operands.length > 0 ? undefined : `'${n.op}' needs at least one operand`);
  const { op } = n;
  const operands = n.operands.map((o) =>
    booleanOperand(ctx, ctx.expr(o), o, `Operator '${op}' needs Boolean operands`),
  );
  if (!everyDefined(operands)) return undefined;
  return { kind: 'logical', type: 'Edm.Boolean', op, operands, start: n.start, end: n.end };
}
