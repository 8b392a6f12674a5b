// The model of where PostgreSQL's Decimals differ from the reference (postgres-decimals.ts): it
// flags exactly the results that need more than 1,000 digits, and the quotients that
// PostgreSQL's division scale makes other than the reference's 34 digits.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { postgresDecimalDiffers } from './postgres-decimals.js';

const schema = defineSchema({
  name: 'D',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, P: 'Edm.Decimal' },
});
const differs = (filter: string, P: string | null, division = false): boolean =>
  postgresDecimalDiffers(check(filter, schema), [{ Id: 1, P }], { division });

describe('PostgreSQL Decimals beyond the 1,000-digit model', () => {
  it.each([
    ['P add 0.5m eq P', '1e999', true],
    ['P add 0.5m eq P', '1e998', false],
    ['P sub 1e-9999m gt 0', '1', true],
    ['P mul P gt 0', `${'7'.repeat(501)}`, true],
    ['P mul P gt 0', `${'7'.repeat(500)}`, false],
    ['P mod 7m gt 0', '1e9999', false],
    ['P div 3m gt 0', '1e999', false],
    ['P add 0.5m eq P', null, false],
  ] as const)('%s for P = %s: %s', (filter, P, expected) => {
    expect(differs(filter, P)).toBe(expected);
  });
});

describe('PostgreSQL quotients', () => {
  it.each([
    // 20 decimals (16 digits, one group below 1 further), where the reference keeps 34 digits.
    ['P div 3m gt 0', '1', true],
    ['P div 8m gt 0', '1', false],
    ['P div 100000m gt 0', '3', false],
    // At least the operands' scale is kept: where the quotient ends within it, it is exact.
    ['P div 2m gt 0', '0.000000000000000000000000000001', false],
    ['P div 3m gt 0', '12345678901234567890.123456789', false],
    ['P div 11m gt 0', '12345678901234567890.123456789', true],
    ['P div P gt 0', '7', false],
  ] as const)('%s for P = %s: %s', (filter, P, expected) => {
    expect(differs(filter, P, true)).toBe(expected);
    expect(differs(filter, P)).toBe(false);
  });
});
