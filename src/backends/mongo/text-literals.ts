// A String read as a literal representation of a type (`cast(x, T)` of a String,
// docs/semantics.md §11, "From text") as an aggregation expression: the whole text is matched
// against the literal's form by `$regexMatch` (PCRE, anchored by \A and \z: a `$` would let a final
// newline through) before any part of it is converted, and only then are its parts read with
// `$toInt`/`$toLong` and assembled (`$dateFromParts`, integer milliseconds), so that no text makes
// the server raise an error; null where the text is no literal of the type or names no value of
// it. Stored forms are docs/mongo.md's: a Date is the Date of its midnight (UTC), a time of day
// and a duration are milliseconds, a guid is lower case.

import { INTEGER_RANGES, type EdmType, type IntegerType } from '../../language/edm.js';
import { MAX_DURATION, MAX_INSTANT, MIN_INSTANT } from '../../semantics/temporal.js';
import { type Agg, isNull, type ValueCompiler } from './aggregation.js';

const DIGIT = '[0-9]';
/** A fraction of a second: at most three digits that count, then zeros (docs/semantics.md §5). */
const FRACTION = `\\.(${DIGIT}{1,3})0*`;
const TIME = `(${DIGIT}{2}):(${DIGIT}{2})(?::(${DIGIT}{2})(?:${FRACTION})?)?`;

const PATTERNS = {
  boolean: { true: '\\A[Tt][Rr][Uu][Ee]\\z', false: '\\A[Ff][Aa][Ll][Ss][Ee]\\z' },
  integer: `\\A(-?)(${DIGIT}+)\\z`,
  date: `\\A(${DIGIT}{4})-(${DIGIT}{2})-(${DIGIT}{2})\\z`,
  timeOfDay: `\\A${TIME}\\z`,
  duration: `\\A(-?)P(?:(${DIGIT}+)D)?(?:T(?:(${DIGIT}+)H)?(?:(${DIGIT}+)M)?(?:(${DIGIT}+)(?:${FRACTION})?S)?)?\\z`,
  instant: `\\A(${DIGIT}{4})-(${DIGIT}{2})-(${DIGIT}{2})[Tt]${TIME}(?:[Zz]|([+-])(${DIGIT}{2}):?(${DIGIT}{2}))?\\z`,
  guid: `\\A[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}\\z`,
};

/** The most digits (after leading zeros) of each part a Duration within ±MAX_DURATION can have. */
const DURATION_DIGITS = [7, 9, 11, 13] as const;
const DURATION_UNITS = [86_400_000, 3_600_000, 60_000, 1000] as const;

const matches = (text: Agg, regex: string): Agg => ({ $regexMatch: { input: text, regex } });
const cond = (test: Agg, then: Agg, otherwise: Agg = null): Agg => ({ $cond: [test, then, otherwise] });

/**
 * The value of type `to` a String spells, null where it spells none; undefined for a type whose
 * text MongoDB cannot read exactly.
 */
export function literalOfText(c: ValueCompiler, to: EdmType, operand: Agg): Agg | undefined {
  const read = (body: (t: Agg) => Agg): Agg => c.bind([operand], ([t]) => cond(isNull(t), null, body(t)));
  switch (to) {
    case 'Edm.String':
      return operand;
    case 'Edm.Boolean':
      return read((t) =>
        cond(matches(t, PATTERNS.boolean.true), true, cond(matches(t, PATTERNS.boolean.false), false)),
      );
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
    case 'Edm.Int64':
      return read((t) => integerOfText(c, to, t));
    case 'Edm.Date':
      return read((t) => captured(c, t, PATTERNS.date, ([y, mo, d]) => dateOf(c, y, mo, d, (date) => date)));
    case 'Edm.TimeOfDay':
      return read((t) => captured(c, t, PATTERNS.timeOfDay, (parts) => timeOf(c, parts, (ms) => ms)));
    case 'Edm.Duration':
      return read((t) => durationOfText(c, t));
    case 'Edm.Guid':
      return read((t) => cond(matches(t, PATTERNS.guid), { $toLower: t }));
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset':
      return read((t) => instantOfText(c, t));
    case 'Edm.Decimal':
    case 'Edm.Double':
    case 'Edm.Single':
    case 'Edm.Binary':
      return undefined;
  }
}

/**
 * The regex's captures (null for a group that took no part) where the text matches it, given to
 * `body` as expressions; null where it does not.
 */
