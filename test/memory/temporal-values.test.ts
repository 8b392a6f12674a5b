// Dates, times of day and durations in the in-memory reference (docs/semantics.md §5): every
// accepted row form reads as its value, anything else is a RowValueError naming the path and the
// type; scaling a duration by a non-finite Double; now() read once per compile.

import { describe, expect, it } from 'vitest';
import { check, defineSchema } from '../../src/index.js';
import { RowValueError, compilePredicate } from '../../src/backends/memory/index.js';
import { thrown } from '../support/thrown.js';

const schema = defineSchema({
  name: 'T',
  properties: {
    Day: 'Edm.Date',
    Opens: 'Edm.TimeOfDay',
    Wait: 'Edm.Duration',
    Due: 'Edm.DateTimeOffset',
    Score: 'Edm.Double',
  },
});

const paths = [
  ['generated', {}],
  ['closures', { codegen: false }],
] as const;

describe.each(paths)('dates, times of day and durations (%s)', (_name, options) => {
  const matches = (filter: string, row: unknown): boolean => compilePredicate(check(filter, schema), options)(row);

  it.each([
    ['Day eq 2012-12-03', { Day: '2012-12-03' }],
    ['Day eq 2012-12-03', { Day: new Date('2012-12-03T00:00:00Z') }],
    ['Day eq 0001-01-01', { Day: '0001-01-01' }],
    ['Opens eq 07:59', { Opens: '07:59' }],
    ['Opens eq 07:59', { Opens: '07:59:00.000' }],
    ['Opens eq 07:59:59.5', { Opens: '07:59:59.500000' }],
    ['Opens eq 07:59:59.5', { Opens: 28_799_500 }],
    ["Wait eq duration'PT1H30M'", { Wait: 5_400_000 }],
    ["Wait eq duration'PT1H30M'", { Wait: 5_400_000n }],
    ["Wait eq duration'PT1H30M'", { Wait: 'PT1H30M' }],
    ["Wait eq duration'-P1D'", { Wait: '-PT24H' }],
  ])('%s on %o', (filter, row) => {
    expect(matches(filter, row)).toBe(true);
  });

  it.each([
    ['Day eq 2012-12-03', { Day: '2023-02-29' }, 'Day', 'Edm.Date'],
    ['Day eq 2012-12-03', { Day: '2012-12-03T00:00:00Z' }, 'Day', 'Edm.Date'],
    ['Day eq 2012-12-03', { Day: new Date('2012-12-03T01:00:00Z') }, 'Day', 'Edm.Date'],
    ['Day eq 2012-12-03', { Day: 15677 }, 'Day', 'Edm.Date'],
    ['Opens eq 07:59', { Opens: '24:00' }, 'Opens', 'Edm.TimeOfDay'],
    ['Opens eq 07:59', { Opens: 86_400_000 }, 'Opens', 'Edm.TimeOfDay'],
    ['Opens eq 07:59', { Opens: 1.5 }, 'Opens', 'Edm.TimeOfDay'],
    ['Opens eq 07:59', { Opens: '07:59:59.0000000000001' }, 'Opens', 'Edm.TimeOfDay'],
    ["Wait eq duration'P1D'", { Wait: 'P1Y' }, 'Wait', 'Edm.Duration'],
    ["Wait eq duration'P1D'", { Wait: 0.5 }, 'Wait', 'Edm.Duration'],
    ["Wait eq duration'P1D'", { Wait: 315_537_897_600_000 }, 'Wait', 'Edm.Duration'],
  ])('%s on %o is a RowValueError', (filter, row, path, type) => {
    const error = thrown(() => matches(filter, row));
    expect(error).toBeInstanceOf(RowValueError);
    expect(error).toMatchObject({ path, expected: type, value: (row as Record<string, unknown>)[path] });
  });

  it('scales by a non-finite Double to null, and divides by one to zero', () => {
    expect(matches('Wait mul INF eq null', { Wait: 1 })).toBe(true);
    expect(matches('Wait mul NaN eq null', { Wait: 1 })).toBe(true);
    expect(matches('Wait mul INF eq null', { Wait: 0 })).toBe(true);
    expect(matches("Wait div INF eq duration'PT0S'", { Wait: 5 })).toBe(true);
    expect(matches("Wait div -INF eq duration'PT0S'", { Wait: 5 })).toBe(true);
    expect(matches('Wait mul Score eq null', { Wait: 5, Score: Number.NaN })).toBe(true);
  });

  it('reads the clock once per compiled predicate, and keeps its instant for every row', () => {
    let reads = 0;
    let now = Date.UTC(2012, 11, 10);
    const clock = (): Date => {
      reads++;
      return new Date(now);
    };
    const predicate = compilePredicate(check("Due lt now() and Due gt now() sub duration'P1D'", schema), {
      ...options,
      clock,
    });
    now += 86_400_000;
    expect(predicate({ Due: '2012-12-09T12:00:00Z' })).toBe(true);
    expect(predicate({ Due: '2012-12-10T12:00:00Z' })).toBe(false);
    expect(reads).toBe(1);
    compilePredicate(check('Due lt 2012-12-10T00:00:00Z', schema), { ...options, clock });
    expect(reads).toBe(1);
  });
});
