// The ORDER BY items of a plan's order (docs/query.md, "Order"): the reference order written for
// a dialect — nulls first ascending (last descending), then the dialect's keys of the type — over
// a key's column, or its expression compiled.

import type { OrderKey } from '../../types/query-plan.js';
import { compileSqlValue, type CompiledSql, type CompileSqlOptions } from './compile.js';
import type { Dialect } from './dialect.js';
import { lowerValue } from '../../lower/lower.js';
import type { LoweredValue } from '../../lower/lowered.js';

/** One key of the order as ORDER BY items over its column. */
export function orderKeys(dialect: Dialect, column: string, key: OrderKey): string[] {
  const direction = key.descending ? ' DESC' : ' ASC';
  const keys = dialect.orderKeys?.(column, key.property.type) ?? [column];
  // A non-nullable key (the resource's) is ordered by its column alone, which its index serves.
  const nulls = key.nullable ? [`(CASE WHEN ${column} IS NULL THEN 0 ELSE 1 END)`] : [];
  return [...nulls, ...keys].map((k) => `${k}${direction}`);
}

/** Where an expression's SQL goes in the items orderKeys() writes for its key. */
const EXPRESSION = '\u0000expression\u0000';

/**
 * The ORDER BY list of an order: each path key over its column, each expression key compiled
 * where its items use it (once per use, so that `?` placeholders come in the order of the text),
 * placeholders numbered from `firstParameter`.
 */
export function orderByList(
  orderBy: readonly OrderKey[],
  column: (key: OrderKey) => string,
  options: CompileSqlOptions,
  firstParameter: number,
): CompiledSql {
  const params: unknown[] = [];
  const items = orderBy.flatMap((key) => {
    if (key.expression === undefined) return orderKeys(options.dialect, column(key), key);
    const expression = key.expression;
    // A constant orders nothing, and as an ORDER BY item a literal is refused (PostgreSQL:
    // "non-integer constant"), or read as a column's position (`ORDER BY (0)` on MySQL).
    if (isConstant(lowerValue(expression)) || isConstantSql(compileSqlValue(expression, options))) return [];
    return orderKeys(options.dialect, EXPRESSION, key).map((item) =>
      item.split(EXPRESSION).reduce((written, after) => {
        const value = compileSqlValue(expression, { ...options, firstParameter: firstParameter + params.length });
        params.push(...value.params);
        return `${written}(${value.sql})${after}`;
      }),
    );
  });
  return { sql: items.join(', '), params };
}

/**
 * SQL that is one literal: what the lowering left to the dialect to decide (a null test of a
 * member the schema never holds null is `FALSE`), which orders nothing either.
 */
function isConstantSql(value: CompiledSql): boolean {
  return value.params.length === 0 && /^\(*\s*(TRUE|FALSE|NULL|-?\d+(\.\d+)?)\s*\)*$/i.test(value.sql);
}

/** A value the lowering decided for every row: a literal or null, or a Boolean constant. */
function isConstant(value: LoweredValue): boolean {
  return value.kind === 'constant' || (value.kind === 'truth' && value.predicate.kind === 'constant');
}
