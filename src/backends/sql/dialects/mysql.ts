// MySQL 8 and MariaDB 10.6+: `?` placeholders with CAST for typed values, `<=>` for null-safe
// equality, string comparison on the UTF-8 bytes (CAST … AS BINARY: code-point order, no padding,
// case-sensitive, whatever the column collation), DECIMAL(65,0) for exact integer arithmetic.

import { jsonPathNames } from '../json-path.js';
import type { LoweredArithmeticOp } from '../../../lower/lowered.js';
import { type EdmType, isFloatingPoint, isInteger } from '../../../language/edm.js';
import type { LiteralValue } from '../../../types/typed.js';
import type { Dialect, FunctionTable, JsonArrays, Operand } from '../dialect.js';
import {
  BASE,
  BASE_FUNCTIONS,
  booleanKeyword,
  castAround,
  positionalPlaceholder,
  decidedByLowering,
  infix,
  noLiteralOf,
  ORDER_OPS,
  unary,
} from './base.js';
import { freshName, isAtomic, join, param, raw, sql, type Frag } from '../fragment.js';
import { boundedConcat, boundedReplace, type TextSpelling } from '../bounded-strings.js';
import { likeLiteral } from '../like-pattern.js';
import { utcText } from '../literal-text.js';
import { factorKind, instantWithin, temporalArithmetic } from '../temporal.js';
import type { TemporalSpelling } from '../temporal.js';
import { formatDate, formatTimeOfDay, MAX_DURATION, MAX_INSTANT } from '../../../semantics/temporal.js';
import { countIn, type TimeUnit, type TimeValue, wholeMs } from '../../../semantics/fine-time.js';
import { timeUnitOption } from '../time-unit-option.js';
import { renderCast, type BoundKind, type CastSpelling } from '../cast.js';

const bytes = (o: Operand): Frag => sql`CAST(${o.sql} AS BINARY)`;
const chars = (o: Operand): Frag => sql`(${o.sql} COLLATE utf8mb4_bin)`;
const exact = (o: Operand): Frag => sql`CAST(${o.sql} AS DECIMAL(65,0))`;
/** LIKE on the bytes: `%` never splits a UTF-8 sequence, and `_` is never used unescaped. */
const likeBytes = (s: Operand, pattern: string): Frag =>
  sql`(CAST(${s.sql} AS BINARY) LIKE CAST(${param(pattern)} AS BINARY) ESCAPE '!')`;

function needle(s: Operand, t: Operand, like: (escaped: string) => string, fallback: Frag): Frag {
  return typeof t.literal === 'string' ? likeBytes(s, like(likeLiteral(t.literal, '!'))) : fallback;
}

/**
 * Names each non-atomic value once for a body that uses it more than once: MariaDB allows no
 * outer column in a derived table, but does in JSON_TABLE's argument (as MySQL 8.0.4+, where
 * JSON_TABLE came, does; outer references in derived tables need 8.0.14), so
 * `(SELECT body FROM JSON_TABLE(JSON_ARRAY(v1, …), '$' COLUMNS (v1 <type> PATH '$[0]', …)) AS _fN)`.
 * The round trip through JSON text is exact for every DOUBLE (subnormals and the largest too),
 * DECIMAL(65,30), DECIMAL(65,0) and utf8mb4 text (test/sql/json-table.test.ts); NULL stays NULL.
 * A value marked simple (a cast of a column or literal) is repeated as it is.
 */
function bind(values: readonly (readonly [Frag, string, boolean?])[], body: (refs: readonly Frag[]) => Frag): Frag {
  const keep = ([v, , simple]: readonly [Frag, string, boolean?]): boolean => simple === true || isAtomic(v);
  if (values.every(keep)) return body(values.map(([v]) => v));
  const alias = freshName();
  const args: Frag[] = [];
  const columns: Frag[] = [];
  const refs = values.map((value, i) => {
    const [v, type] = value;
    if (keep(value)) return v;
    columns.push(raw(`v${i + 1} ${type} PATH '$[${args.length}]'`));
    args.push(v);
    return sql`${alias}.${raw(`v${i + 1}`)}`;
  });
  return sql`(SELECT ${body(refs)} FROM JSON_TABLE(JSON_ARRAY(${join(args, ', ')}), '$' COLUMNS (${join(columns, ', ')})) AS ${alias})`;
}
const DOUBLE = 'DOUBLE';
const INTEGER = 'DECIMAL(65,0)';
const TEXT = 'LONGTEXT CHARACTER SET utf8mb4 COLLATE utf8mb4_bin';

