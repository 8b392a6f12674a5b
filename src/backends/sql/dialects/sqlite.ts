// SQLite (3.35+ with the built-in math functions): `?` placeholders with CAST for numbers, `IS`
// for null-safe equality, BINARY (code-point) collation, and date-times as integer epoch
// milliseconds by default or ISO 8601 text (`createSqliteDialect({ dates: 'iso-text' })`); dates
// as `YYYY-MM-DD` text, times of day as `hh:mm:ss.sss` text, durations as integer milliseconds;
// or, with `times: 'microseconds'`, date-times as integer epoch microseconds, times of day as
// `hh:mm:ss.ssssss` text and durations as integer microseconds.

import { jsonPathNames } from '../json-path.js';
import { type EdmType, isInteger } from '../../../language/edm.js';
import type { LiteralValue } from '../../../types/typed.js';
import type { Dialect, FunctionTable, JsonArrays, Operand } from '../dialect.js';
import {
  BASE,
  BASE_FUNCTIONS,
  booleanKeyword,
  castAround,
  positionalPlaceholder,
  decidedByLowering,
  doubleQuoted,
  infix,
  noLiteralOf,
  ORDER_OPS,
  unary,
} from './base.js';
import { factorKind, instantWithin, temporalArithmetic } from '../temporal.js';
import type { TemporalSpelling } from '../temporal.js';
import { formatDate, formatTimeOfDay, MAX_DURATION } from '../../../semantics/temporal.js';
import { bytesOfHex } from '../../../language/binary-spelling.js';
import { bindInSubquery, join, param, raw, sql, type Frag } from '../fragment.js';
import { boundedConcat, boundedReplace, type TextSpelling } from '../bounded-strings.js';
import { datePartOfEpochMs, floorDiv, floorMod } from '../epoch-date-parts.js';
import { countIn, type TimeUnit, type TimeValue } from '../../../semantics/fine-time.js';
import { timeUnitOption } from '../time-unit-option.js';
import { renderCast, type CastSpelling } from '../cast.js';
import type { DatePart } from '../epoch-date-parts.js';

// LIMIT -1 (no limit): SQLite does not flatten a subquery with a LIMIT into an outer aggregate-free scalar subquery.
const bind = bindInSubquery(' LIMIT -1');

export interface SqliteOptions {
  /**
   * How date-time columns are stored. 'epoch-ms' (default): INTEGER milliseconds since
   * 1970-01-01T00:00:00Z, any year. 'iso-text': TEXT `YYYY-MM-DDTHH:MM:SS.SSSZ` (UTC, always
   * with milliseconds and `Z`), which sorts correctly for years 0000–9999 only: a literal in a
   * later UTC year is a FilterError of kind 'unsupported'.
   */
  readonly dates?: 'epoch-ms' | 'iso-text';
  /**
   * The unit of stored date-times, times of day and durations: 'milliseconds' (default) or
   * 'microseconds', where date-times are integers (`dates: 'epoch-ms'`, then counting
   * microseconds) and times of day `hh:mm:ss.ssssss`. ISO text date-times with microseconds are
   * not read yet: that combination is a TypeError.
   */
  readonly times?: TimeUnit;
}

/** Stored and computed as REAL: Double, Single and (here) Decimal. */
const isReal = (t: EdmType): boolean => t === 'Edm.Double' || t === 'Edm.Single' || t === 'Edm.Decimal';
const isString = (t: EdmType): boolean => t === 'Edm.String' || t === 'Edm.Guid';
/** The string functions' spelling for their length bound (SQLite integers are 64-bit). */
const TEXT: TextSpelling = {
  length: (x) => sql`length(${x})`,
  replace: (x, f, b) => sql`replace(${x}, ${f}, ${b})`,
  concat: (x, y) => sql`(${x} || ${y})`,
  bind,
};

const collated = (o: Operand): Frag => (isString(o.type) ? sql`${o.sql} COLLATE BINARY` : o.sql);
const integerDivision = (op: string, type: EdmType): boolean => isInteger(type) && (op === 'div' || op === 'mod');

function isoText(ms: number): string {
  return new Date(ms).toISOString();
}

