// Expansions in SQL (docs/query.md, "Expansion"): one query per expanded relation per level, over
// the keys of the rows that hold it — never one per row. A to-many relation is read from its child
// table (compileSql's `collections`), its rows filtered, numbered per parent in their order
// (ROW_NUMBER) and paged; a single-valued one from its related table (`relations`). expandSqlRows()
// runs them through the caller's function and puts each related row, or list, on its row.

import { unsupported } from '../../errors.js';
import { everyValue, type ExpandItem, type QueryPlan } from '../../types/query-plan.js';
import type { Property } from '../../types/schema.js';
import { CollectionTables } from './collections.js';
import type { ChildTableRead } from './collections.js';
import { columnMapping } from './columns.js';
import type { ColumnMapping } from './columns.js';
import { compileSql } from './compile.js';
import { renderSql } from './compiled.js';
import type { CompiledSql } from './compiled.js';
import { join, param, raw, sql } from './fragment.js';
import { orderByList } from './order-keys.js';
import { selectList } from './select-list.js';
import type { SelectListOptions } from './select-list.js';

/**
 * A single-valued relation's table: the related rows, one per key, and the column of the row that
 * holds the key of its related row. Column names are identifiers (quoted for the dialect); the
 * table is SQL text, used as written.
 */
export interface RelatedTable {
  /** The related rows' table, as written in `FROM`. */
  readonly table: string;
  /** The related table's column that identifies a row. */
  readonly key: string;
  /** The column of the row (or of the element that holds the relation) holding its related row's key; NULL for none. */
  readonly reference: string;
  /** Each member's column, by its path in the related row, or a function of the path's segments; by default the segments joined with `_`. */
  readonly columns?: ColumnMapping;
}

export interface SqlExpandOptions extends SelectListOptions {
  /** Each single-valued relation an expansion reads, by its schema path (`TimeZone`, `Sessions/Presenter`). */
  readonly relations?: { readonly [schemaPath: string]: RelatedTable };
}

/** The most keys one expansion query binds: more rows are read in as many queries of this many. */
export const EXPANSION_KEYS_PER_QUERY = 1000;

/** The name of the column a row's query adds for the key its relation's rows are found by. */
export function keyColumnOf(item: Pick<ExpandItem, 'schemaPath'>): string {
  return `$key:${item.schemaPath}`;
}

const PARENT = '$parent';
const ROW_NUMBER = '$row';

/** Where an expanded relation's rows are, checked: their table, the column that finds them by key, and their members' columns. */
interface Storage {
  readonly table: string;
  /** The related rows' column holding the key they are found by (the child's foreign key, or the related table's key). */
  readonly finder: string;
  /** The column of the rows that hold the relation whose value finds its rows (the parent's key, or the reference). */
  readonly holder: string;
  readonly column: (path: readonly string[]) => string;
}

function storageOf(item: Pick<ExpandItem, 'schemaPath' | 'property' | 'many'>, options: SqlExpandOptions): Storage {
  const { dialect } = options;
  const quote = (name: string): string => dialect.quoteIdentifier(name);
  if (item.many) {
    const read = new CollectionTables(options.collections, dialect, undefined, 0).storageOf({
      schemaPath: item.schemaPath,
      property: item.property as Extract<Property, { kind: 'collection' }>,
      start: 0,
      end: 0,
    });
    if (read.kind !== 'table')
      throw unsupported({
        construct: 'expand_json_relation',
        target: dialect.name,
        message: `The relation '${item.schemaPath}' is stored as a JSON column, which an expansion cannot read yet: store it in a child table`,
        start: 0,
        end: 0,
      });
    const table = read as ChildTableRead;
    return {
      table: table.table,
      finder: table.foreignKey,
      holder: table.key,
      column: (path) => table.column({ path, start: 0, end: 0 }),
    };
  }
  const related = Object.hasOwn(options.relations ?? {}, item.schemaPath)
    ? options.relations![item.schemaPath]
    : undefined;
  const fail = (problem: string): never => {
    throw unsupported({
      construct: 'relation storage',
      target: dialect.name,
      message: `The relation '${item.schemaPath}' cannot be expanded: ${problem}`,
      start: 0,
      end: 0,
    });
  };
  if (related === undefined || related === null || typeof related !== 'object')
    return fail(`options.relations['${item.schemaPath}'] does not say where its rows are ({ table, key, reference })`);
  for (const field of ['table', 'key', 'reference'] as const) {
    if (typeof related[field] !== 'string' || related[field].trim() === '')
      fail(`options.relations['${item.schemaPath}'].${field} is not a non-empty string`);
  }
  const mapped = columnMapping(
    related.columns,
    { option: `options.relations['${item.schemaPath}'].columns`, of: ` in the rows of '${item.schemaPath}'` },
    undefined,
    0,
  );
  return {
    table: related.table,
    finder: quote(related.key),
    holder: quote(related.reference),
    column: (path) => quote(mapped({ path, start: 0, end: 0 }) ?? path.join('_')),
  };
}

/** The column a row's query adds for each relation expanded from its rows: the value its related rows are found by. */
export function expansionKeyColumns(
  items: readonly ExpandItem[],
  table: string | undefined,
  options: SqlExpandOptions,
): string[] {
  if (items.length === 0) return [];
  if (table === undefined)
    throw unsupported({
      construct: 'expand',
      target: options.dialect.name,
      message: 'An expansion needs options.table, the row table or alias its keys are read from',
      start: 0,
      end: 0,
    });
  const alias = options.alias ?? ((name: string) => name);
  return items.map(
    (item) =>
      `${table}.${storageOf(item, options).holder} AS ${options.dialect.quoteIdentifier(alias(keyColumnOf(item)))}`,
  );
}