function captured(c: ValueCompiler, text: Agg, regex: string, body: (captures: Agg[]) => Agg): Agg {
  const groups = (regex.match(/\((?!\?)/g) ?? []).length;
  return cond(
    matches(text, regex),
    c.bind([{ $regexFind: { input: text, regex } }], ([found]) =>
      // `found` is a variable (`$$v1`): a $regexFind is never inlined.
      c.bind([`${found as string}.captures`], ([captures]) =>
        body(Array.from({ length: groups }, (_, i) => ({ $arrayElemAt: [captures, i] }))),
      ),
    ),
  );
}

/** Digits (at most 18 here) as an int or a long; `''` (all zeros) is 0. */
const integer = (digits: Agg, make: '$toInt' | '$toLong' = '$toLong'): Agg => ({
  [make]: cond({ $eq: [digits, ''] }, '0', digits),
});

/**
 * `-`? and digits within the target's range: the digits less their leading zeros, compared as
 * text with the range's end (a text of more digits is beyond it), then converted.
 */
function integerOfText(c: ValueCompiler, to: IntegerType, text: Agg): Agg {
  const [lo, hi] = INTEGER_RANGES[to];
  return captured(c, text, PATTERNS.integer, ([sign, body]) =>
    c.bind([{ $eq: [sign, '-'] }, { $ltrim: { input: body, chars: '0' } }], ([negative, digits]) =>
      c.bind([{ $strLenCP: digits }], ([length]) => {
        const within = (end: bigint): Agg => {
          const bound = String(end < 0n ? -end : end);
          return {
            $or: [
              { $lt: [length, bound.length] },
              { $and: [{ $eq: [length, bound.length] }, { $lte: [digits, bound] }] },
            ],
          };
        };
        const signed = cond({ $and: [negative, { $gt: [length, 0] }] }, { $concat: ['-', digits] }, digits);
        return cond(cond(negative, within(lo), within(hi)), integer(signed, to === 'Edm.Int64' ? '$toLong' : '$toInt'));
      }),
    ),
  );
}

/** Where year, month and day (captured digits) name a day of 0001–9999, `body` of its Date (midnight UTC); else null. */
function dateOf(c: ValueCompiler, year: Agg, month: Agg, day: Agg, body: (date: Agg) => Agg): Agg {
  return c.bind([integer(year, '$toInt'), integer(month, '$toInt'), integer(day, '$toInt')], ([y, mo, d]) => {
    const divisible = (n: number): Agg => ({ $eq: [{ $mod: [y, n] }, 0] });
    const leap = { $and: [divisible(4), { $or: [{ $not: [divisible(100)] }, divisible(400)] }] };
    const monthDays = cond({ $eq: [mo, 2] }, cond(leap, 29, 28), cond({ $in: [mo, [4, 6, 9, 11]] }, 30, 31));
    const valid = {
      $and: [{ $gte: [y, 1] }, { $gte: [mo, 1] }, { $lte: [mo, 12] }, { $gte: [d, 1] }, { $lte: [d, monthDays] }],
    };
    return cond(valid, body({ $dateFromParts: { year: y, month: mo, day: d } }));
  });
}

/** Where hours, minutes, seconds and the fraction (captured) are a time of day, `body` of its milliseconds; else null. */
function timeOf(c: ValueCompiler, [hour, minute, second, fraction]: Agg[], body: (ms: Agg) => Agg): Agg {
  // The fraction's digits that count, padded to milliseconds.
  const millis = { $substrCP: [{ $concat: [{ $ifNull: [fraction, ''] }, '00'] }, 0, 3] };
  return c.bind(
    [
      integer(hour, '$toInt'),
      integer(minute, '$toInt'),
      integer({ $ifNull: [second, ''] }, '$toInt'),
      integer(millis, '$toInt'),
    ],
    ([h, mi, s, ms]) =>
      cond(
        { $and: [{ $lte: [h, 23] }, { $lte: [mi, 59] }, { $lte: [s, 59] }] },
        body({
          $add: [{ $multiply: [h, 3_600_000] }, { $multiply: [mi, 60_000] }, { $multiply: [s, 1000] }, ms],
        }),
      ),
  );
}

/** `[-]P[nD][T[nH][nM][n[.f…]S]]`, at least one part, not ending in `T`; within ±MAX_DURATION. */
function durationOfText(c: ValueCompiler, text: Agg): Agg {
  const hasPart = { $and: [matches(text, DIGIT), { $not: [matches(text, 'T\\z')] }] };
  const parts = captured(c, text, PATTERNS.duration, ([sign, ...captures]) =>
    c.bind(
      captures.slice(0, 4).map((part) => ({ $ltrim: { input: { $ifNull: [part, ''] }, chars: '0' } })),
      (digits) => {
        const fits = { $and: digits.map((d, i) => ({ $lte: [{ $strLenCP: d }, DURATION_DIGITS[i]!] })) };
        const millis = { $substrCP: [{ $concat: [{ $ifNull: [captures[4], ''] }, '00'] }, 0, 3] };
        const total = {
          $add: [...digits.map((d, i) => ({ $multiply: [integer(d), DURATION_UNITS[i]!] })), integer(millis)],
        };
        return cond(
          fits,
          c.bind([total], ([ms]) =>
            cond({ $lte: [ms, MAX_DURATION] }, cond({ $eq: [sign, '-'] }, { $subtract: [0, ms] }, ms)),
          ),
        );
      },
    ),
  );
  return cond(hasPart, parts);
}

/** The date-time literal of docs/semantics.md §5: the instant it names, within 0001–9999 (UTC). */
function instantOfText(c: ValueCompiler, text: Agg): Agg {
  return captured(c, text, PATTERNS.instant, ([year, month, day, hour, minute, second, fraction, sign, oh, om]) =>
    dateOf(c, year!, month!, day!, (date) =>
      timeOf(c, [hour!, minute!, second!, fraction!], (ms) =>
        c.bind([integer({ $ifNull: [oh, ''] }, '$toInt'), integer({ $ifNull: [om, ''] }, '$toInt')], ([h, m]) => {
          const offset = {
            $multiply: [{ $add: [{ $multiply: [h, 60] }, m] }, cond({ $eq: [sign, '-'] }, -60_000, 60_000)],
          };
          const instant = { $subtract: [{ $add: [date, ms] }, offset] };
          return cond(
            { $and: [{ $lte: [m, 59] }, { $lte: [{ $add: [{ $multiply: [h, 60] }, m] }, 14 * 60] }] },
            c.bind([instant], ([i]) =>
              cond({ $and: [{ $gte: [i, new Date(MIN_INSTANT)] }, { $lte: [i, new Date(MAX_INSTANT)] }] }, i),
            ),
          );
        }),
      ),
    ),
  );
}
