// Number literals at the edges of their types keep their exact value from parse() through check()
// to a backend: a Decimal's exponent is never rounded, and an integer beyond Int64 is a Decimal.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, parse, type Expr } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';

const schema = defineSchema({ name: 'T', properties: { Price: 'Edm.Decimal', Big: 'Edm.Int64' } });

function literalOf(tree: Expr): Expr {
  if (tree.kind !== 'compare') throw new Error(`expected a comparison, not ${tree.kind}`);
  return tree.right;
}

describe('Decimal exponents are kept exactly', () => {
  it.each([
    // 2^53 + 1: a double would round it to 9007199254740992.
    ['1e9007199254740993m', '1E+9007199254740993'],
    // 10^21: a double would print it as 1e+21.
    ['1e1000000000000000000000m', '1E+1000000000000000000000'],
    ['-2.50e-0000000000000000000000099m', '-2.5E-99'],
  ])('%s is %s, which check() accepts', (literal, value) => {
    const text = `Price eq ${literal}`;
    expect(literalOf(parse(text))).toMatchObject({ type: 'Edm.Decimal', raw: literal, value });
    expect(() => check(text, schema)).not.toThrow();
  });

  it('refuses a literal beyond the Decimal model when compiled, at the literal, quoting its exact value', () => {
    const text = 'Price eq 1e1000000000000000000000m';
    expect(() => compilePredicate(check(text, schema))).toThrow(
      expect.objectContaining({
        kind: 'unsupported',
        start: 9,
        end: text.length,
        message:
          'Decimal literal 1E+1000000000000000000000 is beyond the in-memory Decimal model: its exponent is beyond ±9,999',
      }),
    );
  });
});

describe('an integer beyond Int64 is a Decimal', () => {
  it.each([
    ['2551234567890000999999', '2551234567890000999999'],
    ['9223372036854775808', '9223372036854775808'],
    ['-9223372036854775809', '-9223372036854775809'],
  ])('%s', (literal, value) => {
    const text = `Price lt ${literal}`;
    expect(literalOf(parse(text))).toMatchObject({ type: 'Edm.Decimal', raw: literal, value });
    const matches = compilePredicate(check(text, schema));
    expect(matches({ Price: value })).toBe(false);
    expect(matches({ Price: `${value}.5` })).toBe(value.startsWith('-'));
    expect(matches({ Price: `${BigInt(value) - 1n}` })).toBe(true);
  });

  it('compares exactly with an Int64 property', () => {
    const matches = compilePredicate(check('Big lt 9223372036854775808', schema));
    expect(matches({ Big: 2n ** 63n - 1n })).toBe(true);
  });
});
