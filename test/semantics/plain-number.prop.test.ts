// plainNumberText (the text a client writes for a number where a Decimal or an integer goes)
// against decimal.js's toFixed() of the same number, which it replaced in the client's bundle.

import { Decimal } from 'decimal.js';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { plainNumberText } from '../../src/semantics/plain-number.js';

const edges = [
  0,
  -0,
  1,
  -1,
  0.1,
  1e21,
  1e-7,
  1.5e-7,
  -1.5e-7,
  123e-20,
  9.999e20,
  1e20,
  5e-324,
  -5e-324,
  Number.MAX_VALUE,
  -Number.MAX_VALUE,
  Number.MIN_VALUE,
  2 ** 53,
  2 ** 53 + 2,
  2 ** 64,
  1.7976931348623157e308,
  4.35e-311,
  // biome-ignore lint/correctness/noPrecisionLoss: the text's nearest double is the case
  1.2345678901234567e25,
  0.000001,
  0.0000001,
];

it('writes every finite number exactly as decimal.js does, without an exponent', () => {
  for (const n of edges) expect(plainNumberText(n), String(n)).toBe(new Decimal(n).toFixed());
  const numbers = fc.oneof(
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    fc.integer(),
    fc.integer({ min: -1e6, max: 1e6 }).map((n) => n / 1000),
    fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map(Number),
  );
  fc.assert(
    fc.property(numbers, (n) => {
      expect(plainNumberText(n)).toBe(new Decimal(n).toFixed());
    }),
    { numRuns: 20_000 },
  );
});
