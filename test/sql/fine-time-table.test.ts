// Finer literals over the temporal table's rows on the three engines (docs/semantics.md, "SQL
// backends: differences"): a comparison has the reference's ids, and a finer value the engine
// would have to compute with is refused by name.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FINE_LITERAL_CASES } from '../support/fine-time-table.js';
import { temporalRows, temporalSchema } from '../support/temporal-table.js';
import { thrown } from '../support/thrown.js';
import { engineFor, ENGINES } from './engines.js';

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: values finer than a millisecond`, () => {
    const engine = engineFor(setup, temporalSchema, temporalRows);
    it.each(FINE_LITERAL_CASES.map((c) => [c.filter, c] as const))('%s', async (filter, { ids, refused }) => {
      const compile = () => compileSql(check(filter, temporalSchema), { dialect: setup.dialect });
      if (refused) {
        expect(thrown(compile)).toMatchObject({
          kind: 'unsupported',
          construct: 'sub_millisecond_precision',
          target: setup.name,
        });
        return;
      }
      expect(await engine().ids(compile())).toEqual(ids);
    });
  });
}
