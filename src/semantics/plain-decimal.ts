// An exact decimal text (`'-1.50E+3'`, as Decimal literals hold them) read as its digits and the
// place of its point, written in plain digits — exact, without decimal.js, for the version-aware
// printer that a browser client bundles.

/** A decimal's plain form: its text without exponent or needless zeros, and its digits either side of the point. */
export interface PlainDecimal {
  readonly text: string;
  readonly integerDigits: number;
  readonly fractionDigits: number;
}

/** Longest exponent read: beyond it the plain text would be megabytes long. */
const MAX_EXPONENT = 1_000_000;

/**
 * The plain form of a decimal text `[-]digits[.digits][E[+-]digits]`, or undefined for an
 * exponent so large that no plain text is worth writing. `-0` and `0.000` are `0`.
 */
export function plainDecimal(value: string): PlainDecimal | undefined {
  const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(value);
  if (match === null) return undefined;
  const [, sign, whole, fraction = '', exponentText = '0'] = match;
  const exponent = Number(exponentText);
  if (!Number.isSafeInteger(exponent) || Math.abs(exponent) > MAX_EXPONENT) return undefined;
  // All the digits, and where the point falls among them.
  const digits = whole! + fraction;
  const point = whole!.length + exponent;
  const padded =
    point <= 0 ? '0'.repeat(1 - point) + digits : point > digits.length ? digits.padEnd(point, '0') : digits;
  const at = point <= 0 ? 1 : point;
  const integer = padded.slice(0, at).replace(/^0+(?=\d)/, '');
  const decimals = padded.slice(at).replace(/0+$/, '');
  const zero = /^0*$/.test(integer + decimals);
  const text = `${zero ? '' : sign}${integer}${decimals === '' ? '' : `.${decimals}`}`;
  return { text, integerDigits: integer === '0' ? 0 : integer.length, fractionDigits: decimals.length };
}