/** The string functions' spelling for their length bound; values are named as utf8mb4 text. */
const TEXT_SPELLING: TextSpelling = {
  length: (x) => sql`CHAR_LENGTH(${x})`,
  replace: (x, f, b) => sql`REPLACE(${x}, ${f}, ${b})`,
  concat: (x, y) => sql`CONCAT(${x}, ${y})`,
  bind: (values, body) =>
    bind(
      values.map((v) => [v, TEXT] as const),
      body,
    ),
};

// MySQL and MariaDB raise an error where IEEE 754 overflows, and have no infinity to give
// instead: an overflowing result is clamped to the largest finite double (docs/semantics.md).
const MAX = raw('1.7976931348623157e308');
/** 2^1023, 2^-512 and 2^512, each written so that it reads back exactly. */
const HALF_OVERFLOW = raw('8.98846567431158e307');
const DOWN = raw('7.458340731200207e-155');
const UP = raw('1.3407807929942597e154');

function doubleArithmetic(op: Exclude<LoweredArithmeticOp, 'mod'>, left: Frag, right: Frag): Frag {
  return bind(
    [
      [left, DOUBLE],
      [right, DOUBLE],
    ],
    ([x, y]) => boundDoubleArithmetic(op, x!, y!),
  );
}

/**
 * Overflow is decided before the operation, exactly: scaling by a power of two is exact in the
 * normal range and commutes with rounding, so a result overflows exactly when its scaled copy
 * reaches the scaled threshold.
 */
function boundDoubleArithmetic(op: Exclude<LoweredArithmeticOp, 'mod'>, x: Frag, y: Frag): Frag {
  const yy = op === 'div' ? sql`NULLIF(${y}, 0)` : y;
  const o = raw({ add: ' + ', sub: ' - ', mul: ' * ', div: ' / ' }[op]);
  const plain = sql`(${x}${o}${yy})`;
  const clamp = sql`SIGN(${x}) * SIGN(${y}) * ${MAX}`;
  if (op === 'add' || op === 'sub') {
    // x/2 ± y/2 is round(x ± y)/2 (halving a tiny operand loses nothing that can overflow).
    const half = sql`(${x} / 2${o}${y} / 2)`;
    return sql`(CASE WHEN ABS(${half}) >= ${HALF_OVERFLOW} THEN SIGN(${half}) * ${MAX} ELSE ${plain} END)`;
  }
  // x·y = (x·2^-512)(y·2^-512)·2^1024: it overflows exactly when the scaled product reaches 1. An
  // operand below 2^-510, which scales inexactly, makes a product far below 1, as it should.
  const scaled = (v: Frag): Frag => sql`(ABS(${v}) * ${DOWN})`;
  if (op === 'mul') return sql`(CASE WHEN ${scaled(x)} * ${scaled(y)} >= 1 THEN ${clamp} ELSE ${plain} END)`;
  // x/y = (x·2^-512)/(y·2^512)·2^1024, for |y| below 2^512 (from there no quotient overflows, and
  // y·2^512 itself would) and not 0 (NULL): it overflows where the scaled dividend is at least the
  // scaled divisor, and else where their quotient, below 1 and so computed safely, rounds to 1.
  const divisor = sql`(ABS(${y}) * ${UP})`;
  return sql`(CASE WHEN ABS(${y}) >= ${UP} OR ${y} = 0 THEN ${plain} WHEN ${scaled(x)} >= ${divisor} THEN ${clamp} WHEN ${scaled(x)} / ${divisor} >= 1 THEN ${clamp} ELSE ${plain} END)`;
}

/** A literal or column operand, or a short cast of one: repeated as it is where used twice. */
const simple = (o: Operand): boolean => o.column || o.literal !== undefined;

/**
 * A Decimal divisor: `NULLIF(y, 0)` where y is a column or literal. MySQL evaluates NULLIF's first
 * argument twice, so divisors nested in divisors would be evaluated exponentially often, and no
 * column type binds every Decimal exactly: a computed divisor is used as it is, and division by
 * zero is then NULL with a warning (an error only in UPDATE under strict mode). A computed
 * divisor is rounded to 38 fractional digits first: MariaDB keeps more inside a product
 * (1e-30 * 1e-30 is 1e-60 there), and dividing by that could pass its 81 digits (`mod` rounds
 * alike, so that both see the same divisor).
 */
const divisor = (o: Operand, y: Frag): Frag => (simple(o) ? sql`NULLIF(${y}, 0)` : sql`ROUND(${y}, 38)`);

