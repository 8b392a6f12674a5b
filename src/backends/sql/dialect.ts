// The shape of an SQL dialect: a data object the one compiler consults for placeholders, quoting,
// literals, comparisons, arithmetic and every function; dialects/base.ts holds what the dialects
// share. A function a dialect renders as UNSUPPORTED is a FilterError of kind 'unsupported'.

import type { TemporalOp } from '../../language/operators.js';
import type { LoweredArithmeticOp } from '../../lower/lowered.js';
import type { EdmType } from '../../language/edm.js';
import type { CastConversion } from '../../lower/lowered.js';
import type { FunctionName } from '../../language/functions.js';
import type { LiteralValue } from '../../types/typed.js';
import type { TimeUnit } from '../../semantics/fine-time.js';
import type { DecimalRange } from './decimal-range.js';
import type { Binder, Frag } from './fragment.js';

/** A compiled operand with what the dialect may need to know about it. */
export interface Operand {
  readonly sql: Frag;
  readonly type: EdmType;
  /** May evaluate to SQL NULL. */
  readonly nullable: boolean;
  /** A bare column reference (so a predicate on it can use an index). */
  readonly column: boolean;
  /** The literal value, when the operand is a bound literal. */
  readonly literal?: LiteralValue;
  /**
   * A Decimal that holds an integer by construction: an integer converted, a `round`, `floor` or
   * `ceiling`, and sums, products, remainders and negations of those (never a quotient).
   */
  readonly integral?: boolean;
  /** An integer whose exact value may lie beyond the Double range (set where it is converted). */
  readonly beyondDouble?: boolean;
}

export type OrderOp = 'gt' | 'ge' | 'lt' | 'le';

export type FunctionRenderer = (args: readonly Operand[]) => Frag;

/**
 * The renderer a dialect gives a function it does not support: compiling a call of it is a
 * FilterError of kind 'unsupported' naming the function (`construct`) and the dialect (`target`).
 * The compiler recognises it by identity and never calls it.
 */
export const UNSUPPORTED: FunctionRenderer = () => {
  throw new TypeError('UNSUPPORTED marks a function a dialect does not render; it is never called');
};

/**
 * A renderer, or UNSUPPORTED, for every function of the signature table: the dialects' tables
 * `satisfies` it, so a function without an entry is a compile error.
 */
export type FunctionTable = { readonly [N in FunctionName]: FunctionRenderer };

/** A typed value a JSON array's elements are read as: a member at a path of the element ([]: the element). */
export interface JsonMember {
  /** The name the compiler gives it (`m1`, `m2`, … per table function), for a dialect that declares columns. */
  readonly name: string;
  readonly path: readonly string[];
  readonly type: EdmType;
}

/**
 * How a dialect reads a collection stored as a JSON array (docs/sql.md, "Collections"): a table
 * function over the array's elements, and the element's members, typed as columns are.
 */
export interface JsonArrays {
  /**
   * The elements of `array` as a FROM item aliased `alias`: none for SQL NULL, JSON null or any
   * value that is not an array. `members` are the typed values the filter reads of each element.
   */
  elements(array: Frag, alias: string, members: readonly JsonMember[]): Frag;
  /** A member of the element as an SQL value of its type (its storage type as a column). */
  value(alias: string, member: JsonMember): Frag;
  /** The JSON value at a path of the element: a nested collection's array. */
  json(alias: string, path: readonly string[]): Frag;
  /** TRUE where the value at a path of the element (path []: the element) is JSON null or missing. */
  isNull(alias: string, path: readonly string[]): Frag;
  /**
   * The array in the column `array` with the members at `hidden` (paths within an element,
   * through structures only) removed from every element that is an object: the other elements,
   * and the order, as they are; a value that is no array is NULL. Absent where the dialect
   * cannot, and a projection that must hide members is refused.
   */
  without?(array: string, hidden: readonly (readonly string[])[]): string;
}

