// Differential property: random well-typed filters over random rows loaded into each engine return
// exactly the ids the in-memory reference returns, and no query raises a database error.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/check.js';
import { FilterError } from '../../src/errors.js';
import type { TypedExpr } from '../../src/typed.js';
import { arbFilterText, arbRows, testSchema } from '../support/arbitraries.js';
import type { Engine } from '../engines/rows.js';
import { ENGINES } from './engines.js';

const LONG = process.env['ODATA_FILTER_LONG'] === '1';
/** Row sets per engine; each is tried with FILTERS_PER_LOAD filters. */
const RUNS = Number(process.env['ODATA_FILTER_SQL_RUNS'] ?? (LONG ? 1000 : 20));
const FILTERS_PER_LOAD = 10;

/**
 * The documented input restrictions (docs/semantics.md, "SQL backends: differences"), each pinned
 * by a table case in differences.test.ts:
 * - PostgreSQL and SQLite cannot hold U+0000 in text: rows lose that character, and a filter
 *   literal holding it is rejected as 'unsupported'.
 * - SQLite has no exact decimal type (Decimal is REAL): a filter with any Decimal-typed
 *   sub-expression is not compared there.
 * - tolower/toupper follow each engine's case tables, which differ from JavaScript's beyond ASCII,
 *   so a filter that maps case is compared only when the rows and the filter are ASCII; a third
 *   of the row sets are ASCII-only so that those filters are exercised too.
 */
const ALLOWED_UNSUPPORTED = /U\+0000|NaN|Infinity/;
const CASE_MAPPING = /\bto(lower|upper)\s*\(/i;
const NON_ASCII = /[^\x00-\x7f]/;

function hasType(node: TypedExpr, type: string): boolean {
  if (node.type === type) return true;
  switch (node.kind) {
    case 'not':
    case 'negate':
    case 'convert':
      return hasType(node.operand, type);
    case 'compare':
    case 'arithmetic':
      return hasType(node.left, type) || hasType(node.right, type);
    case 'logical':
      return node.operands.some((o) => hasType(o, type));
    case 'in':
      return hasType(node.operand, type);
    case 'call':
      return node.args.some((a) => hasType(a, type));
    default:
      return false;
  }
}

function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (value && typeof value === 'object' && !(value instanceof Date)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  }
  return value;
}

for (const setup of ENGINES) {
  const available = setup.available();
  describe.skipIf(!available)(`${setup.name}: same rows as the in-memory reference`, () => {
    let engine: Engine;
    beforeAll(async () => {
      engine = await setup.start();
    });
    afterAll(async () => {
      await engine?.close();
    });

    it(`random filters over random rows (${RUNS * FILTERS_PER_LOAD} filters)`, async () => {
      const options = { finiteDoubles: setup.finiteDoubles };
      await fc.assert(
        fc.asyncProperty(
          fc.tuple(arbRows(testSchema, options), fc.nat(2)).map(([rows, kind]) =>
            rows.map((row) => mapStrings(row, (s) => (kind === 0 ? s.replace(/[^\x00-\x7f]/gu, '?') : s).replace(/\u0000/g, '')) as typeof row),
          ),
          fc.array(arbFilterText(testSchema, options), { minLength: FILTERS_PER_LOAD, maxLength: FILTERS_PER_LOAD }), async (rows, filters) => {
          await engine.load(testSchema, rows);
          const asciiRows = !rows.some((row) => NON_ASCII.test(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))));
          for (const text of filters) {
            if (CASE_MAPPING.test(text) && (!asciiRows || NON_ASCII.test(text))) continue;
            const typed = check(text, testSchema);
            if (!setup.exactDecimals && hasType(typed.root, 'Edm.Decimal')) continue;
            const predicate = compilePredicate(typed);
            const expected = rows.filter((r) => predicate(r)).map((r) => r['Id'] as number).sort((a, b) => a - b);
            let compiled;
            try {
              compiled = compileSql(typed, { dialect: setup.dialect });
            } catch (error) {
              if (error instanceof FilterError && error.kind === 'unsupported' && ALLOWED_UNSUPPORTED.test(error.message)) continue;
              throw error;
            }
            let actual: number[];
            try {
              actual = await engine.ids(compiled);
            } catch (error) {
              throw new Error(`${setup.name} failed on ${text}\n${compiled.sql}\n${JSON.stringify(compiled.params)}\n${(error as Error).message}`);
            }
            if (JSON.stringify(actual) !== JSON.stringify(expected)) {
              const json = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x));
              throw new Error(`${setup.name} on ${text}: got ${json(actual)}, expected ${json(expected)}\n${compiled.sql}\n${json(compiled.params)}\nrows: ${json(rows)}`);
            }
          }
        }),
        { numRuns: RUNS },
      );
      expect(true).toBe(true);
    });
  });
}
