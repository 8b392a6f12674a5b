// The ORDER BY items of a plan's order (docs/query.md, "Order"): the reference order written for
// a dialect — nulls first ascending (last descending), then the dialect's keys of the type — over
// a key's column, or its expression compiled.

import type { OrderKey } from '../../types/query-plan.js';
import { compileSqlValue, valueAtDialectPrecision } from './compile.js';
import type { CompileSqlOptions } from './compile.js';
import type { Dialect } from './dialect.js';
import { join, raw, sql } from './fragment.js';
import type { Frag } from './fragment.js';
import { lowerValue } from '../../lower/lower.js';
import type { LoweredPredicate, LoweredValue } from '../../lower/lowered.js';

/** One key of the order as ORDER BY items over its column (or its expression, parenthesised). */
export function orderKeys(dialect: Dialect, column: Frag, key: OrderKey): Frag[] {
  const direction = raw(key.descending ? ' DESC' : ' ASC');
  const keys = dialect.orderKeys?.(column, key.property.type) ?? [column];
  // A non-nullable key (the resource's) is ordered by its column alone, which its index serves.
  const nulls = key.nullable ? [sql`(CASE WHEN ${column} IS NULL THEN 0 ELSE 1 END)`] : [];
  return [...nulls, ...keys].map((k) => sql`${k}${direction}`);
}

/**
 * The ORDER BY list of an order, undefined where no key orders anything: each path key over its
 * column, each expression key compiled once and written where its items use it.
 */
export function orderByList(
  orderBy: readonly OrderKey[],
  column: (key: OrderKey) => string,
  options: CompileSqlOptions,
): Frag | undefined {
  const items = orderBy.flatMap((key) => {
    if (key.expression === undefined) return orderKeys(options.dialect, raw(column(key)), key);
    // A constant orders nothing, and as an ORDER BY item a literal is refused (PostgreSQL:
    // "non-integer constant"), or read as a column's position (`ORDER BY (0)` on MySQL).
    // At the dialect's precision first: a comparison with a finer constant may be decided there.
    const expression = valueAtDialectPrecision(key.expression, options.dialect);
    if (isConstant(lowerValue(expression))) return [];
    const value = compileSqlValue(expression, options);
    return value.decided ? [] : orderKeys(options.dialect, sql`(${value.fragment})`, key);
  });
  return items.length === 0 ? undefined : join(items, ', ');
}

/** A value the lowering decided for every row: a literal or null, or a Boolean constant. */
function isConstant(value: LoweredValue): boolean {
  switch (value.kind) {
    case 'constant':
      return true;
    case 'truth':
      return isConstantPredicate(value.predicate);
    // `NOT FALSE` too: MariaDB reads `ORDER BY (NOT FALSE)` as `ORDER BY 1`, the first column.
    case 'not':
      return isConstant(value.operand);
    case 'logical':
      return value.operands.every(isConstant);
    default:
      return false;
  }
}

/** A predicate decided for every row: a constant, a null test of what is never null (a value or a structure), and chains of them. */
function isConstantPredicate(predicate: LoweredPredicate): boolean {
  switch (predicate.kind) {
    case 'constant':
      return true;
    case 'nullTest':
      return !predicate.value.nullable;
    // `Owner eq null` of a structure that is never null: FALSE, and `not (Owner eq null)` NOT FALSE.
    case 'structureNull':
      return !predicate.nullable;
    case 'and':
    case 'or':
      return predicate.operands.every(isConstantPredicate);
    default:
      return false;
  }
}
