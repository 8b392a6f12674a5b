// Where the engines, whose time values are whole milliseconds (or microseconds, under that
// storage), read a String differently from the reference: decided from the reference's values, for
// the differential properties.

import { compileValueReader } from '../../src/backends/memory/interpret.js';
import { isFineTime, isWholeIn, type TimeUnit } from '../../src/semantics/fine-time.js';
import type { TypedFilter } from '../../src/types/typed.js';
import { typedNodesOf } from './trees.js';

const FINE_TYPES = new Set(['Edm.DateTime', 'Edm.DateTimeOffset', 'Edm.TimeOfDay', 'Edm.Duration']);

/**
 * Whether some cast of a String to an instant, time of day or duration reads a text finer than the
 * stored unit on some row: a value in the reference, null on the engines (docs/semantics.md, "SQL
 * backends: differences", "MongoDB: differences"). Decided from the reference's own values.
 */
export function readsFinerText(typed: TypedFilter, rows: readonly object[], unit: TimeUnit = 'milliseconds'): boolean {
  const finerDigit = FINER_DIGITS[unit];
  return typedNodesOf(typed.root).some((node) => {
    if (node.kind !== 'cast' || node.operand.type !== 'Edm.String' || !FINE_TYPES.has(node.type)) return false;
    // A cast inside a lambda reads its variable, which has no value at the row: any text of the
    // row with a digit past the millisecond may be what it reads.
    if (typedNodesOf(node).some((n) => n.kind === 'member' && n.source.kind === 'variable'))
      return rows.some((row) => textsOf(row).some((text) => finerDigit.test(text)));
    const { read } = compileValueReader(node);
    return rows.some((row) => {
      const value = read(row);
      return isFineTime(value) && !isWholeIn(value, unit);
    });
  });
}

/** A fraction with a non-zero digit past its third (its sixth, for microseconds). */
const FINER_DIGITS: { readonly [U in TimeUnit]: RegExp } = {
  milliseconds: /\.[0-9]{3}[0-9]*[1-9]/,
  microseconds: /\.[0-9]{6}[0-9]*[1-9]/,
};

/** Every string a row holds, at any depth. */
function textsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object' || value instanceof Uint8Array || value instanceof Date) return [];
  return Object.values(value).flatMap(textsOf);
}
