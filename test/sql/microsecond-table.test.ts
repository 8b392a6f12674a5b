// The microsecond table (test/support/microsecond-table.ts) on every engine under microsecond
// storage (docs/sql.md, "Column types"): the reference's ids, and a constant finer than a
// microsecond that the engine would compute with refused by name.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { MICROSECOND_CASES, microsecondRows, microsecondSchema } from '../support/microsecond-table.js';
import { thrown } from '../support/thrown.js';
import { engineFor, MICROSECOND_ENGINES } from './engines.js';

for (const setup of MICROSECOND_ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: times stored in microseconds`, () => {
    const engine = engineFor(setup, microsecondSchema, microsecondRows);
    it.each(MICROSECOND_CASES.map((c) => [c.filter, c] as const))('%s', async (filter, { ids, refused }) => {
      const compile = () => compileSql(check(filter, microsecondSchema), { dialect: setup.dialect });
      if (refused) {
        expect(thrown(compile)).toMatchObject({
          kind: 'unsupported',
          construct: 'sub_microsecond_precision',
          target: setup.name,
        });
        return;
      }
      expect(await engine().ids(compile())).toEqual(ids);
    });
  });
}
