// Boundary values of the documented model (docs/semantics.md §4: Decimals of up to 1,000
// significant digits with exponents within ±9,999; the Int64 extremes; doubles near the overflow
// and underflow thresholds) on every engine: each case returns the reference's ids, or the exact
// answer docs/semantics.md ("SQL backends: differences") says that engine gives instead, and no
// case may raise a database error.

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import type { EngineName } from './known-differences.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'B',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Price: 'Edm.Decimal',
    Score: 'Edm.Double',
    S2: 'Edm.Double',
    Big: 'Edm.Int64',
  },
});

/** Decimal rows beyond the double range exist only where Decimal is exact (not SQLite's REAL). */
const WIDE = [
  '1e400',
  '-1e400',
  '1e-400',
  '-1e-400',
  '9.99e9999',
  '1e-9999',
  `${'9'.repeat(309)}`,
  `${2n ** 1024n - 2n ** 970n}`,
  `${2n ** 1024n - 2n ** 970n - 1n}`,
];
const ROWS = [
  { Id: 1, Price: '1', Score: 1, S2: 0.1, Big: 9223372036854775807n },
  { Id: 2, Price: '-2.5', Score: 1.986180061783107e154, S2: 9.051007859017692e153, Big: -9223372036854775808n },
  { Id: 3, Price: '0', Score: 1.6001804890702033e154, S2: 1.1234314798494248e154, Big: 3037000500n },
  { Id: 4, Price: '12345678901234567890.123456789', Score: -0.7, S2: 0.1, Big: 0n },
  // biome-ignore lint/correctness/noPrecisionLoss: 3e-324 is read as the least subnormal, as any client's text is
  { Id: 5, Price: null, Score: 5e-324, S2: 3e-324, Big: null },
  // The largest DECIMAL(65,30).
  { Id: 6, Price: '99999999999999999999999999999999999.999999999999999999999999999999', Score: 2, S2: 2, Big: 99999n },
  // Products and quotients just above and just below the largest double, where the sum of the
  // operands' LOG10 is on the other side of LOG10 of the largest double.
  { Id: 7, Price: null, Score: 1.7408279776750855e156, S2: 1.0326655809284381e152, Big: null },
  { Id: 8, Price: null, Score: 4.6906905309147324e157, S2: 3.83247012996127e150, Big: null },
  { Id: 9, Price: null, Score: 4.580970824992843e157, S2: 2.5482496073189267e-151, Big: null },
  { Id: 10, Price: null, Score: 7.95193567613761e157, S2: 4.4234110493762645e-151, Big: null },
  // A quotient beyond 2^2048: a huge dividend over a subnormal divisor.
  { Id: 11, Price: null, Score: 1e308, S2: 1e-309, Big: null },
];
const wideRows = (): typeof ROWS => [
  ...ROWS,
  ...WIDE.map((Price, i) => ({ Id: 20 + i, Price, Score: 1, S2: 1, Big: 1n })),
];

/** `1e9999m mul 1e9999m mul …`, n factors. */
const huge = (n: number): string => Array.from({ length: n }, () => '1e9999m').join(' mul ');
const TINY = '(0.000000000000000001m mul 0.000000000000000001m mul 0.01m)';

/**
 * [filter, engines that give other ids than the reference, and which: their ids, a FilterError of
 * kind 'unsupported' naming the dialect, or the database error they raise (a documented gap)].
 */
