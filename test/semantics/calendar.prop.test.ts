// The calendar of src/semantics/temporal.ts (the platform's Date in UTC, so that a browser client
// bundles no date library) against date-fns read in UTC, which it replaced: the same text for
// every day and time of day, the same days read and refused, the same parts.

import { format, getDate, getHours, getMinutes, getMonth, getSeconds, getYear } from 'date-fns';
import { UTCDate } from '@date-fns/utc';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  datePart,
  formatDate,
  formatDuration,
  formatTimeOfDay,
  LONGEST_DURATION,
  MAX_DATE,
  MAX_FINE_DURATION,
  MIN_DATE,
  MS_PER_DAY,
  readDate,
  readDuration,
  timePart,
} from '../../src/semantics/temporal.js';

const byDateFns = {
  formatDate: (days: number) => format(new UTCDate(days * MS_PER_DAY), 'yyyy-MM-dd'),
  formatTimeOfDay: (ms: number) => format(new UTCDate(ms), 'HH:mm:ss.SSS'),
  datePart: (days: number, part: 'year' | 'month' | 'day') => {
    const date = new UTCDate(days * MS_PER_DAY);
    return part === 'year' ? getYear(date) : part === 'month' ? getMonth(date) + 1 : getDate(date);
  },
  timePart: (ms: number, part: 'hour' | 'minute' | 'second') => {
    const time = new UTCDate(ms);
    return part === 'hour' ? getHours(time) : part === 'minute' ? getMinutes(time) : getSeconds(time);
  },
};

/** What a call returns, or the class and message of what it throws. */
function outcome<T>(f: () => T): T | string {
  try {
    return f();
  } catch (e) {
    return `${(e as Error).name}: ${(e as Error).message}`;
  }
}

/** The Date range is ±100,000,000 days; beyond it both throw. */
const DATE_LIMIT = 100_000_000;
const edgeDays = [
  MIN_DATE,
  MIN_DATE - 1,
  MAX_DATE,
  MAX_DATE + 1,
  0,
  -1,
  -719_528,
  -719_162 - 366,
  11_016,
  11_017,
  11_075,
  -25_508,
  DATE_LIMIT,
  -DATE_LIMIT,
  DATE_LIMIT + 1,
  -DATE_LIMIT - 1,
];
const days = fc.oneof(
  fc.constantFrom(...edgeDays),
  fc.integer({ min: MIN_DATE - 800, max: MAX_DATE + 800 }),
  fc.integer({ min: -DATE_LIMIT - 10, max: DATE_LIMIT + 10 }),
);

describe('calendar without a date library', () => {
  it('formats every day as date-fns did (years 1–9999, before 1 and beyond 9999, beyond the Date range)', () => {
    for (const d of edgeDays)
      expect(
        outcome(() => formatDate(d)),
        String(d),
      ).toEqual(outcome(() => byDateFns.formatDate(d)));
    fc.assert(
      fc.property(days, (d) => {
        expect(outcome(() => formatDate(d))).toEqual(outcome(() => byDateFns.formatDate(d)));
      }),
      { numRuns: 5000 },
    );
  });

  it('gives the year, month and day of every day as date-fns did', () => {
    const part = fc.constantFrom('year' as const, 'month' as const, 'day' as const);
    fc.assert(
      fc.property(days, part, (d, p) => {
        expect(datePart(d, p)).toEqual(byDateFns.datePart(d, p));
      }),
      { numRuns: 3000 },
    );
  });

  it('formats every time of day, and its parts, as date-fns did (negative and beyond a day too)', () => {
    const ms = fc.oneof(
      fc.integer({ min: 0, max: MS_PER_DAY - 1 }),
      fc.integer({ min: -10 * MS_PER_DAY, max: 10 * MS_PER_DAY }),
      fc.double({ min: -1e6, max: 1e8, noNaN: true }),
    );
    const part = fc.constantFrom('hour' as const, 'minute' as const, 'second' as const);
    fc.assert(
      fc.property(ms, part, (t, p) => {
        expect(outcome(() => formatTimeOfDay(t))).toEqual(outcome(() => byDateFns.formatTimeOfDay(t)));
        expect(timePart(t, p)).toEqual(byDateFns.timePart(t, p));
      }),
      { numRuns: 3000 },
    );
    expect(outcome(() => formatTimeOfDay(Number.NaN))).toEqual(outcome(() => byDateFns.formatTimeOfDay(Number.NaN)));
  });

  it('reads and refuses every YYYY-MM-DD as the date-fns calendar did', () => {
    // The reading it replaced: the day the parts name, if formatting it gives the text back.
    const byDateFnsRead = (text: string) => {
      const [y, m, d] = text.split('-').map(Number) as [number, number, number];
      if (y < 1) return 'no year 0';
      const date = new UTCDate(0);
      date.setUTCFullYear(y, m - 1, d);
      const value = Math.round(date.getTime() / MS_PER_DAY);
      return m < 1 || m > 12 || byDateFns.formatDate(value) !== text ? 'no such day' : value;
    };
    const read = (text: string) => {
      const r = readDate(text);
      return r.ok ? r.value : r.problem.startsWith('there is no year') ? 'no year 0' : 'no such day';
    };
    const pad = (n: number, w: number) => String(n).padStart(w, '0');
    const text = fc
      .tuple(
        fc.oneof(
          fc.integer({ min: 0, max: 9999 }),
          fc.constantFrom(0, 1, 2, 4, 99, 100, 1600, 1900, 2000, 2024, 2100, 9998, 9999),
        ),
        fc.oneof(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 0, max: 99 })),
        fc.oneof(fc.integer({ min: 28, max: 31 }), fc.integer({ min: 0, max: 99 })),
      )
      .map(([y, m, d]) => `${pad(y, 4)}-${pad(m, 2)}-${pad(d, 2)}`);
    for (const t of [
      '0001-01-01',
      '9999-12-31',
      '2000-02-29',
      '1900-02-29',
      '2024-02-29',
      '2023-02-29',
      '0004-02-29',
      '0100-02-29',
      '0400-02-29',
      '0001-01-00',
      '9999-12-32',
      '0000-01-01',
    ]) {
      expect(read(t), t).toEqual(byDateFnsRead(t));
    }
    fc.assert(
      fc.property(text, (t) => {
        expect(read(t)).toEqual(byDateFnsRead(t));
      }),
      { numRuns: 10_000 },
    );
  });
});

describe('the longest duration', () => {
  it('is spelt as formatDuration() writes it, and a duration beyond it is refused naming it', () => {
    expect(LONGEST_DURATION).toBe(formatDuration(MAX_FINE_DURATION));
    expect(readDuration('P3652059D')).toEqual({
      ok: false,
      problem: `longer than ${formatDuration(MAX_FINE_DURATION)}, the longest duration`,
      unsupported: false,
    });
  });
});
