// Differential property: random well-typed filters over random rows loaded into each engine return
// exactly the ids the in-memory reference returns, and no query raises a database error; and
// random filters with lambdas over random rows with collections, every collection in a child
// table, likewise; and, where times are stored in microseconds, random filters over rows whose
// instants, times of day and durations have them, with lambdas over collections in child tables
// and in JSON columns too.

import fc from 'fast-check';
import { describe, it } from 'vitest';
import { check } from '../../src/types/check.js';
import {
  arbCollectionSchema,
  arbFilterText,
  type ArbOptions,
  lambdaTestSchema,
  type Row,
  testSchema,
} from '../support/arbitraries.js';
import { loadWithChildTables } from './child-tables.js';
import { arbStorableRows, documentedDifference, isAscii } from './documented-differences.js';
import {
  type CaseOptions,
  engineFor,
  ENGINES,
  type EngineSetup,
  expectReferenceIds,
  MICROSECOND_ENGINES,
} from './engines.js';
import type { Engine } from '../engines/rows.js';
import type { Property, Schema } from '../../src/types/schema.js';
import type { TypedFilter } from '../../src/types/typed.js';
import { asStoredInColumns } from './stored-structure-null.js';
import { runs } from '../support/test-size.js';

/** Row sets per engine; each is tried with FILTERS_PER_LOAD filters. */
const RUNS = Number(process.env.ODATA_FILTER_SQL_RUNS ?? runs(20, 1000));
const FILTERS_PER_LOAD = 10;
/**
 * A property's time limit: vitest's 60 s, or half a second per row set where more are asked for
 * (MariaDB takes about 80 ms per row set with child tables when the machine is idle).
 */
const timeoutFor = (runs: number): number => Math.max(60_000, runs * 500);
/** Row sets with collections per engine, loaded into child tables; each is tried with FILTERS_PER_LOAD lambda filters. */
const LAMBDA_RUNS = Number(process.env.ODATA_FILTER_SQL_LAMBDA_RUNS ?? runs(6, 1000));

/**
 * Each filter over the loaded rows returns the reference's ids; a documented difference leaves the
 * ids uncompared, but the query must still run.
 */
async function expectEachFilter(
  setup: EngineSetup,
  engine: Engine,
  schema: Schema,
  rows: readonly Row[],
  filters: readonly string[],
  caseOptions: (typed: TypedFilter) => CaseOptions = () => ({}),
): Promise<void> {
  const asciiRows = isAscii(rows);
  for (const text of filters) {
    const typed = check(text, schema);
    const differs = documentedDifference(setup, text, typed, rows, asciiRows);
    await expectReferenceIds(setup, engine, typed, rows, differs, caseOptions(typed));
  }
}

/**
 * Random filters over random rows loaded into the engine return the reference's ids (literals
 * finer than a millisecond too: compared exactly, or refused by name); `rowOptions` add to how
 * rows are drawn.
 */
async function sameIdsAsReference(setup: EngineSetup, engine: () => Engine, rowOptions: ArbOptions): Promise<void> {
  const options = { finiteDoubles: setup.finiteDoubles, earlyInstants: setup.name !== 'mysql' };
  const filterOptions = { ...options, fineLiterals: true };
  await fc.assert(
    fc.asyncProperty(
      arbStorableRows(testSchema, { ...options, ...rowOptions }),
      fc.array(arbFilterText(testSchema, filterOptions), {
        minLength: FILTERS_PER_LOAD,
        maxLength: FILTERS_PER_LOAD,
      }),
      async (rows, filters) => {
        await engine().load(testSchema, rows);
        await expectEachFilter(setup, engine(), testSchema, rows, filters);
      },
    ),
    { numRuns: RUNS },
  );
}

/**
 * Whether every collection of the schema can be a JSON column (docs/sql.md, "JSON columns"): none
 * is a relation, which stays in a child table, and none holds a Binary, which JSON cannot.
 */