/** A Decimal zero with the scale of a stored Decimal (DECIMAL(65,30)). */
const ZERO_OF_STORED_SCALE = raw('0.000000000000000000000000000000');

/**
 * A Decimal dividend with at least a stored Decimal's scale. A quotient gets the dividend's scale
 * plus div_precision_increment (4) decimals, and an integral Decimal (an integer converted to
 * DECIMAL(65,0), or rounded) has scale 0, so `Qty div 100000m` would be 0.0000 for Qty = 1: adding a
 * zero of scale 30 keeps every digit of the integer and gives the quotient 34 decimals, as a
 * stored Decimal's has.
 */
const dividend = (o: Operand, x: Frag): Frag => (o.integral ? sql`(${x} + ${ZERO_OF_STORED_SCALE})` : x);

/** The nine-digit words MySQL may give the integer part of a value below 10^digits. */
const integerWords = (digits: number): number => Math.ceil(Math.max(digits, 1) / 9);

/** 10^35: beyond every DECIMAL(65,30) value, so clamping to it never changes a stored value or a literal. */
const DECIMAL_BOUND = raw('100000000000000000000000000000000000');

/** A path of schema names (identifiers, so nothing to escape) as a JSON path. */
const jsonPath = (path: readonly string[]): string =>
  `'$${jsonPathNames(path, 'mysql')
    .map((n) => `.${n}`)
    .join('')}'`;

/**
 * JSON arrays: `JSON_TABLE` over the array (none for a JSON null or a non-array), with the element
 * as JSON (`v`) and each member the filter reads as a column of its storage type, so a Decimal or
 * an Int64 never passes through a double. MariaDB allows an outer column in JSON_TABLE's argument,
 * as MySQL 8.0.4+ does (docs/sql.md, Size).
 */
const jsonArrays = (options: MysqlOptions): JsonArrays => ({
  elements: (array, alias, members) => {
    const columns = members
      .map((m) => `, ${m.name} ${mysqlColumnType(m.type, options)} PATH ${jsonPath(m.path)}`)
      .join('');
    return sql`JSON_TABLE(CASE WHEN JSON_TYPE(${array}) = 'ARRAY' THEN ${array} END, '$[*]' COLUMNS (v JSON PATH '$'${raw(columns)})) AS ${raw(alias)}`;
  },
  value: (alias, member) => raw(`${alias}.${member.name}`),
  json: (alias, path) => raw(`JSON_EXTRACT(${alias}.v, ${jsonPath(path)})`),
  isNull: (alias, path) => raw(`(COALESCE(JSON_TYPE(JSON_EXTRACT(${alias}.v, ${jsonPath(path)})), 'NULL') = 'NULL')`),
});

/** 1000-01-01T00:00:00Z, the first instant DATETIME holds. */
const FIRST_DATETIME = -30_610_224_000_000;
/** A Decimal factor beyond ±10^20 makes any non-zero duration leave the range, so it is taken as ±10^20 (DECIMAL(65,30) products stay within 65 digits). */
const FACTOR_BOUND = raw('100000000000000000000');

/**
 * Instants, dates and times of day as exact integers and back (src/backends/sql/temporal.ts): a
 * DATETIME(3) in UTC is its microseconds from 1970-01-01, a whole number of milliseconds.
 */
const TEMPORAL: TemporalSpelling = {
  unitsOfInstant: (x) => sql`(TIMESTAMPDIFF(MICROSECOND, TIMESTAMP'1970-01-01 00:00:00', ${x}) DIV 1000)`,
  instantOfUnits: (ms) =>
    sql`CAST(TIMESTAMPADD(MICROSECOND, ${ms} * 1000, TIMESTAMP'1970-01-01 00:00:00') AS DATETIME(3))`,
  daysOfDate: (x) => sql`DATEDIFF(${x}, DATE'1970-01-01')`,
  scale(op, ms, n) {
    const kind = factorKind(n.type);
    const x = sql`CAST(${ms} AS DECIMAL(65,0))`;
    if (kind === 'double') {
      return bind(
        [[doubleArithmetic(op, sql`CAST(${ms} AS DOUBLE)`, n.sql), DOUBLE]],
        ([r]) =>
          sql`(CASE WHEN ${r!} BETWEEN -${raw(String(MAX_DURATION))} AND ${raw(String(MAX_DURATION))} THEN CAST(TRUNCATE(${r!}, 0) AS SIGNED) END)`,
      );
    }
    // The factor as a signed DECIMAL too: DIV or * with an unsigned column (a Byte) is BIGINT
    // UNSIGNED, which a negative duration's result is out of range of.
    const factor = sql`CAST(${n.sql} AS DECIMAL(65,0))`;
    if (kind === 'integer') return op === 'mul' ? sql`(${x} * ${factor})` : sql`(${x} DIV NULLIF(${factor}, 0))`;
    if (op === 'mul') return sql`TRUNCATE(${x} * LEAST(GREATEST(${n.sql}, -${FACTOR_BOUND}), ${FACTOR_BOUND}), 0)`;
    // The remainder first, so that the quotient divided is exact: DIV would round the DECIMAL
    // quotient to div_precision_increment places before truncating it.
    return bind(
      [
        [x, INTEGER],
        [n.sql, 'DECIMAL(65,30)', simple(n)],
      ],
      ([u, v]) => sql`TRUNCATE((${u!} - MOD(${u!}, NULLIF(${v!}, 0))) / NULLIF(${v!}, 0), 0)`,
    );
  },
  bindIntegers: (values, body) =>
    bind(
      values.map((v) => [v, INTEGER] as const),
      body,
    ),
  instantRange: [FIRST_DATETIME, MAX_INSTANT],
};

