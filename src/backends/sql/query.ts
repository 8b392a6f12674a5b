// compileSqlQuery(): a query plan (docs/query.md) as the SQL of its page and of its count, over the
// caller's table and column mapping, with the filter compileSql() makes of the plan's filter.

import type { QueryPlan } from '../../query/plan.js';
import { compileSql, rowColumnsOf } from './compile.js';
import type { CompiledSql } from './compile.js';
import { selectList } from './select-list.js';
import { expansionKeyColumns } from './expand.js';
import { orderByList } from './order-keys.js';
import type { SqlExpandOptions } from './expand.js';

export interface SqlQueryOptions extends SqlExpandOptions {
  /** The rows' table as the query's FROM names it (SQL text, e.g. `events` or `app.events e`). */
  readonly from: string;
}

export interface CompiledSqlQuery {
  /**
   * The page: `SELECT * FROM … WHERE … ORDER BY … LIMIT top + 1 OFFSET skip` — or, when the plan
   * projects, `SELECT <column> AS "<path>", …`. The one row beyond the page, when it comes, says
   * that rows follow it: pageOf() drops it and says so.
   */
  readonly data: CompiledSql;
  /** The number of rows the filter matches (`top` and `skip` left out), as `count`, when the plan asks for it. */
  readonly count?: CompiledSql;
}

export function compileSqlQuery(plan: QueryPlan, options: SqlQueryOptions): CompiledSqlQuery {
  const where = plan.filter ? compileSql(plan.filter, options) : undefined;
  const condition = where ? ` WHERE ${where.sql}` : '';
  const params = where?.params ?? [];
  const pathKeys = plan.orderBy.filter((key) => key.expression === undefined);
  const columns = new Map(rowColumnsOf(options, pathKeys.map((key) => key.path)).map((column, i) => [pathKeys[i]!, column]));
  // After the WHERE in the text, so its placeholders come after the filter's.
  const order = orderByList(plan.orderBy, (key) => columns.get(key)!, options, (options.firstParameter ?? 1) + params.length);
  // top and skip are whole numbers parseQuery checked, written as digits (MySQL takes no
  // expression, not even a cast placeholder, after LIMIT).
  const page = ` LIMIT ${integer(plan.top + 1)} OFFSET ${integer(plan.skip)}`;
  // An expansion finds the related rows by a key of each row: the page carries it (expandSqlRows() reads it and leaves it out).
  const keys = expansionKeyColumns(plan.expand, options.table, options);
  const list = [plan.select === undefined ? (keys.length > 0 ? `${options.table}.*` : '*') : selectList(plan.select, options), ...keys].join(', ');
  const data = { sql: `SELECT ${list} FROM ${options.from}${condition}${order.sql ? ` ORDER BY ${order.sql}` : ''}${page}`, params: [...params, ...order.params] };
  if (!plan.count) return { data };
  return { data, count: { sql: `SELECT COUNT(*) AS count FROM ${options.from}${condition}`, params: [...params] } };
}

/** The page of the rows the data query returned: at most `top` of them, and whether more follow. */
export function pageOf<Row>(rows: readonly Row[], plan: QueryPlan): { readonly items: readonly Row[]; readonly more: boolean } {
  return { items: rows.slice(0, plan.top), more: rows.length > plan.top };
}

function integer(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`A page bound must be a whole number, not ${n}`);
  return String(n);
}