function storableInJson(properties: ReadonlyMap<string, Property>, inJson = false): boolean {
  return [...properties.values()].every((property) => {
    if (property.kind === 'primitive') return !inJson || property.type !== 'Edm.Binary';
    if (property.kind === 'structured') return storableInJson(property.properties, inJson);
    if (property.relation) return false;
    const element = property.element;
    return element.kind === 'primitive' ? element.type !== 'Edm.Binary' : storableInJson(element.properties, true);
  });
}

/**
 * Random lambda filters over random rows with collections, loaded into child tables, return the
 * reference's ids; with `json`, on random schemas whose every collection is a JSON column (over
 * rows of finite doubles: JSON has no NaN or infinity) and with the reference as it is, since
 * JSON tells a null element from one whose members are all null. `rowOptions` add to how rows
 * are drawn.
 */
async function sameLambdaIdsAsReference(
  setup: EngineSetup,
  engine: () => Engine,
  rowOptions: ArbOptions,
  json: boolean,
): Promise<void> {
  const rowArbOptions = { finiteDoubles: json || setup.finiteDoubles, maxRows: 8, ...rowOptions };
  const filterOptions = {
    finiteDoubles: setup.finiteDoubles,
    earlyInstants: setup.name !== 'mysql',
    lambdas: true,
    maxDepth: 4,
    // Rows with microseconds are compared with literals as fine, and finer.
    fineLiterals: rowOptions.fineRows !== undefined,
  };
  const schemas = json
    ? arbCollectionSchema().filter((schema) => storableInJson(schema.properties))
    : fc.oneof(fc.constant(lambdaTestSchema), arbCollectionSchema());
  const arbCase = schemas.chain((schema) =>
    fc.tuple(
      fc.constant(schema),
      arbStorableRows(schema, rowArbOptions),
      fc.array(arbFilterText(schema, filterOptions), {
        minLength: FILTERS_PER_LOAD,
        maxLength: FILTERS_PER_LOAD,
      }),
    ),
  );
  await fc.assert(
    fc.asyncProperty(arbCase, async ([schema, rows, filters]) => {
      const collections = await loadWithChildTables(engine(), schema, rows, json);
      await expectEachFilter(setup, engine(), schema, rows, filters, (typed) => ({
        sql: { table: 'items', collections },
        reference: json ? typed : asStoredInColumns(typed),
      }));
    }),
    { numRuns: LAMBDA_RUNS },
  );
}

for (const setup of MICROSECOND_ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}, times in microseconds: same rows as the reference`, () => {
    const engine = engineFor(setup);
    it(
      `random filters over random rows with microseconds (${RUNS * FILTERS_PER_LOAD} filters)`,
      () => sameIdsAsReference(setup, engine, { fineRows: 'microseconds' }),
      timeoutFor(RUNS),
    );
    for (const json of [false, true])
      it(
        `random lambda filters over random rows with microseconds, collections in ${json ? 'JSON columns' : 'child tables'} (${LAMBDA_RUNS * FILTERS_PER_LOAD} filters)`,
        () => sameLambdaIdsAsReference(setup, engine, { fineRows: 'microseconds' }, json),
        timeoutFor(LAMBDA_RUNS),
      );
  });
}

for (const setup of ENGINES) {
  const available = setup.available();
  describe.skipIf(!available)(`${setup.name}: same rows as the in-memory reference`, () => {
    const engine = engineFor(setup);

    it(
      `random filters over random rows (${RUNS * FILTERS_PER_LOAD} filters)`,
      () => sameIdsAsReference(setup, engine, {}),
      timeoutFor(RUNS),
    );

    it(
      `random lambda filters over random rows with collections in child tables (${LAMBDA_RUNS * FILTERS_PER_LOAD} filters)`,
      () => sameLambdaIdsAsReference(setup, engine, {}, false),
      timeoutFor(LAMBDA_RUNS),
    );
  });
}
