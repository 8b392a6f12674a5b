// The temporal evaluation table on the three engines, with now() from the table's clock. Each
// documented difference (docs/semantics.md, "SQL backends: differences") is listed with the ids
// the engine returns instead.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { TEMPORAL_NOW, temporalCases, temporalRows, temporalSchema } from '../support/temporal-table.js';
import { engineFor, ENGINES } from './engines.js';
import { thrown } from '../support/thrown.js';

/**
 * MySQL's DATETIME begins at 1000-01-01: an instant computed before it is NULL there, and a
 * literal before it (`mindatetime()` is 0001-01-01) is refused as 'unsupported'.
 */
const KNOWN: readonly { readonly filter: string; readonly engine: string; readonly ids?: readonly number[] }[] = [
  { filter: 'Due gt mindatetime() and Due lt maxdatetime()', engine: 'mysql' },
  { filter: "Due sub duration'PT0.001S' lt 1000-01-01T00:00:00Z", engine: 'mysql', ids: [] },
  { filter: 'Due add Wait gt 2012-12-04T00:00:00Z', engine: 'mysql', ids: [1, 2, 7] },
  { filter: 'Due add Wait eq null', engine: 'mysql', ids: [3, 4, 5, 6] },
  { filter: 'not (Due add Wait gt 2012-12-04T00:00:00Z)', engine: 'mysql', ids: [3, 4, 5, 6, 8] },
  { filter: 'Day add Wait gt Due', engine: 'mysql', ids: [7] },
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: the temporal evaluation table`, () => {
    const engine = engineFor(setup, temporalSchema, temporalRows);

    it.each(temporalCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
      const known = KNOWN.find((k) => k.filter === filter && k.engine === setup.name);
      const compile = () =>
        compileSql(check(filter, temporalSchema), { dialect: setup.dialect, clock: () => TEMPORAL_NOW });
      if (known && !known.ids) {
        expect(thrown(compile)).toMatchObject({ kind: 'unsupported', target: setup.name });
        return;
      }
      expect(await engine().ids(compile())).toEqual(known?.ids ?? ids);
    });
  });
}
