// A SQL data source (docs/server.md, "Data sources"): a query plan's page, count and expansions
// read through the caller's driver — any driver's `query(text, values)`, or the ready adapters
// of ./sql-drivers/ — with rows keyed by property whatever the columns are called, values as the
// endpoint writes them, and the read bounded in time and stopped when the client goes.

import {
  compileSqlQuery,
  expandSqlRows,
  pageOf,
  type CompiledSql,
  type Dialect,
  type SqlExpandOptions,
  type SqlFragment,
} from '../backends/sql/index.js';
import type { QueryPage } from '../backends/memory/apply-query.js';
import { everyValue, type QueryPlan, type SelectItem } from '../types/query-plan.js';
import { RowKeys } from './row-keys.js';
import type { CollectionSource } from './source.js';
import { sqlReads } from './sql-reads.js';
import { readBounds, timeoutOption, untilAborted, type StatementContext } from './statement-timeout.js';
import { storedRow } from './stored-row.js';
import { withElementRelationsRefused, withRelationColumns } from './relation-columns.js';
import type { Schema } from '../types/schema.js';

export type SqlRows = readonly Record<string, unknown>[];

/** Runs one statement: its rows as objects keyed by the names the SELECT gives its columns. */
export type SqlQuery = (text: string, values: readonly unknown[], context: StatementContext) => Promise<SqlRows>;

/**
 * Runs the statements of one read together — on one connection, in one read-only transaction,
 * under the engine's own statement timeout, cancelled when the context's signal aborts — as the
 * ready adapters do. Without it each statement is a `query` of its own.
 */
export type SqlSession = <T>(
  work: (query: (text: string, values: readonly unknown[]) => Promise<SqlRows>) => Promise<T>,
  context: StatementContext,
) => Promise<T>;

/** A database as a SQL source reads it: its dialect, and how to run statements. */
export interface SqlConnection {
  readonly dialect: Dialect;
  readonly query: SqlQuery;
  readonly session?: SqlSession;
}

export interface SqlSourceOptions
  extends SqlConnection,
    Omit<SqlExpandOptions, 'dialect' | 'firstParameter' | 'alias' | 'read'> {
  /** The rows' table, as FROM names it and as its columns are qualified (`products`). */
  readonly table: string;
  /** What FROM reads, where it is more than the table (`products p JOIN …`, a subquery); default `table`. */
  readonly from?: string | SqlFragment;
  /** How long one request's statements may take together, in ms (default 5,000). */
  readonly timeoutMs?: number;
}

/** The rows of a table through a driver's `query(text, values)`: `sqlSource({ ...pgPool(pool), table: 'products' })`. */
export function sqlSource(options: SqlSourceOptions): CollectionSource {
  const timeoutMs = timeoutOption(options.timeoutMs, 'sqlSource');
  const keys = new RowKeys(options.dialect.maxAliasBytes);
  const read = sqlReads(options.dialect);
  const { query: run, session, timeoutMs: _timeout, ...rest } = options;
  const base = {
    ...rest,
    from: options.from ?? options.table,
    alias: keys.alias,
    ...(read === undefined ? {} : { read }),
  };
  // Per schema (a source serves one entity set): which of its paths cross a relation is the schema's.
  const bySchema = new WeakMap<Schema, typeof base>();
  const optionsFor = (schema: Schema): typeof base => {
    let made = bySchema.get(schema);
    if (made === undefined) {
      const columns = withRelationColumns(options, schema);
      const collections = withElementRelationsRefused(options.collections, schema);
      bySchema.set(
        schema,
        (made = {
          ...base,
          ...(columns === undefined ? {} : { columns }),
          ...(collections === undefined ? {} : { collections }),
        }),
      );
    }
    return made;
  };
  return {
    async read(plan, { signal }) {
      const bounds = readBounds(signal, timeoutMs);
      const context = bounds.context();
      const page = (statement: (text: string, values: readonly unknown[]) => Promise<SqlRows>) =>
        readPage(plan, optionsFor(plan.schema), keys, async (compiled) => {
          bounds.check();
          return untilAborted(statement(compiled.sql, compiled.params), context.signal);
        });
      try {
        bounds.check();
        // The session waits for a connection too: the response does not wait past the time for one.
        if (session !== undefined) return await untilAborted(session(page, context), context.signal);
        return await page((text, values) => run(text, values, context));
      } catch (error) {
        throw bounds.failure(error);
      } finally {
        bounds.release();
      }
    },
  };
}

/** A schema's every value, one array per schema: compileSqlQuery keeps a projection's SQL by the array. */
const EVERY_VALUE = new WeakMap<Schema, SelectItem[]>();

function everyValueOf(schema: Schema): SelectItem[] {
  let items = EVERY_VALUE.get(schema);
  if (items === undefined) EVERY_VALUE.set(schema, (items = everyValue(schema)));
  return items;
}

/** The page of the plan: its rows keyed by property, whether more follow, its count when asked. */
async function readPage(
  plan: QueryPlan,
  options: Parameters<typeof compileSqlQuery>[1],
  keys: RowKeys,
  statement: (compiled: CompiledSql) => Promise<SqlRows>,
): Promise<QueryPage<object>> {
  // Every column named by its property path, with or without a projection: never `SELECT *`.
  const compiled = compileSqlQuery({ ...plan, select: plan.select ?? everyValueOf(plan.schema) }, options);
  const read = async (q: CompiledSql): Promise<Record<string, unknown>[]> => [...keys.restore(await statement(q))];
  const { items, ...page } = pageOf(await read(compiled.data), plan);
  const count = compiled.count === undefined ? undefined : Number((await read(compiled.count))[0]?.count ?? 0);
  const expanded = plan.expand.length === 0 ? items : await expandSqlRows(items, plan, options, read);
  return {
    ...page,
    items: expanded.map((row) => storedRow(row, plan.schema, plan.expand, options.dialect.timeUnit)),
    ...(count === undefined ? {} : { count }),
  };
}
