// PostgreSQL 14+ (numeric ±Infinity, used by Double `mod`; PGlite): `$n` placeholders typed with
// casts, IS NOT DISTINCT FROM, numeric for exact integer arithmetic, COLLATE "C" for code-point
// order, LIKE patterns for literal needles.
// Storage: text, uuid, boolean, smallint/integer/bigint, numeric, double precision, timestamptz,
// date, time(3), durations as bigint milliseconds, and bytea; or, with `times: 'microseconds'`
// (createPostgresDialect), instants, times of day (time(6)) and durations in microseconds.

import { jsonPathNames } from '../json-path.js';
import { Decimal } from 'decimal.js';
import type { LoweredArithmeticOp } from '../../../lower/lowered.js';
import { type EdmType, isFloatingPoint, isInteger } from '../../../language/edm.js';
import type { LiteralValue } from '../../../types/typed.js';
import type { Dialect, FunctionTable, JsonArrays, Operand } from '../dialect.js';
import {
  BASE,
  BASE_FUNCTIONS,
  booleanKeyword,
  decidedByLowering,
  doubleQuoted,
  infix,
  noLiteralOf,
  ORDER_OPS,
  unary,
} from './base.js';
import { bindInSubquery, join, param, raw, sql, type Frag } from '../fragment.js';
import { boundedConcat, boundedReplace, type TextSpelling } from '../bounded-strings.js';
import { likeLiteral } from '../like-pattern.js';
import { doubleText, utcText } from '../literal-text.js';
import { factorKind, instantWithin, temporalArithmetic, unitsText } from '../temporal.js';
import type { TextReading } from '../text-reading.js';
import { decimalOfText, doubleOfText } from './postgres-number-text.js';
import type { TemporalSpelling } from '../temporal.js';
import { formatDate, formatTimeOfDay, MAX_DURATION } from '../../../semantics/temporal.js';
import { countIn, type TimeUnit, type TimeValue } from '../../../semantics/fine-time.js';
import { timeUnitOption } from '../time-unit-option.js';
import { renderCast, type CastSpelling } from '../cast.js';
import { shortestDecimalOf } from './postgres-double-decimal.js';
import { bytesOfHex } from '../../../language/binary-spelling.js';

// OFFSET 0: PostgreSQL does not pull up a subquery with an OFFSET.
const bind = bindInSubquery(' OFFSET 0');
/**
 * Names constants too: PostgreSQL folds a CASE branch made only of constants while planning, even
 * a branch the row never takes, so a guarded overflow of two literals would raise its error then.
 */
const bindAll = bindInSubquery(' OFFSET 0', true);

const SQL_TYPES: { readonly [T in EdmType]: string } = {
  'Edm.String': 'text',
  'Edm.Guid': 'uuid',
  'Edm.Boolean': 'boolean',
  'Edm.Byte': 'smallint',
  'Edm.SByte': 'smallint',
  'Edm.Int16': 'smallint',
  'Edm.Int32': 'integer',
  'Edm.Int64': 'bigint',
  'Edm.Decimal': 'numeric',
  'Edm.Double': 'double precision',
  'Edm.Single': 'double precision',
  'Edm.DateTime': 'timestamptz',
  'Edm.DateTimeOffset': 'timestamptz',
  'Edm.Date': 'date',
  'Edm.TimeOfDay': 'time(3)',
  'Edm.Duration': 'bigint',
  'Edm.Binary': 'bytea',
};

/** The column type of an Edm type for a unit of stored times. */
const columnTypeOf = (type: EdmType, unit: TimeUnit): string =>
  type === 'Edm.TimeOfDay' && unit === 'microseconds' ? 'time(6)' : SQL_TYPES[type];

/** PostgreSQL's name of one unit, for an interval, and the `to_char` pattern of a fraction in it. */
const UNIT_NAMES: { readonly [U in TimeUnit]: { readonly interval: string; readonly toChar: string } } = {
  milliseconds: { interval: 'millisecond', toChar: 'MS' },
  microseconds: { interval: 'microsecond', toChar: 'US' },
};

/**
 * Instants, dates and times of day as exact integers of the unit and back
 * (src/backends/sql/temporal.ts). An instant is moved by whole hours and units, never by days: a
 * day-valued interval added to a timestamptz follows the session TimeZone's daylight saving time.
 */
