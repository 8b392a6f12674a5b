// A String read as a Decimal or a Double on PostgreSQL (`cast(x, Edm.Decimal)`, `cast(x,
// Edm.Double)`, docs/semantics.md §11): the text is matched against the literal's form first, and
// what is converted is always positional decimal text that `numeric` reads without an error —
// its significant digits placed by the exponent of the first of them, which is decided beforehand
// to lie within the Decimal model (±9,999) or near the Double range. PostgreSQL's own input would
// refuse a long exponent in some versions and raise an error where a double overflows or
// underflows.

import { raw, sql, type Frag } from '../fragment.js';

type Bind = (values: readonly Frag[], body: (refs: readonly Frag[]) => Frag) => Frag;

/** `-`? digits, `.` digits, `e` sign digits; `[.]` rather than a backslash, which string settings could read otherwise. */
const NUMBER = raw(`'^(-?)([0-9]+)(?:[.]([0-9]+))?(?:[eE]([+-]?)([0-9]+))?$'`);
/** An exponent of more digits than this is beyond every Decimal and Double, and taken as ±10^9. */
const EXPONENT_DIGITS = 9;
/** The most significant digits of a Decimal (docs/semantics.md §4), and the bound of its exponent. */
const DECIMAL_DIGITS = 1000;
const DECIMAL_EXPONENT = 9999;
/**
 * Digits of a Double's text kept before a last `1` stands for the rest: every midpoint between two
 * binary64 values (and the overflow threshold) has at most 767 significant digits, so the text
 * cut after 800 digits, with a 1 for any that follow, rounds as the whole text does.
 */
const DOUBLE_DIGITS = 800;
const LARGEST_DOUBLE = raw('1.7976931348623157e308');

/** The parts of a number's text: its sign, its significant digits, and the exponent of the first. */
interface NumberParts {
  readonly matched: Frag;
  readonly negative: Frag;
  readonly significant: Frag;
  readonly exponent: Frag;
}

function partsOf(bind: Bind, bindText: Bind, text: Frag, body: (p: NumberParts) => Frag): Frag {
  return bindText([text], ([t]) =>
    bind([sql`regexp_match(${t!}, ${NUMBER})`], ([m]) => {
      const digits = sql`(${m!}[2] || coalesce(${m!}[3], ''))`;
      const leading = sql`(length(${digits}) - length(ltrim(${digits}, '0')))`;
      const written = sql`ltrim(coalesce(${m!}[5], ''), '0')`;
      const magnitude = sql`(CASE WHEN length(${written}) > ${raw(String(EXPONENT_DIGITS))} THEN 1000000000 WHEN ${written} = '' THEN 0 ELSE CAST(${written} AS bigint) END)`;
      const exponent = sql`(CAST(length(${m!}[2]) AS bigint) - 1 - ${leading} + (CASE WHEN ${m!}[4] = '-' THEN -1 ELSE 1 END) * ${magnitude})`;
      return bind(
        [
          sql`(${m!} IS NOT NULL)`,
          sql`(${m!}[1] = '-')`,
          sql`rtrim(ltrim(${digits}, '0'), '0')`,
          sql`(CASE WHEN ${m!} IS NOT NULL THEN ${exponent} END)`,
        ],
        ([matched, negative, significant, exponent]) =>
          body({ matched: matched!, negative: negative!, significant: significant!, exponent: exponent! }),
      );
    }),
  );
}

/** The numeric of significant digits `s` whose first has the exponent `e`, written out positionally. */
function positional(negative: Frag, s: Frag, e: Frag): Frag {
  const text = sql`(CASE WHEN ${e} >= 0 THEN (CASE WHEN length(${s}) <= ${e} + 1 THEN ${s} || repeat('0', CAST(${e} + 1 - length(${s}) AS integer)) ELSE substr(${s}, 1, CAST(${e} + 1 AS integer)) || '.' || substr(${s}, CAST(${e} + 2 AS integer)) END) ELSE '0.' || repeat('0', CAST(-${e} - 1 AS integer)) || ${s} END)`;
  return sql`CAST((CASE WHEN ${negative} THEN '-' ELSE '' END) || ${text} AS numeric)`;
}

/** The Decimal a String spells, within the model of docs/semantics.md §4; else NULL. */
export function decimalOfText(bind: Bind, bindText: Bind, text: Frag): Frag {
  return partsOf(bind, bindText, text, ({ matched, negative, significant: s, exponent: e }) => {
    const limit = raw(String(DECIMAL_EXPONENT));
    return sql`(CASE WHEN NOT ${matched} THEN NULL WHEN ${s} = '' THEN CAST(0 AS numeric) WHEN ${e} BETWEEN -${limit} AND ${limit} AND length(${s}) <= ${raw(String(DECIMAL_DIGITS))} THEN ${positional(negative, s, e)} END)`;
  });
}

/**
 * The Double a String spells (NaN, INF, -INF, or the nearest binary64 of a number's text), NULL
 * where that is ±Infinity; `doubleOf` is the exact conversion of a numeric (0 where it underflows).
 */
export function doubleOfText(bind: Bind, bindText: Bind, text: Frag, doubleOf: (x: Frag) => Frag): Frag {
  return bindText([text], ([t]) => {
    const number = partsOf(bind, bindText, t!, ({ matched, negative, significant: s, exponent: e }) => {
      const zero = sql`(CASE WHEN ${negative} THEN CAST('-0' AS double precision) ELSE CAST(0 AS double precision) END)`;
      const kept = sql`(CASE WHEN length(${s}) > ${raw(String(DOUBLE_DIGITS))} THEN substr(${s}, 1, ${raw(String(DOUBLE_DIGITS))}) || '1' ELSE ${s} END)`;
      const nearest = bind(
        [doubleOf(positional(negative, kept, e))],
        ([r]) => sql`(CASE WHEN abs(${r!}) <= ${LARGEST_DOUBLE} THEN ${r!} END)`,
      );
      // From 10^309 every text overflows; below 10^-324 every one rounds to 0 (2^-1075 is 2.47e-324).
      return sql`(CASE WHEN NOT ${matched} THEN NULL WHEN ${s} = '' OR ${e} < -324 THEN ${zero} WHEN ${e} > 308 THEN NULL ELSE ${nearest} END)`;
    });
    return sql`(CASE ${t!} WHEN 'NaN' THEN CAST('NaN' AS double precision) WHEN 'INF' THEN CAST('Infinity' AS double precision) WHEN '-INF' THEN CAST('-Infinity' AS double precision) ELSE ${number} END)`;
  });
}
