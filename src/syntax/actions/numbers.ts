// Number literals: the type a literal's text and suffix give it, its exact value, and the named
// values INF and NaN.

import type { NumberLiteral } from '../ast.js';
import { INTEGER_RANGES } from '../../language/edm.js';
import { syntaxError, type Range } from './syntax-error.js';

interface SpecialNumber {
  readonly type: 'Edm.Double' | 'Edm.Single';
  readonly value: number;
}
const special = (type: SpecialNumber['type'], word: string): [string, SpecialNumber] => [
  word,
  { type, value: word.startsWith('INF') ? Infinity : NaN },
];
/**
 * INF and NaN, and the v2/v3 forms with a type suffix: the ABNF's singleUriLiteral is any
 * singleLiteral, `nan`, `-INF` and `INF` included, followed by F or f; its doubleLiteral puts D
 * or d after the same alternatives. A `-` before INF is part of the literal.
 */
function specialNumbers(): ReadonlyMap<string, SpecialNumber> {
  return new Map([
    ...['INF', 'INFD', 'INFd', 'NaN', 'NaND', 'NaNd'].map((word) => special('Edm.Double', word)),
    ...['INFF', 'INFf', 'NaNF', 'NaNf'].map((word) => special('Edm.Single', word)),
  ]);
}
// Made by a call marked pure, and the integer ranges read where they are needed, so that a module
// that imports only outOfRange() bundles none of this one.
const SPECIAL_NUMBERS = /* @__PURE__ */ specialNumbers();

export function number(raw: string, r: Range): NumberLiteral {
  const { start, end } = r;
  // Only a word after the sign can name one (INF, NaN): most literals start with a digit there.
  const first = raw.charCodeAt(raw.charCodeAt(0) === 45 ? 1 : 0);
  const named =
    first >= 48 && first <= 57 ? undefined : SPECIAL_NUMBERS.get(raw.charCodeAt(0) === 45 ? raw.slice(1) : raw);
  if (named !== undefined) {
    const value = raw.charCodeAt(0) === 45 ? -named.value : named.value;
    return { kind: 'number', type: named.type, raw, value, start, end };
  }
  const last = raw.charCodeAt(raw.length - 1);
  const suffix = last >= 48 && last <= 57 ? '' : raw[raw.length - 1]!.toLowerCase();
  const body = suffix === '' ? raw : raw.slice(0, -1);
  const isIntegral = !/[.eE]/.test(body);
  switch (suffix) {
    case 'l': {
      if (!isIntegral) throw syntaxError('invalid_number', `Invalid Int64 literal '${raw}'`, r);
      const value = BigInt(body);
      const [min, max] = INTEGER_RANGES['Edm.Int64'];
      if (value < min || value > max) {
        throw syntaxError(
          'number_out_of_range',
          `Int64 literal '${raw}' is out of the Int64 range (without the L suffix it is a Decimal)`,
          r,
        );
      }
      return { kind: 'number', type: 'Edm.Int64', raw, value, start, end };
    }
    case 'm':
      return { kind: 'number', type: 'Edm.Decimal', raw, value: normaliseDecimal(body), start, end };
    case 'd':
      return { kind: 'number', type: 'Edm.Double', raw, value: finite(Number(body), raw, r), start, end };
    case 'f':
      return { kind: 'number', type: 'Edm.Single', raw, value: finite(Math.fround(Number(body)), raw, r), start, end };
  }
  if (!isIntegral) {
    if (/[eE]/.test(body))
      return { kind: 'number', type: 'Edm.Double', raw, value: finite(Number(body), raw, r), start, end };
    return { kind: 'number', type: 'Edm.Decimal', raw, value: normaliseDecimal(body), start, end };
  }
  // Up to nine digits always fits Int32; longer text is decided exactly with BigInt.
  const digits = body.charCodeAt(0) === 45 ? body.length - 1 : body.length;
  // `+ 0` turns -0 into 0: Int32 has no negative zero.
  if (digits <= 9) return { kind: 'number', type: 'Edm.Int32', raw, value: Number(body) + 0, start, end };
  const big = BigInt(body);
  const int32 = INTEGER_RANGES['Edm.Int32'];
  const int64 = INTEGER_RANGES['Edm.Int64'];
  if (big >= int32[0] && big <= int32[1])
    return { kind: 'number', type: 'Edm.Int32', raw, value: Number(big), start, end };
  if (big >= int64[0] && big <= int64[1]) return { kind: 'number', type: 'Edm.Int64', raw, value: big, start, end };
  // The v4 ABNF's decimalValue needs no point: an integer beyond Int64 is a Decimal.
  return { kind: 'number', type: 'Edm.Decimal', raw, value: normaliseDecimal(body), start, end };
}

function finite(value: number, raw: string, r: Range): number {
  if (!Number.isFinite(value)) throw syntaxError('number_out_of_range', outOfRange(raw), r);
  return value;
}

/** Why the literal `raw` of a Double or a Single, whose digits round to an infinity, is refused. */
export function outOfRange(raw: string): string {
  return `Number literal '${raw}' is out of range (write INF for infinity)`;
}

/**
 * Strips redundant zeros so that equal decimals have equal text: `'007.50'` → `'7.5'`,
 * `'1e+007'` → `'1E+7'`. The exponent stays text: as a number it would be rounded beyond 2^53
 * and written as `1e+21` beyond 10^21, and the Decimal model decides what is too large.
 */
function normaliseDecimal(body: string): string {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?)0*(\d*))?$/.exec(body);
  if (!match) return body;
  const [, sign, intPart, fracPart = '', expSign, expDigits = ''] = match;
  const int = intPart!.replace(/^0+(?=\d)/, '');
  const frac = fracPart.replace(/0+$/, '');
  const mantissa = frac ? `${int}.${frac}` : int;
  const isZero = /^0(\.0*)?$/.test(mantissa);
  if (isZero) return mantissa;
  const exponent = expDigits === '' ? '' : `E${expSign === '-' ? '-' : '+'}${expDigits}`;
  return sign + mantissa + exponent;
}

/** `INF`, `NaN` and their suffixed forms, spelt exactly (without a sign). */
export function isSpecialNumber(word: string): boolean {
  return SPECIAL_NUMBERS.has(word);
}
