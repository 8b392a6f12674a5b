// A String cast to every type on the three engines, from hostile texts (docs/semantics.md §11,
// "From text"): literals of every type and near misses of them, any code points, runs of
// thousands of digits. No text may make an engine raise an error, each reads as the reference
// reads it, and isof holds where the reference's does; a cast the dialect refuses by name
// (REFUSED_CASTS) is refused for every text.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { REFUSED_CASTS } from '../support/cast-table.js';
import { TEXT_CAST_TARGETS } from '../support/literal-texts.js';
import { arbCastTexts, isLiteral, readsAsValue, textCastRows, textCastSchema } from '../support/text-cast-rows.js';
import { LONG, runs } from '../support/test-size.js';
import { thrown } from '../support/thrown.js';
import { engineFor, ENGINES, withoutNul } from './engines.js';

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: a String cast to every type`, () => {
    const engine = engineFor(setup);
    const refused = TEXT_CAST_TARGETS.filter((type) => REFUSED_CASTS[setup.name].includes(`cast(Edm.String, ${type})`));
    const compiled = TEXT_CAST_TARGETS.map((type) => {
      const construct = `cast(Edm.String, ${type})`;
      const filters = [readsAsValue(type), isLiteral(type)].map((f) => check(f, textCastSchema));
      if (REFUSED_CASTS[setup.name].includes(construct)) {
        for (const typed of filters)
          expect(thrown(() => compileSql(typed, { dialect: setup.dialect }))).toMatchObject({
            kind: 'unsupported',
            construct,
          });
        return undefined;
      }
      const [reads, tests] = filters.map((typed) => compileSql(typed, { dialect: setup.dialect }));
      return { type, reads: reads!, tests: tests! };
    }).filter((c) => c !== undefined);

    it(
      'reads every text as the reference does, and raises no error',
      async () => {
        await fc.assert(
          fc.asyncProperty(arbCastTexts, async (texts) => {
            // PostgreSQL and SQLite cannot store U+0000 (docs/semantics.md, "SQL backends: differences");
            // the values of a refused cast are not stored (MySQL's DECIMAL(65,30) holds few of them).
            const rows = textCastRows(texts.map(withoutNul), refused);
            await engine().load(textCastSchema, rows);
            const all = rows.map((r) => r.Id);
            for (const { type, reads, tests } of compiled) {
              const literals = rows.filter((r) => r[type.slice(4)] !== null).map((r) => r.Id);
              const show = `${type} of ${JSON.stringify(rows.map((r) => r.Text))}`;
              expect(await engine().ids(reads), show).toEqual(all);
              expect(await engine().ids(tests), show).toEqual(literals);
            }
          }),
          { numRuns: runs(40) },
        );
      },
      LONG ? 900_000 : 120_000,
    );
  });
}
