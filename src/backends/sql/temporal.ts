// Dates, times of day and durations in SQL (docs/semantics.md §5, docs/sql.md): each dialect says
// how its columns turn into exact integers (epoch milliseconds or microseconds, as it stores them,
// and days) and back; the arithmetic is written once here, on those integers, with the range
// checks that make a result beyond its type's range NULL rather than an error or a wrapped value.

import type { EdmType, NumericType } from '../../language/edm.js';
import type { TemporalOp } from '../../language/operators.js';
import type { TimeUnit } from '../../semantics/fine-time.js';
import { MAX_DURATION, MAX_INSTANT, MIN_INSTANT, MS_PER_DAY } from '../../semantics/temporal.js';
import type { Operand } from './dialect.js';
import { raw, sql, type Frag } from './fragment.js';

/** What a dialect says about its storage of the types of docs/semantics.md §5. */
export interface TemporalSpelling {
  /** The unit of the integers below (undefined: milliseconds); durations are stored as counts of it. */
  readonly unit?: TimeUnit;
  /** The exact epoch units of an instant. */
  unitsOfInstant(x: Frag): Frag;
  /** The instant of epoch units (an integer within `instantRange`). */
  instantOfUnits(units: Frag): Frag;
  /** The days since 1970-01-01 of a date. */
  daysOfDate(x: Frag): Frag;
  /**
   * `duration mul n` or `duration div n` on the duration's units, truncated toward zero
   * (docs/semantics.md §5); NULL for a division by zero. A result beyond any Duration may be any
   * value outside ±maxDurationUnits, or NULL.
   */
  scale(op: 'mul' | 'div', units: Frag, n: Operand): Frag;
  /** Names integer values once, for a body that uses them more than once. */
  bindIntegers(values: readonly Frag[], body: (refs: readonly Frag[]) => Frag): Frag;
  /** The instants the dialect stores, in epoch milliseconds; a result outside them is NULL (docs/sql.md). */
  readonly instantRange?: readonly [number, number];
}

/** Units in a millisecond. */
export function unitsPerMs(unit: TimeUnit | undefined): number {
  return unit === 'microseconds' ? 1000 : 1;
}

/**
 * The integer count of units from `ms` milliseconds, as SQL text (exact: beyond 2^53 in
 * microseconds); with `last`, the last unit of that millisecond.
 */
export function unitsText(ms: number, unit: TimeUnit | undefined, last = false): string {
  const per = BigInt(unitsPerMs(unit));
  return String(BigInt(ms) * per + (last ? per - 1n : 0n));
}

/** The longest Duration in units: the last unit of its last millisecond. */
export function maxDurationUnits(unit: TimeUnit | undefined): string {
  return unitsText(MAX_DURATION, unit, true);
}

/** `value` where it lies within [lo, hi] (integer texts), else NULL. */
function within(t: TemporalSpelling, value: Frag, lo: string, hi: string, make: (v: Frag) => Frag): Frag {
  return t.bindIntegers(
    [value],
    ([v]) => sql`(CASE WHEN ${v!} BETWEEN ${raw(lo)} AND ${raw(hi)} THEN ${make(v!)} END)`,
  );
}

function duration(t: TemporalSpelling, units: Frag): Frag {
  const max = maxDurationUnits(t.unit);
  return within(t, units, `-${max}`, max, (v) => v);
}

/** The instant of exact epoch units, NULL outside the instants the dialect holds. */
export function instantWithin(t: TemporalSpelling, units: Frag): Frag {
  return instant(t, units);
}

function instant(t: TemporalSpelling, units: Frag): Frag {
  const [lo, hi] = t.instantRange ?? [MIN_INSTANT, MAX_INSTANT];
  return within(t, units, unitsText(lo, t.unit), unitsText(hi, t.unit, true), (v) => t.instantOfUnits(v));
}

/** The units of an instant or of a date's midnight (UTC). */
function unitsOf(t: TemporalSpelling, o: Operand): Frag {
  return o.type === 'Edm.Date'
    ? sql`(${t.daysOfDate(o.sql)} * ${raw(unitsText(MS_PER_DAY, t.unit))})`
    : t.unitsOfInstant(o.sql);
}

/** Date-time arithmetic on two operands, by their types (TypedTemporal in src/types/typed.ts). */
export function temporalArithmetic(t: TemporalSpelling, op: TemporalOp, a: Operand, b: Operand): Frag {
  if (b.type === 'Edm.Duration' && (op === 'add' || op === 'sub')) {
    const o = raw(op === 'add' ? ' + ' : ' - ');
    if (a.type === 'Edm.Duration') return duration(t, sql`(${a.sql}${o}${b.sql})`);
    return instant(t, sql`(${unitsOf(t, a)}${o}${b.sql})`);
  }
  if (op === 'sub') return duration(t, sql`(${unitsOf(t, a)} - ${unitsOf(t, b)})`);
  if (op === 'mul' || op === 'div') return duration(t, t.scale(op, a.sql, b));
  throw new TypeError(`No date-time arithmetic '${op}' of ${a.type} and ${b.type}`);
}

/** Whether a scaling factor's type is an integer type (exact integer arithmetic) or Decimal. */
export function factorKind(type: EdmType): 'integer' | 'decimal' | 'double' {
  if (type === 'Edm.Decimal') return 'decimal';
  if (type === 'Edm.Double' || type === 'Edm.Single') return 'double';
  return 'integer';
}

export type { NumericType };
