// `cast(x, T)` as an aggregation expression (docs/semantics.md §11). A Date and an instant are
// BSON Dates, a time of day and a duration numbers of milliseconds (docs/mongo.md), so their
// text comes from $dateToString, and a String's value from text-literals.ts; the casts MongoDB
// cannot compute exactly are refused by name.

import type { LoweredCast, LoweredConvert } from '../../lower/lowered.js';
import { INTEGER_RANGES, isInteger, type IntegerType } from '../../language/edm.js';
import { cannotCompile } from './cannot-compile.js';
import { type Agg, isNull, type ValueCompiler } from './aggregation.js';
import { FUNCTIONS } from './functions.js';
import { literalOfText } from './text-literals.js';

const TWO_TO_63 = 2 ** 63;

export function castValue(c: ValueCompiler, node: LoweredCast, operand: Agg): Agg {
  const from = node.operand.type;
  const refuse = (why: string) =>
    cannotCompile(node, `cast(${from}, ${node.type})`, `cast(${from}, ${node.type}): ${why}`);
  switch (node.conversion) {
    case 'toInteger':
      return toInteger(c, node, operand);
    case 'toDouble': {
      // The Decimal's nearest Double, as a promotion makes it; null where that is ±Infinity.
      const converted: LoweredConvert = { ...node, kind: 'convert', operand: node.operand };
      return c.bind([c.value(converted)], ([v]) => ({
        $cond: [{ $and: [{ $gt: [v, -Infinity] }, { $lt: [v, Infinity] }] }, v, null],
      }));
    }
    case 'toDecimal':
      throw refuse("no MongoDB operator gives a double's shortest round-trip decimal");
    case 'fromString': {
      const value = literalOfText(c, node.type, operand);
      if (value !== undefined) return value;
      throw refuse(
        node.type === 'Edm.Decimal'
          ? "Decimal128 holds 34 significant digits, fewer than a Decimal's text may have"
          : node.type === 'Edm.Binary'
            ? 'reading base64 text as BinData needs $convert with a format (MongoDB 8.0), which is not rendered'
            : "no MongoDB operator is documented to read a number's text as the nearest double",
      );
    }
    case 'toString':
      switch (from) {
        case 'Edm.Boolean':
          return c.bind([operand], ([v]) => ({
            $cond: [{ $eq: [v, true] }, 'true', { $cond: [{ $eq: [v, false] }, 'false', null] }],
          }));
        case 'Edm.Guid':
          // Stored in lower case (docs/mongo.md).
          return operand;
        case 'Edm.Date':
          return { $dateToString: { date: operand, format: '%Y-%m-%d' } };
        case 'Edm.TimeOfDay':
          return trimFraction({ $dateToString: { date: { $toDate: operand }, format: '%H:%M:%S.%L' } });
        case 'Edm.DateTime':
        case 'Edm.DateTimeOffset':
          return { $concat: [trimFraction({ $dateToString: { date: operand, format: '%Y-%m-%dT%H:%M:%S.%L' } }), 'Z'] };
        case 'Edm.Duration':
          return durationText(c, operand);
        case 'Edm.Decimal':
          throw refuse("a Decimal128's text keeps its trailing zeros and may use an exponent");
        case 'Edm.Double':
        case 'Edm.Single':
          throw refuse("MongoDB writes a double's text in another form than JavaScript's");
        case 'Edm.Binary':
          throw refuse('the base64 text of BinData needs $convert with a format (MongoDB 8.0), which is not rendered');
        default:
          if (!isInteger(from)) throw refuse('no text is written for it');
          return integerText(node, operand);
      }
  }
}

/** Rounded half away from zero (the `round` function's rendering), then null beyond the target's range. */
function toInteger(c: ValueCompiler, node: LoweredCast, operand: Agg): Agg {
  const to = node.type as IntegerType;
  const [lo, hi] = INTEGER_RANGES[to];
  const rounded = isInteger(node.operand.type) ? operand : roundHalfAway(c, operand, node);
  const make = to === 'Edm.Int64' ? '$toLong' : '$toInt';
  return c.bind([rounded], ([r]) => {
    // The bounds as doubles, exactly: below 2^63 for Int64 (2^63 - 1 is no double).
    const upper = to === 'Edm.Int64' ? { $lt: [r, TWO_TO_63] } : { $lte: [r, Number(hi)] };
    return { $cond: [{ $and: [{ $gte: [r, Number(lo)] }, upper] }, { [make]: r }, null] };
  });
}

function roundHalfAway(c: ValueCompiler, x: Agg, node: LoweredCast): Agg {
  const round = FUNCTIONS.round;
  if (round.kind !== 'value') throw cannotCompile(node, 'round', 'round()');
  return round.build(c, [x], [node.operand.type]);
}

/**
 * An integer's digits: a stored int or long as it is, a computed one as a long first (exact within
 * Int64). One whose static range passes Int64 may be a Decimal128 there, whose text can take an
 * exponent: refused.
 */
function integerText(node: LoweredCast, operand: Agg): Agg {
  const v = node.operand;
  if (v.kind === 'member' || v.kind === 'constant') return { $toString: operand };
  const range = v.range;
  if (range === undefined || range[0] < -(2n ** 63n) || range[1] >= 2n ** 63n) {
    throw cannotCompile(node, 'integer_text_beyond_int64', 'the text of an integer that may lie beyond Int64');
  }
  return { $toString: { $toLong: operand } };
}

/** Text with a point: trailing zeros after it removed, then the point if nothing follows it. */
function trimFraction(text: Agg): Agg {
  return { $rtrim: { input: { $rtrim: { input: text, chars: '0' } }, chars: '.' } };
}

/** `[-]P[nD][T[nH][nM][n[.fff]S]]` of signed milliseconds, `PT0S` for zero (docs/semantics.md §11). */
function durationText(c: ValueCompiler, value: Agg): Agg {
  return c.bind([value], ([ms]) =>
    c.bind([{ $abs: ms }], ([a]) => {
      const div = (x: Agg, n: number): Agg => ({ $trunc: { $divide: [x, n] } });
      const text = (x: Agg): Agg => ({ $toString: { $toLong: x } });
      const when = (test: Agg, then: Agg): Agg => ({ $cond: [test, then, ''] });
      const ofDay = { $mod: [a, 86_400_000] };
      // The milliseconds in three digits, as $dateToString writes those of a date.
      const millis = { $dateToString: { date: { $toDate: { $mod: [a, 1000] } }, format: '%L' } };
      const seconds = trimFraction({ $concat: [text(div({ $mod: [a, 60_000] }, 1000)), '.', millis] });
      const time = {
        $concat: [
          'T',
          when({ $gte: [ofDay, 3_600_000] }, { $concat: [text(div(ofDay, 3_600_000)), 'H'] }),
          when(
            { $gte: [{ $mod: [a, 3_600_000] }, 60_000] },
            { $concat: [text(div({ $mod: [a, 3_600_000] }, 60_000)), 'M'] },
          ),
          when({ $gt: [{ $mod: [a, 60_000] }, 0] }, { $concat: [seconds, 'S'] }),
        ],
      };
      const body = {
        $concat: [
          when({ $lt: [ms, 0] }, '-'),
          'P',
          when({ $gte: [a, 86_400_000] }, { $concat: [text(div(a, 86_400_000)), 'D'] }),
          when({ $gt: [ofDay, 0] }, time),
        ],
      };
      return { $cond: [isNull(ms), null, { $cond: [{ $eq: [ms, 0] }, 'PT0S', body] }] };
    }),
  );
}
