// The type of each operand the typed builder makes, as check() gives it (src/types/check.ts), so
// that a value beside an operand is written as a literal of its place's type
// (src/types/value-literal.ts) by a builder that bundles no checker. A type is undefined where the
// checker gives none (arithmetic on a string, a value of an enumeration anywhere but a comparison,
// a function no overload of which fits): a value beside such an operand has no place the builder
// can know, and check() says why. An operation that names its type whatever its operands — cast's
// target, a function whose overloads all return one type — gives it even where the checker will
// refuse the operands; it is the checker that refuses them. The builder's property tests hold these
// rules to the checker (test/client/builder.prop.test.ts).

import type { ArithmeticOp } from '../language/operators.js';
import type { EdmType, NumericType } from '../language/edm.js';
import { isInstant, isInteger, isNumeric, isTemporal, promoteNumeric } from '../language/edm.js';
import type { FunctionSignature } from '../language/functions.js';
import type { ValueUse } from '../types/value-literal.js';

/** An operand's type, and its enumeration when it is one's; undefined where the checker gives it none. */
export type OperandType = ValueUse | undefined;

/** Where a value stands among an operation's operands: its type is the place's, which the operation gives. */
export const VALUE = Symbol('a value');
export type Operand = OperandType | typeof VALUE;

export const typeOf = (type: EdmType): ValueUse => ({ type, enum: undefined });

/** The types the checker computes with: an enumeration's values only compare, so they have none. */
function computed(operand: OperandType): EdmType | undefined {
  return operand?.enum === undefined ? operand?.type : undefined;
}

/** Byte, SByte and Int16 compute as Int32. */
function promoteUnary(type: NumericType): NumericType {
  return type === 'Edm.Byte' || type === 'Edm.SByte' || type === 'Edm.Int16' ? 'Edm.Int32' : type;
}

/** An operation's type, and the type of the place of the value it takes, if it takes one. */
export interface Typed {
  readonly type: OperandType;
  readonly place: OperandType;
}

const UNTYPED: Typed = { type: undefined, place: undefined };

/**
 * `left op right`, the right side an operand or a value: numbers promoted (`divby` of integers a
 * Decimal, docs/semantics.md §4), or date-time arithmetic (§5), a value there taking the type the
 * other side needs (a Duration beside an instant, an Int32 as a Duration's factor).
 */
export function arithmeticType(op: ArithmeticOp, leftOperand: OperandType, rightOperand: Operand): Typed {
  const left = computed(leftOperand);
  const right = rightOperand === VALUE ? VALUE : computed(rightOperand);
  if (left === undefined || right === undefined) return UNTYPED;
  if (isTimeLike(left) || (right !== VALUE && isTimeLike(right))) return temporalType(op, left, right);
  if (!isNumeric(left) || (right !== VALUE && !isNumeric(right))) return UNTYPED;
  const promoted = right === VALUE ? promoteUnary(left) : promoteNumeric(left, right);
  const type = typeOf(op === 'divby' && isInteger(promoted) ? 'Edm.Decimal' : promoted);
  return { type, place: right === VALUE ? type : undefined };
}

function isTimeLike(type: EdmType): boolean {
  return isInstant(type) || isTemporal(type);
}

/** Date-time arithmetic: an instant is a DateTimeOffset; a value is the Duration the other side needs, or a factor. */
function temporalType(op: ArithmeticOp, leftType: EdmType, right: EdmType | typeof VALUE): Typed {
  const l = isInstant(leftType) ? 'Edm.DateTimeOffset' : leftType;
  const r = right === VALUE ? 'Edm.Duration' : isInstant(right) ? 'Edm.DateTimeOffset' : right;
  const typed = (type: EdmType, place: EdmType): Typed => ({
    type: typeOf(type),
    place: right === VALUE ? typeOf(place) : undefined,
  });
  const instantOrDate = l === 'Edm.DateTimeOffset' || l === 'Edm.Date';
  const additive = op === 'add' || op === 'sub';
  if (additive && instantOrDate && r === 'Edm.Duration') return typed('Edm.DateTimeOffset', r);
  if (op === 'sub' && instantOrDate && l === r) return typed('Edm.Duration', r);
  if (additive && l === 'Edm.Duration' && r === 'Edm.Duration') return typed('Edm.Duration', r);
  if ((op === 'mul' || op === 'div') && l === 'Edm.Duration' && (right === VALUE || isNumeric(right)))
    return typed('Edm.Duration', 'Edm.Int32');
  if (op === 'mul' && r === 'Edm.Duration' && isNumeric(l)) return typed('Edm.Duration', r);
  return UNTYPED;
}

/** `-x`: a number promoted, a Duration as it is. */
export function negatedType(operand: OperandType): OperandType {
  const type = computed(operand);
  if (type === 'Edm.Duration') return typeOf(type);
  return type !== undefined && isNumeric(type) ? typeOf(promoteUnary(type)) : undefined;
}

/**
 * A call: the overload the checker chooses (the first whose parameters are the arguments' types,
 * a value standing for any, else the first each argument widens to), its result and each value's
 * place. Where none fits, a result or place all the overloads of the arity agree on.
 */
export function callType(
  signature: FunctionSignature,
  args: readonly Operand[],
): { readonly type: OperandType; readonly places: readonly OperandType[] } {
  const overloads = signature.overloads.filter((o) => o.params.length === args.length);
  const types = args.map((arg) => (arg === VALUE ? VALUE : computed(arg)));
  const chosen = types.every((t) => t !== undefined)
    ? (overloads.find((o) => o.params.every((p, i) => types[i] === VALUE || types[i] === p)) ??
      overloads.find((o) => o.params.every((p, i) => types[i] === VALUE || widensTo(types[i] as EdmType, p))))
    : undefined;
  if (chosen !== undefined) return { type: typeOf(chosen.returns), places: chosen.params.map(typeOf) };
  const agreed = (of: (o: (typeof overloads)[number]) => EdmType): OperandType => {
    const found = new Set(overloads.map(of));
    const [only] = found;
    return found.size === 1 && only !== undefined ? typeOf(only) : undefined;
  };
  return { type: agreed((o) => o.returns), places: args.map((_, i) => agreed((o) => o.params[i]!)) };
}

/** Whether an operand of `type` (no literal) takes the type `target` unchanged: promotion, or a DateTime as a DateTimeOffset. */
function widensTo(type: EdmType, target: EdmType): boolean {
  if (type === target) return true;
  if (isNumeric(type) && isNumeric(target)) return promoteNumeric(type, target) === target;
  return isInstant(type) && target === 'Edm.DateTimeOffset';
}
