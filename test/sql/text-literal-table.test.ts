// The table of texts read as literals (docs/semantics.md §11, "From text") on the three engines:
// every text reads as the value beside it or null, isof holds exactly where it is a literal, and
// no text makes the engine raise an error. A type whose text a dialect cannot read exactly is
// refused by name (REFUSED_CASTS, docs/semantics.md "SQL backends: differences").

import { describe, expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { REFUSED_CASTS } from '../support/cast-table.js';
import {
  FINER_TEXT_LITERALS,
  IS_LITERAL,
  READS_AS_VALUE,
  TEXT_LITERALS,
  textLiteralRows,
  textLiteralSchema,
} from '../support/text-literal-table.js';
import { thrown } from '../support/thrown.js';
import { engineFor, ENGINES } from './engines.js';

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: texts read as literals`, () => {
    const engine = engineFor(setup);
    it.each(TEXT_LITERALS.map(([type, cases]) => [type, cases] as const))('%s', async (type, cases) => {
      const schema = textLiteralSchema(type);
      const reads = check(READS_AS_VALUE(type), schema);
      const tests = check(IS_LITERAL(type), schema);
      const construct = `cast(Edm.String, ${type})`;
      if (REFUSED_CASTS[setup.name].includes(construct)) {
        for (const typed of [reads, tests])
          expect(thrown(() => compileSql(typed, { dialect: setup.dialect }))).toMatchObject({
            kind: 'unsupported',
            construct,
            target: setup.name,
          });
        return;
      }
      const rows = textLiteralRows(cases);
      await engine().load(schema, rows);
      const ids = async (typed: typeof reads) => engine().ids(compileSql(typed, { dialect: setup.dialect }));
      const matched = await ids(reads);
      expect(rows.filter((row) => !matched.includes(row.Id)).map((row) => JSON.stringify(row.Text))).toEqual([]);
      expect(await ids(tests)).toEqual(rows.filter((r) => r.Value !== null).map((r) => r.Id));
    });
  });
}

// docs/semantics.md, "SQL backends: differences": a text finer than a millisecond, a value the
// reference reads, is NULL here, where values are milliseconds.
for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: texts finer than a millisecond`, () => {
    const engine = engineFor(setup);
    it.each(FINER_TEXT_LITERALS.map(([type, cases]) => [type, cases] as const))(
      '%s reads as NULL',
      async (type, cases) => {
        const schema = textLiteralSchema(type);
        const rows = textLiteralRows(cases.map(([text]) => [text, null]));
        await engine().load(schema, rows);
        const ids = async (filter: string) =>
          engine().ids(compileSql(check(filter, schema), { dialect: setup.dialect }));
        expect(await ids(READS_AS_VALUE(type))).toEqual(rows.map((row) => row.Id));
        expect(await ids(IS_LITERAL(type))).toEqual([]);
      },
    );
  });
}