const CASES: readonly (readonly [string, { readonly [E in EngineName]?: readonly number[] | 'unsupported' }?])[] = [
  // Double overflow near the largest double is decided exactly (MySQL/MariaDB: the largest
  // double, which the comparisons cannot tell from ±INF).
  ['Score mul S2 ge 1.7976931348623157e308'],
  ['Score mul S2 lt 1.7976931348623157e308'],
  ['Score div S2 ge 1.7976931348623157e308'],
  ['Score div S2 lt 1.7976931348623157e308'],
  // PostgreSQL computed Double mod on the operands' shortest text: mod(1, 0.1) was 0, fmod gives 0.09999999999999995.
  ['Score mod 0.1d gt 0.09'],
  ['Score mod S2 gt 0.09'],
  ['Score mod S2 lt 0'],
  ['S2 mod Score eq S2'],
  // A Decimal converted to Double rounds to ±INF or ±0 beyond the double range (PostgreSQL raised an error).
  ['Price eq Score'],
  ['Price lt Score'],
  ['Price gt 1e308'],
  ['Price lt -1e308'],
  ['Price add 0 gt 0'],
  // PostgreSQL rounds a product to 16,383 fractional digits: (1e-9999)^4 is 0 there (id 25).
  // MySQL/MariaDB would raise "DECIMAL value is out of range" for Price^4 beyond its 81 digits:
  // the factor Price^2 is clamped to 10^35 there, which keeps the sign...
  ['Price mul Price mul Price mul Price gt 0', { postgres: [1, 2, 4, 6, 20, 21, 22, 23, 24, 26, 27, 28] }],
  // ...but not the value: Price^3 / Price / Price is 8.1e-4 there for the 20-digit Price (id 4).
  // The reference divides to 34 digits (id 6 is false); PostgreSQL divides to its own precision
  // (ids 6, 26-28 true) after rounding (1e-9999)^3 to 0 (id 25); SQLite computes in REAL.
  [
    'Price mul Price mul Price div Price div Price eq Price',
    {
      postgres: [1, 2, 4, 5, 6, 7, 8, 9, 10, 11, 20, 21, 22, 23, 24, 26, 27, 28],
      sqlite: [1, 2, 4, 5, 6, 7, 8, 9, 10, 11],
      mysql: [1, 2, 5, 7, 8, 9, 10, 11],
    },
  ],
  // Extremes of MySQL's decimal arithmetic: a clamped product divided by 10^-38 (the smallest
  // Decimal it computes), sums and rounding of products, integers converted. None may fail.
  // PostgreSQL: a quotient below 10^-1000 is 0 (ids 22, 23, 25), and (1e-9999)^2 is 0 (id 25).
  [`(Price mul Price) mul (Price mul Price) div ${TINY} gt 0`, { postgres: [1, 2, 4, 6, 20, 21, 24, 26, 27, 28] }],
  [
    `(Price mul Price) mul (Price mul Price) div ${TINY} div ${TINY} gt 0`,
    { postgres: [1, 2, 4, 6, 20, 21, 24, 26, 27, 28] },
  ],
  [`Price mul Price mod ${TINY} ge 0`],
  [
    'Price mul Price add Price mul Price add Price mul Price mul Price gt 0',
    { postgres: [1, 4, 6, 20, 22, 23, 24, 26, 27, 28] },
  ],
  ['round(Price mul Price mul 10) mul Price mul Price gt 0'],
  ['Big mul Big mul Big mul Price mul Price gt 0', { postgres: [1, 6, 20, 21, 22, 23, 24, 26, 27, 28] }],
  // MariaDB keeps 1e-60 inside a product; MySQL's dialect rounds a computed divisor to 38
  // fractional digits (0 here: no quotient), where dividing by it would pass 81 digits.
  // PostgreSQL: 1e-9999 / 1e-60 is below 10^-1000, so 0 (id 25).
  [
    'Price div (0.000000000000000000000000000001m mul 0.000000000000000000000000000001m) gt 0',
    { postgres: [1, 4, 6, 20, 22, 24, 26, 27, 28], mysql: [] },
  ],
  // A quotient compared is MySQL's rounded to the dividend's scale (at least 30) plus 4 decimals;
  // in further arithmetic MySQL keeps more of its digits, so (1 / 3) * 3 is 1 there (ids 1, 2),
  // where the reference's 34 digits times 3 are not, and the largest DECIMAL(65,30) / 3 is exact
  // (id 6). PostgreSQL divides to its own precision: exactly where the quotient ends within the
  // operands' scale (ids 6, 26, 27; the reference keeps 34 digits). SQLite: REAL.
  [
    '(Price div 3m) mul 3m eq Price',
    {
      postgres: [3, 4, 5, 6, 7, 8, 9, 10, 11, 24, 26, 27],
      sqlite: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
      mysql: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11],
    },
  ],
  // MariaDB's Decimal MOD made the zero remainder of -2.5 by -2.5 compare below 0 (found by
  // decimal.prop.test.ts as '-((0m add C)) eq (A mod A)' for A = -0.1, C = 0).
  ['Price mod Price eq 0'],
  ['Price mod Price lt 0'],
  ['-((0m add Price)) eq (Price mod Price)'],
  // ...and so the integer MOD (in DECIMAL(65,0)) of -2^63 by itself (found as '(N mod N) eq -(A)'
  // for N = -1000000000, A = 0).
  ['Big mod Big eq 0'],
  ['(Big mod Big) eq -(Price)'],
  // MySQL computes in 81 digits: the square of the largest DECIMAL(65,30) loses digits there
  // (its last six integer digits are 0, not 800000). SQLite: REAL.
  ['Price mul Price mod 1000000m gt 799999', { sqlite: [], mysql: [4] }],
  // PostgreSQL's numeric ends below 10^131072: where a product could pass it, a factor is
  // clamped to 10^60000 (no error)...
  [`Price mul ${huge(14)} gt 0`],
  // ...which changes its value: 10^60000 * 10^9999 is not above 10^109989. MySQL clamps the
  // literals to DECIMAL(65,30) and the factors to 10^35 (10^70 on both sides); SQLite reads
  // 1e9999 as Infinity.
  [`Price mul ${huge(12)} gt ${huge(11)}`, { postgres: [], sqlite: [], mysql: [] }],
  // MySQL/MariaDB compute integers in DECIMAL(65,0): Int64^4 can reach 76 digits, so the dialect
  // refuses it at compile time; Int64^3 times 10^8 stays within 65 digits and is exact.
  ['Big mul Big mul Big mul Big gt 0', { mysql: 'unsupported' }],
  ['-Big mul Big mul Big mul Big lt 0', { mysql: 'unsupported' }],
  ['Big mul Big mul Big gt 0'],
  ['Big mul Big mul Big mul 100000000 lt 0'],
  ['Big mul Big mul Big mul 1000000000 lt 0', { mysql: 'unsupported' }],
  // An integer product beyond the Double range converted to Double is ±INF (PostgreSQL's cast
  // raised an error); MySQL refuses it at compile time (beyond 65 digits).
  [`${Array(17).fill('Big').join(' mul ')} lt 0.0d`, { mysql: 'unsupported' }],
  [`${Array(17).fill('Big').join(' mul ')} gt 1e308`, { mysql: 'unsupported' }],
  // 1e-9999 is 0 as SQLite's REAL and as MySQL's DECIMAL(65,30) (clamped literal).
  ['Price div 1e-9999m gt 0', { sqlite: [], mysql: [] }],
  // The reference rounds a Decimal result to 1,000 significant digits, half to even: 10^999 + 0.5
  // is 10^999 there (and so is P * 10^999 + 0.5 for every non-zero P of this table). PostgreSQL's
  // numeric is exact: only null eq null (ids 5, 7-11). MySQL clamps the literal to DECIMAL(65,30);
  // SQLite reads it as the REAL Infinity, and 0 times Infinity is NULL there (id 3).
  ['1e999m add 0.5m eq 1e999m', { postgres: [], mysql: [] }],
  [
    'Price mul 1e999m add 0.5m eq Price mul 1e999m',
    { postgres: [5, 7, 8, 9, 10, 11], sqlite: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], mysql: [5, 7, 8, 9, 10, 11] },
  ],
  // PostgreSQL rounds a product to 16,383 fractional digits: 1e-19998 is 0 there.
  ['Price mul 1e-9999m mul 1e-9999m gt 0', { postgres: [24], sqlite: [], mysql: [] }],
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: boundary values`, () => {
    // MySQL DECIMAL(65,30) cannot store them; SQLite stores Decimal as REAL.
    const rows = setup.name === 'postgres' ? wideRows() : ROWS;
    const engine = engineFor(setup, schema, rows);
    for (const [filter, differs] of CASES)
      it(filter, async () => {
        const typed = check(filter, schema);
        const expected = differs?.[setup.name];
        if (expected === 'unsupported') {
          expect(() => compileSql(typed, { dialect: setup.dialect })).toThrow(
            expect.objectContaining({
              kind: 'unsupported',
              message: expect.stringContaining(`the ${setup.dialect.name} SQL dialect`),
            }),
          );
          return;
        }
        const predicate = compilePredicate(typed);
        const ids = expected ?? rows.filter((r) => predicate(r)).map((r) => r.Id);
        expect(await engine().ids(compileSql(typed, { dialect: setup.dialect }))).toEqual(ids);
      });
  });
}
