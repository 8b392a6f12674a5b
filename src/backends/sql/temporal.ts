// Dates, times of day and durations in SQL (docs/semantics.md §5, docs/sql.md): each dialect says
// how its columns turn into exact integers (epoch milliseconds, days, milliseconds since midnight)
// and back; the arithmetic is written once here, on those integers, with the range checks that
// make a result beyond its type's range NULL rather than an error or a wrapped value.

import type { EdmType, NumericType } from '../../language/edm.js';
import type { TemporalOp } from '../../language/operators.js';
import { MAX_DURATION, MAX_INSTANT, MIN_INSTANT, MS_PER_DAY } from '../../semantics/temporal.js';
import type { Operand } from './dialect.js';
import { raw, sql, type Frag } from './fragment.js';

/** What a dialect says about its storage of the types of docs/semantics.md §5. */
export interface TemporalSpelling {
  /** The exact epoch milliseconds of an instant. */
  msOfInstant(x: Frag): Frag;
  /** The instant of epoch milliseconds (an integer within `instantRange`). */
  instantOfMs(ms: Frag): Frag;
  /** The days since 1970-01-01 of a date. */
  daysOfDate(x: Frag): Frag;
  /**
   * `duration mul n` or `duration div n` on the duration's milliseconds, truncated toward zero
   * (docs/semantics.md §5); NULL for a division by zero. A result beyond any Duration may be any
   * value outside ±MAX_DURATION, or NULL.
   */
  scale(op: 'mul' | 'div', ms: Frag, n: Operand): Frag;
  /** Names integer values once, for a body that uses them more than once. */
  bindIntegers(values: readonly Frag[], body: (refs: readonly Frag[]) => Frag): Frag;
  /** The instants the dialect stores; a result outside them is NULL (docs/sql.md). */
  readonly instantRange?: readonly [number, number];
}

const MS_PER_DAY_SQL = raw(String(MS_PER_DAY));

/** `value` where it lies within [lo, hi], else NULL. */
function within(t: TemporalSpelling, value: Frag, lo: number, hi: number, make: (v: Frag) => Frag): Frag {
  return t.bindIntegers(
    [value],
    ([v]) => sql`(CASE WHEN ${v!} BETWEEN ${raw(String(lo))} AND ${raw(String(hi))} THEN ${make(v!)} END)`,
  );
}

function duration(t: TemporalSpelling, ms: Frag): Frag {
  return within(t, ms, -MAX_DURATION, MAX_DURATION, (v) => v);
}

/** The instant of exact epoch milliseconds, NULL outside the instants the dialect holds. */
export function instantWithin(t: TemporalSpelling, ms: Frag): Frag {
  return instant(t, ms);
}

function instant(t: TemporalSpelling, ms: Frag): Frag {
  const [lo, hi] = t.instantRange ?? [MIN_INSTANT, MAX_INSTANT];
  return within(t, ms, lo, hi, (v) => t.instantOfMs(v));
}

/** The milliseconds of an instant or of a date's midnight (UTC). */
function msOf(t: TemporalSpelling, o: Operand): Frag {
  return o.type === 'Edm.Date' ? sql`(${t.daysOfDate(o.sql)} * ${MS_PER_DAY_SQL})` : t.msOfInstant(o.sql);
}

/** Date-time arithmetic on two operands, by their types (TypedTemporal in src/types/typed.ts). */
export function temporalArithmetic(t: TemporalSpelling, op: TemporalOp, a: Operand, b: Operand): Frag {
  if (b.type === 'Edm.Duration' && (op === 'add' || op === 'sub')) {
    const o = raw(op === 'add' ? ' + ' : ' - ');
    if (a.type === 'Edm.Duration') return duration(t, sql`(${a.sql}${o}${b.sql})`);
    return instant(t, sql`(${msOf(t, a)}${o}${b.sql})`);
  }
  if (op === 'sub') return duration(t, sql`(${msOf(t, a)} - ${msOf(t, b)})`);
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