/** The alias of the related table in an expansion query. */
const ALIAS = 'e';

/**
 * The query of one expanded relation for the rows holding the given keys: its rows (their kept
 * columns named by path, the key that found them as `$parent`, and the keys of the relations
 * expanded from them), filtered, and for a to-many relation numbered per parent in the
 * relation's order and paged.
 */
export function compileSqlExpansion(
  item: ExpandItem,
  keys: readonly unknown[],
  options: SqlExpandOptions,
): CompiledSql {
  const quote = (name: string): string => options.dialect.quoteIdentifier(name);
  const alias = options.alias ?? ((name: string) => name);
  const storage = storageOf(item, options);
  const member = (path: readonly string[]): string => `${ALIAS}.${storage.column(path)}`;
  const related = relatedRowOptions(item, member, options);
  const finder = raw(`${ALIAS}.${storage.finder}`);
  const found = sql`${finder} IN (${join(
    keys.map((key) => param(key)),
    ', ',
  )})`;
  const filter = item.filter === undefined ? undefined : compileSql(item.filter, related).fragment;
  const from = sql` FROM ${raw(`${storage.table} ${ALIAS}`)} WHERE ${filter === undefined ? found : sql`${found} AND ${filter}`}`;
  const kept = item.select ?? everyValue(item.schema);
  const columns = join(
    [
      ...(kept.length > 0 ? [selectList(kept, related)] : []),
      ...item.expand.map((child) =>
        raw(`${ALIAS}.${storageOf(child, options).holder} AS ${quote(alias(keyColumnOf(child)))}`),
      ),
      sql`${finder} AS ${raw(quote(PARENT))}`,
    ],
    ', ',
  );
  if (!item.many) return renderSql(sql`SELECT ${columns}${from}`, options);
  const order = orderByList(item.orderBy, (key) => member(key.path), related);
  const numbering = sql`PARTITION BY ${finder}${order === undefined ? raw('') : sql` ORDER BY ${order}`}`;
  const row = `w.${quote(ROW_NUMBER)}`;
  const page = [`${row} > ${item.skip}`, ...(item.top === undefined ? [] : [`${row} <= ${item.skip + item.top}`])];
  const numbered = sql`SELECT ${columns}, ROW_NUMBER() OVER (${numbering}) AS ${raw(quote(ROW_NUMBER))}${from}`;
  return renderSql(
    sql`SELECT * FROM (${numbered}) w WHERE ${raw(`${page.join(' AND ')} ORDER BY w.${quote(PARENT)}, ${row}`)}`,
    options,
  );
}

/** compileSql's options for the related rows: their columns under the alias, and the collections under the relation, by paths from the related row. */
function relatedRowOptions(
  item: ExpandItem,
  member: (path: readonly string[]) => string,
  options: SqlExpandOptions,
): SqlExpandOptions {
  const collections = Object.fromEntries(
    Object.entries(options.collections ?? {})
      .filter(([path]) => path.startsWith(`${item.schemaPath}/`))
      .map(([path, storage]) => [path.slice(item.schemaPath.length + 1), storage]),
  );
  return { ...options, table: ALIAS, columns: (path) => member(path), collections };
}

type Row = Record<string, unknown>;

/** Runs one query and gives its rows: the caller's database, e.g. `(q) => pool.query(q.sql, q.params).then((r) => r.rows)`. */
export type RunSql = (query: CompiledSql) => Promise<readonly Row[]>;

/**
 * The rows of a page (as the plan's data query returned them) with each expanded relation put on
 * them under its path (`Sessions`, `Owner/Manager`): a list of rows for a to-many relation, a row
 * or null for a single-valued one, each shaped and expanded in turn. One query per relation per
 * level (per EXPANSION_KEYS_PER_QUERY rows); the key columns the queries added are left out.
 */
export async function expandSqlRows(
  rows: readonly Row[],
  plan: Pick<QueryPlan, 'expand'>,
  options: SqlExpandOptions,
  run: RunSql,
): Promise<Row[]> {
  return attach(rows, plan.expand, options, run);
}

async function attach(
  rows: readonly Row[],
  items: readonly ExpandItem[],
  options: SqlExpandOptions,
  run: RunSql,
): Promise<Row[]> {
  const out = rows.map((row) => ({ ...row }));
  for (const item of items) {
    const keyColumn = keyColumnOf(item);
    const keys = [
      ...new Map(
        out
          .map((row) => row[keyColumn])
          .filter((k) => k !== null && k !== undefined)
          .map((k) => [String(k), k]),
      ).values(),
    ];
    const found: Row[] = [];
    for (let i = 0; i < keys.length; i += EXPANSION_KEYS_PER_QUERY) {
      found.push(...(await run(compileSqlExpansion(item, keys.slice(i, i + EXPANSION_KEYS_PER_QUERY), options))));
    }
    const children = await attach(found, item.expand, options, run);
    const byParent = new Map<string, Row[]>();
    for (const child of children) {
      const parent = String(child[PARENT]);
      const { [PARENT]: _parent, [ROW_NUMBER]: _row, ...own } = child;
      byParent.set(parent, [...(byParent.get(parent) ?? []), own]);
    }
    const name = item.path.join('/');
    for (const row of out) {
      const related =
        row[keyColumn] === null || row[keyColumn] === undefined ? [] : (byParent.get(String(row[keyColumn])) ?? []);
      row[name] = item.many ? related : (related[0] ?? null);
    }
  }
  for (const row of out) for (const item of items) delete row[keyColumnOf(item)];
  return out;
}
