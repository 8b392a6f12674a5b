// Rows in the order of a plan's keys (docs/query.md, "Order"): the reference order every backend
// writes — null first ascending, strings by code point, NaN before numbers.

import type { Decimal } from 'decimal.js';
import type { OrderKey } from '../../types/query-plan.js';
import { compileMemberReader, compileValueReader } from './interpret.js';
import type { Repr } from './plan.js';
import type { FunctionRegistry } from '../../lower/function-registry.js';
import { compareStrings } from './code-points.js';
import { compareTimes, type TimeValue } from '../../semantics/fine-time.js';

/** A row beside its order values. */
export interface KeyedRow<Row> {
  readonly row: Row;
  readonly values: readonly unknown[];
}

/**
 * The order of the keys in two steps: each row's order values read once, as a filter reads them
 * (`keyed`, the costly part, a row at a time), then the keyed rows sorted (`sorted`): each key
 * ascending unless descending, a stable sort, so ties keep their order.
 */
export function rowOrder<Row>(
  orderBy: readonly OrderKey[],
  functions?: FunctionRegistry,
): { readonly keyed: (row: Row) => KeyedRow<Row>; readonly sorted: (keyed: KeyedRow<Row>[]) => Row[] } {
  const readers = orderBy.map((key) => ({
    ...(key.expression ? compileValueReader(key.expression, functions) : compileMemberReader(key.property, key.path)),
    descending: key.descending,
  }));
  return {
    keyed: (row) => ({ row, values: readers.map((r) => r.read(row)) }),
    sorted: (keyed) => {
      keyed.sort((a, b) => {
        for (let i = 0; i < readers.length; i++) {
          const c = compareOrderValues(a.values[i], b.values[i], readers[i]!.repr);
          if (c !== 0) return readers[i]!.descending ? -c : c;
        }
        return 0;
      });
      return keyed.map((k) => k.row);
    },
  };
}

/**
 * The ascending order of docs/query.md, "Order": null first, then (Doubles) NaN, then values by
 * their type's order — strings and guids by code point, false before true, numbers, decimals,
 * instants, dates, times and durations by value.
 */
function compareOrderValues(a: unknown, b: unknown, repr: Repr): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? -1 : 1;
  switch (repr) {
    case 'str':
      return compareStrings(a as string, b as string);
    case 'bool':
      return Number(a) - Number(b);
    case 'dec':
      return (a as Decimal).comparedTo(b as Decimal);
    case 'ms':
      return compareTimes(a as TimeValue, b as TimeValue);
    case 'dbl': {
      const x = a as number;
      const y = b as number;
      if (Number.isNaN(x) || Number.isNaN(y)) return Number.isNaN(x) && Number.isNaN(y) ? 0 : Number.isNaN(x) ? -1 : 1;
      return x < y ? -1 : x > y ? 1 : 0;
    }
    default:
      return (a as number | bigint) < (b as number | bigint)
        ? -1
        : (a as number | bigint) > (b as number | bigint)
          ? 1
          : 0;
  }
}
