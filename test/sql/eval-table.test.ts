// The evaluation table of the in-memory reference, run on all three engines with the same expected
// ids. Rows an engine cannot store (NaN and ±Infinity in SQLite and MariaDB) are left out there,
// and so are they from the expected ids; every other difference is listed in KNOWN below.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { evalCases, evalRows, evalSchema, NON_FINITE_IDS } from '../support/eval-table.js';
import { engineFor, ENGINES } from './engines.js';
import { KNOWN_DIFFERENCES } from './known-differences.js';

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: the evaluation table`, () => {
    const rows = setup.finiteDoubles ? evalRows.filter((r) => !NON_FINITE_IDS.includes(r.Id)) : evalRows;
    const engine = engineFor(setup, evalSchema, rows);

    it.each(evalCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
      const known = KNOWN_DIFFERENCES.find((k) => k.filter === filter && k.engines.includes(setup.name));
      let compiled;
      try {
        compiled = compileSql(check(filter, evalSchema), { dialect: setup.dialect });
      } catch (error) {
        if (error instanceof FilterError && known?.unsupported) {
          expect(error.kind).toBe('unsupported');
          return;
        }
        throw error;
      }
      expect(known?.unsupported, 'listed as unsupported but compiles').toBeFalsy();
      const expected = ids.filter((id) => rows.some((r) => r.Id === id));
      const actual = await engine().ids(compiled);
      expect(actual).toEqual(known?.ids ?? expected);
    });
  });
}
