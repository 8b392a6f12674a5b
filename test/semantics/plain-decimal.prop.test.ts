// plainDecimal() against decimal.js: the same plain text, and the same digits either side of the
// point, for decimal texts of every shape (leading and trailing zeros, negative zero, exponents).

import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { plainDecimal } from '../../src/semantics/plain-decimal.js';

const digits = (max: number) => fc.stringMatching(new RegExp(`^[0-9]{1,${max}}$`));
const arbDecimalText = fc
  .tuple(
    fc.boolean(),
    digits(35),
    fc.option(digits(35)),
    fc.option(fc.integer({ min: -60, max: 60 })),
    fc.constantFrom('e', 'E'),
  )
  .map(
    ([negative, whole, fraction, exponent, e]) =>
      `${negative ? '-' : ''}${whole}${fraction === null ? '' : `.${fraction}`}${exponent === null ? '' : `${e}${exponent >= 0 ? '+' : ''}${exponent}`}`,
  );

it('writes what decimal.js writes, and counts the same digits', () => {
  fc.assert(
    fc.property(arbDecimalText, (text) => {
      const decimal = new Decimal(text);
      const plain = plainDecimal(text)!;
      expect(plain.text).toBe(decimal.toFixed());
      expect(plain.fractionDigits).toBe(decimal.decimalPlaces());
      expect(plain.integerDigits).toBe(decimal.isZero() || decimal.abs().lt(1) ? 0 : decimal.e + 1);
    }),
    { numRuns: 2000 },
  );
});

it.each([
  ['0', '0', 0, 0],
  ['-0', '0', 0, 0],
  ['-0.000', '0', 0, 0],
  ['007.500', '7.5', 1, 1],
  ['1.5E+3', '1500', 4, 0],
  ['-12.5e-3', '-0.0125', 0, 4],
  ['1e-1', '0.1', 0, 1],
])('%s is %s', (text, plain, integerDigits, fractionDigits) => {
  expect(plainDecimal(text)).toEqual({ text: plain, integerDigits, fractionDigits });
});

it('refuses an exponent too long to write', () => {
  expect(plainDecimal('1e1000000000')).toBeUndefined();
  expect(plainDecimal('1.5x')).toBeUndefined();
});