function temporalSpelling(unit: TimeUnit): TemporalSpelling {
  const perSecond = raw(unitsText(1000, unit));
  const perHour = raw(unitsText(3_600_000, unit));
  const perMs = raw(unitsText(1, unit));
  const maxDuration = raw(String(MAX_DURATION));
  return {
    unit,
    // EXTRACT(EPOCH …) is an exact numeric (PostgreSQL 14+), microseconds and all.
    unitsOfInstant: (x) => sql`CAST(EXTRACT(EPOCH FROM ${x}) * ${perSecond} AS bigint)`,
    // div() and mod() truncate whether the units are a bigint or a numeric (a Duration scaled in
    // numeric): `/` divides a numeric exactly, and would count the hours' fraction twice.
    instantOfUnits: (units) =>
      sql`(TIMESTAMPTZ '1970-01-01 00:00:00+00' + div(${units}, ${perHour}) * INTERVAL '1 hour' + mod(${units}, ${perHour}) * INTERVAL ${raw(`'1 ${UNIT_NAMES[unit].interval}'`)})`,
    daysOfDate: (x) => sql`CAST(${x} - DATE '1970-01-01' AS bigint)`,
    // Scaling truncates to whole milliseconds whatever the unit (docs/semantics.md §5): the
    // duration's exact milliseconds (a numeric with a fraction in microseconds) are scaled and
    // truncated, then counted in units again.
    scale(op, units, n) {
      const kind = factorKind(n.type);
      const fine = unit === 'microseconds';
      const ms = fine ? sql`(CAST(${units} AS numeric) * 0.001)` : units;
      const inUnits = (wholeMs: Frag): Frag => (fine ? sql`(${wholeMs} * ${perMs})` : wholeMs);
      if (kind === 'double') {
        return bindAll(
          [doubleArithmetic(op, sql`CAST(${ms} AS double precision)`, n.sql)],
          ([r]) =>
            sql`(CASE WHEN ${r!} BETWEEN -${maxDuration} AND ${maxDuration} THEN ${inUnits(sql`CAST(trunc(${r!}) AS bigint)`)} END)`,
        );
      }
      const x = sql`CAST(${ms} AS numeric)`;
      if (op === 'div') return inUnits(sql`div(${x}, NULLIF(${n.sql}, 0))`);
      return kind === 'integer' && !fine ? sql`(${x} * ${n.sql})` : inUnits(sql`trunc(${x} * ${n.sql})`);
    },
    bindIntegers: bind,
  };
}
const TEMPORAL_OF: { readonly [U in TimeUnit]: TemporalSpelling } = {
  milliseconds: temporalSpelling('milliseconds'),
  microseconds: temporalSpelling('microseconds'),
};
const TEMPORAL = TEMPORAL_OF.milliseconds;

const utcDate = (x: Frag): Frag => sql`CAST(${x} AT TIME ZONE 'UTC' AS date)`;

/**
 * Decimal literal text for numeric input: positional where the written exponent or the value's
 * passes ±1,000, since PostgreSQL's numeric input has limited exponents to that in some versions
 * (`1e9999m` is bound as a 1 and 9,999 zeros; the Decimal model keeps exponents within ±9,999).
 */
function numericText(text: string): string {
  const written = /[eE]([+-]?\d+)$/.exec(text);
  if (!written) return text;
  const d = new Decimal(text);
  return Math.abs(Number(written[1])) >= 1000 || Math.abs(d.e) >= 1000 ? d.toFixed() : text;
}

/** The string functions' spelling for their length bound (length is int4: widened to multiply). */
const TEXT: TextSpelling = {
  length: (x) => sql`CAST(length(${x}) AS bigint)`,
  replace: (x, f, b) => sql`replace(${x}, ${f}, ${b})`,
  concat: (x, y) => sql`(${x} || ${y})`,
  bind,
};

/** An operand that may hold NaN (PostgreSQL sorts NaN above everything; OData does not order it). */
const mayBeNaN = (o: Operand): boolean =>
  isFloatingPoint(o.type) && (o.literal === undefined || Number.isNaN(o.literal));
const NAN = raw(`'NaN'::float8`);

/** A Boolean test that the needle `t` occurs in `s` in the way `like` says. */
function needle(s: Operand, t: Operand, like: (escaped: string) => string, fallback: Frag): Frag {
  if (typeof t.literal === 'string') return sql`(${s.sql} LIKE ${param(like(likeLiteral(t.literal, '\\')), 'text')})`;
  return fallback;
}

/** x clamped to [0, max] as an integer; NULL stays NULL (GREATEST and LEAST would skip it). */
const integerOf = (value: Frag, max: number): Frag =>
  bind(
    [value],
    ([x]) =>
      sql`CAST(CASE WHEN ${x!} < 0 THEN 0 WHEN ${x!} > ${raw(String(max))} THEN ${raw(String(max))} ELSE ${x!} END AS integer)`,
  );