const BOUND_TYPES: { readonly [K in BoundKind]: string } = { integer: INTEGER, double: DOUBLE };
const trimFraction = (x: Frag): Frag => sql`TRIM(TRAILING '.' FROM TRIM(TRAILING '0' FROM ${x}))`;

/** `cast` (docs/semantics.md §11) on this dialect's storage; functions.round is filled in below. */
const CAST: Omit<CastSpelling, 'round'> = {
  bind: (values, kind, body) =>
    bind(
      values.map((v) => [v, BOUND_TYPES[kind]] as const),
      body,
    ),
  integerType: () => 'SIGNED',
  integerText: (x) => sql`CAST(${x} AS CHAR)`,
  concat: (parts) => sql`CONCAT(${join(parts, ', ')})`,
  div: (a, b) => sql`(${a} DIV ${b})`,
  mod: (a, b) => sql`MOD(${a}, ${b})`,
  pad: (x, width) => sql`LPAD(${x}, ${raw(String(width))}, '0')`,
  trimFraction,
  text(x) {
    switch (x.type) {
      case 'Edm.Decimal':
        // As DECIMAL(65,30) it always has a point; a negative value that rounds to zero keeps its sign.
        return bind(
          [[trimFraction(sql`CAST(CAST(${x.sql} AS DECIMAL(65,30)) AS CHAR)`), TEXT]],
          ([t]) => sql`(CASE WHEN ${t!} = '-0' THEN '0' ELSE ${t!} END)`,
        );
      case 'Edm.Date':
        return sql`DATE_FORMAT(${x.sql}, '%Y-%m-%d')`;
      case 'Edm.TimeOfDay':
        return trimFraction(sql`CAST(${x.sql} AS CHAR)`);
      case 'Edm.DateTime':
      case 'Edm.DateTimeOffset':
        return sql`CONCAT(${trimFraction(sql`DATE_FORMAT(${x.sql}, '%Y-%m-%dT%H:%i:%s.%f')`)}, 'Z')`;
      case 'Edm.Guid':
        // Stored in lower case (docs/sql.md), in an ascii column: as text it is utf8mb4, as every String.
        return sql`CONVERT(${x.sql} USING utf8mb4)`;
      case 'Edm.Binary':
        // base64 with a line break every 76 characters, in the base64url alphabet without them.
        return sql`CONVERT(REPLACE(REPLACE(REPLACE(TO_BASE64(${x.sql}), CHAR(10), ''), '+', '-'), '/', '_') USING utf8mb4)`;
      default:
        return `MySQL writes ${x.type} values in another form than JavaScript's`;
    }
  },
  toDecimal: () => 'DECIMAL(65,30) does not hold every Double (those below 1e-30 or from 1e35)',
  reading: {
    bindText: (values, body) =>
      bind(
        values.map((v) => [v, TEXT] as const),
        body,
      ),
    bindIntegers: TEMPORAL.bindIntegers,
    substr: (s, from, length) => sql`SUBSTRING(${s}, ${from}, GREATEST(${length}, 0))`,
    length: (s) => sql`CHAR_LENGTH(${s})`,
    // On the bytes: a collation would take other digits, and a regular expression's `$` a final newline.
    only: (s, chars) => sql`(${s} <> '' AND CAST(${s} AS BINARY) NOT REGEXP ${raw(`'[^${chars}]'`)})`,
    exact: (s) => sql`CAST(${s} AS BINARY)`,
    trimStart: (s, char) => sql`TRIM(LEADING ${raw(`'${char}'`)} FROM ${s})`,
    // In bytes, which are characters wherever the reader's character tests pass (ASCII).
    position: (s, char) => sql`LOCATE(${raw(`'${char}'`)}, CAST(${s} AS BINARY))`,
    atMost: (s, bound) => sql`(CAST(${s} AS BINARY) <= ${raw(`'${bound}'`)})`,
    integer: (s) => sql`CAST(${s} AS SIGNED)`,
    div: (a, b) => sql`(${a} DIV ${b})`,
    instant: (ms) => instantWithin(TEMPORAL, ms),
    date: (t) => sql`CAST(${t} AS DATE)`,
    timeOfDay: (ms) => sql`CAST(SEC_TO_TIME(${ms} / 1000) AS TIME(3))`,
    guid: (t) => sql`LOWER(${t})`,
    base64: (t) => sql`FROM_BASE64(${t})`,
    decimal: () => 'DECIMAL(65,30) holds no Decimal text beyond 35 integer or 30 fractional digits',
    double: () => 'MySQL has no NaN or Infinity, which the texts NaN, INF and -INF are',
  },
};

