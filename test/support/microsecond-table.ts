// Rows whose times are whole microseconds (docs/sql.md, "Column types": the 'microseconds'
// storage), with the ids each filter finds. MICROSECOND_CASES run in memory and on every SQL
// engine under that storage: a value to the microsecond is stored, compared and computed with as
// it is; a bound finer than a microsecond is compared exactly on whole ones; a finer constant the
// engine would compute with (`refused`) is the reference's ids in memory and 'unsupported'
// (construct `sub_microsecond_precision`) in SQL.

import type { Schema } from '../../src/index.js';
import type { EvalRow } from './eval-table.js';
import { fineRowSchema } from './fine-time-table.js';

/** Id, At (DateTimeOffset), Opens (TimeOfDay) and Wait (Duration). */
export const microsecondSchema: Schema = fineRowSchema;

/** As a driver with text type parsers hands them back (docs/sql.md, "Rows with microseconds"). */
export const microsecondRows: readonly EvalRow[] = [
  { Id: 1, At: '2012-12-03T23:59:59.999999Z', Opens: '07:59:59.000001', Wait: 'PT0.000015S' },
  { Id: 2, At: '2012-12-03T23:59:59.999Z', Opens: '07:59:59', Wait: 0 },
  { Id: 3, At: '2012-12-04T00:00:00.000001Z', Opens: '23:59:59.999999', Wait: '-PT1.000001S' },
  { Id: 4, At: null, Opens: null, Wait: null },
  { Id: 5, At: '9999-12-31T23:59:59.999999Z', Opens: '00:00:00.000001', Wait: 'PT0.0015S' },
  { Id: 6, At: '1970-01-01T00:00:00.000001Z', Opens: '12:00:00.5', Wait: '-PT0.000001S' },
  { Id: 7, At: '2012-12-03T23:59:59.999001+01:00', Opens: '07:59:59.999999', Wait: 'P1DT0.000001S' },
];

export interface MicrosecondCase {
  readonly filter: string;
  readonly ids: readonly number[];
  /** Refused where times are stored in microseconds: it computes with a finer constant. */
  readonly refused?: true;
}

const ALL = [1, 2, 3, 4, 5, 6, 7];

