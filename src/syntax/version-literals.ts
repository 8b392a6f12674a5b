// Literal values written in the v2/v3 forms (MS-ODATA 2.2.2, the OData v3 URL conventions), each
// of which this package's parser reads back to the same value and type: `5L`, `2.5M`, `1.5d`,
// `1.5f`, `guid'…'`, `X'…'`, `datetime'…'` (UTC, no offset: the v2 form has none),
// `datetimeoffset'…Z'`, `time'PT13H20M'` (Edm.TimeOfDay, which v2/v3 call Edm.Time).

import { malformedTree } from '../errors.js';
import { notInVersion } from './version-constructs.js';
import { plainDecimal } from '../semantics/plain-decimal.js';
import type { ODataVersion } from '../language/versions.js';

type Span = { readonly start: number; readonly end: number };

export function int64Literal(value: bigint): string {
  return `${value}L`;
}

/** The v2 ABNF's decimalLiteral: at most 29 digits before the point and 29 after, no exponent. */
const DECIMAL_DIGITS = 29;

/**
 * An exact decimal string (`'-1.5E+10'`) in plain digits with the M suffix. A value whose plain
 * digits the v2/v3 form cannot hold is refused, never rounded.
 */
export function decimalLiteral(value: string, version: ODataVersion, span: Span): string {
  // Only a tree built by hand can hold a Decimal value that is no decimal text.
  if (typeof value !== 'string' || !/^-?\d+(?:\.\d+)?(?:E[+-]\d+)?$/i.test(value))
    throw malformedTree(span, "an Edm.Decimal literal needs a decimal string such as '-12.5'");
  const plain = plainDecimal(value);
  // The exponent bounds the plain text's length before it is built: `1e1000000000m` is refused as it is.
  if (plain === undefined || plain.integerDigits > DECIMAL_DIGITS || plain.fractionDigits > DECIMAL_DIGITS) {
    throw notInVersion(
      'decimal_digits',
      `The Edm.Decimal ${value}, more than ${DECIMAL_DIGITS} digits before or after the point,`,
      undefined,
      version,
      span,
    );
  }
  return `${plain.text}M`;
}

/** A Double or Single value with its suffix: `1.5d`, `1E+21d`, `-0d`, `INFd`, `NaNf`. */
export function floatLiteral(value: number, suffix: 'd' | 'f'): string {
  if (Number.isNaN(value)) return `NaN${suffix}`;
  if (value === Infinity) return `INF${suffix}`;
  if (value === -Infinity) return `-INF${suffix}`;
  if (Object.is(value, -0)) return `-0${suffix}`;
  // The shortest text that reads back as the same number; a Single's value is a binary32 already.
  return `${String(value).replace('e', 'E')}${suffix}`;
}

/** A binary value (lower-case hexadecimal) as `X'4F44'`: the v2/v3 form no version reads otherwise. */
export function binaryLiteral(value: string): string {
  return `X'${value.toUpperCase()}'`;
}

export function guidLiteral(value: string): string {
  return `guid'${value.toLowerCase()}'`;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * An instant as `datetime'2012-01-01T00:00:00'` (Edm.DateTime, in UTC: the v2 form has no offset)
 * or `datetimeoffset'2012-01-01T00:00:00Z'`, milliseconds only when there are some. An instant
 * whose UTC date is outside the years 1 to 9999 (a literal written at an offset at either end of
 * that range) is refused.
 */
export function instantLiteral(
  type: 'Edm.DateTime' | 'Edm.DateTimeOffset',
  epochMs: number,
  version: ODataVersion,
  span: Span,
  picoseconds = 0,
): string {
  if (!Number.isInteger(epochMs)) throw malformedTree(span, 'a date-time literal needs integer epoch milliseconds');
  const date = new Date(epochMs);
  const year = date.getUTCFullYear();
  if (year < 1 || year > 9999)
    throw notInVersion(
      'datetime_beyond_utc_years',
      `The instant ${date.toISOString()}, outside the years 1 to 9999 in UTC,`,
      undefined,
      version,
      span,
    );
  const fraction = fractionDigits(date.getUTCMilliseconds(), picoseconds);
  const text =
    `${pad(year, 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}` +
    `T${pad(date.getUTCHours(), 2)}:${pad(date.getUTCMinutes(), 2)}:${pad(date.getUTCSeconds(), 2)}${fraction === '' ? '' : `.${fraction}`}`;
  return type === 'Edm.DateTime' ? `datetime'${text}'` : `datetimeoffset'${text}Z'`;
}

/** A time of day as the v3 Edm.Time literal, the duration since midnight: `time'PT13H20M'`, `time'PT0S'`. */
export function timeOfDayLiteral(ms: number, picoseconds = 0): string {
  if (!Number.isInteger(ms) || ms < 0 || ms >= 86_400_000)
    throw malformedTree(undefined, 'a time-of-day literal needs milliseconds since midnight, 0 to 86,399,999');
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor(ms / 60_000) % 60;
  const seconds = Math.floor(ms / 1000) % 60;
  const fraction = fractionDigits(ms % 1000, picoseconds);
  const secondsText = fraction === '' ? (seconds === 0 ? '' : `${seconds}S`) : `${seconds}.${fraction}S`;
  const body = `${hours === 0 ? '' : `${hours}H`}${minutes === 0 ? '' : `${minutes}M`}${secondsText}`;
  return `time'PT${body === '' ? '0S' : body}'`;
}

/**
 * The digits after a second's point of its milliseconds and the picoseconds beyond, trailing zeros
 * removed, but the milliseconds' three kept when there is any: `500`, `000000500`, `''`.
 */
function fractionDigits(ms: number, picoseconds: number): string {
  if (picoseconds === 0) return ms === 0 ? '' : pad(ms, 3);
  return `${pad(ms, 3)}${pad(picoseconds, 9).replace(/0+$/, '')}`;
}