export const mysql: Dialect = {
  ...BASE,
  name: 'mysql',
  // 256 characters, each at most 4 bytes: counted in bytes, 256 is within it whatever they are.
  maxAliasBytes: 256,
  jsonArrays: jsonArrays({}),
  // Integer arithmetic runs in DECIMAL(65,0), which fails beyond 65 digits.
  maxIntegerDigits: 65,
  // A MariaDB statement nests at most 63 SELECTs ("Too high level of nesting for select"); the
  // caller's query keeps a dozen of them.
  maxSubqueryNesting: 50,
  // Decimal arithmetic runs in nine words of nine digits, and a product that needs more integer
  // words is an error ("DECIMAL value is out of range"): the integer part of a product takes the
  // words of both factors' integer digits (a computed value counts whole words, a literal at
  // least one digit, even 0); a quotient's, the dividend's plus the divisor's leading fractional
  // zeros. 76 digits leave room for the sums a filter of 10,000 nodes can build.
  decimalRange: {
    columnDigits: 35,
    // Literals are cast to DECIMAL(65,30), which clamps them there.
    literalDigits: 35,
    columnMinExponent: -30,
    // A computed divisor is rounded to 38 fractional digits (see `divisor`).
    minExponent: -38,
    clampDigits: 35,
    fits: (a, b) => integerWords(a) + integerWords(b) <= 9 && a + b <= 76,
    clamp: (x) => sql`LEAST(GREATEST(${x}, -${DECIMAL_BOUND}), ${DECIMAL_BOUND})`,
  },
  placeholder: positionalPlaceholder,
  parameterCast: castAround,
  quoteIdentifier: (name) => `\`${name.replace(/`/g, '``')}\``,
  literal(type: EdmType, value: LiteralValue): Frag | string {
    switch (type) {
      case 'Edm.Boolean':
        return booleanKeyword(value);
      case 'Edm.String':
      case 'Edm.Guid':
        return param(value);
      case 'Edm.Decimal':
        return param(String(value), 'DECIMAL(65,30)');
      case 'Edm.Double':
      case 'Edm.Single':
        if (!Number.isFinite(value)) return 'MySQL and MariaDB cannot represent NaN or Infinity';
        return param(value, 'DOUBLE');
      case 'Edm.DateTime':
      case 'Edm.DateTimeOffset': {
        const year = new Date(value as number).getUTCFullYear();
        if (year < 1000 || year > 9999) return 'MySQL DATETIME holds the years 1000 to 9999 only';
        return param(utcText(value as number, false), 'DATETIME(3)');
      }
      case 'Edm.Byte':
      case 'Edm.SByte':
      case 'Edm.Int16':
      case 'Edm.Int32':
      case 'Edm.Int64':
      case 'Edm.Duration':
        return param(String(value), 'SIGNED');
      case 'Edm.Date': {
        const text = formatDate(value as number);
        if (text < '1000') return 'MySQL DATE holds the years 1000 to 9999 only';
        return param(text, 'DATE');
      }
      case 'Edm.TimeOfDay':
        return param(formatTimeOfDay(value as number), 'TIME(3)');
      case 'Edm.Binary':
        // Bound as hexadecimal text: a driver may bind no Uint8Array (mysql2 binds a Buffer only).
        return sql`UNHEX(${param(value)})`;
    }
    return noLiteralOf(type);
  },
  plainEquality: (type) => type !== 'Edm.String',
  equal(a, b) {
    if (a.type !== 'Edm.String') return sql`(${a.sql} = ${b.sql})`;
    // The collated `=` lets an index on the column narrow the rows; the byte test decides.
    if (a.column && isAtomic(b.sql)) return sql`(${a.sql} = ${b.sql} AND ${bytes(a)} = ${bytes(b)})`;
    return sql`(${bytes(a)} = ${bytes(b)})`;
  },
  equalNullSafe: (a, b) =>
    a.type === 'Edm.String' ? sql`(${bytes(a)} <=> ${bytes(b)})` : sql`(${a.sql} <=> ${b.sql})`,
  order: (op, a, b) =>
    a.type === 'Edm.String'
      ? sql`(${bytes(a)} ${raw(ORDER_OPS[op])} ${bytes(b)})`
      : sql`(${a.sql} ${raw(ORDER_OPS[op])} ${b.sql})`,
  arithmetic(op, a, b, type) {
    if (isFloatingPoint(type) && op !== 'mod') return doubleArithmetic(op, a.sql, b.sql);
    const [x, y] = isInteger(type) ? [exact(a), exact(b)] : [a.sql, b.sql];
    switch (op) {
      case 'add':
      case 'sub':
      case 'mul':
        return infix(op, x, y);
      case 'div':
        // DIV answers in BIGINT and fails beyond it; subtracting the remainder first divides exactly.
        if (!isInteger(type)) return sql`(${dividend(a, x)} / ${divisor(b, y)})`;
        // A literal or column operand (a short cast of one) is repeated as it is. The exact
        // quotient is cast back to DECIMAL(65,0): `/` gives it div_precision_increment (4) places,
        // which its text would show (`cast(Qty div 2, Edm.String)` would be '21.0000').
        return bind(
          [
            [x, INTEGER, simple(a)],
            [y, INTEGER, simple(b)],
          ],
          ([u, v]) => sql`CAST((${u!} - MOD(${u!}, NULLIF(${v!}, 0))) / NULLIF(${v!}, 0) AS ${raw(INTEGER)})`,
        );
      case 'mod':
        // MariaDB's DECIMAL MOD gives the zero remainder of a negative dividend a sign that compares
        // below 0 (MOD(-0.3, 0.1) = 0 and MOD(-1000000000, -1000000000) = 0 are false); adding 0
        // makes it the plain zero.
        if (type === 'Edm.Decimal') return sql`(MOD(${x}, ${divisor(b, y)}) + 0)`;
        if (isFloatingPoint(type)) return bind([[y, DOUBLE, simple(b)]], ([v]) => sql`MOD(${x}, NULLIF(${v!}, 0))`);
        return bind([[y, INTEGER, simple(b)]], ([v]) => sql`(MOD(${x}, NULLIF(${v!}, 0)) + 0)`);
    }
  },
  negate: (a) => (isInteger(a.type) ? sql`(-${exact(a)})` : sql`(-${a.sql})`),
  temporal: (op, a, b) => temporalArithmetic(TEMPORAL, op, a, b),
  convert(a, to) {
    if (isFloatingPoint(to) && !isFloatingPoint(a.type)) return sql`CAST(${a.sql} AS DOUBLE)`;
    // An integer stays an integer type in MySQL's Decimal operations: a Byte (TINYINT UNSIGNED)
    // made `round(Byte) sub Int16` BIGINT UNSIGNED, and `-round(Int64)` negated a BIGINT; either
    // is an error when out of range. Only a literal (already exact) stays bare.
    if (to === 'Edm.Decimal' && isInteger(a.type) && a.literal === undefined) return exact(a);
    return a.sql;
  },
  // The UTF-8 bytes of text, whose order is code point order, whatever the column's collation.
  orderKeys: (column, type) => (type === 'Edm.String' ? [sql`CAST(${column} AS BINARY)`] : [column]),
  cast: (conversion, a, to) =>
    renderCast({ ...CAST, round: (x) => mysql.functions.round!([x]) }, conversion, a, to, mysql.convert),
  // No `bind` for the compiler: `in` on a computed value is one IN on its equality key instead.
  equalityKey: (a) => (a.type === 'Edm.String' ? bytes(a) : a.sql),
  functions: {
    ...BASE_FUNCTIONS,
    substringof: ([t, s]) => needle(s!, t!, (e) => `%${e}%`, sql`(LOCATE(${bytes(t!)}, ${bytes(s!)}) > 0)`),
    contains: ([s, t]) => needle(s!, t!, (e) => `%${e}%`, sql`(LOCATE(${bytes(t!)}, ${bytes(s!)}) > 0)`),
    startswith: ([s, t]) => needle(s!, t!, (e) => `${e}%`, sql`(LOCATE(${bytes(t!)}, ${bytes(s!)}) = 1)`),
    endswith: ([s, t]) =>
      needle(s!, t!, (e) => `%${e}`, sql`(RIGHT(${bytes(s!)}, LENGTH(${bytes(t!)})) = ${bytes(t!)})`),
    length: unary('CHAR_LENGTH'),
    indexof: ([s, t]) => sql`(LOCATE(${chars(t!)}, ${chars(s!)}) - 1)`,
    // An empty search string returns s before the replacement is looked at, even a NULL one:
    // boundedReplace tests the replacement for NULL first.
    replace: ([s, f, w]) => boundedReplace(s!.sql, f!.sql, w!.sql, TEXT_SPELLING),
    substring: ([s, i, n]) =>
      n
        ? sql`SUBSTRING(${s!.sql}, GREATEST(${i!.sql}, 0) + 1, GREATEST(${n.sql}, 0))`
        : sql`SUBSTRING(${s!.sql}, GREATEST(${i!.sql}, 0) + 1)`,
    tolower: unary('LOWER'),
    toupper: unary('UPPER'),
    trim: unary('TRIM'),
    concat: ([a, b]) => boundedConcat(a!.sql, b!.sql, TEXT_SPELLING),
    year: unary('YEAR'),
    month: unary('MONTH'),
    day: unary('DAYOFMONTH'),
    hour: unary('HOUR'),
    minute: unary('MINUTE'),
    second: unary('SECOND'),
    fractionalseconds: ([x]) => sql`((MICROSECOND(${x!.sql}) DIV 1000) / 1000)`,
    date: ([x]) => sql`CAST(${x!.sql} AS DATE)`,
    time: ([x]) => sql`CAST(${x!.sql} AS TIME(3))`,
    totaloffsetminutes: ([x]) => sql`(CASE WHEN ${x!.sql} IS NULL THEN NULL ELSE 0 END)`,
    totalseconds: ([x]) => sql`(${x!.sql} / 1000)`,
    now: decidedByLowering,
    mindatetime: decidedByLowering,
    maxdatetime: decidedByLowering,
    round: ([x]) =>
      x!.type === 'Edm.Decimal'
        ? sql`ROUND(${x!.sql})`
        : // ROUND(DOUBLE) halves to even; this halves away from zero, exactly.
          bind(
            [[x!.sql, DOUBLE]],
            ([v]) =>
              sql`(TRUNCATE(${v!}, 0) + CASE WHEN ABS(${v!} - TRUNCATE(${v!}, 0)) >= 0.5 THEN SIGN(${v!}) ELSE 0 END)`,
          ),
    floor: unary('FLOOR'),
    ceiling: unary('CEILING'),
  } satisfies FunctionTable,
};