const numeric = (o: Operand): Frag => sql`CAST(${o.sql} AS numeric)`;
const utcOf = (x: Frag): Frag => sql`(${x} AT TIME ZONE 'UTC')`;
/** An instant read in UTC; a date or a time of day as it is. */
const utc = (o: Operand): Frag => (o.type === 'Edm.Date' || o.type === 'Edm.TimeOfDay' ? o.sql : utcOf(o.sql));
const part =
  (name: string) =>
  ([x]: readonly Operand[]): Frag =>
    sql`CAST(EXTRACT(${raw(name)} FROM ${utc(x!)}) AS integer)`;

// PostgreSQL raises an error where IEEE 754 overflows to ±Infinity or underflows to 0; OData
// wants the IEEE value and no error, so those cases are decided first, exactly.
/** 2^-1075 exactly (752 significant digits), bound as a parameter rather than spelled in the SQL. */
const TWO_TO_MINUS_1075 = (): Frag => param(`${5n ** 1075n}e-1075`, 'numeric');
/** 2^1024 - 2^970 exactly: the smallest magnitude that rounds to Infinity as a double. */
const OVERFLOW_EXACT = (): Frag => param(String(2n ** 1024n - 2n ** 970n), 'numeric');
/** 2^1023: half of the smallest power of two that overflows. */
const HALF_OVERFLOW = raw(`'8.98846567431158e307'::float8`);
const INF = raw(`'Infinity'::float8`);
/** A non-finite double as numeric (PostgreSQL 14+ has numeric ±Infinity and NaN). */
const numericOfNonFinite = (x: Frag): Frag => sql`CAST(CAST(${x} AS text) AS numeric)`;
/** The IEEE bits of a double as a bigint. */
const bitsOf = (x: Frag): Frag => sql`('x' || encode(float8send(${x}), 'hex'))::bit(64)::bigint`;
/**
 * A finite double x times 2^1075, exactly, as an integer numeric, from its bits b: the significand
 * (with its hidden bit when the exponent field E is not 0) times 2^max(E, 1).
 */
const scaledOf = (x: Frag, b: Frag): Frag =>
  sql`(sign(${x})::numeric * ((${b} & 4503599627370495) + (${b} >> 52 & 2047 > 0)::int * 4503599627370496) * 2::numeric ^ greatest(${b} >> 52 & 2047, 1))`;
const pow2 = (n: number): Frag => raw(`2::numeric ^ ${n}`);

/** Each operand is named once (bound) and used by name. */
function doubleArithmetic(op: Exclude<LoweredArithmeticOp, 'mod'>, left: Frag, right: Frag): Frag {
  return bind([left, right], ([x, y]) => boundDoubleArithmetic(op, x!, y!));
}

function boundDoubleArithmetic(op: Exclude<LoweredArithmeticOp, 'mod'>, x: Frag, y: Frag): Frag {
  const o = raw({ add: ' + ', sub: ' - ', mul: ' * ', div: ' / ' }[op]);
  const plain = sql`(${x}${o}${op === 'div' ? sql`NULLIF(${y}, 0)` : y})`;
  if (op === 'add' || op === 'sub') {
    // A sum of two doubles never underflows. It can overflow only when both are at least 1 in
    // magnitude (|x + y| <= max + 1 otherwise), and then halving each is exact, so x/2 ± y/2 is
    // round(x ± y)/2, which cannot overflow: x ± y overflows exactly when it is at least 2^1023.
    // Its sign (times Infinity) is IEEE's, also for an infinite operand; NaN falls to the plain sum.
    const half = sql`(${x} * 0.5${o}${y} * 0.5)`;
    return sql`(CASE WHEN abs(${x}) < 1 OR abs(${y}) < 1 THEN ${plain} WHEN abs(${half}) >= ${HALF_OVERFLOW} THEN ${half} * ${INF} ELSE ${plain} END)`;
  }
  // Finite non-zero operands only: the exact values X = x * 2^1075 and Y = y * 2^1075 are integers
  // read from the bits, so overflow (|result| >= 2^1024 - 2^970, where IEEE rounds to Infinity) and
  // underflow (|result| <= 2^-1075, where it rounds to 0) are decided on integers, exactly.
  const sign = sql`sign(${x}) * sign(${y})`;
  const decided = bindAll([x, y], ([vx, vy]) =>
    bind([bitsOf(vx!), bitsOf(vy!)], ([bx, by]) => {
      const [X, Y] = [scaledOf(vx!, bx!), scaledOf(vy!, by!)];
      const operation = sql`(${vx!}${o}${vy!})`;
      // mul: |x y| 2^2150 = |X Y|, compared with (2^1024 - 2^970) 2^2150 and 2^-1075 2^2150;
      // div: |x / y| = |X| / |Y|, compared with 2^1024 - 2^970 and 2^-1075 with |Y| multiplied out.
      const decide = (over: Frag, under: Frag): Frag =>
        sql`(CASE WHEN ${over} THEN ${sign} * ${INF} WHEN ${under} THEN ${sign} * 0.0 ELSE ${operation} END)`;
      if (op === 'mul')
        return bind([sql`abs(${X} * ${Y})`], ([v]) =>
          decide(sql`${v!} >= ${pow2(3174)} - ${pow2(3120)}`, sql`${v!} <= ${pow2(1075)}`),
        );
      return bind([sql`abs(${X})`, sql`abs(${Y})`], ([u, v]) =>
        decide(sql`${u!} >= ${v!} * (${pow2(1024)} - ${pow2(970)})`, sql`${u!} * ${pow2(1075)} <= ${v!}`),
      );
    }),
  );
  // x * 0 is 0 exactly for a finite x (NaN for ±Infinity and NaN, NULL for NULL).
  return sql`(CASE WHEN ${x} * 0 = 0 AND ${y} * 0 = 0 AND ${x} <> 0 AND ${y} <> 0 THEN ${decided} ELSE ${plain} END)`;
}

