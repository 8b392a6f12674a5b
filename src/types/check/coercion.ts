// Where two types meet: whether a node can take a type without changing its value, the common
// type of two operands, and the node retyped (a literal or null in place, anything else wrapped
// in a `convert`), so that every implicit conversion is explicit in the typed tree.

import { assertNever } from '../../assert-never.js';
import {
  type EdmType,
  type NumericType,
  INTEGER_RANGES,
  isInstant,
  isInteger,
  isNumeric,
  promoteNumeric,
} from '../../language/edm.js';
import { readDuration } from '../../semantics/temporal.js';
import type { LiteralValue, TypedExpr } from '../typed.js';

/** The type of a one-operand arithmetic result: Byte, SByte and Int16 promote to Int32, as in binary arithmetic. */
export function promoteUnary(type: NumericType): NumericType {
  return type === 'Edm.Byte' || type === 'Edm.SByte' || type === 'Edm.Int16' ? 'Edm.Int32' : type;
}

/** An integer literal whose value lies in the range of the integer type `target`. */
function integerLiteralFits(node: TypedExpr, target: EdmType): boolean {
  if (node.kind !== 'literal' || !isInteger(node.type) || !isInteger(target)) return false;
  const value = BigInt(node.value as number | bigint);
  const [min, max] = INTEGER_RANGES[target];
  return value >= min && value <= max;
}

/**
 * Whether `node` can take the type `target` without changing its value: a null; an integer
 * literal in range; numeric widening (promotion yields the target); any date-time literal
 * between the two instant types; a DateTime expression as a DateTimeOffset.
 */
export function fits(node: TypedExpr, target: EdmType): boolean {
  if (node.type === target || node.kind === 'null') return true;
  if (isNumeric(node.type) && isNumeric(target)) {
    return integerLiteralFits(node, target) || promoteNumeric(node.type, target) === target;
  }
  if (isInstant(node.type) && isInstant(target)) return node.kind === 'literal' || target === 'Edm.DateTimeOffset';
  return target === 'Edm.Duration' && spellsDuration(node);
}

/** A string literal that spells a duration: OData 4.01 lets a Duration literal leave out its prefix. */
function spellsDuration(node: TypedExpr): boolean {
  return node.kind === 'literal' && node.type === 'Edm.String' && readDuration(node.value as string).ok;
}

/**
 * The common type of two comparison operands, or undefined when they are not comparable. A
 * literal takes the other side's type when it fits, so `column op literal` keeps the column bare.
 */
export function compareType(left: TypedExpr, right: TypedExpr): EdmType | undefined {
  if (left.kind === 'null' && right.kind === 'null') return 'Edm.String';
  if (left.kind === 'null') return right.type;
  if (right.kind === 'null' || left.type === right.type) return left.type;
  if (isNumeric(left.type) && isNumeric(right.type)) {
    if (integerLiteralFits(right, left.type)) return left.type;
    if (integerLiteralFits(left, right.type)) return right.type;
    return promoteNumeric(left.type, right.type);
  }
  if (isInstant(left.type) && isInstant(right.type)) {
    if (right.kind === 'literal') return left.type;
    if (left.kind === 'literal') return right.type;
    return 'Edm.DateTimeOffset';
  }
  if (left.type === 'Edm.Duration' && spellsDuration(right)) return 'Edm.Duration';
  if (right.type === 'Edm.Duration' && spellsDuration(left)) return 'Edm.Duration';
  return undefined;
}

/** Gives a node the type `target`: literals and nulls are retyped in place, others converted. */
export function coerce(node: TypedExpr, target: EdmType): TypedExpr {
  if (node.type === target) return node;
  if (node.kind === 'null') return { ...node, type: target };
  if (node.kind === 'literal') return { ...node, type: target, value: convertValue(node.value, target) };
  return { kind: 'convert', type: target, operand: node, start: node.start, end: node.end };
}

/** A literal value in the representation of `target` (see LiteralValue in typed.ts). */
function convertValue(value: LiteralValue, target: EdmType): LiteralValue {
  switch (target) {
    case 'Edm.Int64':
      return typeof value === 'bigint' ? value : BigInt(value as number);
    case 'Edm.Decimal':
      // Only integers widen to Decimal; String(-0) is '0', the normal form.
      return typeof value === 'string' ? value : String(value);
    case 'Edm.Double':
    case 'Edm.Single':
      // Single is computed like Double (docs/semantics.md §4): an integer meeting a Single is
      // rounded to binary64 only, never to binary32; only a `…f` literal is binary32, by the parser.
      return Number(value);
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
      return Number(value);
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      // Instants keep their epoch milliseconds.
      return value;
    case 'Edm.Duration': {
      // A string that spells a duration (fits() said so) is that duration in milliseconds.
      if (typeof value !== 'string') return value;
      const reading = readDuration(value);
      return reading.ok ? reading.value : value;
    }
    case 'Edm.Date':
    case 'Edm.TimeOfDay':
    case 'Edm.String':
    case 'Edm.Boolean':
    case 'Edm.Guid':
    case 'Edm.Binary':
      // No other type converts to these: a value of the type stays as it is.
      return value;
    default:
      return assertNever(target, 'Edm type');
  }
}