/** How a MySQL or MariaDB database stores times (docs/sql.md, "Column types"). */
export interface MysqlOptions {
  /**
   * The unit of stored instants (`DATETIME(3)` or `DATETIME(6)`), times of day (`TIME(3)` or
   * `TIME(6)`) and durations (`BIGINT`): 'milliseconds' (the default) or 'microseconds'.
   */
  readonly times?: TimeUnit;
}

/** A MySQL/MariaDB dialect for a storage convention; `mysql` is the default one. */
export function createMysqlDialect(options: MysqlOptions = {}): Dialect {
  const unit = timeUnitOption(options?.times, 'createMysqlDialect');
  return unit === 'milliseconds' ? mysql : MYSQL_MICROSECONDS;
}

/** The MySQL/MariaDB column type of the storage conventions. */
export function mysqlColumnType(type: EdmType, options: MysqlOptions = {}): string {
  const digits = timeUnitOption(options?.times, 'mysqlColumnType') === 'microseconds' ? 6 : 3;
  switch (type) {
    case 'Edm.String':
      return 'LONGTEXT CHARACTER SET utf8mb4';
    case 'Edm.Guid':
      return 'CHAR(36) CHARACTER SET ascii';
    case 'Edm.Boolean':
      return 'BOOLEAN';
    case 'Edm.Byte':
      return 'TINYINT UNSIGNED';
    case 'Edm.SByte':
      return 'TINYINT';
    case 'Edm.Int16':
      return 'SMALLINT';
    case 'Edm.Int32':
      return 'INT';
    case 'Edm.Int64':
      return 'BIGINT';
    case 'Edm.Decimal':
      return 'DECIMAL(65,30)';
    case 'Edm.Double':
    case 'Edm.Single':
      return 'DOUBLE';
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return `DATETIME(${digits})`;
    case 'Edm.Date':
      return 'DATE';
    case 'Edm.TimeOfDay':
      return `TIME(${digits})`;
    case 'Edm.Duration':
      return 'BIGINT';
    case 'Edm.Binary':
      return 'LONGBLOB';
  }
}

