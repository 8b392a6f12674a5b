// `cast(x, T)` in SQL (docs/semantics.md §11): the conversions written once here, on what each
// dialect says of its storage and spelling (CastSpelling); a dialect's `cast` renders with them,
// or answers with a message where it cannot match the reference (the compiler refuses the cast).

import type { CastConversion } from '../../lower/lowered.js';
import { INTEGER_RANGES, isInteger, type EdmType, type IntegerType } from '../../language/edm.js';
import type { Operand } from './dialect.js';
import { raw, sql, type Frag } from './fragment.js';
import type { TimeUnit } from '../../semantics/fine-time.js';
import { unitsPerMs } from './temporal.js';
import { literalOfText, type TextLiteralSpelling } from './text-literals.js';

/** The SQL type a value is named by (where a dialect needs one to name it once). */
export type BoundKind = 'integer' | 'double';

export interface CastSpelling extends TextLiteralSpelling {
  /** Names values once for a body that uses them more than once. */
  bind(values: readonly Frag[], kind: BoundKind, body: (refs: readonly Frag[]) => Frag): Frag;
  /** `x` rounded half away from zero: the dialect's `round` of a Decimal or a Double. */
  round(x: Operand): Frag;
  /** The decimal digits of an integer, `-` before a negative one. */
  integerText(x: Frag): Frag;
  /** Division and remainder of non-negative integers. */
  div(a: Frag, b: Frag): Frag;
  mod(a: Frag, b: Frag): Frag;
  /** The text of a non-negative integer in at least `width` digits, zeros before it. */
  pad(x: Frag, width: number): Frag;
  /** The unit of stored durations (undefined: milliseconds). */
  readonly unit?: TimeUnit;
  /** Text with a point: trailing zeros after it removed, then the point if nothing follows it. */
  trimFraction(s: Frag): Frag;
  /**
   * The text of a value whose storage the dialect decides: Decimal, Double, the instants, Date,
   * TimeOfDay, Guid. A message where it cannot be the reference's.
   */
  text(x: Operand): Frag | string;
  /** A Double as the Decimal its shortest round-trip text spells, NULL for NaN and ±INF; or a message. */
  toDecimal(x: Operand): Frag | string;
}

const LARGEST_DOUBLE = raw('1.7976931348623157e308');
const lit = (n: bigint | number | string): Frag => raw(String(n));

/**
 * The cast of `a` to `to` by `conversion`, or a message. `convert` is the dialect's value-keeping
 * conversion (a Decimal to the nearest Double).
 */
export function renderCast(
  s: CastSpelling,
  conversion: CastConversion,
  a: Operand,
  to: EdmType,
  convert: (a: Operand, to: EdmType) => Frag,
): Frag | string {
  switch (conversion) {
    case 'toInteger':
      return toInteger(s, a, to as IntegerType);
    case 'toDouble':
      // A Decimal beyond the largest finite Double is null, not ±INF.
      return s.bind(
        [convert(a, to)],
        'double',
        ([r]) => sql`(CASE WHEN abs(${r!}) <= ${LARGEST_DOUBLE} THEN ${r!} END)`,
      );
    case 'toDecimal':
      return s.toDecimal(a);
    case 'fromString':
      return literalOfText(s, to, a.sql);
    case 'toString':
      return text(s, a);
  }
}

/** Rounded half away from zero (an integer as it is), then NULL beyond the target's range. */
function toInteger(s: CastSpelling, a: Operand, to: IntegerType): Frag {
  const [lo, hi] = INTEGER_RANGES[to];
  const type = raw(s.integerType(to));
  if (isInteger(a.type))
    return s.bind(
      [a.sql],
      'integer',
      ([v]) => sql`(CASE WHEN ${v!} BETWEEN ${lit(lo)} AND ${lit(hi)} THEN CAST(${v!} AS ${type}) END)`,
    );
  if (a.type === 'Edm.Decimal')
    return s.bind(
      [s.round(a)],
      'integer',
      ([r]) => sql`(CASE WHEN ${r!} BETWEEN ${lit(lo)} AND ${lit(hi)} THEN CAST(${r!} AS ${type}) END)`,
    );
  // A Double: its bounds compared as Doubles, exactly (-2^63 and 2^63 are Doubles; 2^63 - 1 is
  // not), and NaN is in neither range (PostgreSQL sorts it above every number).
  return s.bind(
    [s.round(a)],
    'double',
    ([r]) => sql`(CASE WHEN ${r!} >= ${lit(lo)} AND ${r!} < ${lit(hi + 1n)} THEN CAST(${r!} AS ${type}) END)`,
  );
}

function text(s: CastSpelling, a: Operand): Frag | string {
  if (a.type === 'Edm.Boolean') return sql`(CASE ${a.sql} WHEN TRUE THEN 'true' WHEN FALSE THEN 'false' END)`;
  if (isInteger(a.type)) return s.integerText(a.sql);
  if (a.type === 'Edm.Duration') return durationText(s, a);
  return s.text(a);
}

/**
 * `[-]P[nD][T[nH][nM][n[.fff]S]]` of signed units (milliseconds, or microseconds and six digits),
 * `PT0S` for zero (docs/semantics.md §11). A computed duration's units are cast to the dialect's
 * Int64 type first: a duration scaled by a number is computed in that number's arithmetic
 * (`numeric` on PostgreSQL), where dividing them by a day's units would keep a fraction
 * (`P2.0000000000000000D`), not truncate it. A column or a literal is stored or bound as an
 * integer already.
 */
function durationText(s: CastSpelling, duration: Operand): Frag {
  const value =
    duration.column || duration.literal !== undefined
      ? duration.sql
      : sql`CAST(${duration.sql} AS ${raw(s.integerType('Edm.Int64'))})`;
  const per = unitsPerMs(s.unit);
  const [second, minute, hour, day] = [1000, 60_000, 3_600_000, 86_400_000].map((ms) => ms * per) as [
    number,
    number,
    number,
    number,
  ];
  return s.bind([value], 'integer', ([units]) => {
    const a = sql`abs(${units!})`;
    const part = (amount: Frag, unit: string): Frag => s.concat([s.integerText(amount), raw(`'${unit}'`)]);
    const when = (test: Frag, then: Frag): Frag => sql`(CASE WHEN ${test} THEN ${then} ELSE '' END)`;
    const ofDay = s.mod(a, lit(day));
    const seconds = s.trimFraction(
      s.concat([
        s.integerText(s.div(s.mod(a, lit(minute)), lit(second))),
        raw(`'.'`),
        s.pad(s.mod(a, lit(second)), String(second - 1).length),
      ]),
    );
    const time = s.concat([
      raw(`'T'`),
      when(sql`${ofDay} >= ${lit(hour)}`, part(s.div(ofDay, lit(hour)), 'H')),
      when(sql`${s.mod(a, lit(hour))} >= ${lit(minute)}`, part(s.div(s.mod(a, lit(hour)), lit(minute)), 'M')),
      when(sql`${s.mod(a, lit(minute))} > 0`, s.concat([seconds, raw(`'S'`)])),
    ]);
    const body = s.concat([
      when(sql`${units!} < 0`, raw(`'-'`)),
      raw(`'P'`),
      when(sql`${a} >= ${lit(day)}`, part(s.div(a, lit(day)), 'D')),
      when(sql`${ofDay} > 0`, time),
    ]);
    // A NULL duration takes neither branch: every part of the body would be '' for it.
    return sql`(CASE WHEN ${units!} = 0 THEN 'PT0S' WHEN ${units!} <> 0 THEN ${body} END)`;
  });
}
