// The date-time reader of src/semantics/instant.ts tests the text's form and reads each part at its
// place, and counts a day's place in the calendar by arithmetic, where it matched a regular
// expression with a group per part and set the parts on a platform Date. That reader is kept below
// as the reference: for any text, both readings (a literal's and a row's) give the same instant,
// the same offset, or the same refusal with the same words.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fractionOfSecond, timeValue } from '../../src/semantics/fine-time.js';
import { type InstantReading, readInstant, readStoredInstant } from '../../src/semantics/instant.js';
import { runs } from '../support/test-size.js';

const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})([Tt ])(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(?:([Zz])|([+-])(\d{2})(?::?(\d{2}))?)?$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** The reader by groups and a Date, as it was. */
function byDate(text: string, stored: boolean): InstantReading {
  const match = ISO_DATE_TIME.exec(text);
  const literalForm = match !== null && match[4] !== ' ' && (match[11] === undefined || match[12] !== undefined);
  if (!match || (!stored && !literalForm))
    return { ok: false, problem: 'expected YYYY-MM-DDThh:mm[:ss[.fff]][Z|±hh:mm]', unsupported: false };
  const [, y, mo, d, , h, mi, s = '0', fraction = '', zulu, sign, oh, om = '00'] = match;
  const [year, month, day, hour, minute, second] = [y, mo, d, h, mi, s].map(Number) as number[];
  const leap = (year! % 4 === 0 && year! % 100 !== 0) || year! % 400 === 0;
  const monthDays = month === 2 && leap ? 29 : DAYS_IN_MONTH[month! - 1];
  const missing =
    year! < 1
      ? 'year 0000'
      : monthDays === undefined
        ? `month ${mo}`
        : day! < 1 || day! > monthDays
          ? `day ${d} of month ${mo}`
          : hour! > 23
            ? `hour ${h}`
            : minute! > 59
              ? `minute ${mi}`
              : second! > 59
                ? `second ${s}`
                : undefined;
  if (missing) return { ok: false, problem: `there is no ${missing}`, unsupported: false };
  const fine = fractionOfSecond(fraction);
  if (fine === undefined) {
    return {
      ok: false,
      problem: 'more precise than a picosecond (12 fractional digits), the precision of date-time values',
      unsupported: true,
    };
  }
  let offsetMinutes = 0;
  if (sign !== undefined && zulu === undefined) {
    const oMinutes = Number(om);
    offsetMinutes = (sign === '-' ? -1 : 1) * (Number(oh) * 60 + oMinutes);
    if (oMinutes > 59 || Math.abs(offsetMinutes) > 14 * 60) {
      return { ok: false, problem: `offset ${sign}${oh}:${om} is beyond ±14:00`, unsupported: false };
    }
  }
  const local = new Date(0);
  local.setUTCFullYear(year!, month! - 1, day!);
  local.setUTCHours(hour!, minute!, second!, fine.ms);
  const epochMs = local.getTime() - offsetMinutes * 60_000;
  return { ok: true, instant: timeValue(epochMs, fine.ps), epochMs, offsetMinutes };
}

const digits = (n: number, max = 10 ** n - 1) => fc.integer({ min: 0, max }).map((v) => String(v).padStart(n, '0'));

/** Date-times, mostly well formed: every part drawn near and beyond its range, every optional part present or not. */
const arbDateTime = fc
  .tuple(
    fc.oneof(digits(4), fc.constantFrom('0000', '0001', '1970', '2000', '1900', '2024', '9999', '0004')),
    fc.oneof(digits(2, 13), fc.constantFrom('01', '02', '12')),
    fc.oneof(digits(2, 32), fc.constantFrom('28', '29', '30', '31')),
    fc.constantFrom('T', 't', ' ', 'x'),
    digits(2, 25),
    digits(2, 61),
    fc.option(fc.tuple(digits(2, 61), fc.option(fc.stringMatching(/^[0-9]{1,16}$/)))),
    fc.option(
      fc.oneof(
        fc.constantFrom('Z', 'z'),
        fc.tuple(fc.constantFrom('+', '-'), digits(2, 15), fc.constantFrom('', ':', ';'), fc.option(digits(2, 61))),
      ),
    ),
  )
  .map(([y, mo, d, sep, h, mi, seconds, offset]) => {
    const s = seconds === null ? '' : `:${seconds[0]}${seconds[1] === null ? '' : `.${seconds[1]}`}`;
    const o =
      offset === null
        ? ''
        : typeof offset === 'string'
          ? offset
          : `${offset[0]}${offset[1]}${offset[2]}${offset[3] ?? ''}`;
    return `${y}-${mo}-${d}${sep}${h}:${mi}${s}${o}`;
  });

/** A date-time with one character changed, dropped or added: the forms around the well-formed ones. */
const arbMutated = fc
  .tuple(arbDateTime, fc.nat(), fc.constantFrom('change', 'drop', 'add'), fc.constantFrom(...'0912:-+.TZ x\n'))
  .map(([text, at, how, c]) => {
    const i = at % (text.length + 1);
    if (how === 'drop') return text.slice(0, i) + text.slice(i + 1);
    if (how === 'add') return text.slice(0, i) + c + text.slice(i);
    return text.slice(0, i) + c + text.slice(i + 1);
  });

function agrees(text: string): void {
  expect(readInstant(text)).toStrictEqual(byDate(text, false));
  expect(readStoredInstant(text)).toStrictEqual(byDate(text, true));
}

describe('the date-time reader', () => {
  it('reads every text as the reader by groups and a Date did', () => {
    fc.assert(fc.property(fc.oneof(arbDateTime, arbMutated, fc.string({ maxLength: 30 })), agrees), {
      numRuns: runs(3000),
    });
  });

  it.each([
    '2012-01-01T00:00:00Z',
    '0001-01-01T00:00Z',
    '0001-02-28T23:59:59.999999999999+14:00',
    '9999-12-31T23:59:59.9999999999990-14:00',
    '2000-02-29T12:00:00.5+0130',
    '1900-02-29T00:00Z',
    '2012-03-01 09:00:00.5+00',
    '2012-03-01T09:00:00+01',
    '1969-12-31T23:59:59.999Z',
    '1970-01-01T00:00-00:00',
    '2012-03-01T09:00:00+14:01',
    '2012-03-01T09:00:00+13:60',
    '2012-03-01T09:00:00.1234567890123Z',
    '2012-03-01T09:00:00.',
    '2012-03-01T09:00:',
    '2012-03-01T09:00:00+01:',
    '2012-03-01T09:00:00+011',
    '2012-03-01T09:00:00Z ',
    '２012-03-01T09:00Z',
  ])('%s', agrees);
});