export const MICROSECOND_CASES: readonly MicrosecondCase[] = [
  // Compared to the microsecond.
  { filter: 'At eq 2012-12-03T23:59:59.999999Z', ids: [1] },
  { filter: 'At gt 2012-12-03T23:59:59.999Z', ids: [1, 3, 5] },
  { filter: 'At lt 2012-12-03T23:59:59.999999Z', ids: [2, 6, 7] },
  { filter: 'At in (2012-12-03T22:59:59.999001Z, 1970-01-01T00:00:00.000001Z)', ids: [6, 7] },
  // A bound finer than a microsecond, compared exactly on whole ones.
  { filter: 'At ge 2012-12-03T23:59:59.9999985Z', ids: [1, 3, 5] },
  { filter: 'At lt 2012-12-03T23:59:59.9999995Z', ids: [1, 2, 6, 7] },
  { filter: 'At le 1970-01-01T00:00:00.0000019Z', ids: [6] },
  { filter: 'At eq 2012-12-03T23:59:59.9999995Z', ids: [] },
  { filter: 'At ne 2012-12-03T23:59:59.9999995Z', ids: ALL },
  { filter: 'At in (2012-12-03T23:59:59.999999Z, 1970-01-01T00:00:00.0000015Z)', ids: [1] },
  { filter: 'Opens lt 07:59:59.0000005', ids: [2, 5] },
  { filter: "Wait ge duration'PT0.0000145S'", ids: [1, 5, 7] },
  // Below the least Duration's first microsecond, whose floor is no Duration: its ceiling bounds.
  { filter: "Wait ge duration'-PT315537897599.9999995S'", ids: [1, 2, 3, 5, 6, 7] },
  { filter: "Wait lt duration'-PT315537897599.999999999999S'", ids: [] },
  // Computed to the microsecond.
  { filter: "At add duration'PT0.000001S' eq 2012-12-04T00:00:00Z", ids: [1] },
  { filter: "At sub 2012-12-03T23:59:59.999Z eq duration'PT0.000999S'", ids: [1] },
  // Beyond the last microsecond of 9999: null.
  { filter: "At add duration'PT0.000001S' eq null", ids: [4, 5] },
  { filter: 'fractionalseconds(At) eq 0.999999', ids: [1, 5] },
  { filter: 'fractionalseconds(At) eq 0.000001', ids: [3, 6] },
  { filter: 'second(At) eq 59', ids: [1, 2, 5, 7] },
  { filter: 'time(At) eq 23:59:59.999999', ids: [1, 5] },
  { filter: 'date(At) eq 2012-12-04', ids: [3] },
  { filter: "cast(At, Edm.String) eq '2012-12-03T23:59:59.999999Z'", ids: [1] },
  { filter: "cast(At, Edm.String) eq '2012-12-03T22:59:59.999001Z'", ids: [7] },
  { filter: "cast(At, Edm.String) eq '2012-12-03T23:59:59.999Z'", ids: [2] },
  { filter: 'Opens gt 07:59:59', ids: [1, 3, 6, 7] },
  { filter: 'fractionalseconds(Opens) eq 0.000001', ids: [1, 5] },
  { filter: "cast(Opens, Edm.String) eq '23:59:59.999999'", ids: [3] },
  { filter: "cast(Opens, Edm.String) eq '12:00:00.5'", ids: [6] },
  { filter: "Wait gt duration'PT0.000014S'", ids: [1, 5, 7] },
  { filter: "Wait eq duration'-PT0.000001S'", ids: [6] },
  { filter: "-Wait eq duration'PT1.000001S'", ids: [3] },
  { filter: "Wait add Wait eq duration'PT0.00003S'", ids: [1] },
  { filter: 'totalseconds(Wait) eq -1.000001', ids: [3] },
  { filter: 'totalseconds(Wait) gt 0.0000145', ids: [1, 5, 7] },
  // Beyond 2^53 microseconds, still the nearest Double on SQLite (where Decimal is REAL).
  { filter: "totalseconds(Wait add duration'PT315537897599.998985S') eq 315537897599.999", ids: [1] },
  { filter: "totalseconds(-Wait sub duration'PT315537897599.998985S') eq -315537897599.999", ids: [1] },
  { filter: "cast(Wait, Edm.String) eq 'P1DT0.000001S'", ids: [7] },
  { filter: "cast(Wait, Edm.String) eq '-PT1.000001S'", ids: [3] },
  // A value's text read back as the value, microseconds and all (a counterexample of the differential).
  { filter: 'cast(cast(At, Edm.String), Edm.DateTimeOffset) eq At', ids: ALL },
  { filter: 'isof(cast(At, Edm.String), Edm.DateTimeOffset)', ids: [1, 2, 3, 5, 6, 7] },
  { filter: "cast('2012-12-03T23:59:59.999999000Z', Edm.DateTimeOffset) eq At", ids: [1] },
  { filter: "cast('2012-12-04T01:00:00.000001+01:00', Edm.DateTimeOffset) eq At", ids: [3] },
  { filter: 'cast(cast(Opens, Edm.String), Edm.TimeOfDay) eq Opens', ids: ALL },
  { filter: "cast('07:59:59.999999', Edm.TimeOfDay) eq Opens", ids: [7] },
  { filter: 'cast(cast(Wait, Edm.String), Edm.Duration) eq Wait', ids: ALL },
  { filter: "cast('-PT1.000001S', Edm.Duration) eq Wait", ids: [3] },
  { filter: "cast('P1DT0.0000010S', Edm.Duration) eq Wait", ids: [7] },
  // Scaling truncates to whole milliseconds whatever the storage (docs/semantics.md §5).
  { filter: "Wait mul 100 eq duration'PT0.001S'", ids: [1] },
  { filter: "Wait div 2 eq duration'PT0S'", ids: [1, 2, 5, 6] },
  { filter: "Wait mul 1.5 eq duration'PT0.002S'", ids: [5] },
  { filter: "Wait mul 0.5e0 eq duration'-PT0.5S'", ids: [3] },
  { filter: "Wait div 0.5 eq duration'PT0.003S'", ids: [5] },
  // Computing with a value finer than a microsecond: the reference's, refused on the engines.
  { filter: "At add duration'PT0.0000005S' gt 2012-12-04T00:00:00Z", ids: [3, 5], refused: true },
  { filter: "cast(07:59:59.0000005, Edm.String) eq '07:59:59.0000005'", ids: ALL, refused: true },
];