/**
 * IEEE fmod, exactly: its result is always a double, so it is computed on the operands' exact
 * values (the integers x * 2^1075 and y * 2^1075 read from their bits), scaled back by 2^-1075
 * exactly, and cast, which rounds nothing. Non-finite operands go through numeric ±Infinity/NaN,
 * which follows fmod (mod(Infinity, y) is NaN, mod(x, Infinity) is x).
 */
function doubleMod(left: Frag, right: Frag): Frag {
  return bind([left, right], ([x, y]) => {
    const exact = bind(
      [bitsOf(x!), bitsOf(y!)],
      ([bx, by]) =>
        sql`CAST(mod(${scaledOf(x!, bx!)}, NULLIF(${scaledOf(y!, by!)}, 0)) * ${TWO_TO_MINUS_1075()} AS double precision)`,
    );
    const other = sql`CAST(mod(${numericOfNonFinite(x!)}, NULLIF(${numericOfNonFinite(y!)}, 0)) AS double precision)`;
    return sql`(CASE WHEN ${x!} * 0 = 0 AND ${y!} * 0 = 0 THEN ${exact} ELSE ${other} END)`;
  });
}

/**
 * A Decimal as a double, rounded as binary64 rounds: PostgreSQL's cast raises an error where the
 * value rounds to ±Infinity (from 2^1024 - 2^970, the tie going to Infinity) or to 0 (up to
 * 2^-1075, the tie going to 0), so those are decided first on the exact value.
 */
function doubleOfNumeric(value: Frag): Frag {
  return bind(
    [value],
    ([x]) =>
      sql`(CASE WHEN abs(${x!}) >= ${OVERFLOW_EXACT()} THEN CAST(sign(${x!}) AS double precision) * ${INF} WHEN abs(${x!}) <= ${TWO_TO_MINUS_1075()} THEN CAST(sign(${x!}) AS double precision) * 0.0 ELSE CAST(${x!} AS double precision) END)`,
  );
}

/** 10^60000 (PostgreSQL folds the constant once per query). */
const NUMERIC_BOUND = raw('(10::numeric ^ 60000)');

/** A path of schema names (identifiers, so nothing to escape) as a `text[]` literal for `#>`. */
const jsonPath = (path: readonly string[]): string => `'{${jsonPathNames(path, 'postgres').join(',')}}'`;

/**
 * `jsonb` arrays: `jsonb_array_elements` over the array (none for a JSON null or a non-array,
 * which it would refuse), each member read as text by `#>>` and cast to its column type, so a
 * Decimal or an Int64 never passes through a double.
 */
const jsonArrays = (unit: TimeUnit): JsonArrays => ({
  elements: (array, alias) =>
    sql`jsonb_array_elements(CASE WHEN jsonb_typeof(${array}) = 'array' THEN ${array} END) AS ${raw(alias)}(v)`,
  value: (alias, member) => raw(`(${alias}.v #>> ${jsonPath(member.path)})::${columnTypeOf(member.type, unit)}`),
  json: (alias, path) => raw(`(${alias}.v #> ${jsonPath(path)})`),
  isNull: (alias, path) => raw(`(COALESCE(jsonb_typeof(${alias}.v #> ${jsonPath(path)}), 'null') = 'null')`),
  without: (array, hidden) => {
    const removed = hidden.map((path) => ` #- ${jsonPath(path)}`).join('');
    return `(CASE WHEN jsonb_typeof(${array}) = 'array' THEN COALESCE((SELECT jsonb_agg(CASE WHEN jsonb_typeof(e) = 'object' THEN e${removed} ELSE e END ORDER BY i) FROM jsonb_array_elements(${array}) WITH ORDINALITY AS _e(e, i)), '[]'::jsonb) END)`;
  },
});
const JSON_ARRAYS = jsonArrays('milliseconds');

