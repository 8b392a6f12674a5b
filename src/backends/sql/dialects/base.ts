// What the SQL dialects share: the renderers that are spelled alike in PostgreSQL, SQLite and
// MySQL/MariaDB, and the factories of those spelled alike but for a name. A dialect is BASE
// spread, then its own overrides (docs/sql.md); a new dialect writes out only what differs.

import type { Dialect, FunctionRenderer, FunctionTable, OrderOp } from '../dialect.js';
import { raw, sql } from '../fragment.js';
import type { Frag } from '../fragment.js';

/** The SQL spelling of the order comparisons, the same in every dialect. */
export const ORDER_OPS: { readonly [O in OrderOp]: string } = { gt: '>', ge: '>=', lt: '<', le: '<=' };

const INFIX = { add: '+', sub: '-', mul: '*' } as const;

/** `(x + y)`, `(x - y)`, `(x * y)`: spelled alike in every dialect; what x and y are is the dialect's. */
export function infix(op: keyof typeof INFIX, x: Frag, y: Frag): Frag {
  return sql`(${x} ${raw(INFIX[op])} ${y})`;
}

/** A function of one argument spelled `name(x)`. */
export function unary(name: string): FunctionRenderer {
  return ([x]) => sql`${raw(name)}(${x!.sql})`;
}

/** The Boolean keywords TRUE and FALSE, which every dialect here has. */
export const booleanKeyword = (value: unknown): Frag => raw(value ? 'TRUE' : 'FALSE');

/** now(), mindatetime(), maxdatetime(): lower() makes them constants, so no dialect renders them. */
export const decidedByLowering = (): never => {
  throw new TypeError('now(), mindatetime() and maxdatetime() are decided by lower()');
};

/**
 * The refusal of a literal whose type no case of a dialect's `literal` names: only a hand-built
 * tree has one (check() gives every literal an Edm type); the compiler reports it as unsupported.
 */
export const noLiteralOf = (type: never): string =>
  `A literal of type ${JSON.stringify(type)} is not one of the Edm types`;

/** `?` placeholders, which count by position (SQLite, MySQL). */
export const positionalPlaceholder = (): string => '?';

/** A parameter's type told by a CAST around its placeholder (SQLite, MySQL). */
export const castAround = (cast: string): readonly [string, string] => ['CAST(', ` AS ${cast})`];

/** Identifiers in double quotes, a quote doubled (standard SQL: PostgreSQL, SQLite). */
export const doubleQuoted = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/** The functions that are the same in every dialect: date-time conversions keep the stored value. */
export const BASE_FUNCTIONS = {
  datetime: ([x]) => x!.sql,
  datetimeoffset: ([x]) => x!.sql,
} satisfies Partial<FunctionTable>;

/** The renderers and capabilities every dialect here shares; each dialect spreads it first. */
export const BASE = {
  /** Booleans are values in all three: `(a = b) = c`, `NOT c`, `c IN (…)` (docs/sql.md). */
  booleanValues: true,
  nullOf: () => raw('NULL'),
  plainEquality: () => true,
  negate: (a) => sql`(-${a.sql})`,
  falseIfNull: (x) => sql`COALESCE(${x}, FALSE)`,
} satisfies Partial<Dialect>;
