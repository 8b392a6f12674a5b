// The temporal evaluation table: rows with dates, times of day, durations and instants (at the
// ends of their ranges, a leap day, either side of UTC midnight, null and missing) and filters
// with the ids they must match, written from docs/semantics.md §5. Every backend must reproduce it.
//
// Rows hold the reference's plain forms: a Date as `YYYY-MM-DD`, a TimeOfDay as `hh:mm:ss.sss`, a
// Duration as a number of milliseconds, an instant as a `Date`. Filters that call `now()` are
// compiled with the clock TEMPORAL_NOW.

import { defineSchema } from '../../src/index.js';
import type { Schema, SchemaDefinition } from '../../src/index.js';
import type { EvalCase, EvalRow } from './eval-table.js';

export const temporalSchemaDefinition: SchemaDefinition = {
  name: 'Agenda',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Day: 'Edm.Date',
    Opens: 'Edm.TimeOfDay',
    Wait: 'Edm.Duration',
    Due: 'Edm.DateTimeOffset',
    Legacy: 'Edm.DateTime',
    Qty: 'Edm.Int32',
    Rank: 'Edm.Byte',
    Price: 'Edm.Decimal',
    Score: 'Edm.Double',
  },
};

export const temporalSchema: Schema = defineSchema(temporalSchemaDefinition);

/** What `now()` is in the table's filters. */
export const TEMPORAL_NOW = new Date('2012-12-10T00:00:00.000Z');

/** The longest Duration, 9999-12-31T23:59:59.999Z minus 0001-01-01T00:00:00Z. */
const MAX_WAIT = 315_537_897_599_999;
const at = (iso: string): Date => new Date(iso);

/** Row 3 lacks every property, row 4 has every nullable property null. */
export const temporalRows: readonly EvalRow[] = [
  {
    Id: 1,
    Rank: 2,
    Day: '2012-12-03',
    Opens: '07:59:59.999',
    Wait: 5_400_000,
    Due: at('2012-12-03T23:30:00Z'),
    Legacy: at('2012-12-01T00:00:00Z'),
    Qty: 3,
    Price: '1.5',
    Score: 0.5,
  },
  {
    Id: 2,
    Rank: 0,
    Day: '2024-02-29',
    Opens: '00:00:00.000',
    Wait: 0,
    Due: at('2024-02-29T00:00:00Z'),
    Legacy: null,
    Qty: 0,
    Price: '0',
    Score: 2.5,
  },
  { Id: 3 },
  {
    Id: 4,
    Rank: null,
    Day: null,
    Opens: null,
    Wait: null,
    Due: null,
    Legacy: null,
    Qty: null,
    Price: null,
    Score: null,
  },
  {
    Id: 5,
    Rank: 255,
    Day: '9999-12-31',
    Opens: '23:59:59.999',
    Wait: MAX_WAIT,
    Due: at('9999-12-31T23:59:59.999Z'),
    Legacy: at('9999-12-31T00:00:00Z'),
    Qty: -2,
    Price: '-0.5',
    Score: -1.5,
  },
  {
    Id: 6,
    Rank: 2,
    Day: '1000-01-01',
    Opens: '12:00:00.500',
    Wait: -1_500,
    Due: at('1000-01-01T00:00:00Z'),
    Legacy: at('1000-01-01T00:00:00.001Z'),
    Qty: 2,
    Price: '0.25',
    Score: 1e300,
  },
  {
    Id: 7,
    Rank: 1,
    Day: '2012-12-04',
    Opens: '23:00:00.000',
    Wait: 86_400_000,
    Due: at('2012-12-03T23:59:59.999Z'),
    Legacy: at('2012-12-04T00:00:00Z'),
    Qty: 1,
    Price: '3',
    Score: -0.5,
  },
  {
    Id: 8,
    Rank: 3,
    Day: '1970-01-01',
    Opens: '00:00:00.001',
    Wait: -86_400_000,
    Due: at('1969-12-31T23:59:59.999Z'),
    Legacy: at('1970-01-01T00:00:00Z'),
    Qty: 1000,
    Price: '0.001',
    Score: 0,
  },
];

