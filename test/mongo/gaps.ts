// The two documented MongoDB differences (docs/semantics.md, "MongoDB: differences"), decided from
// the values a filter defines on a row, never from whether MongoDB's answer differs:
// - 'decimal128': an exact integer or Decimal value of the filter (a field or an intermediate
//   result) needs more than 34 significant digits, which Decimal128 rounds. A literal never does:
//   compileMongo rejects a Decimal literal that Decimal128 cannot hold (an 'unsupported' error);
// - 'case-mapping': `tolower`/`toupper` get a string with a character whose case mapping is not
//   ASCII-only, which MongoDB leaves unmapped.
// Values are computed here independently of every backend (bigint-exact decimal.js); a subtree
// this cannot compute (a string function's result inside arithmetic) counts as no gap, so a row is
// never excluded on a guess: if MongoDB then differs, the comparison fails and shows it.

import { Decimal } from 'decimal.js';
import { isInteger, type EdmType } from '../../src/language/edm.js';
import type { TypedExpr, TypedFilter, TypedSource } from '../../src/types/typed.js';
import { isAsciiCaseMappable } from '../support/arbitraries.js';
import { childrenOfTyped } from '../../src/types/typed.js';

export type Gap = 'decimal128' | 'case-mapping';

const Exact = Decimal.clone({
  precision: 1000,
  rounding: Decimal.ROUND_HALF_UP,
  modulo: Decimal.ROUND_DOWN,
  toExpNeg: -7,
  toExpPos: 21,
});
const Quotient = Decimal.clone({ precision: 34, rounding: Decimal.ROUND_HALF_EVEN });
type Exact = InstanceType<typeof Exact>;

/** Decimal128 holds 34 significant digits (trailing zeros of an integer are exponent, not digits). */
const DIGITS = 34;

const exactType = (type: EdmType): boolean => isInteger(type) || type === 'Edm.Decimal';

/** The gaps the filter meets on the row (empty for nearly every row). */
export function gapsOf(filter: TypedFilter, row: Record<string, unknown>): Set<Gap> {
  const gaps = new Set<Gap>();
  /** The elements the range variables of the lambdas being walked are bound to. */
  let elements: ReadonlyMap<string, unknown> = new Map();
  const read = (source: TypedSource, path: readonly string[]): unknown => {
    let value: unknown = source.kind === 'row' ? row : elements.get(source.name);
    for (const key of path) {
      if (value === null || value === undefined || typeof value !== 'object') return null;
      value = (value as Record<string, unknown>)[key];
    }
    return value ?? null;
  };

  /** The exact value of an integer or Decimal node: null, a number, or undefined when not computed here. */
  const exact = (node: TypedExpr): Exact | null | undefined => {
    const value = compute(node);
    if (node.kind !== 'literal' && value instanceof Exact && value.precision() > DIGITS) gaps.add('decimal128');
    return value;
  };

  const compute = (node: TypedExpr): Exact | null | undefined => {
    switch (node.kind) {
      case 'null':
        return null;
      case 'literal':
        return exactType(node.type) ? new Exact(String(node.value)) : undefined;
      case 'member': {
        const v = read(node.source, node.path);
        if (v === null) return null;
        return exactType(node.type) ? new Exact(String(v)) : undefined;
      }
      case 'convert': {
        const v = exact(node.operand);
        return exactType(node.type) && exactType(node.operand.type) ? v : undefined;
      }
      case 'negate': {
        const v = exact(node.operand);
        return v && exactType(node.type) ? v.neg() : v === null ? null : undefined;
      }
      case 'arithmetic': {
        const a = exact(node.left);
        const b = exact(node.right);
        if (!exactType(node.type)) return undefined;
        if (a === null || b === null) return null;
        if (a === undefined || b === undefined) return undefined;
        switch (node.op) {
          case 'add':
            return a.add(b);
          case 'sub':
            return a.sub(b);
          case 'mul':
            return a.mul(b);
          case 'div':
          case 'divby':
            if (b.isZero()) return null;
            if (isInteger(node.type)) return new Exact((BigInt(a.toFixed()) / BigInt(b.toFixed())).toString());
            // The reference's quotient is rounded to 34 digits, as Decimal128's is.
            return new Exact(new Quotient(a.toString()).div(new Quotient(b.toString())).toString());
          case 'mod':
            return b.isZero() ? null : a.mod(b);
        }
        return undefined;
      }
      case 'call': {
        const args = node.args.map((arg) => exact(arg));
        if (node.name === 'tolower' || node.name === 'toupper') caseMapping(node.args[0]!);
        const [x] = args;
        if (!exactType(node.type) || (node.name !== 'round' && node.name !== 'floor' && node.name !== 'ceiling'))
          return undefined;
        if (x === null) return null;
        if (x === undefined) return undefined;
        if (node.name === 'floor') return x.floor();
        if (node.name === 'ceiling') return x.ceil();
        return x.toDecimalPlaces(0, Decimal.ROUND_HALF_UP);
      }
      case 'count': {
        const c = read(node.collection.source, node.collection.path);
        return new Exact(Array.isArray(c) ? c.length : 0);
      }
      case 'lambda': {
        // MongoDB's $map computes the body on every element: a gap on any of them counts.
        const c = read(node.collection.source, node.collection.path);
        if (node.body === undefined || node.variable === undefined || !Array.isArray(c)) return undefined;
        const outer = elements;
        for (const element of c) {
          elements = new Map([...outer, [node.variable, element]]);
          exact(node.body);
        }
        elements = outer;
        return undefined;
      }
      default:
        for (const child of childrenOfTyped(node)) exact(child);
        return undefined;
    }
  };

  /** A case mapping's argument, when it is a field or a literal (other arguments are not computed here). */
  const caseMapping = (arg: TypedExpr): void => {
    const text = arg.kind === 'literal' ? arg.value : arg.kind === 'member' ? read(arg.source, arg.path) : null;
    if (typeof text === 'string' && !isAsciiCaseMappable(text)) gaps.add('case-mapping');
  };

  exact(filter.root);
  return gaps;
}
