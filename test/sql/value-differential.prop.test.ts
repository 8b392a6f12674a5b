// The value differential: random computed expressions of every type over random rows, on each SQL
// engine, give the reference's values, not only the reference's Boolean answers.
// - Text: `cast(e, Edm.String)` selected for every row is the in-memory reference's text (a
//   computed Duration, an integer quotient, a Double as a Decimal: issue 28's counterexamples).
// - Order: `$orderby=e` followed from the first page through the keyset `next` links of
//   odata-filter/query (whose skiptokens carry that same text) visits every row once, in the
//   reference's order.
// What an engine cannot match is left uncompared by the rules of the filter differential
// (documented-differences.ts, decided from the reference's values), or refused by name; the
// query still runs and must not fail.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileValueReader } from '../../src/backends/memory/interpret.js';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compileSqlValue } from '../../src/backends/sql/compile.js';
import { compileSqlQuery, pageOf } from '../../src/backends/sql/index.js';
import { isFilterError } from '../../src/errors.js';
import { nextLink, parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { check } from '../../src/types/check.js';
import type { TypedExpr, TypedFilter } from '../../src/types/typed.js';
import { arbValueText, testSchema, type ArbOptions } from '../support/arbitraries.js';
import { REFUSED_CASTS } from '../support/cast-table.js';
import { runs } from '../support/test-size.js';
import { arbStorableRows, documentedDifference, isAscii } from './documented-differences.js';
import { DOCUMENTED_UNSUPPORTED, engineFor, ENGINES } from './engines.js';
import type { EngineSetup } from './engines.js';
import { TEST_KEYSET } from '../support/keyset-key.js';

const EXPRESSIONS_PER_LOAD = 6;
const BASE = 'https://example.test/items';
const keyset: QueryResource = {
  schema: testSchema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 2, maxTop: 1000, keyset: TEST_KEYSET },
};

/** Value expressions one to three deep, the shallow ones (where each operator is the outermost) drawn most. */
const arbExpression = (options: ArbOptions): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: arbValueText(testSchema, { ...options, maxDepth: 1 }), weight: 3 },
    { arbitrary: arbValueText(testSchema, { ...options, maxDepth: 2 }), weight: 2 },
    { arbitrary: arbValueText(testSchema, { ...options, maxDepth: 3 }), weight: 1 },
  );

const show = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x));

/** `cast(e, Edm.String) eq null` checked: its left operand is the text of e, and the filter decides the differences. */
function textOf(expression: string): { filter: TypedFilter; text: TypedExpr } {
  const filter = check(`cast(${expression}, Edm.String) eq null`, testSchema);
  const root = filter.root;
  if (root.kind !== 'compare') throw new Error(`not a comparison: ${filter.text}`);
  return { filter, text: root.left };
}

/** Whether the dialect refuses the expression by name (a documented difference), or undefined to run it. */
function refusedByName(setup: EngineSetup, error: unknown): boolean {
  if (!isFilterError(error) || error.kind !== 'unsupported') return false;
  return REFUSED_CASTS[setup.name].includes(error.construct ?? '') || DOCUMENTED_UNSUPPORTED.test(error.message);
}

/** The reference's text of the expression at each row, by Id. */
function referenceTexts(text: TypedExpr, rows: readonly Record<string, unknown>[]): Map<number, unknown> {
  const { read } = compileValueReader(text);
  return new Map(rows.map((row) => [row.Id as number, read(row)]));
}

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: computed values as the in-memory reference`, () => {
    const engine = engineFor(setup);
    const options = { finiteDoubles: setup.finiteDoubles, earlyInstants: setup.name !== 'mysql', maxRows: 8 };
    const quote = (name: string): string => setup.dialect.quoteIdentifier(name);

    it(`the text of random expressions (${runs(10) * EXPRESSIONS_PER_LOAD} expressions)`, async () => {
      let compared = 0;
      await fc.assert(
        fc.asyncProperty(
          arbStorableRows(testSchema, options),
          fc.array(arbExpression(options), {
            minLength: EXPRESSIONS_PER_LOAD,
            maxLength: EXPRESSIONS_PER_LOAD,
          }),
          async (rows, expressions) => {
            await engine().load(testSchema, rows);
            const asciiRows = isAscii(rows);
            for (const expression of expressions) {
              const { filter, text } = textOf(expression);
              let compiled;
              try {
                compiled = compileSqlValue(text, { dialect: setup.dialect });
              } catch (error) {
                if (refusedByName(setup, error)) continue;
                throw error;
              }
              const read = await engine().query(
                `SELECT ${quote('Id')} AS id, ${compiled.sql} AS v FROM items ORDER BY ${quote('Id')}`,
                compiled.params,
              );
              if (documentedDifference(setup, filter.text ?? '', filter, rows, asciiRows)) continue;
              compared++;
              const expected = referenceTexts(text, rows);
              for (const { id, v } of read)
                expect(v ?? null, `${filter.text} at ${id}\n${compiled.sql}\nrows ${show(rows)}`).toBe(
                  expected.get(Number(id)) ?? null,
                );
            }
          },
        ),
        { numRuns: runs(10) },
      );
      expect(compared).toBeGreaterThan(runs(10) * 2);
    });

    it(`keyset pages ordered by random expressions (${runs(10) * 4} orders)`, async () => {
      await fc.assert(
        fc.asyncProperty(
          arbStorableRows(testSchema, options),
          fc.array(fc.tuple(arbExpression(options), fc.boolean(), fc.integer({ min: 1, max: 3 })), {
            minLength: 4,
            maxLength: 4,
          }),
          async (rows, orders) => {
            await engine().load(testSchema, rows);
            const asciiRows = isAscii(rows);
            for (const [expression, descending, top] of orders) {
              const { filter } = textOf(expression);
              // Under a documented difference the engine's texts may be other keys' (a token the
              // next page then refuses): the pages must still be read without a database error.
              const differs = documentedDifference(setup, filter.text ?? '', filter, rows, asciiRows);
              const orderby = `${expression}${descending ? ' desc' : ''}`;
              let plan;
              try {
                plan = parseQuery(
                  new URLSearchParams([
                    ['$orderby', orderby],
                    ['$top', '1000'],
                  ]),
                  keyset,
                );
              } catch (error) {
                // An order the request refuses on every backend alike (`$orderby=null` names no property).
                if (isFilterError(error)) continue;
                throw error;
              }
              const whole = applyQuery(rows, plan);
              const expected = whole.items.map((r) => r.Id as number);
              let url: string | undefined = `${BASE}?${new URLSearchParams([
                ['$orderby', orderby],
                ['$top', String(top)],
              ]).toString()}`;
              const seen: number[] = [];
              try {
                while (url !== undefined) {
                  const plan = parseQuery(new URL(url).search, keyset);
                  const query = compileSqlQuery(plan, { dialect: setup.dialect, from: 'items', table: 'items' });
                  const page = pageOf(await engine().query(query.data.sql, query.data.params), plan);
                  seen.push(...page.items.map((r) => Number(r.Id)));
                  url = nextLink(url, plan, page.more, page.skipToken);
                  if (seen.length > expected.length) break;
                }
              } catch (error) {
                if (refusedByName(setup, error) || (differs && isFilterError(error))) continue;
                throw error;
              }
              if (differs) continue;
              expect(seen, `$orderby=${orderby}, $top=${top}\nrows ${show(rows)}`).toEqual(expected);
            }
          },
        ),
        { numRuns: runs(10) },
      );
    });
  });
}
