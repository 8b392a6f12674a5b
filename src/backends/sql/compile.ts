// compileSql() and compileSqlValue(): a checked filter (or value), lowered (src/lower/), → a
// Boolean SQL expression (or a value) and its parameters, through a dialect object, with the
// options that map properties to columns and collections to tables. The lowered form decides
// nulls, polarity and static facts; the compiler (src/backends/sql/compiler.ts) chooses how exact
// each SQL Boolean must be (its mode), and dialects own spelling.

import { FilterError, limitOnExhaustion, unsupported } from '../../errors.js';
import { madeFilter } from '../../types/filter-validation.js';
import type { TypedExpr, TypedFilter, TypedLiteral } from '../../types/typed.js';
import type { TimeUnit } from '../../semantics/fine-time.js';
import { toStoredPrecision, valueAtStoredPrecision } from '../../lower/stored-precision.js';
import { lower, lowerValue } from '../../lower/lower.js';
import type { ClockOption } from '../../lower/now.js';
import type { FunctionsOption } from '../../lower/function-registry.js';
import type { LoweredFilter } from '../../lower/lowered.js';
import { chainLevels } from './chain.js';
import { CollectionTables, type CollectionStorage } from './collections.js';
import { columnMapping, shown, type ColumnMapping, type ColumnRead } from './columns.js';
import { filterDepth } from './filter-depth.js';
import type { Dialect } from './dialect.js';
import { renderSql } from './compiled.js';
import type { CompiledSql, RenderSqlOptions } from './compiled.js';
import { Compiler } from './compiler.js';

export interface CompileSqlOptions extends ClockOption, RenderSqlOptions, FunctionsOption {
  /**
   * Column references by property path (`'PostalAddress/City'`), or a function of the path's
   * segments. The text is used as written (it is the caller's SQL, e.g. `p."contact_id"`). By
   * default a path maps to one quoted column named by its segments joined with `_`
   * (`PostalAddress/City` → `"PostalAddress_City"`), as does a mapping of undefined or null. A
   * mapping that is not a non-empty string, or a function that throws, is a FilterError of kind
   * 'unsupported' at the property.
   */
  readonly columns?: ColumnMapping;
  /**
   * The row's table or alias, as written in the caller's `FROM` (SQL text, e.g. `owners` or `o`):
   * the default columns are qualified with it (`o."Name"`), so that a child table's column of the
   * same name cannot shadow them in a correlated subquery. Needed by a filter that reads a
   * collection from a child table (its key is a column of this table). `c1`, `c2`, … and `_f1`,
   * `_f2`, … are the compiler's own aliases and cannot be used.
   */
  readonly table?: string;
  /**
   * Where each collection property is stored, by its schema path (`Orders`, `Orders/Lines`,
   * `Addresses/Phones`): a child table, or a JSON column (docs/sql.md, "Collections"). A filter reading a collection
   * without one, or with one that is unusable, is a FilterError of kind 'unsupported' at it.
   */
  readonly collections?: CollectionStorage;
  /**
   * The longest SQL text to return, in characters (default {@link DEFAULT_MAX_SQL_LENGTH}); a
   * longer result is a FilterError of kind 'limit' naming its length.
   */
  readonly maxSqlLength?: number;
}

/** Default of `maxSqlLength`: 100,000 characters. */
export const DEFAULT_MAX_SQL_LENGTH = 100_000;