const INTEGER_TYPES = {
  'Edm.Byte': 'smallint',
  'Edm.SByte': 'smallint',
  'Edm.Int16': 'smallint',
  'Edm.Int32': 'integer',
  'Edm.Int64': 'bigint',
} as const;

/** A String read as a literal of a type (src/backends/sql/text-literals.ts), to the unit. */
const textReading = (temporal: TemporalSpelling): TextReading => ({
  unit: temporal.unit,
  // Constants too: a CASE arm is folded while planning, and a cast of a constant text with it.
  bindText: bindAll,
  bindIntegers: bind,
  substr: (x, from, length) => sql`substr(${x}, ${from}, greatest(${length}, 0))`,
  length: (x) => sql`length(${x})`,
  only: (x, chars) => sql`(${x} ~ ${raw(`'^[${chars}]+$'`)})`,
  exact: (x) => x,
  trimStart: (x, char) => sql`ltrim(${x}, ${raw(`'${char}'`)})`,
  position: (x, char) => sql`strpos(${x}, ${raw(`'${char}'`)})`,
  atMost: (x, bound) => sql`(${x} COLLATE "C" <= ${raw(`'${bound}'`)})`,
  integer: (x) => sql`CAST(${x} AS bigint)`,
  div: (a, b) => sql`(${a} / ${b})`,
  instant: (units) => instantWithin(temporal, units),
  // ISO 8601 `YYYY-MM-DD` is read so whatever the DateStyle.
  date: (t) => sql`CAST(${t} AS date)`,
  timeOfDay: (units) =>
    sql`(TIME '00:00' + ${units} * INTERVAL ${raw(`'1 ${UNIT_NAMES[temporal.unit ?? 'milliseconds'].interval}'`)})`,
  guid: (t) => sql`CAST(${t} AS uuid)`,
  base64: (t) => sql`decode(${t}, 'base64')`,
  decimal: (t) => decimalOfText(bind, bindAll, t),
  double: (t) => doubleOfText(bind, bindAll, t, doubleOfNumeric),
});

/** `cast` (docs/semantics.md §11) on this dialect's storage; `round` is filled in by the dialect. */
const castSpelling = (unit: TimeUnit): Omit<CastSpelling, 'round'> => ({
  unit,
  bind: (values, _kind, body) => bind(values, body),
  integerType: (to) => INTEGER_TYPES[to],
  integerText: (x) => sql`CAST(${x} AS text)`,
  concat: (parts) => sql`(${join(parts, ' || ')})`,
  div: (a, b) => sql`(${a} / ${b})`,
  mod: (a, b) => sql`(${a} % ${b})`,
  pad: (x, width) => sql`lpad(CAST(${x} AS text), ${raw(String(width))}, '0')`,
  trimFraction: (x) => sql`rtrim(rtrim(${x}, '0'), '.')`,
  text(x) {
    switch (x.type) {
      case 'Edm.Decimal':
        // numeric keeps the scale it was written or computed with: trim_scale drops the zeros.
        return sql`CAST(trim_scale(${x.sql}) AS text)`;
      case 'Edm.Date':
        return sql`to_char(${x.sql}, 'YYYY-MM-DD')`;
      case 'Edm.TimeOfDay':
        return sql`rtrim(rtrim(to_char(${x.sql}, ${raw(`'HH24:MI:SS.${UNIT_NAMES[unit].toChar}'`)}), '0'), '.')`;
      case 'Edm.DateTime':
      case 'Edm.DateTimeOffset':
        return sql`(rtrim(rtrim(to_char(${utcOf(x.sql)}, ${raw(`'YYYY-MM-DD"T"HH24:MI:SS.${UNIT_NAMES[unit].toChar}'`)}), '0'), '.') || 'Z')`;
      case 'Edm.Guid':
        return sql`CAST(${x.sql} AS text)`;
      case 'Edm.Binary':
        // base64 with a line break every 76 characters, in the base64url alphabet without them.
        return sql`translate(encode(${x.sql}, 'base64'), '+/' || chr(10), '-_')`;
      default:
        // float8's text is the shortest round-trip digits, but in exponent form from 1e15 and below 1e-4.
        return `PostgreSQL writes ${x.type} values in another form than JavaScript's`;
    }
  },
  // float8's text is its shortest digits between its rounding bounds (extra_float_digits 1, the
  // default since 12); JavaScript's, at a bound, can be shorter (postgres-double-decimal.ts).
  toDecimal: (x) =>
    bind(
      [x.sql],
      ([v]) =>
        sql`(CASE WHEN ${v!} <> 'NaN'::float8 AND abs(${v!}) < 'Infinity'::float8 THEN ${shortestDecimalOf(bind, v!)} END)`,
    ),
  reading: textReading(TEMPORAL_OF[unit]),
});

