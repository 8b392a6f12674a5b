// compileSqlQuery(): a query plan (docs/query.md) as the SQL of its page and of its count, over the
// caller's table and column mapping, with the filter compileSql() makes of the plan's filter.

import type { QueryPlan } from '../../types/query-plan.js';
import { compileSql, compileSqlValue, rowColumnsOf } from './compile.js';
import { isFilterError } from '../../errors.js';
import { keyText } from '../../types/query-plan.js';
import { renderSql } from './compiled.js';
import type { CompiledSql } from './compiled.js';
import { join, raw, render, sql } from './fragment.js';
import type { Frag } from './fragment.js';
import { selectList } from './select-list.js';
import { expansionKeyColumns } from './expand.js';
import { orderByList } from './order-keys.js';
import type { SqlExpandOptions } from './expand.js';
import { refuseCollectionsOfRelatedRows } from './related-collections.js';

export interface SqlQueryOptions extends SqlExpandOptions {
  /**
   * The rows' table as the query's FROM names it: SQL text (e.g. `events` or `app.events e`), or a
   * fragment with values of its own (a subquery, `sqlFragment`), which are bound with the query's.
   */
  readonly from: string | Frag;
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

const NOTHING = raw('');

export function compileSqlQuery(plan: QueryPlan, options: SqlQueryOptions): CompiledSqlQuery {
  refuseCollectionsOfRelatedRows(plan);
  const from = typeof options.from === 'string' ? raw(options.from) : options.from;
  const where = plan.pageFilter ? compileSql(plan.pageFilter, options) : undefined;
  const order = remembered(ORDERS, plan.orderBy, options, () => orderOf(plan.orderBy, options));
  // top and skip are whole numbers parseQuery checked, written as digits (MySQL takes no
  // expression, not even a cast placeholder, after LIMIT).
  const page = raw(` LIMIT ${integer(plan.top + 1)} OFFSET ${integer(plan.skip)}`);
  const head = headOf(plan, from, options);
  const tail = order ? sql` ORDER BY ${order}${page}` : page;
  const data = where ? around(head.where, where, tail, options) : renderSql(sql`${head.all}${tail}`, options);
  if (!plan.count) return { data };
  // The count counts every row the filter keeps, those before a skiptoken's row too.
  const counted =
    plan.filter === undefined ? undefined : plan.filter === plan.pageFilter ? where : compileSql(plan.filter, options);
  const count = remembered(COUNTS, COUNTS, options, () => statementHead(sql`SELECT COUNT(*) AS count FROM ${from}`));
  return {
    data,
    count: counted ? around(count.where, counted, NOTHING, options) : renderSql(count.all, options),
  };
}

/** A statement's head (`SELECT … FROM …`), alone and followed by ` WHERE `. */
interface StatementHead {
  readonly all: Frag;
  readonly where: Frag;
}

const statementHead = (all: Frag): StatementHead => ({ all, where: sql`${all} WHERE ` });

/** The page's head: made once per projection and options object where the page adds no columns of its own. */
function headOf(plan: QueryPlan, from: Frag, options: SqlQueryOptions): StatementHead {
  const make = () => statementHead(sql`SELECT ${selected(plan, from, options)} FROM ${from}`);
  return plan.expand.length === 0 && !plan.keyset ? remembered(HEADS, plan.select ?? HEADS, options, make) : make();
}

/**
 * The statement `before` + the compiled SQL + `after`, rendered as renderSql() renders the whole.
 * compileSql() rendered its SQL from the statement's first placeholder: where nothing before it
 * binds a value or names a subquery (or its dialect's placeholders do not count, `?`), and nothing
 * after it names one, its text and values are the whole's and are taken as they are, not cut and
 * rendered again.
 */
function around(before: Frag, compiled: CompiledSql, after: Frag, options: SqlQueryOptions): CompiledSql {
  const fragment = sql`${before}${compiled.fragment}${after}`;
  // Text alone on both sides (a page without a keyset's values, a count): nothing to number.
  const beforeText = textOf(before);
  const afterText = beforeText === undefined ? undefined : textOf(after);
  if (afterText !== undefined)
    return { sql: beforeText + compiled.sql + afterText, params: [...compiled.params], fragment };
  const { dialect } = options;
  const counted = dialect.placeholder(1) !== dialect.placeholder(2);
  const plainBefore = before.parts.every((part) => typeof part === 'string' || (!counted && !('name' in part)));
  if (!plainBefore || after.parts.some((part) => typeof part !== 'string' && 'name' in part))
    return renderSql(fragment, options);
  const first = options.firstParameter ?? 1;
  const head = render(before, dialect, first);
  const tail = render(after, dialect, first + head.params.length + compiled.params.length);
  return {
    sql: head.sql + compiled.sql + tail.sql,
    params: [...head.params, ...compiled.params, ...tail.params],
    fragment,
  };
}

/** The text of a fragment of text parts alone (no value, no subquery's name), or undefined. */
function textOf(frag: Frag): string | undefined {
  let text = '';
  for (const part of frag.parts) {
    if (typeof part !== 'string') return undefined;
    text += part;
  }
  return text;
}

/** The ORDER BY list of an order over the caller's columns. */
function orderOf(orderBy: QueryPlan['orderBy'], options: SqlQueryOptions): Frag | undefined {
  const pathKeys = orderBy.filter((key) => key.expression === undefined);
  const columns = new Map(
    rowColumnsOf(
      options,
      pathKeys.map((key) => key.path),
    ).map((column, i) => [pathKeys[i]!, column]),
  );
  return orderByList(orderBy, (key) => columns.get(key)!, options);
}

/**
 * The SQL of a plan's order and projection, per order or projection and options object: a
 * request layer gives the plans of requests with the same `$orderby` or `$select` the same one
 * (src/query/read-cache.ts), and a server compiles them with the same options.
 */
const ORDERS = new WeakMap<object, WeakMap<SqlQueryOptions, { readonly frag: Frag | undefined }>>();
const SELECTS = new WeakMap<object, WeakMap<SqlQueryOptions, { readonly frag: Frag }>>();
/** The heads of pages, per projection (the map itself standing for none) and options object. */
const HEADS = new WeakMap<object, WeakMap<SqlQueryOptions, { readonly frag: StatementHead }>>();
/** The heads of counts, per options object (one key: the map itself). */
const COUNTS = new WeakMap<object, WeakMap<SqlQueryOptions, { readonly frag: StatementHead }>>();

function remembered<F>(
  cache: WeakMap<object, WeakMap<SqlQueryOptions, { readonly frag: F }>>,
  of: object,
  options: SqlQueryOptions,
  make: () => F,
): F {
  let byOptions = cache.get(of);
  if (byOptions === undefined) cache.set(of, (byOptions = new WeakMap()));
  let known = byOptions.get(options);
  if (known === undefined) byOptions.set(options, (known = { frag: make() }));
  return known.frag;
}

/**
 * The select list: every column, or the projection's; then the columns the page adds for what
 * follows it — an expansion's keys (expandSqlRows() reads them and leaves them out), a keyset
 * page's key texts.
 */
function selected(plan: QueryPlan, from: Frag, options: SqlQueryOptions): Frag {
  const keys = expansionKeyColumns(plan.expand, options.table, options).map(raw);
  const hidden = [...keys, ...((plan.keyset && keyTextColumns(plan, options)) || [])];
  const rows = options.table === undefined ? from : raw(options.table);
  const select = plan.select;
  const kept =
    select === undefined
      ? hidden.length > 0
        ? sql`${rows}.*`
        : raw('*')
      : remembered(SELECTS, select, options, () => selectList(select, options));
  return join([kept, ...hidden], ', ');
}

/** The column a keyset page adds for each order key: the key's text at the row, `"$order:<i>"`. */
const TOKEN_COLUMN = (i: number): string => `$order:${i}`;

/**
 * The texts of the order's keys at each row, for the page's skiptoken; undefined where the dialect
 * cannot write a key's text exactly (SQLite's Decimals): that page continues by `skip`.
 */
function keyTextColumns(plan: QueryPlan, options: SqlQueryOptions): Frag[] | undefined {
  try {
    return plan.orderBy.map((key, i) => {
      const text = compileSqlValue(keyText(key), options).fragment;
      return sql`${text} AS ${raw(options.dialect.quoteIdentifier(TOKEN_COLUMN(i)))}`;
    });
  } catch (error) {
    if (isFilterError(error) && error.kind === 'unsupported') return undefined;
    throw error;
  }
}

/**
 * The page of the rows the data query returned: at most `top` of them, whether more follow, and
 * for a keyset plan, when more do, the skiptoken of the last one (for nextLink()); the columns the
 * query added for it are left out of the rows.
 */
export function pageOf<Row>(
  rows: readonly Row[],
  plan: QueryPlan,
): { readonly items: readonly Row[]; readonly more: boolean; readonly skipToken?: string } {
  const items = rows.slice(0, plan.top);
  const more = rows.length > plan.top;
  const last = items[items.length - 1] as Record<string, unknown> | undefined;
  if (!plan.keyset || last === undefined || !Object.hasOwn(last, TOKEN_COLUMN(0))) return { items, more };
  const texts = plan.orderBy.map((_, i) => last[TOKEN_COLUMN(i)] as string | null);
  const stripped = items.map((row) => {
    const copy = { ...(row as Record<string, unknown>) };
    for (let i = 0; i < plan.orderBy.length; i++) delete copy[TOKEN_COLUMN(i)];
    return copy as Row;
  });
  return more ? { items: stripped, more, skipToken: plan.keyset.write(texts) } : { items: stripped, more };
}

function integer(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new TypeError(`A page bound must be a whole number, not ${n}`);
  return String(n);
}
