// The three engines the SQL tests run on, with their dialects and the generator options each
// needs (SQLite and MariaDB cannot store NaN or ±Infinity).

import { afterAll, beforeAll } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import {
  compileSql,
  createMysqlDialect,
  createPostgresDialect,
  createSqliteDialect,
  mysql,
  postgres,
  sqlite,
} from '../../src/backends/sql/index.js';
import { FilterError } from '../../src/errors.js';
import type { Schema } from '../../src/types/schema.js';
import type { TypedFilter } from '../../src/types/typed.js';
import type { CompileSqlOptions, Dialect } from '../../src/backends/sql/index.js';
import { engineAvailable } from '../engines/availability.js';
import { mariadbAvailable, startMariadb } from '../engines/mariadb.js';
import { startPglite } from '../engines/pglite.js';
import type { Engine } from '../engines/rows.js';
import { startSqlite } from '../engines/sqlite.js';
import { REFUSED_CASTS } from '../support/cast-table.js';

export interface EngineSetup {
  readonly name: 'postgres' | 'sqlite' | 'mysql';
  readonly dialect: Dialect;
  readonly finiteDoubles: boolean;
  /** False where Decimal is stored and computed as binary64 (SQLite). */
  readonly exactDecimals: boolean;
  readonly available: () => boolean;
  readonly start: () => Promise<Engine>;
}

export const ENGINES: readonly EngineSetup[] = [
  {
    name: 'postgres',
    dialect: postgres,
    finiteDoubles: false,
    exactDecimals: true,
    available: () => engineAvailable('pglite'),
    start: startPglite,
  },
  {
    name: 'sqlite',
    dialect: sqlite,
    finiteDoubles: true,
    exactDecimals: false,
    available: () => true,
    start: startSqlite,
  },
  {
    name: 'mysql',
    dialect: mysql,
    finiteDoubles: true,
    exactDecimals: true,
    available: mariadbAvailable,
    start: startMariadb,
  },
];

/**
 * The engines under microsecond storage of times (docs/sql.md, "Column types"), each with the
 * dialect that reads it so.
 */
export const MICROSECOND_ENGINES: readonly EngineSetup[] = [
  {
    name: 'postgres',
    dialect: createPostgresDialect({ times: 'microseconds' }),
    finiteDoubles: false,
    exactDecimals: true,
    available: () => engineAvailable('pglite'),
    start: () => startPglite({ times: 'microseconds' }),
  },
  {
    name: 'sqlite',
    dialect: createSqliteDialect({ times: 'microseconds' }),
    finiteDoubles: true,
    exactDecimals: false,
    available: () => true,
    start: () => startSqlite({ times: 'microseconds' }),
  },
  {
    name: 'mysql',
    dialect: createMysqlDialect({ times: 'microseconds' }),
    finiteDoubles: true,
    exactDecimals: true,
    available: mariadbAvailable,
    start: () => startMariadb({ times: 'microseconds' }),
  },
];

/**
 * The messages of the documented 'unsupported' refusals (docs/semantics.md, "SQL backends:
 * differences"): U+0000 in text, NaN/Infinity where they cannot be stored, MySQL/MariaDB's
 * integer expressions that can pass DECIMAL(65,0), and the null test of a structure whose
 * members are all collections, which no column answers (docs/sql.md, "Collections").
 */
export const DOCUMENTED_UNSUPPORTED =
  /U\+0000|NaN|Infinity|integer expression can reach \d+ digits, beyond the \d+ digits|for null: its members are all collections/;

/** How a case is compiled, and what it is held to. */
export interface CaseOptions {
  /** Options of compileSql beside the dialect (the row's table, collections in child tables). */
  readonly sql?: Omit<CompileSqlOptions, 'dialect'>;
  /** The filter whose reference ids the engine must return, where a documented difference rewrites it. */
  readonly reference?: TypedFilter;
}

/**
 * Compiles a checked filter for an engine and runs it over the loaded rows: the query must not
 * fail, and unless `differs` (a documented difference applies) it must return the reference's
 * ids. A documented 'unsupported' refusal ends the case.
 */
export async function expectReferenceIds(
  setup: EngineSetup,
  engine: Engine,
  typed: TypedFilter,
  rows: readonly object[],
  differs: boolean,
  options: CaseOptions = {},
): Promise<void> {
  const predicate = compilePredicate(options.reference ?? typed);
  const expected = rows
    .filter((r) => predicate(r))
    .map((r) => (r as { Id: number }).Id)
    .sort((a, b) => a - b);
  let compiled;
  try {
    compiled = compileSql(typed, { ...options.sql, dialect: setup.dialect });
  } catch (error) {
    if (error instanceof FilterError && error.kind === 'unsupported' && DOCUMENTED_UNSUPPORTED.test(error.message))
      return;
    if (
      error instanceof FilterError &&
      error.kind === 'unsupported' &&
      REFUSED_CASTS[setup.name].includes(error.construct ?? '')
    )
      return;
    // A finer literal the engine would compute with (docs/semantics.md, "SQL backends: differences").
    const finer = setup.dialect.timeUnit === 'microseconds' ? 'sub_microsecond_precision' : 'sub_millisecond_precision';
    if (
      error instanceof FilterError &&
      error.kind === 'unsupported' &&
      error.construct === finer &&
      error.target === setup.name
    )
      return;
    throw error;
  }
  const json = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === 'bigint' ? `${x}n` : x));
  let actual: number[];
  try {
    actual = await engine.ids(compiled);
  } catch (error) {
    throw new Error(
      `${setup.name} failed on ${typed.text}\n${compiled.sql}\n${json(compiled.params)}\n${(error as Error).message}`,
    );
  }
  if (!differs && json(actual) !== json(expected)) {
    throw new Error(
      `${setup.name} on ${typed.text}: got ${json(actual)}, expected ${json(expected)}\n${compiled.sql}\n${json(compiled.params)}\nrows: ${json(rows)}`,
    );
  }
}

/** The engine of a describe block's tests: started (and loaded, given rows) before them, closed after. */
export function engineFor(setup: EngineSetup, schema?: Schema, rows?: readonly unknown[]): () => Engine {
  let engine: Engine | undefined;
  beforeAll(async () => {
    engine = await setup.start();
    if (schema && rows) await engine.load(schema, rows);
  });
  afterAll(async () => {
    await engine?.close();
  });
  return () => engine!;
}

/** Filters every engine answers as the reference does (docs/semantics.md, "SQL backends: differences"), and none: for paging properties. */
export const PAGING_FILTERS = [
  undefined,
  'Int32 gt 0',
  "startswith(String, 'a') or Int32Req mod 3 eq 0",
  'Boolean eq true or Int64 lt 5',
  'not (Int16 ge -1)',
];

/** A row's strings without U+0000, which PostgreSQL and SQLite cannot store (docs/semantics.md, "SQL backends: differences"). */
export function withoutNul<T>(value: T): T {
  if (typeof value === 'string') return value.replace(/\u0000/g, '') as T;
  if (Array.isArray(value)) return value.map(withoutNul) as T;
  if (value !== null && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withoutNul(v)])) as T;
  }
  return value;
}
