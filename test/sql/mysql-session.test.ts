// What the MySQL dialect assumes of the session (docs/sql.md, "The MySQL/MariaDB session"), shown
// on MariaDB: under the sql_modes EMPTY_STRING_IS_NULL and ORACLE some answers change, and values
// must be bound by the server (mysql2's execute()), since client-side interpolation (query(),
// mysql2's format()) misreads under NO_BACKSLASH_ESCAPES.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { format } from 'mysql2/promise';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql, mysql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import type { Schema } from '../../src/types/schema.js';
import { evalCases, evalRows, evalSchema, NON_FINITE_IDS } from '../support/eval-table.js';
import { mariadbAvailable, startMariadb } from '../engines/mariadb.js';
import type { Engine } from '../engines/rows.js';

const schema = defineSchema({ name: 'Item', properties: { Id: 'Edm.Int32', Name: 'Edm.String' } });
const rows = [
  { Id: 1, Name: '' },
  { Id: 2, Name: 'a' },
  { Id: 3, Name: null },
  { Id: 4, Name: "O'B\\" },
];

/** The sql_modes docs/sql.md lists as leaving the answers unchanged. */
const OTHER_MODES = [
  'ANSI',
  'TRADITIONAL',
  'MSSQL',
  'POSTGRESQL',
  'DB2',
  'MAXDB',
  'NO_BACKSLASH_ESCAPES',
  'HIGH_NOT_PRECEDENCE',
  'PAD_CHAR_TO_FULL_LENGTH',
  'REAL_AS_FLOAT',
  'NO_UNSIGNED_SUBTRACTION',
];

const reference = (filter: string): number[] => rows.filter(compilePredicate(check(filter, schema))).map((r) => r.Id);

describe.skipIf(!mariadbAvailable())('MySQL dialect: the session it assumes', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await startMariadb();
    await engine.load(schema, rows);
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  /**
   * The ids a filter selects under `sqlMode`. A prepared statement keeps the sql_mode it was
   * prepared under, so the text names the mode to be prepared afresh.
   */
  async function idsUnder(
    sqlMode: string,
    filter: string,
    bind: 'server' | 'client' = 'server',
    on: Schema = schema,
  ): Promise<number[]> {
    const { sql, params } = compileSql(check(filter, on), { dialect: mysql });
    const where = bind === 'server' ? sql : format(sql, params as never[]);
    await engine.query(`SET SESSION sql_mode = '${sqlMode}'`);
    try {
      const found = await engine.query(
        `SELECT /* ${sqlMode} */ Id FROM items WHERE ${where} ORDER BY Id`,
        bind === 'server' ? params : [],
      );
      return found.map((r) => Number(r.Id));
    } finally {
      await engine.query('SET SESSION sql_mode = DEFAULT');
    }
  }

  it("EMPTY_STRING_IS_NULL makes a bound '' NULL: eq '' finds nothing", async () => {
    expect(reference("Name eq ''")).toEqual([1]);
    expect(await idsUnder('', "Name eq ''")).toEqual([1]);
    expect(await idsUnder('EMPTY_STRING_IS_NULL', "Name eq ''")).toEqual([]);
  });

  it('ORACLE makes CONCAT skip NULL: concat(null, x) is x, not null', async () => {
    expect(reference("concat(Name, 'x') eq 'x'")).toEqual([1]);
    expect(await idsUnder('', "concat(Name, 'x') eq 'x'")).toEqual([1]);
    expect(await idsUnder('ORACLE', "concat(Name, 'x') eq 'x'")).toEqual([1, 3]);
  });

  it('NO_BACKSLASH_ESCAPES: server-bound values still match; client-side interpolation breaks', async () => {
    const filter = "Name eq 'O''B\\'";
    expect(reference(filter)).toEqual([4]);
    expect(await idsUnder('NO_BACKSLASH_ESCAPES', filter)).toEqual([4]);
    expect(await idsUnder('', filter, 'client')).toEqual([4]);
    await expect(idsUnder('NO_BACKSLASH_ESCAPES', filter, 'client')).rejects.toThrow(/SQL syntax/);
  });

  it('the other modes leave every answer of the evaluation table as it is by default', async () => {
    await engine.load(
      evalSchema,
      evalRows.filter((r) => !NON_FINITE_IDS.includes(r.Id)),
    );
    const filters = evalCases
      .map((c) => c.filter)
      .filter((f) => {
        try {
          compileSql(check(f, evalSchema), { dialect: mysql });
          return true;
        } catch {
          return false; // a documented 'unsupported' refusal: nothing runs
        }
      });
    const answers = async (mode: string): Promise<string[]> => {
      const out: string[] = [];
      for (const f of filters) out.push(`${f} -> ${JSON.stringify(await idsUnder(mode, f, 'server', evalSchema))}`);
      return out;
    };
    const byDefault = await answers('');
    for (const mode of OTHER_MODES) expect(await answers(mode), mode).toEqual(byDefault);
    // The two that change answers do so on this table too.
    for (const mode of ['EMPTY_STRING_IS_NULL', 'ORACLE']) expect(await answers(mode), mode).not.toEqual(byDefault);
  }, 60_000);
});
