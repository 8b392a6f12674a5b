// The MySQL dialect names a value used twice through JSON_TABLE(JSON_ARRAY(x), …), which MariaDB
// allows with outer columns (a derived table does not). That round trip through JSON text must
// give back exactly the value: every DOUBLE (subnormals and the largest too), DECIMAL(65,30),
// DECIMAL(65,0) (beyond BIGINT) and utf8mb4 text, with NULL kept NULL.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { mariadbAvailable, startMariadb } from '../engines/mariadb.js';
import type { Engine } from '../engines/rows.js';

const roundTrip = (type: string, cast: string): string =>
  `SELECT (SELECT _f.v FROM JSON_TABLE(JSON_ARRAY(s.x), '$' COLUMNS (v ${type} PATH '$[0]')) AS _f) <=> s.x AS same FROM (SELECT CAST(? AS ${cast}) AS x) AS s`;

const DOUBLES = [
  1.7976931348623157e308,
  -1.7976931348623157e308,
  5e-324,
  -5e-324,
  2.2250738585072014e-308,
  2.225073858507201e-308,
  4.9e-320,
  0.1,
  1 / 3,
  // biome-ignore lint/correctness/noPrecisionLoss: 2^53 + 1, which a double cannot hold, is the point
  9007199254740993,
  -0,
];
const DECIMALS = [
  '99999999999999999999999999999999999.999999999999999999999999999999',
  '-0.000000000000000000000000000001',
  '12345678901234567890123456789012345.123456789012345678901234567891',
  '0',
];
const INTEGERS = [
  '-9223372036854775808',
  '9223372036854775807',
  '99999999999999999999999999999999999999999999999999999999999999999',
  '-12345678901234567890123456789012345678901234567890123456789012345',
];
const STRINGS = ['', 'a', 'é', '𝄞 astral', '"quoted" \\ back\\slash', 'tab\tnew\nline', 'ß İ Ω', '\u0001\u001f'];

describe.skipIf(!mariadbAvailable())('MariaDB: JSON_TABLE round trips', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await startMariadb();
  });
  afterAll(async () => {
    await engine?.close();
  });
  const same = async (type: string, cast: string, value: unknown): Promise<number> =>
    Number((await engine.query(roundTrip(type, cast), [value]))[0]!.same);

  it('DOUBLE: the boundary values and random bit patterns', async () => {
    for (const d of DOUBLES) expect(await same('DOUBLE', 'DOUBLE', d), String(d)).toBe(1);
    await fc.assert(
      fc.asyncProperty(fc.double({ noNaN: true, noDefaultInfinity: true }), async (d) => {
        expect(await same('DOUBLE', 'DOUBLE', d), String(d)).toBe(1);
      }),
      { numRuns: 300 },
    );
  });
  it('DECIMAL(65,30) and DECIMAL(65,0)', async () => {
    for (const v of DECIMALS) expect(await same('DECIMAL(65,30)', 'DECIMAL(65,30)', v), v).toBe(1);
    for (const v of INTEGERS) expect(await same('DECIMAL(65,0)', 'DECIMAL(65,0)', v), v).toBe(1);
  });
  it('utf8mb4 text, byte for byte', async () => {
    for (const s of STRINGS) {
      const rows = await engine.query(
        `SELECT CAST((SELECT _f.v FROM JSON_TABLE(JSON_ARRAY(s.x), '$' COLUMNS (v LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin PATH '$[0]')) AS _f) AS BINARY) = CAST(s.x AS BINARY) AS same FROM (SELECT CONVERT(? USING utf8mb4) AS x) AS s`,
        [s],
      );
      expect(Number(rows[0]!.same), JSON.stringify(s)).toBe(1);
    }
  });
  it('NULL stays NULL, and outer columns are allowed', async () => {
    const rows = await engine.query(
      `SELECT (SELECT _f.v + 1 FROM JSON_TABLE(JSON_ARRAY(s.x), '$' COLUMNS (v DOUBLE PATH '$[0]')) AS _f) AS r FROM (SELECT 1.5e0 AS x UNION ALL SELECT NULL) AS s`,
    );
    expect(rows.map((r) => r.r)).toEqual([2.5, null]);
  });
});
