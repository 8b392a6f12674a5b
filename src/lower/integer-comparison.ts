// A comparison of an integer column with a Decimal or Double literal has an exact integer
// equivalent: `Qty gt 5.5` is `Qty gt 5`, `Qty ge 5.5` is `Qty ge 6`, `Qty le 5.0` is `Qty le 5`,
// `Qty eq 5.5` is false. lower() compiles the equivalent for every backend: it compares the bare
// column with an integer (an SQL index can serve it; memory compares native numbers) instead of
// converting the column on every row.

import { Decimal } from 'decimal.js';
import { decimalFromText } from '../semantics/decimal-model.js';
import { INTEGER_RANGES, isFloatingPoint, isInteger, type IntegerType } from '../language/edm.js';
import type { TypedCompare, TypedExpr, TypedLiteral, TypedMember } from '../types/typed.js';
import { MIRRORED } from '../language/operators.js';

/** The exact integer comparison (or Boolean literal) a comparison stands for, if it has one. */
export function integerComparison(node: TypedCompare): TypedExpr | undefined {
  let [column, literal, op] = [integerColumn(node.left), node.right, node.op];
  if (!column) [column, literal, op] = [integerColumn(node.right), node.left, MIRRORED[node.op]];
  if (!column || literal.kind !== 'literal') return undefined;
  const value = exactValue(literal);
  if (!value) return undefined;
  const span = { start: node.start, end: node.end };
  if (!value.isInteger()) {
    if (op === 'eq' || op === 'ne') return { kind: 'literal', type: 'Edm.Boolean', value: op === 'ne', ...span };
    // Between two integers: above the floor is above the value, below the ceiling is below it.
    const bound = op === 'gt' || op === 'le' ? value.floor() : value.ceil();
    return compareWith(column, op, bound, literal, span);
  }
  return compareWith(column, op, value, literal, span);
}

/** A member of an integer type under a conversion that keeps its value (to Decimal; to Double below Int64). */
function integerColumn(node: TypedExpr): TypedMember | undefined {
  if (node.kind !== 'convert' || node.operand.kind !== 'member' || !isInteger(node.operand.type)) return undefined;
  if (isFloatingPoint(node.type) && node.operand.type === 'Edm.Int64') return undefined;
  return node.operand;
}

/** A finite literal's exact value (a Double's shortest text is integral exactly when it is). */
function exactValue(literal: TypedLiteral): Decimal | undefined {
  if (typeof literal.value === 'string' && literal.type === 'Edm.Decimal') {
    // Beyond the Decimal model: left for the compiler to refuse.
    const d = decimalFromText(literal.value);
    return typeof d === 'string' ? undefined : d;
  }
  if (typeof literal.value === 'number' && Number.isFinite(literal.value)) return new Decimal(String(literal.value));
  return undefined;
}

function compareWith(
  column: TypedMember,
  op: TypedCompare['op'],
  bound: Decimal,
  literal: TypedLiteral,
  span: { start: number; end: number },
): TypedCompare | undefined {
  const type = column.type as IntegerType;
  const [min, max] = INTEGER_RANGES[type];
  const n = BigInt(bound.toFixed());
  // Beyond the column's range the literal could not be bound as its type: left as it is.
  if (n < min || n > max) return undefined;
  const right: TypedLiteral = {
    kind: 'literal',
    type,
    value: type === 'Edm.Int64' ? n : Number(n),
    start: literal.start,
    end: literal.end,
  };
  return { kind: 'compare', type: 'Edm.Boolean', op, left: column, right, ...span };
}
