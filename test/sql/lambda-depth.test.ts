// Lambdas nested deeply, and deep filters inside nested lambdas, on the engines: each runs and
// gives the reference's ids, or is refused with a FilterError of kind 'limit'; never a database
// error (SQLite counts nested subqueries' heights together, PGlite runs out of stack on nested
// NOT EXISTS sooner than on other subqueries, MariaDB nests at most 63 SELECTs).

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { defineSchema } from '../../src/types/schema.js';
import { lambdaRows, lambdaSchema } from '../support/lambda-table.js';
import { loadWithChildTables } from './child-tables.js';
import { DEEP_SCHEMA, SHAPES } from './deep-shapes.js';
import { engineFor, ENGINES } from './engines.js';

/** `Tags/any(a1: Tags/any(a2: … body))`, n deep; the body may name the innermost variable `a<n>`. */
function nested(n: number, op: 'any' | 'all', body: string): string {
  let text = body;
  for (let i = n; i >= 1; i--) text = `Tags/${op}(a${i}: ${text})`;
  return text;
}

/** Each nesting, and the ids it matches at any depth on the lambda table's rows. */
const NESTINGS = {
  any: { make: (n: number) => nested(n, 'any', `a${n} eq 'red'`), ids: [1, 5] },
  all: { make: (n: number) => nested(n, 'all', `a${n} eq 'red'`), ids: [2, 3, 4] },
  count: { make: (n: number) => nested(n - 1, 'any', 'Tags/$count gt 0'), ids: [1, 5, 6, 7] },
};

const DEEP_LAMBDAS = { maxLambdaDepth: 64, maxDepth: 200 };

const LAMBDA_DEEP_SCHEMA = defineSchema({
  name: 'T',
  properties: { ...Object.fromEntries(DEEP_SCHEMA.properties), Xs: { collection: 'Edm.Int32' } } as never,
});

for (const setup of ENGINES) {
  for (const json of [false, true]) {
    describe.skipIf(!setup.available())(
      `${setup.name}: lambdas nested deeply, over ${json ? 'a JSON column' : 'a child table'}`,
      () => {
        const engine = engineFor(setup);
        let collections: CollectionStorage;

        for (const [name, { make, ids }] of Object.entries(NESTINGS)) {
          it(`${name}, 1 to 64 deep: the reference's ids or a limit FilterError, at least 4 deep compiled`, async () => {
            collections ??= await loadWithChildTables(engine(), lambdaSchema, lambdaRows, json);
            let deepestRun = 0;
            for (let n = 1; n <= 64; n++) {
              let compiled;
              try {
                compiled = compileSql(check(make(n), lambdaSchema, DEEP_LAMBDAS), {
                  dialect: setup.dialect,
                  table: 'items',
                  collections,
                });
              } catch (error) {
                expect(error).toBeInstanceOf(FilterError);
                expect(error).toMatchObject({ kind: 'limit' });
                continue;
              }
              expect(await engine().ids(compiled), make(n)).toEqual(ids);
              deepestRun = n;
            }
            expect(deepestRun).toBeGreaterThanOrEqual(4);
          }, 60_000);
        }
      },
    );
  }

  describe.skipIf(!setup.available())(`${setup.name}: deep filters inside four nested lambdas`, () => {
    const rows = [
      { Id: 1, I: 3, L: 5n, M: '1.5', D: 2.5, S: 'ab', T: new Date(0), Xs: [1, 2] },
      { Id: 2, I: null, L: null, M: null, D: null, S: null, T: null, Xs: [null] },
    ];
    const engine = engineFor(setup);
    let collections: CollectionStorage;
    const inLambdas = (shape: string): string => `Xs/all(a1: Xs/all(a2: Xs/any(a3: Xs/all(a4: ${shape}))))`;

    for (const [name, make] of Object.entries(SHAPES)) {
      it(`${name}, as deep as the parser allows`, async () => {
        collections ??= await loadWithChildTables(engine(), LAMBDA_DEEP_SCHEMA, rows);
        let n = 99;
        let typed;
        for (; n > 0 && typed === undefined; n--) {
          try {
            typed = check(inLambdas(make(n)), LAMBDA_DEEP_SCHEMA, { maxStringCost: Infinity });
          } catch {
            // beyond a parse limit: try shallower
          }
        }
        let compiled;
        try {
          compiled = compileSql(typed!, { dialect: setup.dialect, table: 'items', collections });
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          return;
        }
        await engine().ids(compiled);
      });
    }
  });
}
