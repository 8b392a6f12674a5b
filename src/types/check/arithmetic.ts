// Arithmetic: unary `-`, numbers in their promoted type (`divby` in Decimals), and date-time
// arithmetic, whose operation follows from its operand types (docs/semantics.md §4, §5).

import {
  type EdmType,
  type NumericType,
  isInstant,
  isInteger,
  isNumeric,
  isTemporal,
  promoteNumeric,
} from '../../language/edm.js';
import { ARITHMETIC_OPS, type ArithmeticOp, type TemporalOp } from '../../language/operators.js';
import type { Expr } from '../../syntax/ast.js';
import type { TypedExpr } from '../typed.js';
import { coerce, promoteUnary } from './coercion.js';
import type { CheckContext, Checked } from './context.js';
import { describe, expect } from './malformed.js';

const ARITHMETIC = new Set<unknown>(ARITHMETIC_OPS);

/** What an arithmetic type error says applies (docs/semantics.md §5, "Arithmetic"). */
const TEMPORAL_ARITHMETIC =
  'date-time arithmetic takes an instant or Date add or sub a Duration, an instant sub an instant, a Date sub a Date, Durations add or sub each other, and a Duration mul or div a number';

/** Types whose arithmetic is date-time arithmetic. */
function isTimeLike(type: EdmType): boolean {
  return isInstant(type) || isTemporal(type);
}

/** An operand's type in date-time arithmetic: a DateTime is an instant; a null takes the other side's counterpart. */
function temporalOperandType(node: TypedExpr): EdmType {
  if (node.kind === 'null') return 'Edm.Duration';
  if (isInstant(node.type)) return 'Edm.DateTimeOffset';
  return node.type;
}

/** The node as an operand of arithmetic: a number or a null, or undefined once `not_numeric` is reported with `what`. */
function numericOperand(ctx: CheckContext, node: Checked, source: Expr, what: string): Checked {
  if (node === undefined || node.kind === 'null' || isNumeric(node.type)) return node;
  const meant = ctx.meant(node, source, (l) => isNumeric(l.type));
  ctx.report('not_numeric', node, `${what}, but ${ctx.nameOf(node, source)} is ${node.type}${meant}`);
  return undefined;
}

/** `-x`: a number in its promoted type, or a Duration. */
export function negate(ctx: CheckContext, n: Extract<Expr, { kind: 'negate' }>): Checked {
  const operandNode = n.operand;
  const span = n;
  const checked = ctx.expr(operandNode);
  if (checked?.type === 'Edm.Duration')
    return { kind: 'negate', type: 'Edm.Duration', operand: checked, start: span.start, end: span.end };
  const operand = numericOperand(ctx, checked, operandNode, "Unary '-' needs a numeric or Duration operand");
  if (operand === undefined) return undefined;
  // Byte, SByte and Int16 promote to Int32, as in binary arithmetic: -255 is not a Byte.
  const type: NumericType = operand.kind === 'null' ? 'Edm.Int32' : promoteUnary(operand.type as NumericType);
  return { kind: 'negate', type, operand: coerce(operand, type), start: span.start, end: span.end };
}

/** `a add b`, …: numeric arithmetic, or date-time arithmetic when an operand is a date, time or duration. */
export function arithmetic(ctx: CheckContext, n: Extract<Expr, { kind: 'arithmetic' }>): Checked {
  expect(n, ARITHMETIC.has(n.op) ? undefined : `unknown arithmetic operator ${describe(n.op)}`);
  // The operands are checked here, in a small frame: a long chain of operations nests this deep.
  return typedArithmetic(ctx, n.op, ctx.expr(n.left), ctx.expr(n.right), n);
}

/** The operation on its checked operands. */
function typedArithmetic(
  ctx: CheckContext,
  op: ArithmeticOp,
  leftNode: Checked,
  rightNode: Checked,
  node: Extract<Expr, { kind: 'arithmetic' }>,
): Checked {
  const span = node;
  if (leftNode === undefined || rightNode === undefined) {
    // Report the numeric operand's problem only when the other side says the operation is numeric.
    const other = leftNode ?? rightNode;
    if (other !== undefined && isTimeLike(other.type)) return undefined;
  } else if (isTimeLike(leftNode.type) || isTimeLike(rightNode.type)) {
    return temporal(ctx, op, leftNode, rightNode, node);
  }
  const what = `Operator '${op}' needs numeric operands`;
  const left = numericOperand(ctx, leftNode, node.left, what);
  const right = numericOperand(ctx, rightNode, node.right, what);
  if (left === undefined || right === undefined) return undefined;
  const promoted: NumericType =
    left.kind === 'null' && right.kind === 'null'
      ? 'Edm.Int32'
      : left.kind === 'null'
        ? promoteUnary(right.type as NumericType)
        : right.kind === 'null'
          ? promoteUnary(left.type as NumericType)
          : promoteNumeric(left.type as NumericType, right.type as NumericType);
  // `divby` divides integers as Decimals (docs/semantics.md §4): its operands are converted to the quotient's type.
  const type: NumericType = op === 'divby' && isInteger(promoted) ? 'Edm.Decimal' : promoted;
  return {
    kind: 'arithmetic',
    type,
    op,
    left: coerce(left, type),
    right: coerce(right, type),
    start: span.start,
    end: span.end,
  };
}

/**
 * Date-time arithmetic (docs/semantics.md §5): the operation follows from the operand types; a
 * DateTime becomes a DateTimeOffset, a null takes the type the other side needs, and `n mul d`
 * is typed as `d mul n`.
 */
function temporal(
  ctx: CheckContext,
  op: ArithmeticOp,
  left: TypedExpr,
  right: TypedExpr,
  node: Extract<Expr, { kind: 'arithmetic' }>,
): Checked {
  const l = temporalOperandType(left);
  const r = temporalOperandType(right);
  const make = (
    type: 'Edm.DateTimeOffset' | 'Edm.Duration',
    a: TypedExpr,
    b: TypedExpr,
    at: EdmType,
    bt: EdmType,
    tOp: TemporalOp = op as TemporalOp,
  ): TypedExpr => ({
    kind: 'temporal',
    type,
    op: tOp,
    left: coerce(a, at),
    right: coerce(b, bt),
    start: node.start,
    end: node.end,
  });
  const instantOrDate = (t: EdmType) => t === 'Edm.DateTimeOffset' || t === 'Edm.Date';
  if ((op === 'add' || op === 'sub') && instantOrDate(l) && r === 'Edm.Duration')
    return make('Edm.DateTimeOffset', left, right, l, r);
  if (op === 'sub' && l === r && instantOrDate(l)) return make('Edm.Duration', left, right, l, r);
  if ((op === 'add' || op === 'sub') && l === 'Edm.Duration' && r === 'Edm.Duration')
    return make('Edm.Duration', left, right, l, r);
  if ((op === 'mul' || op === 'div') && l === 'Edm.Duration' && (isNumeric(right.type) || right.kind === 'null')) {
    return make('Edm.Duration', left, right, l, right.kind === 'null' ? 'Edm.Int32' : right.type);
  }
  if (op === 'mul' && r === 'Edm.Duration' && (isNumeric(left.type) || left.kind === 'null')) {
    return make('Edm.Duration', right, left, r, left.kind === 'null' ? 'Edm.Int32' : left.type);
  }
  const operands = `${ctx.nameOf(left, node.left)} (${left.type}) and ${ctx.nameOf(right, node.right)} (${right.type})`;
  ctx.report('type_mismatch', node, `Operator '${op}' does not apply to ${operands}; ${TEMPORAL_ARITHMETIC}`);
  return undefined;
}
