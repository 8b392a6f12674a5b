// MySQL 8 and MariaDB 10.6+: `?` placeholders with CAST for typed values, `<=>` for null-safe
// equality, string comparison on the UTF-8 bytes (CAST … AS BINARY: code-point order, no padding,
// case-sensitive, whatever the column collation), DECIMAL(65,0) for exact integer arithmetic.

import type { ArithmeticOp } from '../../../ast.js';
import type { EdmType } from '../../../edm.js';
import { isInteger } from '../../../edm.js';
import type { LiteralValue } from '../../../typed.js';
import type { Dialect, Operand, OrderOp } from '../dialect.js';
import { isAtomic, param, raw, sql } from '../fragment.js';
import type { Frag } from '../fragment.js';
import { likeLiteral, utcText } from '../values.js';

const OPS: { readonly [O in OrderOp]: string } = { gt: '>', ge: '>=', lt: '<', le: '<=' };
const isDouble = (t: EdmType): boolean => t === 'Edm.Double' || t === 'Edm.Single';
const bytes = (o: Operand): Frag => sql`CAST(${o.sql} AS BINARY)`;
const chars = (o: Operand): Frag => sql`(${o.sql} COLLATE utf8mb4_bin)`;
const exact = (o: Operand): Frag => sql`CAST(${o.sql} AS DECIMAL(65,0))`;
/** LIKE on the bytes: `%` never splits a UTF-8 sequence, and `_` is never used unescaped. */
const likeBytes = (s: Operand, pattern: string): Frag => sql`(CAST(${s.sql} AS BINARY) LIKE CAST(${param(pattern)} AS BINARY) ESCAPE '!')`;

function needle(s: Operand, t: Operand, like: (escaped: string) => string, fallback: Frag): Frag {
  return typeof t.literal === 'string' ? likeBytes(s, like(likeLiteral(t.literal, '!'))) : fallback;
}

// MySQL and MariaDB raise an error where IEEE 754 overflows, and have no infinity to give
// instead: an overflowing result is clamped to the largest finite double (docs/semantics.md).
const MAX = raw('1.7976931348623157e308');
const MAX_HALF = raw('8.988465674311579e307');
const LOG10_MAX = raw('308.25471555991675');

function doubleArithmetic(op: Exclude<ArithmeticOp, 'mod'>, x: Frag, y: Frag): Frag {
  const yy = op === 'div' ? sql`NULLIF(${y}, 0)` : y;
  const o = raw({ add: ' + ', sub: ' - ', mul: ' * ', div: ' / ' }[op]);
  const plain = sql`(${x}${o}${yy})`;
  if (op === 'add' || op === 'sub') {
    const half = sql`(${x} / 2${o}${y} / 2)`;
    return sql`(CASE WHEN ABS(${half}) >= ${MAX_HALF} THEN SIGN(${half}) * ${MAX} ELSE ${plain} END)`;
  }
  // LOG10 of 0 is NULL, so a zero operand falls through to the plain (harmless) operation.
  const magnitude = sql`(LOG10(ABS(${x})) ${raw(op === 'mul' ? '+' : '-')} LOG10(ABS(${yy})))`;
  return sql`(CASE WHEN ${magnitude} >= ${LOG10_MAX} THEN SIGN(${x}) * SIGN(${y}) * ${MAX} ELSE ${plain} END)`;
}