/** Compiles a checked filter into a WHERE expression for a dialect. */
export function compileSql(given: TypedFilter, options: CompileSqlOptions): CompiledSql {
  // Before anything reads it: a filter check() could not have made is refused as by every backend.
  const filter = madeFilter(given);
  const dialect = options?.dialect;
  if (!dialect || typeof dialect.placeholder !== 'function') {
    throw new TypeError(
      "compileSql needs options.dialect: one of the exported dialects 'postgres', 'sqlite' or 'mysql'",
    );
  }
  const maxSqlLength = options.maxSqlLength ?? DEFAULT_MAX_SQL_LENGTH;
  const text = filter.text;
  const end = text?.length ?? filter.root.end;
  // Lowered first: a tree check() could not have made is refused here as by every backend.
  const unit = dialect.timeUnit ?? 'milliseconds';
  const stored = toStoredPrecision(filter, unit, (literal) => {
    throw finerThanStored(literal, dialect.name, unit, text);
  });
  let lowered: LoweredFilter;
  try {
    lowered = lower(stored, options);
  } catch (error) {
    throw limitOnExhaustion(
      error,
      `Filter is too large to compile to SQL for ${dialect.name}`,
      { start: 0, end },
      text,
    );
  }
  if (dialect.maxFilterDepth !== undefined) {
    const maxChain = dialect.maxChainLength;
    // A chain written as chains of chains (SQLite) counts a level for each level of chains, and a
    // lambda's body once more for each lambda around it (filter-depth.ts).
    const depth = filterDepth(filter.root, (node) =>
      node.kind === 'logical' && maxChain !== undefined ? chainLevels(node.operands.length, maxChain) : 1,
    );
    if (depth > dialect.maxFilterDepth) {
      const message = `Filter nests ${depth} levels deep; the ${dialect.name} SQL dialect compiles at most ${dialect.maxFilterDepth}`;
      throw new FilterError({ kind: 'limit', message, start: 0, end, text });
    }
  }
  let compiled: CompiledSql;
  try {
    const compiler = new Compiler(
      dialect,
      rowColumns(options, dialect, text, end),
      new CollectionTables(options.collections, dialect, text, end),
      rowTable(options.table, dialect, text, end),
      text,
      options.functions,
    );
    compiled = renderSql(compiler.predicate(lowered.root, 'true'), options, { text, end });
  } catch (error) {
    // A last resort: no checked filter may make the compiler throw anything but a FilterError.
    throw limitOnExhaustion(
      error,
      `Filter is too large to compile to SQL for ${dialect.name}`,
      { start: 0, end },
      text,
    );
  }
  if (compiled.sql.length > maxSqlLength) {
    const message = `Filter compiles to ${compiled.sql.length} characters of SQL for ${dialect.name}; the limit (maxSqlLength) is ${maxSqlLength}`;
    throw new FilterError({ kind: 'limit', message, start: 0, end, text });
  }
  // Text without a subquery needs no scan (most filters).
  const nesting =
    dialect.maxSubqueryNesting === undefined || !compiled.sql.includes('(SELECT ') ? 0 : subqueryNesting(compiled.sql);
  if (nesting > dialect.maxSubqueryNesting!) {
    const message = `Filter compiles to SQL nesting ${nesting} subqueries for ${dialect.name}; at most ${dialect.maxSubqueryNesting} are allowed`;
    throw new FilterError({ kind: 'limit', message, start: 0, end, text });
  }
  return compiled;
}

export interface CompiledSqlValue extends CompiledSql {
  /**
   * Whether the compiler decided the value for every row, where the lowering left it to the
   * dialect: a Boolean literal for a null test of a member that is never null.
   */
  readonly decided: boolean;
}

/**
 * A checked expression of the row (an `orderby` item's) as SQL: its value, NULL where it is null,
 * with its values bound, placeholders numbered from `firstParameter`.
 */
export function compileSqlValue(given: TypedExpr, options: CompileSqlOptions): CompiledSqlValue {
  const { dialect } = options;
  const expression = valueAtDialectPrecision(given, dialect);
  const end = expression.end;
  try {
    const compiler = new Compiler(
      dialect,
      rowColumns(options, dialect, undefined, end),
      new CollectionTables(options.collections, dialect, undefined, end),
      rowTable(options.table, dialect, undefined, end),
      undefined,
      options.functions,
    );
    const value = compiler.value(lowerValue(expression)).sql;
    return { ...renderSql(value, options, { text: undefined, end }), decided: compiler.isDecided(value) };
  } catch (error) {
    throw limitOnExhaustion(
      error,
      `Expression is too large to compile to SQL for ${dialect.name}`,
      { start: 0, end },
      undefined,
    );
  }
}

