// PostgreSQL (12+; PGlite): `$n` placeholders typed with casts, IS NOT DISTINCT FROM, numeric for
// exact integer arithmetic, COLLATE "C" for code-point order, LIKE patterns for literal needles.
// Storage: text, uuid, boolean, smallint/integer/bigint, numeric, double precision, timestamptz.

import type { ArithmeticOp } from '../../../ast.js';
import type { EdmType } from '../../../edm.js';
import { isInteger } from '../../../edm.js';
import type { LiteralValue } from '../../../typed.js';
import type { Dialect, Operand, OrderOp } from '../dialect.js';
import { bindInSubquery as bind, param, raw, sql } from '../fragment.js';
import type { Frag } from '../fragment.js';
import { doubleText, likeLiteral, utcText } from '../values.js';

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
};

const OPS: { readonly [O in OrderOp]: string } = { gt: '>', ge: '>=', lt: '<', le: '<=' };
const isDouble = (t: EdmType): boolean => t === 'Edm.Double' || t === 'Edm.Single';
/** An operand that may hold NaN (PostgreSQL sorts NaN above everything; OData does not order it). */
const mayBeNaN = (o: Operand): boolean => isDouble(o.type) && (o.literal === undefined || Number.isNaN(o.literal));
const NAN = raw(`'NaN'::float8`);

/** A Boolean test that the needle `t` occurs in `s` in the way `like` says. */
function needle(s: Operand, t: Operand, like: (escaped: string) => string, fallback: Frag): Frag {
  if (typeof t.literal === 'string') return sql`(${s.sql} LIKE ${param(like(likeLiteral(t.literal, '\\')), 'text')})`;
  return fallback;
}

/** x clamped to [0, max] as an integer; NULL stays NULL (GREATEST and LEAST would skip it). */
const integerOf = (value: Frag, max: number): Frag =>
  bind([value], ([x]) => sql`CAST(CASE WHEN ${x!} < 0 THEN 0 WHEN ${x!} > ${raw(String(max))} THEN ${raw(String(max))} ELSE ${x!} END AS integer)`);
const numeric = (o: Operand): Frag => sql`CAST(${o.sql} AS numeric)`;
const utcOf = (x: Frag): Frag => sql`(${x} AT TIME ZONE 'UTC')`;
const utc = (o: Operand): Frag => utcOf(o.sql);
const part = (name: string) => ([x]: readonly Operand[]): Frag => sql`CAST(EXTRACT(${raw(name)} FROM ${utc(x!)}) AS integer)`;

// PostgreSQL raises an error where IEEE 754 overflows to ±Infinity or underflows to 0; OData
// wants the IEEE value and no error, so those cases are decided first, on the exact numeric values.
const OVERFLOW = raw('1.797693134862315807937289714053034151e308');
/** 2^-1075: exactly half the smallest subnormal. */
const HALF_MIN_SUBNORMAL = raw('2.4703282292062327208828439643411068618252990130716238221279284125033775363510437593264991818081799618989828234772285886546332835517796989819938739800539093906315035659515570226392290858392449105184435931802849936536152500319370457678249219365623669863658480757001585769269903706311928279558551332927834338409351978015531246597263579574622766465272827220056374006485499977096599470454020828166226237857393450736339007967761930577506740176324673600968951340535537458516661134223766678604162159680461914467291840300530057530849048765391711386591646239524912623653881879636239373280423891018672348497668235089863388587925628302755995657524455507255189313690836254779186948667994968324049705821028513185451396213837722826145437693412532098591327667236328125e-324');
const MIN_NORMAL = raw(`'2.2250738585072014e-308'::float8`);
const MIN_NORMAL_NUMERIC = raw('2.2250738585072014e-308');
const MIN_SUBNORMAL = raw(`'4.9406564584124654e-324'::float8`);
const MIN_SUBNORMAL_EXACT = raw(`'4.940656458412465441765687928682213723650598026143247644255856825006755072702087518652998363616359923797965646954457177309266567103559397963987747960107818781263007131903114045278458171678489821036887186360569987307230500063874091535649843873124733972731696151400317153853980741262385655911710266585566867681870395603106249319452715914924553293054565444011274801297099995419319894090804165633245247571478690147267801593552386115501348035264934720193790268107107491703332226844753335720832431936092382893458368060106011506169809753078342277318329247904982524730776375927247874656084778203734469699533647017972677717585125660551199131504891101451037862738167250955837389733598993664809941164205702637090279242767544565229087538682506419718265533447265625e-324'::numeric`);
const INF = raw(`'Infinity'::float8`);
const finite = (x: Frag): Frag => sql`(${x} <> ${NAN} AND abs(${x}) <> ${INF})`;
/**
 * A double as numeric: through its shortest round-trip text (a plain cast keeps only 15 digits),
 * and a subnormal exactly, as its integer multiple of 2^-1074 (its text, 5e-324, is not its value).
 */
