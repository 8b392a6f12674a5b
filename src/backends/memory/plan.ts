// How each lowered value is represented at run time, shared by both compilers. Integer
// expressions are JavaScript numbers when their static range fits 2^53, else bigints, so that
// integer arithmetic is exact without paying for bigints where numbers are exact.

import { INTEGER_RANGES, type EdmType } from '../../language/edm.js';
import type { LoweredConstant, LoweredValue } from '../../lower/lowered.js';
import { childrenOfTyped, type TypedExpr, type TypedFilter } from '../../types/typed.js';
import type { IntegerRange } from '../../lower/integer-range.js';
import type { Decimal } from 'decimal.js';
import { ExactDecimal, decimalFromText } from '../../semantics/decimal-model.js';
import { FilterError } from '../../errors.js';

/**
 * str: string (Guid lower-cased, Binary as lower-case hexadecimal, whose order is the bytes');
 * bool: boolean; num: exact integer in a number; big: bigint; dec: decimal.js Decimal; dbl: IEEE
 * number (Double, Single); ms: a time value (instants, times of day, durations), whole
 * milliseconds in a number or a FineTime with picoseconds beyond (src/semantics/fine-time.ts).
 */
export type Repr = 'str' | 'bool' | 'num' | 'big' | 'dec' | 'dbl' | 'ms';

type Bounds = IntegerRange;

const SAFE = BigInt(Number.MAX_SAFE_INTEGER);
const INT32 = INTEGER_RANGES['Edm.Int32'];

export function reprOf(node: LoweredValue): Repr {
  return reprOfType(node.type, () => boundsOf(node));
}

function reprOfType(type: EdmType, bounds: () => Bounds): Repr {
  switch (type) {
    case 'Edm.String':
    case 'Edm.Guid':
    case 'Edm.Binary':
      return 'str';
    case 'Edm.Boolean':
      return 'bool';
    case 'Edm.Decimal':
      return 'dec';
    case 'Edm.Double':
    case 'Edm.Single':
      return 'dbl';
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
    case 'Edm.TimeOfDay':
    case 'Edm.Duration':
      return 'ms';
    // Days: integers within ±2^53.
    case 'Edm.Date':
      return 'num';
    default: {
      const [lo, hi] = bounds();
      return lo >= -SAFE && hi <= SAFE ? 'num' : 'big';
    }
  }
}

/**
 * The types whose row values are their own representation (a string, a Boolean, a number): over
 * trusted rows (`rows: 'trusted'`) such a value is taken as it is, where every other still converts.
 */
export const AS_THEY_ARE: ReadonlySet<EdmType> = new Set<EdmType>([
  'Edm.String',
  'Edm.Boolean',
  'Edm.Byte',
  'Edm.SByte',
  'Edm.Int16',
  'Edm.Int32',
  'Edm.Double',
  'Edm.Single',
]);

/** The static range of an integer value, as lower() found it (src/lower/integer-range.ts). */
export function boundsOf(node: LoweredValue): Bounds {
  return node.range ?? INT32;
}

/**
 * The representation arithmetic on two operands is computed in: the result's, except that a
 * number-sized result (`mod` is bounded by its smaller operand) of a bigint-sized operand is
 * computed on bigints, so that the operand is not rounded to a number first.
 */
export function workingRepr(left: LoweredValue, right: LoweredValue, result: Repr): Repr {
  return result === 'num' && (reprOf(left) === 'big' || reprOf(right) === 'big') ? 'big' : result;
}

/** A non-null value converted from one representation to another (a promotion or a bigint narrowing). */
export function convertRepr(value: unknown, from: Repr, to: Repr): unknown {
  if (from === to) return value;
  switch (`${from}>${to}`) {
    case 'num>big':
      return BigInt(value as number);
    case 'num>dec':
      return new ExactDecimal(value as number);
    case 'big>num':
    case 'big>dbl':
      return Number(value as bigint);
    case 'big>dec':
      return new ExactDecimal((value as bigint).toString());
    case 'dec>dbl':
      return (value as Decimal).toNumber();
    default:
      return value;
  }
}

/** A constant's value in a representation (null for null). */
export function literalValue(node: LoweredConstant, repr: Repr): unknown {
  const v = node.value;
  if (v === null) return null;
  switch (repr) {
    case 'str':
      return node.type === 'Edm.Guid' ? String(v).toLowerCase() : v;
    case 'num':
      return Number(v);
    case 'big':
      return BigInt(v as number | bigint);
    case 'dec':
      return decimalLiteral(String(v), node);
    default:
      return v;
  }
}

/**
 * The value of a node that needs no row: a constant, or a conversion of one. Undefined for
 * anything else; `{ value: null }` for null.
 */
export function constantOf(node: LoweredValue): { readonly value: unknown } | undefined {
  if (node.kind === 'constant') return { value: literalValue(node, reprOf(node)) };
  if (node.kind === 'convert') {
    const inner = constantOf(node.operand);
    if (!inner) return undefined;
    return { value: inner.value === null ? null : convertRepr(inner.value, reprOf(node.operand), reprOf(node)) };
  }
  return undefined;
}

/** A Decimal literal's value in the in-memory Decimal model; the 'unsupported' FilterError at it when beyond. */
export function decimalLiteral(text: string, span: { readonly start: number; readonly end: number }): Decimal {
  const d = decimalFromText(text);
  if (typeof d !== 'string') return d;
  throw new FilterError({
    kind: 'unsupported',
    message: `Decimal literal ${text} is beyond the in-memory Decimal model: ${d}`,
    start: span.start,
    end: span.end,
  });
}

/**
 * Refuses a Decimal literal beyond the in-memory Decimal model wherever it is in the filter, also
 * where lower() folds it away (`false and P eq 1e10000m`): whether a filter compiles does not
 * depend on what folding decides. Walked with a stack, so any depth is linear.
 */
export function refuseDecimalsBeyondModel(filter: TypedFilter): void {
  const stack: TypedExpr[] = [filter.root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'literal' && node.type === 'Edm.Decimal') decimalLiteral(String(node.value), node);
    // Reversed, so that the leftmost literal beyond the model is the one reported.
    stack.push(...[...childrenOfTyped(node)].reverse());
  }
}
