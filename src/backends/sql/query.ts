// compileSqlQuery(): a query plan (docs/query.md) as the SQL of its page and of its count, over the
// caller's table and column mapping, with the filter compileSql() makes of the plan's filter.

import type { OrderKey, QueryPlan } from '../../query/plan.js';
import type { Dialect } from './dialect.js';
import { compileSql, rowColumnsOf } from './compile.js';
import type { CompiledSql, CompileSqlOptions } from './compile.js';
import { selectList } from './select-list.js';

export interface SqlQueryOptions extends CompileSqlOptions {
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
  const columns = rowColumnsOf(options, plan.orderBy.map((key) => key.path));
  const order = plan.orderBy.flatMap((key, i) => orderKeys(options.dialect, columns[i]!, key)).join(', ');
  // top and skip are whole numbers parseQuery checked, written as digits (MySQL takes no
  // expression, not even a cast placeholder, after LIMIT).
  const page = ` LIMIT ${integer(plan.top + 1)} OFFSET ${integer(plan.skip)}`;
  const list = plan.select === undefined ? '*' : selectList(plan.select, options);
  const data = { sql: `SELECT ${list} FROM ${options.from}${condition}${order ? ` ORDER BY ${order}` : ''}${page}`, params: [...params] };
  if (!plan.count) return { data };
  return { data, count: { sql: `SELECT COUNT(*) AS count FROM ${options.from}${condition}`, params: [...params] } };
}

/** One key of the order as ORDER BY items: nulls first ascending (last descending), then the dialect's keys of the type. */
function orderKeys(dialect: Dialect, column: string, key: OrderKey): string[] {
  const direction = key.descending ? ' DESC' : ' ASC';
  const keys = dialect.orderKeys?.(column, key.property.type) ?? [column];
  // A non-nullable key (the resource's) is ordered by its column alone, which its index serves.
  const nulls = key.nullable ? [`(CASE WHEN ${column} IS NULL THEN 0 ELSE 1 END)`] : [];
  return [...nulls, ...keys].map((k) => `${k}${direction}`);
}

/** The page of the rows the data query returned: at most `top` of them, and whether more follow. */
export function pageOf<Row>(rows: readonly Row[], plan: QueryPlan): { readonly items: readonly Row[]; readonly more: boolean } {
  return { items: rows.slice(0, plan.top), more: rows.length > plan.top };
}

function integer(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`A page bound must be a whole number, not ${n}`);
  return String(n);
}
