// A String cast to every type through MongoDB's semantics (the mingo harness, which fails where
// MongoDB would raise an error), from hostile texts (docs/semantics.md §11, "From text"): no text
// fails, each reads as the reference reads it, and isof holds where the reference's does; a cast
// MongoDB cannot compute exactly (REFUSED_CASTS) is refused for every text.

import fc from 'fast-check';
import { expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { check } from '../../src/types/check.js';
import { decimal128, mongoQuery, toMongoDocument } from '../engines/mingo.js';
import { REFUSED_CASTS } from '../support/cast-table.js';
import { TEXT_CAST_TARGETS } from '../support/literal-texts.js';
import { arbCastTexts, isLiteral, readsAsValue, textCastRows, textCastSchema } from '../support/text-cast-rows.js';
import { LONG, runs } from '../support/test-size.js';
import { thrown } from '../support/thrown.js';

const refused = TEXT_CAST_TARGETS.filter((type) => REFUSED_CASTS.mongodb.includes(`cast(Edm.String, ${type})`));
const queries = TEXT_CAST_TARGETS.filter((type) => !refused.includes(type)).map((type) => {
  const [reads, tests] = [readsAsValue(type), isLiteral(type)].map((f) =>
    mongoQuery(compileMongo(check(f, textCastSchema), { decimal: decimal128 })),
  );
  return { type, reads: reads!, tests: tests! };
});

it('refuses by name the casts of a String MongoDB cannot compute exactly', () => {
  expect(refused).toEqual(['Edm.Decimal', 'Edm.Double', 'Edm.Single', 'Edm.Binary']);
  for (const type of refused)
    expect(thrown(() => compileMongo(check(isLiteral(type), textCastSchema)))).toMatchObject({
      kind: 'unsupported',
      construct: `cast(Edm.String, ${type})`,
      target: 'mongodb',
    });
});

it(
  'reads every text as the reference does, and fails on none',
  () => {
    fc.assert(
      fc.property(arbCastTexts, (texts) => {
        const rows = textCastRows(texts, refused);
        const docs = rows.map((row) => toMongoDocument(textCastSchema, row));
        for (const { type, reads, tests } of queries) {
          const ids = (query: typeof reads) => rows.filter((_, i) => query.test(docs[i]!)).map((r) => r.Id);
          const show = `${type} of ${JSON.stringify(texts)}`;
          expect(ids(reads), show).toEqual(rows.map((r) => r.Id));
          expect(ids(tests), show).toEqual(rows.filter((r) => r[type.slice(4)] !== null).map((r) => r.Id));
        }
      }),
      { numRuns: runs(200) },
    );
  },
  LONG ? 900_000 : 60_000,
);