export interface Dialect {
  /** `postgres`, `sqlite` or `mysql`; used in error messages. */
  readonly name: string;
  /**
   * The unit its instants, times of day and durations are stored in (docs/sql.md, "Column
   * types"): every value a row gives is a whole number of it. A comparison with a finer constant
   * is rewritten exactly; a finer constant the engine would compute with is refused. Undefined:
   * milliseconds.
   */
  readonly timeUnit?: TimeUnit;
  /**
   * Where integer arithmetic is exact only within a number of decimal digits (MySQL: DECIMAL(65,0)),
   * that number: an integer expression whose static range (integerRange) can leave it is a
   * FilterError of kind 'unsupported' at compile time. Undefined: exact at any size.
   */
  readonly maxIntegerDigits?: number;
  /**
   * Where Decimal arithmetic can fail on large values, its limits: a factor of a Decimal `mul` or
   * the dividend of a `div` that could make it fail is clamped first (decimal-range.ts).
   */
  readonly decimalRange?: DecimalRange;
  /**
   * The most subqueries the compiled SQL may nest (named operands are subqueries): deeper is a
   * FilterError of kind 'limit', where the engine would refuse or fail on it. Undefined: no limit.
   */
  readonly maxSubqueryNesting?: number;
  /**
   * The most lambdas and counts (subqueries on child tables) nested in one another, where the
   * engine takes fewer of them than of other subqueries: deeper is a FilterError of kind 'limit'
   * at the innermost. Undefined: maxSubqueryNesting alone bounds them.
   */
  readonly maxLambdaNesting?: number;
  /**
   * The deepest filter (nodes on its longest path, and a lambda's body again for each lambda or
   * count around it: filter-depth.ts) the dialect compiles: deeper is a FilterError
   * of kind 'limit', where the engine's own limit on expression depth would fail. Undefined: none.
   */
  readonly maxFilterDepth?: number;
  /**
   * The most operands one flat `AND`/`OR` may have, where the engine parses a chain into a tree as
   * deep as the chain is long and bounds that depth (SQLite): a longer chain is written as a
   * chain of parenthesised chains, each at most this long, nested as few levels as it takes
   * (12 operands in one level, 144 in two, 1,728 in three, …), and each of those levels counts as
   * one level of the filter against maxFilterDepth. Undefined: every chain is written flat.
   */
  readonly maxChainLength?: number;
  /**
   * The longest name a result column keeps whole, in UTF-8 bytes, where the engine cuts longer
   * ones (PostgreSQL: 63, NAMEDATALEN - 1) or refuses them (MySQL: 256 characters); undefined
   * where names of any length are kept (SQLite).
   */
  readonly maxAliasBytes?: number;
  /** The placeholder of the bound value at a position of the statement, from 1: `$1`, or `?`, which counts by position. */
  placeholder(index: number): string;
  /**
   * The text before and after a placeholder that gives its value a type (a Param's `cast`):
   * `::bigint` after it, or `CAST(` and ` AS SIGNED)` around it. A query builder given the
   * fragment's texts (sqlTemplate) writes its own placeholder between them.
   */
  parameterCast(cast: string): readonly [before: string, after: string];
  quoteIdentifier(name: string): string;
  /**
   * A literal value of a type as a bound parameter (Booleans may be keywords). Throws a message
   * (string) when the dialect cannot represent the value; the compiler turns it into a FilterError.
   */
  literal(type: EdmType, value: LiteralValue): Frag | string;
  nullOf(type: EdmType): Frag;
  /** `a = b` for two operands of one type; either may be null (then the result is NULL). */
  equal(a: Operand, b: Operand): Frag;
  /** Whether `equal` is a plain `a = b` for this type, so a list of them can be `a IN (…)`. */
  plainEquality(type: EdmType): boolean;
  /** Equality that is TRUE for two NULLs and FALSE for a NULL and a value. */
  equalNullSafe(a: Operand, b: Operand): Frag;
  order(op: OrderOp, a: Operand, b: Operand): Frag;
  arithmetic(op: LoweredArithmeticOp, a: Operand, b: Operand, type: EdmType): Frag;
  negate(a: Operand): Frag;
  /** Date-time arithmetic (TypedTemporal in src/types/typed.ts), NULL beyond its result's range. */
  temporal(op: TemporalOp, a: Operand, b: Operand): Frag;
  convert(a: Operand, to: EdmType): Frag;
  /**
   * `cast(a, to)` by a conversion that changes the value (docs/semantics.md §11), NULL where it
   * fails; a message (string) where the dialect cannot render it exactly, which the compiler
   * turns into a FilterError of kind 'unsupported' naming the cast and the dialect.
   */
  cast?(conversion: CastConversion, a: Operand, to: EdmType): Frag | string;
  /** `COALESCE(x, FALSE)` for a Boolean expression. */
  falseIfNull(x: Frag): Frag;
  /** The functions' renderers (a FunctionTable); a name missing from a hand-built dialect is unsupported. */
  readonly functions: Partial<FunctionTable>;
  /**
   * Whether a Boolean expression can be used as a value (compared, listed, negated three-valued),
   * as in PostgreSQL, SQLite and MySQL. A dialect without (SQL Server) has predicates only, and a
   * Boolean used as a value is refused as unsupported until it renders one.
   */
  readonly booleanValues: boolean;
  /**
   * Names values once for a body that uses them more than once (atomic values are passed as they
   * are); undefined where the engine has no such construct, and then every rendering names each
   * non-atomic operand at most once by itself.
   */
  readonly bind?: Binder;
  /**
   * A value whose plain `=`, and so `IN`, is this dialect's equality, for dialects whose `equal`
   * is not plain for some type (MySQL strings: their bytes; SQLite strings: the column with
   * `COLLATE BINARY`, whatever collation it was declared with).
   */
  readonly equalityKey?: (a: Operand) => Frag;
  /**
   * The ORDER BY keys of a non-null column of a type, in ascending sense (docs/query.md,
   * "Order"): code point order for strings, NaN before every number. Undefined: the column itself.
   */
  readonly orderKeys?: (column: Frag, type: EdmType) => readonly Frag[];
  /** Collections stored as JSON arrays; undefined where the dialect cannot read them. */
  readonly jsonArrays?: JsonArrays;
}