/**
 * A value (an order key's) at the precision the dialect stores times in: its comparisons with a
 * finer constant made exact, as compileSql() makes a filter's, and a finer constant it would
 * compute with refused (src/lower/stored-precision.ts).
 */
export function valueAtDialectPrecision(expression: TypedExpr, dialect: Dialect): TypedExpr {
  const unit = dialect.timeUnit ?? 'milliseconds';
  return valueAtStoredPrecision(expression, unit, (literal) => {
    throw finerThanStored(literal, dialect.name, unit, undefined);
  });
}

/**
 * The row's columns: the caller's mapping as written, else the default column, qualified with
 * options.table when it is given.
 */
function rowColumns(
  options: CompileSqlOptions,
  dialect: Dialect,
  text: string | undefined,
  end: number,
): (member: ColumnRead) => string {
  const mapped = columnMapping(options.columns, { option: 'options.columns', of: '' }, text, end);
  const table = options.table;
  return (member) => {
    const column = mapped(member);
    if (column !== undefined) return column;
    const name = dialect.quoteIdentifier(member.path.join('_'));
    return typeof table === 'string' ? `${table}.${name}` : name;
  };
}

/** The column of each property path of the row, as compileSql maps it (options.columns, options.table). */
export function rowColumnsOf(options: CompileSqlOptions, paths: readonly (readonly string[])[]): string[] {
  const column = rowColumns(options, options.dialect, undefined, 0);
  return paths.map((path) => column({ path, start: 0, end: 0 }));
}

/** The compiler's own aliases: subqueries on child tables (`c1`, …) and named values (`_f1`, …). */
const RESERVED_ALIAS = /^(c|_f)[0-9]+$/i;

/** options.table, checked to be SQL text that is not one of the compiler's aliases. */
function rowTable(table: unknown, dialect: Dialect, text: string | undefined, end: number): string | undefined {
  if (table === undefined || table === null) return undefined;
  const problem =
    typeof table !== 'string'
      ? 'it is not a string'
      : table.trim() === ''
        ? 'it is empty'
        : RESERVED_ALIAS.test(table.trim())
          ? "it is one of the compiler's own aliases (c1, c2, …, _f1, _f2, …)"
          : undefined;
  if (problem === undefined) return table as string;
  const message = `options.table gives ${shown(table)}, which cannot name the row's table: ${problem}`;
  throw unsupported({ construct: 'collection storage', target: dialect.name, message, start: 0, end, text });
}

/**
 * How deeply `(SELECT …)` subqueries nest in SQL text. The compiler writes no parenthesis inside a
 * quoted string or identifier, but a caller's column mapping might, so quotes are skipped.
 */
export function subqueryNesting(text: string): number {
  const stack: boolean[] = [];
  let open = 0;
  let max = 0;
  let quote = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quote) {
      if (c === quote) quote = '';
    } else if (c === "'" || c === '"' || c === '`') {
      quote = c;
    } else if (c === '(') {
      const select = text.startsWith('SELECT ', i + 1);
      stack.push(select);
      if (select) max = Math.max(max, ++open);
    } else if (c === ')' && stack.pop()) {
      open--;
    }
  }
  return max;
}

/**
 * A constant finer than the dialect's unit where the engine would have to produce such a value
 * from it (docs/sql.md, "Dates and times"): stored date-times, times and durations are whole units.
 */
function finerThanStored(
  literal: TypedLiteral,
  dialect: string,
  unit: TimeUnit,
  text: string | undefined,
): FilterError {
  const singular = unit === 'milliseconds' ? 'millisecond' : 'microsecond';
  return unsupported({
    construct: `sub_${singular}_precision`,
    target: dialect,
    message: `The ${dialect} SQL dialect stores date-times, times of day and durations in ${unit}; it compares with a finer value, but cannot compute with one`,
    start: literal.start,
    end: literal.end,
    text,
  });
}