const CAST = castSpelling('milliseconds');

export const postgres: Dialect = {
  ...BASE,
  name: 'postgres',
  maxAliasBytes: 63,
  jsonArrays: JSON_ARRAYS,
  // PGlite runs out of stack from about 88 nested subqueries with heavy expressions in each
  // ("unnamed prepared statement does not exist", "bad buffer ID"); a server allows more.
  maxSubqueryNesting: 64,
  // PGlite answers 61 nested `NOT EXISTS` wrongly (no rows) and then hangs: each takes more of its
  // stack than a named operand does. 32 of them leave room for 32 named operands inside.
  maxLambdaNesting: 32,
  // numeric ends below 10^131072 ("value overflows numeric format"); 125,000 digits leave room
  // for the sums a filter of 10,000 nodes can build on a product.
  decimalRange: {
    // Stored Decimals are within the model of docs/semantics.md: exponents within ±9,999.
    columnDigits: 10_000,
    literalDigits: Infinity,
    columnMinExponent: -9_999,
    // numeric keeps at most 16,383 fractional digits in a product.
    minExponent: -16_383,
    clampDigits: 60_000,
    fits: (a, b) => a + b <= 125_000,
    clamp: (x) =>
      bind(
        [x],
        ([v]) =>
          sql`(CASE WHEN ${v!} > ${NUMERIC_BOUND} THEN ${NUMERIC_BOUND} WHEN ${v!} < -${NUMERIC_BOUND} THEN -${NUMERIC_BOUND} ELSE ${v!} END)`,
      ),
  },
  placeholder: (index) => `$${index}`,
  parameterCast: (cast) => ['', `::${cast}`],
  quoteIdentifier: doubleQuoted,
  literal(type: EdmType, value: LiteralValue): Frag | string {
    switch (type) {
      case 'Edm.Boolean':
        return booleanKeyword(value);
      case 'Edm.String':
        if ((value as string).includes('\u0000')) return 'PostgreSQL text cannot hold the character U+0000';
        return param(value, 'text');
      case 'Edm.Int64':
        return param(String(value), 'bigint');
      case 'Edm.Decimal':
        return param(numericText(value as string), 'numeric');
      case 'Edm.Double':
      case 'Edm.Single':
        return param(doubleText(value as number), 'float8');
      case 'Edm.DateTime':
      case 'Edm.DateTimeOffset':
        return param(utcText(value as number, true), 'timestamptz');
      case 'Edm.Guid':
        return param(value, 'uuid');
      case 'Edm.Date':
        return param(formatDate(value as number), 'date');
      case 'Edm.TimeOfDay':
        return param(formatTimeOfDay(value as number), 'time');
      case 'Edm.Duration':
        return param(String(value), 'bigint');
      case 'Edm.Binary':
        return param(bytesOfHex(value as string), 'bytea');
      case 'Edm.Byte':
      case 'Edm.SByte':
      case 'Edm.Int16':
      case 'Edm.Int32':
        return param(value, 'integer');
    }
    return noLiteralOf(type);
  },
  nullOf: (type) => raw(`CAST(NULL AS ${SQL_TYPES[type]})`),
  equal: (a, b) => sql`(${a.sql} = ${b.sql})`,
  equalNullSafe: (a, b) => sql`(${a.sql} IS NOT DISTINCT FROM ${b.sql})`,
  order(op, a, b) {
    const o = raw(` ${ORDER_OPS[op]} `);
    if (a.type === 'Edm.String') return sql`(${a.sql}${o}${b.sql} COLLATE "C")`;
    if (!mayBeNaN(a) && !mayBeNaN(b)) return sql`(${a.sql}${o}${b.sql})`;
    // OData: gt/lt are false with a NaN operand; ge/le are gt/lt or eq, and NaN eq NaN. The
    // operands are named once, as the NaN tests use them again.
    return bind([a.sql, b.sql], ([x, y]) => {
      const cmp = sql`${x!}${o}${y!}`;
      const [big, small] =
        op === 'gt' || op === 'ge'
          ? [
              { o: a, sql: x! },
              { o: b, sql: y! },
            ]
          : [
              { o: b, sql: y! },
              { o: a, sql: x! },
            ];
      if (op === 'gt' || op === 'lt') return mayBeNaN(big.o) ? sql`(${cmp} AND ${big.sql} <> ${NAN})` : sql`(${cmp})`;
      if (!mayBeNaN(big.o)) return sql`(${cmp})`;
      return mayBeNaN(small.o)
        ? sql`(${cmp} AND (${big.sql} <> ${NAN} OR ${small.sql} = ${NAN}))`
        : sql`(${cmp} AND ${big.sql} <> ${NAN})`;
    });
  },
  arithmetic(op: LoweredArithmeticOp, a, b, type) {
    if (isFloatingPoint(type) && op !== 'mod') return doubleArithmetic(op, a.sql, b.sql);
    const [x, y] = isInteger(type) ? [numeric(a), numeric(b)] : [a.sql, b.sql];
    switch (op) {
      case 'add':
      case 'sub':
      case 'mul':
        return infix(op, x, y);
      case 'div':
        return isInteger(type) ? sql`div(${x}, NULLIF(${y}, 0))` : sql`(${x} / NULLIF(${y}, 0))`;
      case 'mod':
        // numeric mod is truncated with the dividend's sign; double precision has no mod.
        if (isFloatingPoint(type)) return doubleMod(a.sql, b.sql);
        return sql`mod(${x}, NULLIF(${y}, 0))`;
    }
  },
  negate: (a) => (isInteger(a.type) ? sql`(-${numeric(a)})` : sql`(-${a.sql})`),
  temporal: (op, a, b) => temporalArithmetic(TEMPORAL, op, a, b),
  convert(a, to) {
    if (isFloatingPoint(to) && a.type === 'Edm.Decimal') return doubleOfNumeric(a.sql);
    // Integer arithmetic runs in numeric, unbounded: where it can pass the Double range, the
    // conversion is decided as a Decimal's is (the plain cast raises an error there).
    if (isFloatingPoint(to) && a.beyondDouble) return doubleOfNumeric(numeric(a));
    if (isFloatingPoint(to) && !isFloatingPoint(a.type)) return sql`CAST(${a.sql} AS double precision)`;
    // Functions overloaded on numeric and double precision would otherwise pick the double one.
    if (to === 'Edm.Decimal' && isInteger(a.type)) return sql`CAST(${a.sql} AS numeric)`;
    return a.sql;
  },
  // Code point order for text; NaN, which PostgreSQL sorts above every number, before them.
  orderKeys: (column, type) =>
    type === 'Edm.String'
      ? [sql`${column} COLLATE "C"`]
      : isFloatingPoint(type)
        ? [sql`(CASE WHEN ${column} = 'NaN'::float8 THEN 0 ELSE 1 END)`, column]
        : [column],
  cast: (conversion, a, to) =>
    renderCast({ ...CAST, round: (x) => postgres.functions.round!([x]) }, conversion, a, to, postgres.convert),
  bind,
  functions: {
    ...BASE_FUNCTIONS,
    substringof: ([t, s]) => needle(s!, t!, (e) => `%${e}%`, sql`(strpos(${s!.sql}, ${t!.sql}) > 0)`),
    contains: ([s, t]) => needle(s!, t!, (e) => `%${e}%`, sql`(strpos(${s!.sql}, ${t!.sql}) > 0)`),
    startswith: ([s, t]) => needle(s!, t!, (e) => `${e}%`, sql`starts_with(${s!.sql}, ${t!.sql})`),
    endswith: ([s, t]) =>
      needle(
        s!,
        t!,
        (e) => `%${e}`,
        bind([t!.sql], ([u]) => sql`(right(${s!.sql}, length(${u!})) = ${u!})`),
      ),
    length: unary('length'),
    indexof: ([s, t]) => sql`(strpos(${s!.sql}, ${t!.sql}) - 1)`,
    replace: ([s, f, w]) => boundedReplace(s!.sql, f!.sql, w!.sql, TEXT),
    substring: ([s, i, n]) =>
      n
        ? sql`substr(${s!.sql}, ${integerOf(i!.sql, 2147483646)} + 1, ${integerOf(n.sql, 2147483647)})`
        : sql`substr(${s!.sql}, ${integerOf(i!.sql, 2147483646)} + 1)`,
    tolower: unary('lower'),
    toupper: unary('upper'),
    trim: ([s]) => sql`btrim(${s!.sql}, ' ')`,
    concat: ([a, b]) => boundedConcat(a!.sql, b!.sql, TEXT),
    // EXTRACT counts years BC as negative with no year 0; OData's year is astronomical (1 BC = 0).
    year: ([x]) =>
      x!.type === 'Edm.Date'
        ? sql`CAST(EXTRACT(YEAR FROM ${x!.sql}) AS integer)`
        : bind(
            [x!.sql],
            ([v]) =>
              sql`(CAST(EXTRACT(YEAR FROM ${utcOf(v!)}) AS integer) + CASE WHEN EXTRACT(YEAR FROM ${utcOf(v!)}) < 0 THEN 1 ELSE 0 END)`,
          ),
    month: part('MONTH'),
    day: part('DAY'),
    hour: part('HOUR'),
    minute: part('MINUTE'),
    second: ([x]) => sql`CAST(floor(EXTRACT(SECOND FROM ${utc(x!)})) AS integer)`,
    fractionalseconds: ([x]) => sql`(mod(EXTRACT(MILLISECONDS FROM ${utc(x!)}), 1000) / 1000)`,
    date: ([x]) => utcDate(x!.sql),
    time: ([x]) => sql`CAST(${x!.sql} AT TIME ZONE 'UTC' AS time(3))`,
    totaloffsetminutes: ([x]) => sql`(CASE WHEN ${x!.sql} IS NULL THEN NULL ELSE 0 END)`,
    totalseconds: ([x]) => sql`(CAST(${x!.sql} AS numeric) / 1000)`,
    now: decidedByLowering,
    mindatetime: decidedByLowering,
    maxdatetime: decidedByLowering,
    round: ([x]) =>
      x!.type === 'Edm.Decimal'
        ? sql`round(${x!.sql})`
        : // round(double precision) halves to even; this halves away from zero, exactly.
          bind(
            [x!.sql],
            ([v]) => sql`(trunc(${v!}) + CASE WHEN abs(${v!} - trunc(${v!})) >= 0.5 THEN sign(${v!}) ELSE 0 END)`,
          ),
    floor: unary('floor'),
    ceiling: unary('ceil'),
  } satisfies FunctionTable,
};