const EPOCH = raw(`TIMESTAMP'1970-01-01 00:00:00'`);

/**
 * Microsecond storage (DATETIME(6), TIME(6), BIGINT microseconds): a DATETIME(6) in UTC is its
 * microseconds from 1970-01-01. Scaling a duration truncates to whole milliseconds whatever the
 * unit (docs/semantics.md §5): the product or quotient of the microseconds truncated, then
 * truncated to a multiple of 1,000, is that of the milliseconds (both truncate toward zero); a
 * Double factor multiplies the nearest Double to the exact milliseconds, as in memory.
 */
const TEMPORAL_MICROSECONDS: TemporalSpelling = {
  ...TEMPORAL,
  unit: 'microseconds',
  unitsOfInstant: (x) => sql`TIMESTAMPDIFF(MICROSECOND, ${EPOCH}, ${x})`,
  instantOfUnits: (us) => sql`CAST(TIMESTAMPADD(MICROSECOND, ${us}, ${EPOCH}) AS DATETIME(6))`,
  scale(op, us, n) {
    if (factorKind(n.type) === 'double')
      return sql`(${TEMPORAL.scale(op, sql`(CAST(${us} AS DECIMAL(65,3)) * 0.001)`, n)} * 1000)`;
    // An integer of scale 0 divided by 1000 keeps its digits exactly (div_precision_increment 4).
    return sql`(TRUNCATE(${TEMPORAL.scale(op, us, n)} / 1000, 0) * 1000)`;
  },
};

