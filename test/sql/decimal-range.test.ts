// The clamp of Decimal factors (src/backends/sql/decimal-range.ts): each dialect's limits are
// consistent, ordinary filters keep their plain SQL, and the clamp appears exactly where a
// product could pass what the engine computes. The engines' answers are in boundaries.test.ts
// and decimal.prop.test.ts.

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres } from '../../src/backends/sql/index.js';
import { DecimalMagnitudes } from '../../src/backends/sql/decimal-range.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { lower } from '../../src/lower/lower.js';
import type { LoweredPredicate, LoweredValue } from '../../src/lower/lowered.js';

const schema = defineSchema({
  name: 'D',
  properties: { Price: 'Edm.Decimal', Cost: 'Edm.Decimal', Qty: 'Edm.Int32', Big: 'Edm.Int64', Name: 'Edm.String' },
});

const CLAMP = { mysql: /LEAST\(GREATEST\(/g, postgres: / > \(10::numeric \^ 60000\)/g } as const;
const clamps = (filter: string, dialect: typeof mysql | typeof postgres): number =>
  compileSql(check(filter, schema), { dialect }).sql.match(CLAMP[dialect.name as 'mysql' | 'postgres'])?.length ?? 0;
const factors = (n: number, factor = 'Price'): string => Array.from({ length: n }, () => factor).join(' mul ');

describe('the dialects’ Decimal limits', () => {
  for (const dialect of [mysql, postgres]) {
    const range = dialect.decimalRange!;
    it(`${dialect.name}: clamped factors and dividends always fit, and a clamp never changes a stored value`, () => {
      expect(range.fits(range.clampDigits + 1, range.clampDigits + 1)).toBe(true);
      expect(range.fits(range.clampDigits + 1, -range.minExponent)).toBe(true);
      expect(range.columnDigits).toBeLessThanOrEqual(range.clampDigits);
      expect(range.minExponent).toBeLessThanOrEqual(range.columnMinExponent);
    });
  }
  it('MySQL counts integer words: a product of 81 integer digits fits, one more word does not', () => {
    expect(mysql.decimalRange!.fits(36, 36)).toBe(true);
    expect(mysql.decimalRange!.fits(0, 73)).toBe(false); // 0 has one integer digit there
    expect(mysql.decimalRange!.fits(45, 36)).toBe(false);
  });
});

describe('where the clamp is written', () => {
  it('bounds a String read as a Decimal by the Decimal model, as a stored Decimal is bounded', () => {
    for (const n of [2, 3, 13, 14]) {
      const read = `${factors(n, 'cast(Name, Edm.Decimal)')} div cast(Name, Edm.Decimal) gt 0`;
      expect(clamps(read, postgres)).toBe(clamps(`${factors(n)} div Price gt 0`, postgres));
    }
  });

  it.each([
    'Price mul Qty mul 1.2 gt 100',
    'Price div Cost mul 100 gt 20',
    'Price mul Price gt Cost',
    'Price mul Price mul 2 gt 0',
    'Price mul Big gt 0',
    'round(Price mul Qty) mod 7 eq 0',
  ])('MySQL and PostgreSQL keep the plain SQL of %s', (filter) => {
    expect(clamps(filter, mysql)).toBe(0);
    expect(clamps(filter, postgres)).toBe(0);
  });

  it.each([
    // [filter, MySQL clamps, PostgreSQL clamps]
    [`${factors(3)} gt 0`, 1, 0],
    [`${factors(4)} gt 0`, 2, 0],
    ['(Price mul Price) mul (Price mul Price) gt 0', 2, 0],
    ['Big mul Big mul Big mul Price gt 0', 1, 0],
    // Price^2 has 70 digits: divided by 0.001 it fits 81, by 10^-10 (two more words) it does not.
    ['Price mul Price div 0.001m gt 0', 0, 0],
    ['Price mul Price div 0.0000000001m gt 0', 1, 0],
    [`Price mul ${factors(12, '1e9999m')} gt 0`, 11, 1],
    [`${factors(14)} gt 0`, 12, 1],
  ] as const)('%s: %i on MySQL, %i on PostgreSQL', (filter, onMysql, onPostgres) => {
    expect(clamps(filter, mysql)).toBe(onMysql);
    expect(clamps(filter, postgres)).toBe(onPostgres);
  });
});

describe('static magnitudes', () => {
  const upper = (filter: string, dialect = mysql): number => {
    const root = lower(check(filter, schema)).root as LoweredPredicate & { left: LoweredValue };
    return new DecimalMagnitudes(dialect.decimalRange!).upper(root.left);
  };
  it.each([
    ['Price gt 0', 35],
    ['12.5m gt 0', 2],
    // A literal is cast to DECIMAL(65,30) there.
    ['1e9999m gt 0', 35],
    ['0.001m gt 0', 0],
    ['Qty mul Price gt 0', 45],
    ['Big mul Big gt 0', 38],
    ['Price add Price gt 0', 36],
    ['round(Price) gt 0', 36],
    ['Price div 0.001m gt 0', 38],
    ['Price div Cost gt 0', 65],
    ['Price div Qty gt 0', 35],
    ['Price mod 7m gt 0', 35],
    // Price^2 (70 digits) times Price cannot be computed in 81 digits: Price^2 is clamped to 10^35.
    ['Price mul Price mul Price gt 0', 71],
  ])('MySQL: %s has a left side below 10^%i', (filter, digits) => {
    expect(upper(filter)).toBe(digits);
  });
  it('PostgreSQL: a stored Decimal is below 10^10000', () => {
    expect(upper('Price gt 0', postgres)).toBe(10_000);
    expect(upper('Price div Cost gt 0', postgres)).toBe(19_999);
  });
});