const ISO_PARTS: { readonly [P in DatePart]: readonly [number, number] } = {
  year: [1, 4],
  month: [6, 2],
  day: [9, 2],
  hour: [12, 2],
  minute: [15, 2],
  second: [18, 2],
};

/** A path of schema names (identifiers, so nothing to escape) as a JSON path. */
const jsonPath = (path: readonly string[]): string =>
  `'$${jsonPathNames(path, 'sqlite')
    .map((n) => `.${n}`)
    .join('')}'`;

/**
 * JSON text arrays: `json_each` over the array (none for a JSON null or a non-array, which it
 * would walk as one value). Its `value` and `json_extract` give SQL values as columns store them:
 * integers exactly as INTEGER, numbers with a fraction as REAL, JSON true and false as 1 and 0.
 */
const JSON_ARRAYS: JsonArrays = {
  elements: (array, alias) =>
    sql`json_each(CASE WHEN json_type(${array}) = 'array' THEN ${array} END) AS ${raw(alias)}`,
  value: (alias, member) =>
    raw(member.path.length === 0 ? `${alias}.value` : `json_extract(${alias}.value, ${jsonPath(member.path)})`),
  json: (alias, path) => raw(`json_extract(${alias}.value, ${jsonPath(path)})`),
  isNull: (alias, path) =>
    raw(
      path.length === 0
        ? `(${alias}.type = 'null')`
        : `(COALESCE(json_type(${alias}.value, ${jsonPath(path)}), 'null') = 'null')`,
    ),
  // json_each walks the array in order, and json_group_array keeps the order it is given.
  without: (array, hidden) =>
    `(CASE WHEN json_type(${array}) = 'array' THEN (SELECT json_group_array(CASE WHEN _e.type = 'object' THEN json(json_remove(_e.value, ${hidden.map(jsonPath).join(', ')})) WHEN _e.type = 'array' THEN json(_e.value) WHEN _e.type = 'true' THEN json('true') WHEN _e.type = 'false' THEN json('false') ELSE _e.value END) FROM json_each(${array}) AS _e) END)`,
};

/** A `YYYY-MM-DD` date's or an `hh:mm:ss.sss` time's part, from its fixed place in the text. */
const textPart = (x: Frag, [from, length]: readonly [number, number]): Frag =>
  sql`CAST(substr(${x}, ${raw(String(from))}, ${raw(String(length))}) AS INTEGER)`;
const DATE_PARTS: { readonly [P in 'year' | 'month' | 'day']: readonly [number, number] } = {
  year: [1, 4],
  month: [6, 2],
  day: [9, 2],
};
const TIME_PARTS: { readonly [P in 'hour' | 'minute' | 'second']: readonly [number, number] } = {
  hour: [1, 2],
  minute: [4, 2],
  second: [7, 2],
};
/** Julian day number of 1970-01-01T00:00:00Z. */
const EPOCH_JULIAN_DAY = '2440587.5';

