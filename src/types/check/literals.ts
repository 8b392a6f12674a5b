// The literal nodes, typed as they stand: a literal of a tree not made by parse() is first shown
// to hold what parse() would make of its text (an Int32 in range, a lower-case guid, an instant
// between the years 1 and 9999…), so that no backend meets a value its literal cannot write.

import { type TimeValue, timeValue } from '../../semantics/fine-time.js';
import { INTEGER_RANGES, type EdmType } from '../../language/edm.js';
import { GUID_TEXT } from '../../language/literal-spelling.js';
import { hexOfHexText } from '../../language/binary-spelling.js';
import { MAX_DATE, MAX_DURATION, MAX_TIME_OF_DAY, MIN_DATE } from '../../semantics/temporal.js';
import type { Expr, ExprVisitor, Literal, NumberLiteral, Span } from '../../syntax/ast.js';
import type { LiteralValue, TypedLiteral, TypedNull } from '../typed.js';
import { expect } from './malformed.js';

const INSTANT_TYPES = new Set<unknown>(['Edm.DateTime', 'Edm.DateTimeOffset']);
const DECIMAL_VALUE = /^-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
const [INT64_MIN, INT64_MAX] = INTEGER_RANGES['Edm.Int64'];
// The instants a date-time literal can write: 0001-01-01T00:00+14:00 to 9999-12-31T23:59:59.999-14:00.
const MAX_OFFSET_MINUTES = 14 * 60;
const FIRST_INSTANT = -62135596800000 - MAX_OFFSET_MINUTES * 60_000;
const LAST_INSTANT = 253402300799999 + MAX_OFFSET_MINUTES * 60_000;

/** Why a number literal's value or raw text cannot be what the parser makes of its type, if so. */
function numberProblem(n: NumberLiteral): string | undefined {
  const value: unknown = n.value;
  if (typeof n.raw !== 'string' || n.raw === '') return 'a number literal needs its raw text';
  switch (n.type as unknown) {
    case 'Edm.Int32':
      return Number.isInteger(value) && (value as number) >= INT32_MIN && (value as number) <= INT32_MAX
        ? undefined
        : 'an Edm.Int32 literal needs an integer number in the Int32 range';
    case 'Edm.Int64':
      return typeof value === 'bigint' && value >= INT64_MIN && value <= INT64_MAX
        ? undefined
        : 'an Edm.Int64 literal needs a bigint in the Int64 range';
    case 'Edm.Decimal':
      return typeof value === 'string' && DECIMAL_VALUE.test(value)
        ? undefined
        : "an Edm.Decimal literal needs a decimal string such as '-12.5'";
    case 'Edm.Double':
      return typeof value === 'number' ? undefined : 'an Edm.Double literal needs a number';
    case 'Edm.Single':
      return typeof value === 'number' && (Number.isNaN(value) || Object.is(Math.fround(value), value))
        ? undefined
        : 'an Edm.Single literal needs a number that binary32 holds exactly';
    default:
      return `a number literal cannot have type ${String(n.type)}`;
  }
}

function datetimeProblem(n: Extract<Expr, { kind: 'datetime' }>): string | undefined {
  if (!INSTANT_TYPES.has(n.type)) return `a date-time literal cannot have type ${String(n.type)}`;
  if (typeof n.raw !== 'string' || n.raw === '') return 'a date-time literal needs its raw text';
  if (!Number.isInteger(n.epochMs) || n.epochMs < FIRST_INSTANT || n.epochMs > LAST_INSTANT)
    return 'a date-time literal needs integer epoch milliseconds between the years 1 and 9999';
  if (!Number.isInteger(n.offsetMinutes) || Math.abs(n.offsetMinutes) > MAX_OFFSET_MINUTES)
    return 'a date-time literal needs an offset of at most 14 hours, in minutes';
  return undefined;
}

/** Why a Date, TimeOfDay or Duration literal's value or raw text is not what the parser makes, if so. */
function temporalProblem(raw: unknown, value: unknown, what: string, min: number, max: number): string | undefined {
  if (typeof raw !== 'string' || raw === '') return `a ${what} literal needs its raw text`;
  return Number.isInteger(value) && (value as number) >= min && (value as number) <= max
    ? undefined
    : `a ${what} literal needs an integer between ${min} and ${max}`;
}

/** Whole milliseconds and a literal's picoseconds beyond them (validated with the tree's shape). */
function fineValue(ms: number, n: { readonly picoseconds?: number }): TimeValue {
  return timeValue(ms, n.picoseconds ?? 0);
}

/** A typed literal of `type` at the span of the node it was read from. */
export function literal(type: EdmType, value: LiteralValue, span: Span): TypedLiteral {
  return { kind: 'literal', type, value, start: span.start, end: span.end };
}

/** The typed node of each literal kind but enumerations, whose type the schema declares (enumerations.ts). */
export const LITERALS: Pick<ExprVisitor<TypedLiteral | TypedNull>, Exclude<Literal['kind'], 'enum'>> = {
  null: (n) => ({ kind: 'null', type: 'Edm.Boolean', start: n.start, end: n.end }),
  boolean: (n) =>
    literal(
      'Edm.Boolean',
      expect(n, typeof n.value === 'boolean' ? undefined : 'a boolean literal needs a boolean value').value,
      n,
    ),
  number: (n) => literal(n.type, expect(n, numberProblem(n)).value, n),
  string: (n) =>
    literal(
      'Edm.String',
      expect(n, typeof n.value === 'string' ? undefined : 'a string literal needs a string value').value,
      n,
    ),
  datetime: (n) => literal(n.type, fineValue(expect(n, datetimeProblem(n)).epochMs, n), n),
  date: (n) => literal('Edm.Date', expect(n, temporalProblem(n.raw, n.days, 'date', MIN_DATE, MAX_DATE)).days, n),
  timeOfDay: (n) =>
    literal(
      'Edm.TimeOfDay',
      fineValue(expect(n, temporalProblem(n.raw, n.ms, 'time-of-day', 0, MAX_TIME_OF_DAY)).ms, n),
      n,
    ),
  // A negative duration with picoseconds has whole milliseconds one below its truncation.
  duration: (n) =>
    literal(
      'Edm.Duration',
      fineValue(
        expect(n, temporalProblem(n.raw, n.ms, 'duration', -MAX_DURATION - (n.picoseconds ? 1 : 0), MAX_DURATION)).ms,
        n,
      ),
      n,
    ),
  binary: (n) =>
    literal(
      'Edm.Binary',
      expect(
        n,
        typeof n.raw === 'string' && typeof n.value === 'string' && hexOfHexText(n.value) === n.value
          ? undefined
          : 'a binary literal needs its raw text and lower-case hexadecimal bytes',
      ).value,
      n,
    ),
  guid: (n) => {
    const ok =
      typeof n.raw === 'string' &&
      typeof n.value === 'string' &&
      GUID_TEXT.test(n.value) &&
      n.value === n.value.toLowerCase();
    return literal(
      'Edm.Guid',
      expect(
        n,
        ok
          ? undefined
          : 'a guid literal needs its raw text and a lower-case xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx value',
      ).value,
      n,
    );
  },
};
