// `cast(Double, Edm.Decimal)` on PostgreSQL (src/backends/sql/dialects/postgres-double-decimal.ts)
// is the decimal of JavaScript's shortest round-trip text of the Double, for random Doubles of
// every magnitude and for the rounding midpoints where float8's text is longer: the short decimals
// halfway between two Doubles (1e23), read as the even one. MySQL and MongoDB refuse the cast by
// name, and SQLite's Decimals are REAL (docs/semantics.md, "SQL backends: differences").

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileValueReader } from '../../src/backends/memory/interpret.js';
import { compileSqlValue } from '../../src/backends/sql/compile.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { runs } from '../support/test-size.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'Sample',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, X: 'Edm.Double' },
});
const postgres = ENGINES.find((e) => e.name === 'postgres')!;

/** Decimals s·10^e whose odd part has 54 bits: each lies halfway between two Doubles. */
const MIDPOINTS: readonly number[] = (() => {
  const found: number[] = [];
  for (let s = 1n; s < 100n; s++)
    for (let e = 0n; e < 300n; e++) {
      let odd = s * 10n ** e;
      while (odd % 2n === 0n) odd /= 2n;
      if (odd.toString(2).length === 54) found.push(Number(s * 10n ** e));
    }
  return found;
})();

const arbDouble = fc.oneof(
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constantFrom(...MIDPOINTS).chain((x) => fc.constantFrom(x, -x)),
  fc.constantFrom(0, -0, 5e-324, 1.7976931348623157e308, 1e21, 1e-7, 0.1, 2 ** 53 + 2),
);

describe.skipIf(!postgres.available())('postgres: cast(Double, Edm.Decimal)', () => {
  const engine = engineFor(postgres);
  const cast = check('cast(cast(X, Edm.Decimal), Edm.String) eq null', schema).root;
  if (cast.kind !== 'compare') throw new Error('not a comparison');
  const reference = compileValueReader(cast.left).read;
  const compiled = compileSqlValue(cast.left, { dialect: postgres.dialect });

  it('finds midpoints whose float8 text is longer than JavaScript’s', () => {
    expect(MIDPOINTS.length).toBeGreaterThan(20);
    expect(MIDPOINTS).toContain(1e23);
  });

  it('is the decimal of JavaScript’s shortest text', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(arbDouble, { minLength: 1, maxLength: 40 }), async (doubles) => {
        const rows = doubles.map((X, i) => ({ Id: i + 1, X }));
        await engine().load(schema, rows);
        const read = await engine().query(
          `SELECT "Id" AS id, ${compiled.sql} AS v FROM items ORDER BY "Id"`,
          compiled.params,
        );
        expect(read.map((r) => r.v)).toEqual(rows.map((row) => reference(row)));
      }),
      { numRuns: runs(20) },
    );
  });
});