const numericOfDouble = (value: Frag): Frag =>
  bind([value], ([x]) => sql`(CASE WHEN abs(${x!}) < ${MIN_NORMAL} THEN CAST(CAST(${x!} / ${MIN_SUBNORMAL} AS text) AS numeric) * ${MIN_SUBNORMAL_EXACT} ELSE CAST(CAST(${x!} AS text) AS numeric) END)`);

/** Each operand, and their exact numeric result, is named once (bound) and used by name. */
function doubleArithmetic(op: Exclude<ArithmeticOp, 'mod'>, left: Frag, right: Frag): Frag {
  return bind([left, right], ([x, y]) => boundDoubleArithmetic(op, x!, y!));
}

function boundDoubleArithmetic(op: Exclude<ArithmeticOp, 'mod'>, x: Frag, y: Frag): Frag {
  const yy = op === 'div' ? sql`NULLIF(${y}, 0)` : y;
  const o = raw({ add: ' + ', sub: ' - ', mul: ' * ', div: ' / ' }[op]);
  const plain = sql`(${x}${o}${yy})`;
  const exactValue = sql`(${numericOfDouble(x)}${o}${numericOfDouble(yy)})`;
  return bind([exactValue], ([exact]) => guarded(op, x, y, plain, exact!));
}

function guarded(op: Exclude<ArithmeticOp, 'mod'>, x: Frag, y: Frag, plain: Frag, exact: Frag): Frag {
  if (op === 'add' || op === 'sub') {
    // A sum of two doubles never underflows (halving would: 5e-324 / 2 is an error here).
    return sql`(CASE WHEN ${finite(x)} AND ${finite(y)} AND abs(${exact}) >= ${OVERFLOW} THEN sign(${exact}) * ${INF} ELSE ${plain} END)`;
  }
  const sign = sql`sign(${x}) * sign(${y})`;
  // A result below the smallest normal double is rounded from numeric (a subnormal, or ±0 at or
  // below half the smallest subnormal, where ties go to the even 0), never an underflow error.
  return sql`(CASE WHEN NOT (${finite(x)} AND ${finite(y)}) OR ${y} = 0 OR ${x} = 0 THEN ${plain} WHEN abs(${exact}) >= ${OVERFLOW} THEN ${sign} * ${INF} WHEN abs(${exact}) < ${MIN_NORMAL_NUMERIC} THEN (CASE WHEN abs(${exact}) <= ${HALF_MIN_SUBNORMAL} THEN ${sign} * 0.0 ELSE CAST(${exact} AS double precision) END) ELSE ${plain} END)`;
}