/** How a PostgreSQL database stores times (docs/sql.md, "Column types"). */
export interface PostgresOptions {
  /**
   * The unit of stored instants (`timestamptz`), times of day (`time(3)`, or `time(6)`) and
   * durations (`bigint`): 'milliseconds' (the default) or 'microseconds'.
   */
  readonly times?: TimeUnit;
}

/** A PostgreSQL dialect for a storage convention; `postgres` is the default one. */
export function createPostgresDialect(options: PostgresOptions = {}): Dialect {
  const unit = timeUnitOption(options?.times, 'createPostgresDialect');
  return unit === 'milliseconds' ? postgres : POSTGRES_MICROSECONDS;
}

/** The PostgreSQL column type this package's storage conventions use for an Edm type. */
export function postgresColumnType(type: EdmType, options: PostgresOptions = {}): string {
  return columnTypeOf(type, timeUnitOption(options?.times, 'postgresColumnType'));
}

/**
 * The default dialect with its times in microseconds: `timestamptz` keeps them, times of day are
 * `time(6)` and durations bigint microseconds. Only what reads, writes or computes a time differs.
 */
const POSTGRES_MICROSECONDS: Dialect = (() => {
  const unit: TimeUnit = 'microseconds';
  const temporal = TEMPORAL_OF[unit];
  const castText = castSpelling(unit);
  const perSecond = raw(unitsText(1000, unit));
  const dialect: Dialect = {
    ...postgres,
    timeUnit: unit,
    jsonArrays: jsonArrays(unit),
    literal(type, value) {
      switch (type) {
        case 'Edm.DateTime':
        case 'Edm.DateTimeOffset':
          return param(utcText(value as TimeValue, true), 'timestamptz');
        case 'Edm.TimeOfDay':
          return param(formatTimeOfDay(value as TimeValue), 'time');
        case 'Edm.Duration':
          // Whole microseconds: a finer literal was rewritten or refused before (stored-precision.ts).
          return param(String(countIn(value as TimeValue, unit)), 'bigint');
        default:
          return postgres.literal(type, value);
      }
    },
    nullOf: (type) => raw(`CAST(NULL AS ${columnTypeOf(type, unit)})`),
    temporal: (op, a, b) => temporalArithmetic(temporal, op, a, b),
    cast: (conversion, a, to) =>
      renderCast({ ...castText, round: (x) => dialect.functions.round!([x]) }, conversion, a, to, dialect.convert),
    functions: {
      ...postgres.functions,
      // EXTRACT(MICROSECONDS …) counts the whole seconds too: 59.999999 s is 59999999.
      fractionalseconds: ([x]) => sql`(mod(EXTRACT(MICROSECONDS FROM ${utc(x!)}), ${perSecond}) / ${perSecond})`,
      time: ([x]) => sql`CAST(${x!.sql} AT TIME ZONE 'UTC' AS time(6))`,
      totalseconds: ([x]) => sql`(CAST(${x!.sql} AS numeric) / ${perSecond})`,
    },
  };
  return dialect;
})();
