// The static range of an integer expression's exact value, told from the typed tree alone: the
// backends use it to compute in native numbers where every value provably fits, and in exact
// wider arithmetic (bigint, Decimal128) only where it may not.

import { assertNever } from '../assert-never.js';
import { malformedTree } from '../errors.js';
import { INTEGER_RANGES, isInteger } from '../language/edm.js';
import type { TypedExpr } from '../types/typed.js';

/** Inclusive lower and upper bound. */
export type IntegerRange = readonly [bigint, bigint];

const INT32 = INTEGER_RANGES['Edm.Int32'];
const cache = new WeakMap<TypedExpr, IntegerRange>();

/**
 * Bounds of an integer-typed node's value (a null value has no bound to break: it stays null
 * through arithmetic), or undefined for a node of another type. Cached per node, so asking for
 * every node of a tree costs linear time.
 */
export function integerRange(node: TypedExpr): IntegerRange | undefined {
  if (!isInteger(node.type)) return undefined;
  // A leaf's range is read off the node itself: caching it would cost more than computing it.
  if (node.kind !== 'negate' && node.kind !== 'convert' && node.kind !== 'arithmetic') return compute(node);
  let range = cache.get(node);
  if (!range) {
    range = compute(node);
    cache.set(node, range);
  }
  return range;
}

/** A collection's count: no array or table in reach of a filter holds more than 2^53 - 1 elements. */
const COUNT: IntegerRange = [0n, BigInt(Number.MAX_SAFE_INTEGER)];

const abs = (x: bigint): bigint => (x < 0n ? -x : x);
const maxAbs = ([lo, hi]: IntegerRange): bigint => (abs(lo) > abs(hi) ? abs(lo) : abs(hi));

function compute(node: TypedExpr): IntegerRange {
  switch (node.kind) {
    case 'literal':
      return typeof node.value === 'bigint' || typeof node.value === 'number'
        ? [BigInt(node.value), BigInt(node.value)]
        : [0n, 0n];
    case 'null':
      return [0n, 0n];
    case 'call':
      // indexof is -1 or a position; every other integer function lies within Int32.
      return node.name === 'indexof' ? [-1n, INT32[1]] : INT32;
    case 'negate': {
      const [lo, hi] = integerRange(node.operand) ?? INT32;
      return [-hi, -lo];
    }
    case 'convert':
      return integerRange(node.operand) ?? INT32;
    // A cast to an integer type is within that type, or null (docs/semantics.md §11).
    case 'cast':
      return isInteger(node.type) ? INTEGER_RANGES[node.type] : INT32;
    case 'arithmetic': {
      const a = integerRange(node.left) ?? INT32;
      const b = integerRange(node.right) ?? INT32;
      switch (node.op) {
        case 'add':
          return [a[0] + b[0], a[1] + b[1]];
        case 'sub':
          return [a[0] - b[1], a[1] - b[0]];
        case 'mul': {
          const p = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]];
          return [p.reduce((x, y) => (y < x ? y : x)), p.reduce((x, y) => (y > x ? y : x))];
        }
        case 'div': {
          // Truncating division never grows the dividend's magnitude.
          const m = maxAbs(a);
          return [-m, m];
        }
        case 'mod': {
          // The remainder is smaller than the divisor and no larger than the dividend.
          const m = maxAbs(a) < maxAbs(b) ? maxAbs(a) : maxAbs(b);
          return [-m, m];
        }
      }
      throw malformedTree(node, `unknown arithmetic operator ${JSON.stringify((node as { op?: unknown }).op)}`);
    }
    case 'member':
    // A function's result is what its implementation makes of it: anything its type holds.
    case 'functionCall':
      return isInteger(node.type) ? INTEGER_RANGES[node.type] : INT32;
    case 'count':
      return COUNT;
    case 'guard':
      return compute(node.value);
    // Never read as a value: only a call's argument, whose implementation is given its elements.
    case 'collectionArgument':
      return INTEGER_RANGES[node.type as keyof typeof INTEGER_RANGES] ?? INT32;
    case 'result':
      return compute(node.read);
    // Never integer-typed: check() makes these Boolean, an instant or a Duration.
    case 'temporal':
    case 'structureNull':
    case 'not':
    case 'compare':
    case 'logical':
    case 'in':
    case 'lambda':
    case 'isof':
    case 'has':
      return INT32;
    default:
      return assertNever(node);
  }
}