/** The default dialect with its times in microseconds; only what reads, writes or computes a time differs. */
const MYSQL_MICROSECONDS: Dialect = (() => {
  const options: MysqlOptions = { times: 'microseconds' };
  const castText: Omit<CastSpelling, 'round'> = {
    ...CAST,
    unit: 'microseconds',
    reading: {
      ...CAST.reading,
      unit: 'microseconds',
      instant: (us) => instantWithin(TEMPORAL_MICROSECONDS, us),
      // A product with six places: `/` would keep only div_precision_increment (4) more.
      timeOfDay: (us) => sql`CAST(SEC_TO_TIME(${us} * 0.000001) AS TIME(6))`,
    },
  };
  const dialect: Dialect = {
    ...mysql,
    timeUnit: 'microseconds',
    jsonArrays: jsonArrays(options),
    literal(type, value) {
      switch (type) {
        case 'Edm.DateTime':
        case 'Edm.DateTimeOffset': {
          const year = new Date(wholeMs(value as TimeValue)).getUTCFullYear();
          if (year < 1000 || year > 9999) return 'MySQL DATETIME holds the years 1000 to 9999 only';
          return param(utcText(value as TimeValue, false), 'DATETIME(6)');
        }
        case 'Edm.TimeOfDay':
          return param(formatTimeOfDay(value as TimeValue), 'TIME(6)');
        case 'Edm.Duration':
          // Whole microseconds: a finer literal was rewritten or refused before (stored-precision.ts).
          return param(String(countIn(value as TimeValue, 'microseconds')), 'SIGNED');
        default:
          return mysql.literal(type, value);
      }
    },
    temporal: (op, a, b) => temporalArithmetic(TEMPORAL_MICROSECONDS, op, a, b),
    cast: (conversion, a, to) =>
      renderCast({ ...castText, round: (x) => dialect.functions.round!([x]) }, conversion, a, to, dialect.convert),
    functions: {
      ...mysql.functions,
      // Products with a constant of six places: `/` would keep only div_precision_increment (4) more.
      fractionalseconds: ([x]) => sql`(CAST(MICROSECOND(${x!.sql}) AS DECIMAL(65,0)) * 0.000001)`,
      time: ([x]) => sql`CAST(${x!.sql} AS TIME(6))`,
      totalseconds: ([x]) => sql`(CAST(${x!.sql} AS DECIMAL(65,0)) * 0.000001)`,
    },
  };
  return dialect;
})();
