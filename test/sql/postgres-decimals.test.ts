// The model of where PostgreSQL's exact numeric differs from the reference's 1,000 digits
// (postgres-decimals.ts) flags exactly the results that need more digits.

import { describe, expect, it } from 'vitest';
import { check } from '../../src/check.js';
import { defineSchema } from '../../src/schema.js';
import { postgresDecimalDiffers } from './postgres-decimals.js';

const schema = defineSchema({ name: 'D', properties: { Id: { type: 'Edm.Int32', nullable: false }, P: 'Edm.Decimal' } });
const differs = (filter: string, P: string | null): boolean => postgresDecimalDiffers(check(filter, schema), [{ Id: 1, P }]);

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