const ALL = [1, 2, 3, 4, 5, 6, 7, 8];
const table: readonly (readonly [string, readonly number[]])[] = [
  // Comparisons and lists of each type, and nulls
  ['Day eq 2012-12-03', [1]],
  ['Day gt 2012-12-03', [2, 5, 7]],
  ['Day lt 2000-01-01', [6, 8]],
  ['Day eq null', [3, 4]],
  ['Day ne null', [1, 2, 5, 6, 7, 8]],
  ['Day in (2024-02-29, 1970-01-01)', [2, 8]],
  ['Day in ["2012-12-04", null]', [3, 4, 7]],
  ['Day ge 9999-12-31', [5]],
  // An order comparison with a null operand is false, so its negation holds.
  ['not (Day gt 2012-12-03)', [1, 3, 4, 6, 8]],
  ['Opens lt 08:00', [1, 2, 8]],
  ['Opens eq 07:59:59.999', [1]],
  ['Opens gt 12:00', [5, 6, 7]],
  ["Opens eq time'PT23H'", [7]],
  ['Opens in (00:00, 12:00:00.5)', [2, 6]],
  ["Wait gt duration'PT0S'", [1, 5, 7]],
  ["Wait lt 'PT0S'", [6, 8]],
  ["Wait eq duration'PT1H30M'", [1]],
  ["Wait eq duration'PT24H'", [7]],
  ['Wait in ["-PT1.5S", "PT0S"]', [2, 6]],
  ["Wait le duration'-P1D'", [8]],
  ['Wait eq null', [3, 4]],
  // An instant or a date moved by a duration; null beyond 0001–9999
  ["Due add duration'PT30M' eq 2012-12-04T00:00:00Z", [1]],
  ['Due add Wait gt 2012-12-04T00:00:00Z', [1, 2, 7]],
  ['Due add Wait eq null', [3, 4, 5]],
  ['not (Due add Wait gt 2012-12-04T00:00:00Z)', [3, 4, 5, 6, 8]],
  ["Due sub duration'PT0.001S' lt 1000-01-01T00:00:00Z", [6]],
  ["Legacy add duration'P1D' eq 2012-12-02T00:00:00Z", [1]],
  ["Day add duration'PT12H' eq 2012-12-03T12:00:00Z", [1]],
  ['Day add Wait gt Due', [7]],
  ["Day sub duration'P1D' eq 2012-12-02T00:00:00Z", [1]],
  ["Day add duration'PT23H59M59.999S' eq maxdatetime()", [5]],
  ["Day add duration'P1D' eq null", [3, 4, 5]],
  // Differences
  ["Due sub Legacy eq duration'P2DT23H30M'", [1]],
  ["Due sub Legacy lt duration'PT0S'", [6, 7, 8]],
  ["Due sub Due eq duration'PT0S'", [1, 2, 5, 6, 7, 8]],
  ["Due sub 1000-01-01T00:00:00Z eq duration'PT0S'", [6]],
  ["Day sub 2012-12-01 eq duration'P2D'", [1]],
  ["Day sub Day eq duration'PT0S'", [1, 2, 5, 6, 7, 8]],
  ["2024-03-01 sub Day eq duration'P1D'", [2]],
  // Durations: sums, negation, scaling truncated toward zero
  ["Wait add Wait gt duration'P1D'", [7]],
  ['Wait add Wait eq null', [3, 4, 5]],
  ["Wait sub duration'PT1H' eq duration'PT30M'", [1]],
  ["-Wait eq duration'PT1.5S'", [6]],
  ['-Wait gt Wait', [6, 8]],
  ["Wait mul 2 eq duration'PT3H'", [1]],
  ["2 mul Wait eq duration'-PT3S'", [6]],
  ['Wait mul 2 gt Wait', [1, 7]],
  // A date moved by a scaled duration (computed in numeric on PostgreSQL): 1000-01-01 moved back
  // by 6.4 minutes is on 0999-12-31, and moved on by 6.4 minutes still on its own day.
  ['date(Day add (Wait mul 256)) eq Day', [2, 3, 4]],
  ['date(Day add (Wait mul -256)) eq Day', [2, 3, 4, 6]],
  // A duration scaled by an unsigned column (a Byte: MySQL's TINYINT UNSIGNED), to a negative result.
  ["Wait div Rank eq duration'-PT0.75S'", [6]],
  ["Wait mul Rank eq duration'-PT3S'", [6]],
  ['Wait div Rank eq null', [2, 3, 4]],
  ["Wait mul Qty eq duration'PT4H30M'", [1]],
  ['Wait mul Qty eq null', [3, 4, 5]],
  ["Wait mul 1.5 eq duration'-PT2.25S'", [6]],
  ["Wait mul 0.0001 eq duration'PT0S'", [2, 6]],
  ["Wait mul Price eq duration'PT2H15M'", [1]],
  ["Wait mul Score eq duration'PT45M'", [1]],
  ['Wait mul Score eq null', [3, 4, 5, 6]],
  ["Wait div 2 eq duration'-PT0.75S'", [6]],
  ["Wait div Qty eq duration'PT30M'", [1]],
  ['Wait div Qty eq null', [2, 3, 4]],
  ["Wait div 1000 eq duration'-PT0.001S'", [6]],
  ["Wait div 7 eq duration'PT12M51.428S'", [1]],
  ["Wait div 0.5 eq duration'PT3H'", [1]],
  ["Wait div Score eq duration'PT0S'", [2, 6]],
  ['Wait div Score eq null', [3, 4, 8]],
  ["duration'P1D' mul 2 eq duration'P2D'", ALL],
  // Instants that depend on no row
  ["maxdatetime() add duration'PT0.001S' eq null", ALL],
  ['Due gt mindatetime() and Due lt maxdatetime()', [1, 2, 6, 7, 8]],
  ['Due eq maxdatetime()', [5]],
  ["Due ge now() sub duration'P7D'", [1, 2, 5, 7]],
  ['Due lt now()', [1, 6, 7, 8]],
  ['date(now()) eq 2012-12-10', ALL],
  // Functions
  // null eq null.
  ['date(Due) eq Day', [1, 2, 3, 4, 5, 6]],
  ['date(Due) eq 1969-12-31', [8]],
  ['date(Legacy) eq 2012-12-01', [1]],
  ['time(Due) eq 23:30', [1]],
  ['time(Due) gt Opens', [1, 7, 8]],
  ['year(Day) eq 2012', [1, 7]],
  ['month(Day) eq 2 and day(Day) eq 29', [2]],
  ['day(Day) eq 1', [6, 8]],
  ['year(Day) lt 1500', [6]],
  ['hour(Opens) eq 23', [5, 7]],
  ['minute(Opens) eq 59 and second(Opens) eq 59', [1, 5]],
  ['hour(Due) eq 23 and minute(Due) eq 59', [5, 7, 8]],
  ['fractionalseconds(Opens) eq 0.5', [6]],
  ['fractionalseconds(Opens) eq 0.999', [1, 5]],
  ['fractionalseconds(Due) gt 0', [5, 7, 8]],
  ['fractionalseconds(Legacy) eq 0.001', [6]],
  ['totalseconds(Wait) eq 5400', [1]],
  ['totalseconds(Wait) lt 0', [6, 8]],
  ['totalseconds(Wait) eq -1.5', [6]],
  ['totaloffsetminutes(Due) eq 0', [1, 2, 5, 6, 7, 8]],
  ['totaloffsetminutes(Due) eq null', [3, 4]],
  ["Opens eq 07:59:59.999 or Wait gt 'P1D'", [1, 5]],
  ["Day in (2012-12-03) and Opens lt 12:00 and Wait gt 'PT1H'", [1]],
];

export const temporalCases: readonly EvalCase[] = table.map(([filter, ids]) => ({
  filter,
  ids: [...ids].sort((a, b) => a - b),
}));