export const mysql: Dialect = {
  name: 'mysql',
  placeholder: (_index, p) => (p.cast ? `CAST(? AS ${p.cast})` : '?'),
  quoteIdentifier: (name) => `\`${name.replace(/`/g, '``')}\``,
  literal(type: EdmType, value: LiteralValue): Frag | string {
    switch (type) {
      case 'Edm.Boolean':
        return raw(value ? 'TRUE' : 'FALSE');
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
      default:
        return param(String(value), 'SIGNED');
    }
  },
  nullOf: () => raw('NULL'),
  plainEquality: (type) => type !== 'Edm.String',
  equal(a, b) {
    if (a.type !== 'Edm.String') return sql`(${a.sql} = ${b.sql})`;
    // The collated `=` lets an index on the column narrow the rows; the byte test decides.
    if (a.column && isAtomic(b.sql)) return sql`(${a.sql} = ${b.sql} AND ${bytes(a)} = ${bytes(b)})`;
    return sql`(${bytes(a)} = ${bytes(b)})`;
  },
  equalNullSafe: (a, b) => (a.type === 'Edm.String' ? sql`(${bytes(a)} <=> ${bytes(b)})` : sql`(${a.sql} <=> ${b.sql})`),
  order: (op, a, b) => (a.type === 'Edm.String' ? sql`(${bytes(a)} ${raw(OPS[op])} ${bytes(b)})` : sql`(${a.sql} ${raw(OPS[op])} ${b.sql})`),
  arithmetic(op, a, b, type) {
    if (isDouble(type) && op !== 'mod') return doubleArithmetic(op, a.sql, b.sql);
    const [x, y] = isInteger(type) ? [exact(a), exact(b)] : [a.sql, b.sql];
    switch (op) {
      case 'add':
        return sql`(${x} + ${y})`;
      case 'sub':
        return sql`(${x} - ${y})`;
      case 'mul':
        return sql`(${x} * ${y})`;
      case 'div':
        // DIV answers in BIGINT and fails beyond it; subtracting the remainder first divides exactly.
        return isInteger(type) ? sql`((${x} - MOD(${x}, NULLIF(${y}, 0))) / NULLIF(${y}, 0))` : sql`(${x} / NULLIF(${y}, 0))`;
      case 'mod':
        return sql`MOD(${x}, NULLIF(${y}, 0))`;
    }
  },
  negate: (a) => (isInteger(a.type) ? sql`(-${exact(a)})` : sql`(-${a.sql})`),
  convert: (a, to) => (isDouble(to) && !isDouble(a.type) ? sql`CAST(${a.sql} AS DOUBLE)` : a.sql),
  falseIfNull: (x) => sql`COALESCE(${x}, FALSE)`,
  // MariaDB allows no outer column inside a derived table, so there is no `bind`.
  equalityKey: (a) => (a.type === 'Edm.String' ? bytes(a) : a.sql),
  functions: {
    substringof: ([t, s]) => needle(s!, t!, (e) => `%${e}%`, sql`(LOCATE(${bytes(t!)}, ${bytes(s!)}) > 0)`),
    contains: ([s, t]) => needle(s!, t!, (e) => `%${e}%`, sql`(LOCATE(${bytes(t!)}, ${bytes(s!)}) > 0)`),
    startswith: ([s, t]) => needle(s!, t!, (e) => `${e}%`, sql`(LOCATE(${bytes(t!)}, ${bytes(s!)}) = 1)`),
    endswith: ([s, t]) => needle(s!, t!, (e) => `%${e}`, sql`(RIGHT(${bytes(s!)}, LENGTH(${bytes(t!)})) = ${bytes(t!)})`),
    length: ([s]) => sql`CHAR_LENGTH(${s!.sql})`,
    indexof: ([s, t]) => sql`(LOCATE(${chars(t!)}, ${chars(s!)}) - 1)`,
    // An empty search string returns s before the replacement is looked at, even a NULL one.
      replace: ([s, f, w]) =>
        w!.nullable
          ? sql`(CASE WHEN ${w!.sql} IS NULL THEN NULL ELSE REPLACE(${s!.sql}, ${f!.sql}, ${w!.sql}) END)`
          : sql`REPLACE(${s!.sql}, ${f!.sql}, ${w!.sql})`,
    substring: ([s, i, n]) =>
      n ? sql`SUBSTRING(${s!.sql}, GREATEST(${i!.sql}, 0) + 1, GREATEST(${n.sql}, 0))` : sql`SUBSTRING(${s!.sql}, GREATEST(${i!.sql}, 0) + 1)`,
    tolower: ([s]) => sql`LOWER(${s!.sql})`,
    toupper: ([s]) => sql`UPPER(${s!.sql})`,
    trim: ([s]) => sql`TRIM(${s!.sql})`,
    concat: ([a, b]) => sql`CONCAT(${a!.sql}, ${b!.sql})`,
    year: ([x]) => sql`YEAR(${x!.sql})`,
    month: ([x]) => sql`MONTH(${x!.sql})`,
    day: ([x]) => sql`DAYOFMONTH(${x!.sql})`,
    hour: ([x]) => sql`HOUR(${x!.sql})`,
    minute: ([x]) => sql`MINUTE(${x!.sql})`,
    second: ([x]) => sql`SECOND(${x!.sql})`,
    round: ([x]) =>
      x!.type === 'Edm.Decimal'
        ? sql`ROUND(${x!.sql})`
        : // ROUND(DOUBLE) halves to even; this halves away from zero, exactly.
          sql`(TRUNCATE(${x!.sql}, 0) + CASE WHEN ABS(${x!.sql} - TRUNCATE(${x!.sql}, 0)) >= 0.5 THEN SIGN(${x!.sql}) ELSE 0 END)`,
    floor: ([x]) => sql`FLOOR(${x!.sql})`,
    ceiling: ([x]) => sql`CEILING(${x!.sql})`,
    datetime: ([x]) => x!.sql,
    datetimeoffset: ([x]) => x!.sql,
  },
};

/** The MySQL/MariaDB column type of the storage conventions. */
export function mysqlColumnType(type: EdmType): string {
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
    default:
      return 'DATETIME(3)';
  }
}
