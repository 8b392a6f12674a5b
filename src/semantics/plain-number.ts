// A number's exact decimal text without an exponent: what a literal written from a JavaScript
// number must be, since `1e+21` or `1.5e-7` would be read as a Double where a Decimal is meant.

/**
 * The exact value of a finite number's shortest round-trip text (`String(n)`), written without an
 * exponent: `1e+21` → `1000000000000000000000`, `1.5e-7` → `0.00000015`, `-0` → `0`.
 */
export function plainNumberText(value: number): string {
  const text = String(value);
  const match = /^(-?)(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
  if (!match) return text;
  const [, sign, lead, rest = '', exponentText] = match;
  const digits = lead! + rest;
  const exponent = Number(exponentText);
  // The point sits after the first digit; the exponent moves it.
  if (exponent < 0) return `${sign}0.${'0'.repeat(-exponent - 1)}${digits}`;
  const point = exponent + 1;
  return digits.length > point
    ? `${sign}${digits.slice(0, point)}.${digits.slice(point)}`
    : sign + digits.padEnd(point, '0');
}