/** A SQLite dialect for a storage convention; `sqlite` is the default one. */
export function createSqliteDialect(options: SqliteOptions = {}): Dialect {
  const dates = options.dates ?? 'epoch-ms';
  const epochMs = dates === 'epoch-ms';
  const unit = timeUnitOption(options?.times, 'createSqliteDialect');
  const fine = unit === 'microseconds';
  if (fine && !epochMs)
    throw new TypeError("createSqliteDialect: times 'microseconds' needs dates 'epoch-ms' (integers)");
  /** Whole seconds and the microseconds within them of epoch microseconds, floored. */
  const seconds = (us: Frag): Frag => floorDiv(us, 1_000_000);
  const microText = (us: Frag): Frag => sql`printf('%06d', ${floorMod(us, 1_000_000)})`;
  const scaleMs = (op: 'mul' | 'div', ms: Frag, n: Operand): Frag => {
    const kind = factorKind(n.type);
    if (kind === 'integer') return op === 'mul' ? sql`(${ms} * ${n.sql})` : sql`(${ms} / NULLIF(${n.sql}, 0))`;
    // Decimal is REAL here: the product or quotient in binary64, truncated where it is a duration.
    const r = op === 'mul' ? sql`(${ms} * ${n.sql})` : sql`(${ms} / NULLIF(CAST(${n.sql} AS REAL), 0))`;
    return bind(
      [r],
      ([v]) =>
        sql`(CASE WHEN ${v!} BETWEEN -${raw(String(MAX_DURATION))} AND ${raw(String(MAX_DURATION))} THEN CAST(trunc(${v!}) AS INTEGER) END)`,
    );
  };
  const temporal: TemporalSpelling = {
    unit,
    unitsOfInstant: (x) =>
      epochMs ? x : sql`CAST(round((julianday(${x}) - ${raw(EPOCH_JULIAN_DAY)}) * 86400000) AS INTEGER)`,
    instantOfUnits: (ms) => (epochMs ? ms : sql`strftime('%Y-%m-%dT%H:%M:%fZ', ${ms} / 1000.0, 'unixepoch')`),
    daysOfDate: (x) => sql`CAST(julianday(${x}) - ${raw(EPOCH_JULIAN_DAY)} AS INTEGER)`,
    // Scaling truncates to whole milliseconds whatever the unit (docs/semantics.md §5): an integer
    // factor's truncated result truncated again to a multiple of 1,000 (both toward zero), a REAL
    // one's on the nearest Double to the milliseconds, as in memory.
    scale(op, units, n) {
      if (!fine) return scaleMs(op, units, n);
      if (factorKind(n.type) === 'integer') return sql`((${scaleMs(op, units, n)} / 1000) * 1000)`;
      return sql`(${scaleMs(op, sql`(${units} / 1000.0)`, n)} * 1000)`;
    },
    bindIntegers: bind,
  };
  const datePartOf =
    (p: 'year' | 'month' | 'day', hour: DatePart) =>
    (args: readonly Operand[]): Frag => {
      const [x] = args;
      if (x!.type === 'Edm.Date') return textPart(x!.sql, DATE_PARTS[p]);
      return datePart(hour)(args);
    };
  const timePartOf =
    (p: 'hour' | 'minute' | 'second') =>
    (args: readonly Operand[]): Frag => {
      const [x] = args;
      if (x!.type === 'Edm.TimeOfDay') return textPart(x!.sql, TIME_PARTS[p]);
      return datePart(p)(args);
    };
  const datePart =
    (p: DatePart) =>
    ([x]: readonly Operand[]): Frag => {
      if (dates === 'epoch-ms') return datePartOfEpochMs(fine ? floorDiv(x!.sql, 1000) : x!.sql, p, bind);
      const [from, length] = ISO_PARTS[p];
      return sql`CAST(substr(${x!.sql}, ${raw(String(from))}, ${raw(String(length))}) AS INTEGER)`;
    };
  const trimFraction = (x: Frag): Frag => sql`rtrim(rtrim(${x}, '0'), '.')`;
  const castSpelling: CastSpelling = {
    unit,
    bind: (values, _kind, body) => bind(values, body),
    integerType: () => 'INTEGER',
    round: (x) => functions.round([x]),
    integerText: (x) => sql`CAST(${x} AS TEXT)`,
    concat: (parts) => sql`(${join(parts, ' || ')})`,
    div: (a, b) => sql`(${a} / ${b})`,
    mod: (a, b) => sql`(${a} % ${b})`,
    pad: (x, width) => sql`substr(${raw(`'${'0'.repeat(width - 1)}'`)} || ${x}, -${raw(String(width))})`,
    trimFraction,
    text(x) {
      switch (x.type) {
        case 'Edm.Date':
        case 'Edm.Guid':
          // Stored as their text: `YYYY-MM-DD`, a lower-case guid.
          return x.sql;
        case 'Edm.TimeOfDay':
          return trimFraction(x.sql);
        case 'Edm.DateTime':
        case 'Edm.DateTimeOffset':
          if (fine)
            return bind(
              [x.sql],
              ([v]) =>
                sql`(${trimFraction(sql`(strftime('%Y-%m-%dT%H:%M:%S.', ${seconds(v!)}, 'unixepoch') || ${microText(v!)})`)} || 'Z')`,
            );
          return epochMs
            ? sql`(${trimFraction(sql`strftime('%Y-%m-%dT%H:%M:%f', ${x.sql} / 1000.0, 'unixepoch')`)} || 'Z')`
            : sql`(${trimFraction(sql`substr(${x.sql}, 1, 23)`)} || 'Z')`;
        case 'Edm.Decimal':
          return "SQLite stores Decimals as REAL, whose text is not the Decimal's";
        case 'Edm.Binary':
          return 'SQLite has no base64 function to write the text of a Binary';
        default:
          return `SQLite writes ${x.type} values in another form than JavaScript's`;
      }
    },
    // A Decimal is REAL here: the Double itself, but for ±INF.
    toDecimal: (x) => bind([x.sql], ([v]) => sql`(CASE WHEN abs(${v!}) <= 1.7976931348623157e308 THEN ${v!} END)`),
    reading: {
      unit,
      bindText: bind,
      bindIntegers: bind,
      substr: (s, from, length) => sql`substr(${s}, ${from}, max(${length}, 0))`,
      length: (s) => sql`length(${s})`,
      // No regular expressions: a GLOB for a character outside the class.
      only: (s, chars) => sql`(${s} <> '' AND ${s} NOT GLOB ${raw(`'*[^${chars}]*'`)})`,
      exact: (s) => s,
      trimStart: (s, char) => sql`ltrim(${s}, ${raw(`'${char}'`)})`,
      position: (s, char) => sql`instr(${s}, ${raw(`'${char}'`)})`,
      atMost: (s, bound) => sql`(${s} COLLATE BINARY <= ${raw(`'${bound}'`)})`,
      integer: (s) => sql`CAST(${s} AS INTEGER)`,
      div: (a, b) => sql`(${a} / ${b})`,
      instant: (ms) => instantWithin(temporal, ms),
      // Stored as their text: `YYYY-MM-DD`, `hh:mm:ss.sss`, a lower-case guid.
      date: (t) => t,
      timeOfDay: (units) =>
        bind([units], ([v]) =>
          fine
            ? sql`printf('%02d:%02d:%02d.%06d', ${v!} / 3600000000, ${v!} / 60000000 % 60, ${v!} / 1000000 % 60, ${v!} % 1000000)`
            : sql`printf('%02d:%02d:%02d.%03d', ${v!} / 3600000, ${v!} / 60000 % 60, ${v!} / 1000 % 60, ${v!} % 1000)`,
        ),
      guid: (t) => sql`lower(${t})`,
      base64: () => 'SQLite has no base64 function to read the text of a Binary',
      decimal: () => "SQLite stores Decimals as REAL, which holds no Decimal's text exactly",
      // '1.00000000000000011102230246251565404236316680908203126' (just above a midpoint) reads as 1.
      double: () => "SQLite does not read a number's text as the nearest Double",
    },
  };
  const convert = (a: Operand, to: EdmType): Frag =>
    isReal(to) && !isReal(a.type) ? sql`CAST(${a.sql} AS REAL)` : a.sql;
  const functions = {
    ...BASE_FUNCTIONS,
    substringof: ([t, s]) => sql`(instr(${s!.sql}, ${t!.sql}) > 0)`,
    contains: ([s, t]) => sql`(instr(${s!.sql}, ${t!.sql}) > 0)`,
    startswith: ([s, t]) => bind([t!.sql], ([u]) => sql`(substr(${s!.sql}, 1, length(${u!})) = ${u!})`),
    // substr(s, -0) is all of s, so an empty suffix is handled apart.
    endswith: ([s, t]) =>
      bind(
        [s!.sql, t!.sql],
        ([v, u]) => sql`(substr(${v!}, -length(${u!})) = ${u!} OR (length(${u!}) = 0 AND ${v!} IS NOT NULL))`,
      ),
    length: unary('length'),
    indexof: ([s, t]) => sql`(instr(${s!.sql}, ${t!.sql}) - 1)`,
    // An empty search string returns s before the replacement is looked at, even a NULL one:
    // boundedReplace tests the replacement for NULL first.
    replace: ([s, f, w]) => boundedReplace(s!.sql, f!.sql, w!.sql, TEXT),
    substring: ([s, i, n]) =>
      n
        ? sql`substr(${s!.sql}, max(${i!.sql}, 0) + 1, max(${n.sql}, 0))`
        : sql`substr(${s!.sql}, max(${i!.sql}, 0) + 1)`,
    tolower: unary('lower'),
    toupper: unary('upper'),
    trim: ([s]) => sql`trim(${s!.sql}, ' ')`,
    concat: ([a, b]) => boundedConcat(a!.sql, b!.sql, TEXT),
    year: datePartOf('year', 'year'),
    month: datePartOf('month', 'month'),
    day: datePartOf('day', 'day'),
    hour: timePartOf('hour'),
    minute: timePartOf('minute'),
    second: timePartOf('second'),
    fractionalseconds: ([x]) => {
      if (fine) {
        if (x!.type === 'Edm.TimeOfDay') return sql`(${textPart(x!.sql, [10, 6])} / 1000000.0)`;
        return sql`(${floorMod(x!.sql, 1_000_000)} / 1000000.0)`;
      }
      if (x!.type === 'Edm.TimeOfDay') return sql`(${textPart(x!.sql, [10, 3])} / 1000.0)`;
      if (!epochMs) return sql`(${textPart(x!.sql, [21, 3])} / 1000.0)`;
      return sql`(((${x!.sql} % 1000 + 1000) % 1000) / 1000.0)`;
    },
    // Whole seconds under microseconds: a REAL count of them could round across midnight.
    date: ([x]) =>
      fine
        ? sql`date(${seconds(x!.sql)}, 'unixepoch')`
        : epochMs
          ? sql`date(${x!.sql} / 1000.0, 'unixepoch')`
          : sql`substr(${x!.sql}, 1, 10)`,
    time: ([x]) =>
      fine
        ? bind([x!.sql], ([v]) => sql`(strftime('%H:%M:%S.', ${seconds(v!)}, 'unixepoch') || ${microText(v!)})`)
        : epochMs
          ? sql`strftime('%H:%M:%f', ${x!.sql} / 1000.0, 'unixepoch')`
          : sql`substr(${x!.sql}, 12, 12)`,
    totaloffsetminutes: ([x]) => sql`(CASE WHEN ${x!.sql} IS NULL THEN NULL ELSE 0 END)`,
    // Decimal is REAL here. Milliseconds of a Duration are exact as a REAL, so one division rounds;
    // microseconds beyond 2^53 are not, and would round twice: the whole seconds (exact) and the
    // fraction are added instead, which rounds the sum once.
    totalseconds: ([x]) =>
      fine
        ? bind([x!.sql], ([v]) => sql`((${v!} / 1000000) + (${v!} % 1000000) / 1000000.0)`)
        : sql`(${x!.sql} / 1000.0)`,
    now: decidedByLowering,
    mindatetime: decidedByLowering,
    maxdatetime: decidedByLowering,
    // round() computes x + 0.5 in floating point (round(0.49999999999999994) is 1); this is exact.
    round: ([x]) =>
      bind(
        [x!.sql],
        ([v]) => sql`(trunc(${v!}) + CASE WHEN abs(${v!} - trunc(${v!})) >= 0.5 THEN sign(${v!}) ELSE 0 END)`,
      ),
    floor: unary('floor'),
    ceiling: unary('ceiling'),
  } satisfies FunctionTable;
  return {
    ...BASE,
    name: 'sqlite',
    ...(fine ? { timeUnit: unit } : {}),
    jsonArrays: JSON_ARRAYS,
    // SQLite's expressions nest at most 1,000 deep ("Expression tree is too large"), and the
    // deepest renderings (a bounded replace) take about 11 of them per level of the filter.
    maxFilterDepth: 80,
    // `a OR b OR c` is parsed as ((a OR b) OR c): a chain of n operands is n - 1 deep there, and
    // 11 is what one level of the filter may take of the 1,000.
    maxChainLength: 12,
    placeholder: positionalPlaceholder,
    parameterCast: castAround,
    quoteIdentifier: doubleQuoted,
    literal(type: EdmType, value: LiteralValue): Frag | string {
      switch (type) {
        case 'Edm.Boolean':
          return booleanKeyword(value);
        case 'Edm.String':
        case 'Edm.Guid':
          // SQLite's text functions stop at U+0000 (length('a\0b') is 1).
          if ((value as string).includes('\u0000')) return 'SQLite text functions cannot handle the character U+0000';
          return param(value);
        case 'Edm.Decimal':
          return param(Number(value), 'REAL');
        case 'Edm.Double':
        case 'Edm.Single':
          if (Number.isNaN(value)) return 'SQLite cannot represent NaN (it stores it as NULL)';
          return param(value, 'REAL');
        case 'Edm.DateTime':
        case 'Edm.DateTimeOffset': {
          // Whole units: a finer literal was rewritten or refused before (stored-precision.ts).
          if (fine) return param(String(countIn(value as TimeValue, unit)), 'INTEGER');
          if (dates === 'epoch-ms') return param(value, 'INTEGER');
          // Beyond year 9999 the text is `+010000-…`, which sorts below every stored date.
          const year = new Date(value as number).getUTCFullYear();
          if (year < 0 || year > 9999) return "SQLite 'iso-text' dates hold the years 0000 to 9999 only (UTC)";
          return param(isoText(value as number));
        }
        case 'Edm.Byte':
        case 'Edm.SByte':
        case 'Edm.Int16':
        case 'Edm.Int32':
        case 'Edm.Int64':
          return param(String(value), 'INTEGER');
        case 'Edm.Duration':
          return param(String(countIn(value as TimeValue, unit)), 'INTEGER');
        case 'Edm.Date':
          return param(formatDate(value as number));
        case 'Edm.TimeOfDay':
          // Always this fixed width, so that text order is time order.
          return param(fine ? formatTimeOfDay(value as TimeValue).padEnd(15, '0') : formatTimeOfDay(value as number));
        case 'Edm.Binary':
          return param(bytesOfHex(value as string));
      }
      return noLiteralOf(type);
    },
    equal: (a, b) => sql`(${a.sql} = ${collated(b)})`,
    equalNullSafe: (a, b) => sql`(${a.sql} IS ${collated(b)})`,
    // `col COLLATE BINARY IN (…)` still searches an index on the column.
    equalityKey: collated,
    order: (op, a, b) => sql`(${a.sql} ${raw(ORDER_OPS[op])} ${collated(b)})`,
    arithmetic(op, a, b, type) {
      const x = a.sql;
      const y = b.sql;
      switch (op) {
        case 'add':
        case 'sub':
        case 'mul':
          return infix(op, x, y);
        case 'div':
          return sql`(${x} / NULLIF(${y}, 0))`;
        case 'mod':
          // `%` casts reals to integers; mod() is fmod.
          return integerDivision(op, type) ? sql`(${x} % NULLIF(${y}, 0))` : sql`mod(${x}, NULLIF(${y}, 0))`;
      }
    },
    temporal: (op, a, b) => temporalArithmetic(temporal, op, a, b),
    // Decimals are REAL here; an integer converted to one must divide as a real, not truncate.
    convert,
    bind,
    // Code point order for text, whatever collation the column was declared with.
    orderKeys: (column, type) => (isString(type) ? [sql`${column} COLLATE BINARY`] : [column]),
    cast: (conversion, a, to) => renderCast(castSpelling, conversion, a, to, convert),
    functions,
  };
}

export const sqlite: Dialect = createSqliteDialect();

/** The SQLite column type of the storage conventions. */
export function sqliteColumnType(type: EdmType, options: SqliteOptions = {}): string {
  if (type === 'Edm.String' || type === 'Edm.Guid' || type === 'Edm.Date' || type === 'Edm.TimeOfDay') return 'TEXT';
  if (type === 'Edm.DateTime' || type === 'Edm.DateTimeOffset')
    return (options.dates ?? 'epoch-ms') === 'epoch-ms' ? 'INTEGER' : 'TEXT';
  if (isReal(type)) return 'REAL';
  if (type === 'Edm.Binary') return 'BLOB';
  return 'INTEGER';
}
