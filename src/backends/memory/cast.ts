// `cast(x, T)` on in-memory values (docs/semantics.md §11), for both compilers: each conversion
// that changes a value, from the representation of the operand (src/backends/memory/plan.ts) to
// that of the result. A conversion that fails is null.

import { Decimal } from 'decimal.js';
import type { CastConversion } from '../../lower/lowered.js';
import { INTEGER_RANGES, isInteger, type EdmType } from '../../language/edm.js';
import { ExactDecimal } from '../../semantics/decimal-model.js';
import type { TimeValue } from '../../semantics/fine-time.js';
import { formatInstant } from '../../semantics/instant.js';
import { formatDate, formatDuration, formatTimeOfDay } from '../../semantics/temporal.js';
import { readLiteralRepresentation } from '../../types/literal-representation.js';
import type { LiteralValue } from '../../types/typed.js';
import type { Repr } from './plan.js';
import { base64UrlOfHex } from '../../language/binary-spelling.js';

/** The value of `cast` for a non-null operand of type `from`, in the representation `to` of type `target`. */
export function castValue(conversion: CastConversion, from: EdmType, target: EdmType, to: Repr, x: unknown): unknown {
  switch (conversion) {
    case 'toString':
      return textOf(from, x);
    case 'toInteger':
      return toInteger(x, target, to);
    case 'toDecimal': {
      const d = x as number;
      // The decimal that the Double's shortest round-trip text spells, as a row's number is read.
      return Number.isFinite(d) ? new ExactDecimal(String(d)) : null;
    }
    case 'toDouble': {
      const d = (x as Decimal).toNumber();
      return Number.isFinite(d) ? d : null;
    }
    case 'fromString': {
      const value = readLiteralRepresentation(x as string, target);
      return value === null ? null : inRepr(value, to);
    }
  }
}

/** A literal value (src/types/typed.ts) in a representation (src/backends/memory/plan.ts). */
function inRepr(value: LiteralValue, to: Repr): unknown {
  switch (to) {
    case 'big':
      return BigInt(value as number | bigint);
    case 'num':
      return Number(value);
    case 'dec':
      return new ExactDecimal(value as string);
    default:
      return value;
  }
}

/** Rounded half away from zero, then null beyond the target integer type's range. */
function toInteger(x: unknown, target: EdmType, to: Repr): number | bigint | null {
  if (!isInteger(target)) throw new TypeError(`toInteger to ${target}`);
  const [lo, hi] = INTEGER_RANGES[target];
  let whole: bigint;
  if (typeof x === 'bigint') whole = x;
  else if (x instanceof Decimal) whole = BigInt(x.toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed());
  else {
    const n = x as number;
    if (!Number.isFinite(n)) return null;
    // Half away from zero; an integral Double is exact as a bigint.
    whole = BigInt(n < 0 ? -Math.round(-n) : Math.round(n));
  }
  if (whole < lo || whole > hi) return null;
  return to === 'big' ? whole : Number(whole);
}

/** The text `cast(x, Edm.String)` writes for a value of type `from` (docs/semantics.md §11). */
function textOf(from: EdmType, x: unknown): string {
  switch (from) {
    case 'Edm.String':
    case 'Edm.Guid':
      return x as string;
    case 'Edm.Boolean':
      return x ? 'true' : 'false';
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
    case 'Edm.Int64':
      return String(x);
    case 'Edm.Decimal':
      // Plain notation, no trailing zeros (decimal.js keeps none), `0` for zero of either sign.
      return (x as Decimal).toFixed();
    case 'Edm.Double':
    case 'Edm.Single': {
      const d = x as number;
      if (Number.isNaN(d)) return 'NaN';
      if (d === Infinity) return 'INF';
      if (d === -Infinity) return '-INF';
      return String(d);
    }
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return instantText(x as TimeValue);
    case 'Edm.Date':
      return formatDate(x as number);
    case 'Edm.TimeOfDay':
      return withoutZeroFraction(formatTimeOfDay(x as TimeValue));
    case 'Edm.Duration':
      return formatDuration(x as TimeValue);
    case 'Edm.Binary':
      return base64UrlOfHex(x as string);
  }
}

/** `YYYY-MM-DDThh:mm:ss[.f]Z`: the UTC date-time, the fraction of its second without trailing zeros. */
function instantText(instant: TimeValue): string {
  return `${withoutZeroFraction(formatInstant(instant).slice(0, -1))}Z`;
}

/** `…ss.500` → `…ss.5`, `…ss.000` → `…ss`. */
function withoutZeroFraction(text: string): string {
  return text.replace(/\.(\d*?)0+$/, (_m, digits: string) => (digits ? `.${digits}` : ''));
}