export const postgres: Dialect = {
  name: 'postgres',
  placeholder: (index, p) => (p.cast ? `$${index}::${p.cast}` : `$${index}`),
  quoteIdentifier: (name) => `"${name.replace(/"/g, '""')}"`,
  literal(type: EdmType, value: LiteralValue): Frag | string {
    switch (type) {
      case 'Edm.Boolean':
        return raw(value ? 'TRUE' : 'FALSE');
      case 'Edm.String':
        if ((value as string).includes('\u0000')) return 'PostgreSQL text cannot hold the character U+0000';
        return param(value, 'text');
      case 'Edm.Int64':
      case 'Edm.Decimal':
        return param(String(value), SQL_TYPES[type]);
      case 'Edm.Double':
      case 'Edm.Single':
        return param(doubleText(value as number), 'float8');
      case 'Edm.DateTime':
      case 'Edm.DateTimeOffset':
        return param(utcText(value as number, true), 'timestamptz');
      default:
        return param(value, type === 'Edm.Guid' ? 'uuid' : 'integer');
    }
  },
  nullOf: (type) => raw(`CAST(NULL AS ${SQL_TYPES[type]})`),
  plainEquality: () => true,
  equal: (a, b) => sql`(${a.sql} = ${b.sql})`,
  equalNullSafe: (a, b) => sql`(${a.sql} IS NOT DISTINCT FROM ${b.sql})`,
  order(op, a, b) {
    const o = raw(` ${OPS[op]} `);
    if (a.type === 'Edm.String') return sql`(${a.sql}${o}${b.sql} COLLATE "C")`;
    const cmp = sql`${a.sql}${o}${b.sql}`;
    if (!mayBeNaN(a) && !mayBeNaN(b)) return sql`(${cmp})`;
    // OData: gt/lt are false with a NaN operand; ge/le are gt/lt or eq, and NaN eq NaN.
    const [big, small] = op === 'gt' || op === 'ge' ? [a, b] : [b, a];
    if (op === 'gt' || op === 'lt') return mayBeNaN(big) ? sql`(${cmp} AND ${big.sql} <> ${NAN})` : sql`(${cmp})`;
    if (!mayBeNaN(big)) return sql`(${cmp})`;
    return mayBeNaN(small) ? sql`(${cmp} AND (${big.sql} <> ${NAN} OR ${small.sql} = ${NAN}))` : sql`(${cmp} AND ${big.sql} <> ${NAN})`;
  },
  arithmetic(op: ArithmeticOp, a, b, type) {
    if (isDouble(type) && op !== 'mod') return doubleArithmetic(op, a.sql, b.sql);
    const [x, y] = isInteger(type) ? [numeric(a), numeric(b)] : [a.sql, b.sql];
    switch (op) {
      case 'add':
        return sql`(${x} + ${y})`;
      case 'sub':
        return sql`(${x} - ${y})`;
      case 'mul':
        return sql`(${x} * ${y})`;
      case 'div':
        return isInteger(type) ? sql`div(${x}, NULLIF(${y}, 0))` : sql`(${x} / NULLIF(${y}, 0))`;
      case 'mod':
        // numeric mod is truncated with the dividend's sign; double precision has no mod.
        if (isDouble(type)) return sql`CAST(mod(${numericOfDouble(x)}, NULLIF(${numericOfDouble(y)}, 0)) AS double precision)`;
        return sql`mod(${x}, NULLIF(${y}, 0))`;
    }
  },
  negate: (a) => (isInteger(a.type) ? sql`(-${numeric(a)})` : sql`(-${a.sql})`),
  convert(a, to) {
    if (isDouble(to) && !isDouble(a.type)) return sql`CAST(${a.sql} AS double precision)`;
    // Functions overloaded on numeric and double precision would otherwise pick the double one.
    if (to === 'Edm.Decimal' && isInteger(a.type)) return sql`CAST(${a.sql} AS numeric)`;
    return a.sql;
  },
  falseIfNull: (x) => sql`COALESCE(${x}, FALSE)`,
  bind,
  functions: {
    substringof: ([t, s]) => needle(s!, t!, (e) => `%${e}%`, sql`(strpos(${s!.sql}, ${t!.sql}) > 0)`),
    contains: ([s, t]) => needle(s!, t!, (e) => `%${e}%`, sql`(strpos(${s!.sql}, ${t!.sql}) > 0)`),
    startswith: ([s, t]) => needle(s!, t!, (e) => `${e}%`, sql`starts_with(${s!.sql}, ${t!.sql})`),
    endswith: ([s, t]) => needle(s!, t!, (e) => `%${e}`, bind([t!.sql], ([u]) => sql`(right(${s!.sql}, length(${u!})) = ${u!})`)),
    length: ([s]) => sql`length(${s!.sql})`,
    indexof: ([s, t]) => sql`(strpos(${s!.sql}, ${t!.sql}) - 1)`,
    replace: ([s, f, w]) => sql`replace(${s!.sql}, ${f!.sql}, ${w!.sql})`,
    substring: ([s, i, n]) =>
      n
        ? sql`substr(${s!.sql}, ${integerOf(i!.sql, 2147483646)} + 1, ${integerOf(n.sql, 2147483647)})`
        : sql`substr(${s!.sql}, ${integerOf(i!.sql, 2147483646)} + 1)`,
    tolower: ([s]) => sql`lower(${s!.sql})`,
    toupper: ([s]) => sql`upper(${s!.sql})`,
    trim: ([s]) => sql`btrim(${s!.sql}, ' ')`,
    concat: ([a, b]) => sql`(${a!.sql} || ${b!.sql})`,
    // EXTRACT counts years BC as negative with no year 0; OData's year is astronomical (1 BC = 0).
    year: ([x]) =>
      bind([x!.sql], ([v]) => sql`(CAST(EXTRACT(YEAR FROM ${utcOf(v!)}) AS integer) + CASE WHEN EXTRACT(YEAR FROM ${utcOf(v!)}) < 0 THEN 1 ELSE 0 END)`),
    month: part('MONTH'),
    day: part('DAY'),
    hour: part('HOUR'),
    minute: part('MINUTE'),
    second: ([x]) => sql`CAST(floor(EXTRACT(SECOND FROM ${utc(x!)})) AS integer)`,
    round: ([x]) =>
      x!.type === 'Edm.Decimal'
        ? sql`round(${x!.sql})`
        : // round(double precision) halves to even; this halves away from zero, exactly.
          bind([x!.sql], ([v]) => sql`(trunc(${v!}) + CASE WHEN abs(${v!} - trunc(${v!})) >= 0.5 THEN sign(${v!}) ELSE 0 END)`),
    floor: ([x]) => sql`floor(${x!.sql})`,
    ceiling: ([x]) => sql`ceil(${x!.sql})`,
    datetime: ([x]) => x!.sql,
    datetimeoffset: ([x]) => x!.sql,
  },
};

/** The PostgreSQL column type this package's storage conventions use for an Edm type. */
export function postgresColumnType(type: EdmType): string {
  return SQL_TYPES[type];
}
