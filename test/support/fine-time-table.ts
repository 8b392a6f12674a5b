// Values finer than a millisecond (docs/semantics.md §5, "Precision"), written from the text.
//
// FINE_LITERAL_CASES run over the temporal table's rows (whole milliseconds, which every engine
// stores) on every backend: a comparison with a finer literal has the same ids everywhere, and a
// finer literal the engine would have to compute with (`refused`) is the reference's ids in memory
// and 'unsupported' (construct `sub_millisecond_precision`) on every SQL dialect and on MongoDB.
//
// FINE_ROW_CASES run over rows that hold finer values as ISO text, in memory only: no engine's
// default storage holds them.

import { defineSchema, type Schema } from '../../src/index.js';
import type { EvalRow } from './eval-table.js';

export interface FineLiteralCase {
  readonly filter: string;
  readonly ids: readonly number[];
  /** Refused by the backends whose values are whole milliseconds. */
  readonly refused?: true;
}

const ALL = [1, 2, 3, 4, 5, 6, 7, 8];

/** Over temporalRows (test/support/temporal-table.ts). */
export const FINE_LITERAL_CASES: readonly FineLiteralCase[] = [
  // Instants: 7 is 2012-12-03T23:59:59.999Z, 1 is half an hour before it.
  { filter: 'Due gt 2012-12-03T23:59:59.9985Z', ids: [2, 5, 7] },
  { filter: 'Due ge 2012-12-03T23:59:59.9990001Z', ids: [2, 5] },
  { filter: 'Due lt 2012-12-03T23:59:59.9990001Z', ids: [1, 6, 7, 8] },
  { filter: 'Due le 2012-12-03T23:59:59.998999999999Z', ids: [1, 6, 8] },
  { filter: 'Due eq 2012-12-03T23:59:59.9990000001Z', ids: [] },
  // A null is not equal to a value, so ne holds on every row.
  { filter: 'Due ne 2012-12-03T23:59:59.999000001Z', ids: ALL },
  { filter: 'not (Due eq 2012-12-03T23:59:59.999000001Z)', ids: ALL },
  { filter: 'not (Due gt 2012-12-03T23:59:59.9985Z)', ids: [1, 3, 4, 6, 8] },
  { filter: '2012-12-03T23:59:59.9985Z lt Due', ids: [2, 5, 7] },
  { filter: '2012-12-03T23:59:59.9985+00:00 ge Due', ids: [1, 6, 8] },
  { filter: 'Due in (2012-12-03T23:59:59.9995Z, 2024-02-29T00:00:00Z)', ids: [2] },
  { filter: 'Due in (1969-12-31T23:59:59.9999Z)', ids: [] },
  { filter: 'not (Due in (1969-12-31T23:59:59.9999Z, null))', ids: ALL.filter((id) => id !== 3 && id !== 4) },
  // Only nulls left beside the finer item: `Due in (null)` is `Due eq null`, and `null in (null)` true.
  { filter: 'Due in (null, 1969-12-31T23:59:59.9999Z)', ids: [3, 4] },
  { filter: "null in (null, duration'PT0.000001S')", ids: ALL },
  { filter: 'Legacy gt 2012-12-01T00:00:00.0000001Z', ids: [5, 7] },
  { filter: "Legacy le datetime'1000-01-01T00:00:00.0010000001'", ids: [6] },
  // Times of day: 1 opens at 07:59:59.999, 2 at midnight, 8 at 00:00:00.001.
  { filter: 'Opens gt 07:59:59.9989999', ids: [1, 5, 6, 7] },
  { filter: 'Opens lt 00:00:00.0000001', ids: [2] },
  { filter: 'Opens le 00:00:00.0010000001', ids: [2, 8] },
  { filter: 'Opens eq 00:00:00.000000000001', ids: [] },
  // Durations: 6 waits -1.5 s, 2 none.
  { filter: "Wait gt duration'-PT1.4999999S'", ids: [1, 2, 5, 7] },
  { filter: "Wait ge duration'-PT1.5000001S'", ids: [1, 2, 5, 6, 7] },
  { filter: "Wait lt duration'PT0.0000001S'", ids: [2, 6, 8] },
  { filter: "Wait ge duration'-PT0.0000001S'", ids: [1, 2, 5, 7] },
  { filter: "Wait eq duration'-PT0.0000001S'", ids: [] },
  // Below the least Duration's first millisecond, whose floor is no Duration: its ceiling bounds.
  { filter: "Wait gt duration'-PT315537897599.9999995S'", ids: [1, 2, 5, 6, 7, 8] },
  { filter: "Wait le duration'-PT315537897599.999999999999S'", ids: [] },
  // A computed value is whole milliseconds too: compared exactly.
  { filter: "Wait mul 2 gt duration'PT0.0000001S'", ids: [1, 7] },
  { filter: 'time(Due) ge 23:59:59.9985', ids: [5, 7, 8] },
  // Computing with a finer value: the reference's value, refused where values are milliseconds.
  { filter: "Due add duration'PT0.0000005S' gt 2012-12-03T23:59:59.999Z", ids: [2, 5, 7], refused: true },
  { filter: 'Opens lt time(2012-12-03T07:59:59.9995Z)', ids: [1, 2, 8], refused: true },
  {
    filter: "cast(2012-12-03T07:59:59.9995Z, Edm.String) eq '2012-12-03T07:59:59.9995Z'",
    ids: ALL,
    refused: true,
  },
  { filter: "-duration'PT0.0000005S' lt Wait", ids: [1, 2, 5, 7], refused: true },
];

/**
 * Orders by a comparison with a finer literal, over temporalRows (ids in order, every page of a
 * keyset walk): the order reads the comparison as a filter does, exactly on whole units, so that
 * the rows after a keyset token are the rest of the order.
 */
export const FINE_ORDER_CASES: readonly { readonly orderby: string; readonly ids: readonly number[] }[] = [
  // False for every row: no stored instant is .9985 (MySQL would round such a bound to .999).
  { orderby: 'Due eq 2012-12-03T23:59:59.9985Z,Id desc', ids: [8, 7, 6, 5, 4, 3, 2, 1] },
  { orderby: 'Due gt 2012-12-03T23:59:59.9985Z desc,Id', ids: [2, 5, 7, 1, 3, 4, 6, 8] },
  { orderby: "Wait lt duration'-PT0.0000005S' desc,Id", ids: [6, 8, 1, 2, 3, 4, 5, 7] },
  { orderby: 'Opens in (00:00:00.0005, 00:00:00.001) desc,Id', ids: [8, 1, 2, 3, 4, 5, 6, 7] },
  // Finer than a microsecond too.
  { orderby: 'Due lt 2012-12-03T23:59:59.9990000005Z,Id', ids: [2, 3, 4, 5, 1, 6, 7, 8] },
];

export const fineRowSchema: Schema = defineSchema({
  name: 'Readings',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    At: 'Edm.DateTimeOffset',
    Opens: 'Edm.TimeOfDay',
    Wait: 'Edm.Duration',
  },
});

/** Rows holding finer values as the text a driver gives them (section 5, "Row values"). */
export const fineRows: readonly EvalRow[] = [
  { Id: 1, At: '2012-12-03T23:59:59.9990005Z', Opens: '07:59:59.000001', Wait: 'PT0.0000015S' },
  { Id: 2, At: '2012-12-03T23:59:59.999000Z', Opens: '07:59:59.000000000001', Wait: '-PT0.000000000001S' },
  { Id: 3, At: new Date('2012-12-03T23:59:59.999Z'), Opens: '07:59:59', Wait: 0 },
  { Id: 4, At: '2012-12-04T00:00:00.000000000001+00:00', Opens: '23:59:59.999999999999', Wait: 'PT1.0000005S' },
  { Id: 5, At: '9999-12-31T23:59:59.999999999999Z', Opens: null, Wait: '-PT1.0000005S' },
  { Id: 6, At: '2012-12-03T23:59:59.9990005+01:00' },
];

/** Over fineRows, in memory. */
export const FINE_ROW_CASES: readonly { readonly filter: string; readonly ids: readonly number[] }[] = [
  { filter: 'At eq 2012-12-03T23:59:59.9990005Z', ids: [1] },
  { filter: 'At eq 2012-12-03T23:59:59.999Z', ids: [2, 3] },
  { filter: 'At gt 2012-12-03T23:59:59.999Z', ids: [1, 4, 5] },
  { filter: 'At ge 2012-12-03T23:59:59.9990005Z', ids: [1, 4, 5] },
  { filter: 'At lt 2012-12-04T00:00:00.000000000001Z', ids: [1, 2, 3, 6] },
  { filter: 'At in (2012-12-03T23:59:59.9990005Z, 2012-12-03T22:59:59.9990005Z)', ids: [1, 6] },
  { filter: 'At eq At', ids: [1, 2, 3, 4, 5, 6] },
  { filter: 'second(At) eq 59', ids: [1, 2, 3, 5, 6] },
  { filter: 'fractionalseconds(At) eq 0.9990005', ids: [1, 6] },
  { filter: 'fractionalseconds(At) eq 0.000000000001', ids: [4] },
  { filter: 'time(At) eq 23:59:59.9990005', ids: [1] },
  { filter: 'date(At) eq 2012-12-04', ids: [4] },
  { filter: "At sub 2012-12-03T23:59:59.999Z eq duration'PT0.0000005S'", ids: [1] },
  { filter: "At add duration'PT0.0000005S' eq 2012-12-03T23:59:59.999001Z", ids: [1] },
  // Beyond the last picosecond of 9999: null.
  { filter: "At add duration'PT0.000000000001S' eq null", ids: [5] },
  { filter: "cast(At, Edm.String) eq '2012-12-03T23:59:59.9990005Z'", ids: [1] },
  { filter: "cast(At, Edm.String) eq '2012-12-03T23:59:59.999Z'", ids: [2, 3] },
  { filter: 'Opens gt 07:59:59', ids: [1, 2, 4] },
  { filter: 'Opens lt 07:59:59.000001', ids: [2, 3] },
  { filter: 'fractionalseconds(Opens) eq 0.000001', ids: [1] },
  { filter: "cast(Opens, Edm.String) eq '07:59:59.000000000001'", ids: [2] },
  { filter: "Wait gt duration'PT0S'", ids: [1, 4] },
  { filter: "Wait lt duration'PT0S'", ids: [2, 5] },
  { filter: "-Wait eq duration'PT0.000000000001S'", ids: [2] },
  { filter: "Wait add Wait eq duration'PT0.000003S'", ids: [1] },
  { filter: 'totalseconds(Wait) eq -1.0000005', ids: [5] },
  // Scaling truncates toward zero to whole milliseconds: 1.5 µs times 1000 is 1.5 ms.
  { filter: "Wait mul 1000 eq duration'PT0.001S'", ids: [1] },
  { filter: "Wait mul 1000m eq duration'PT0.001S'", ids: [1] },
  { filter: "Wait div 2 eq duration'PT0S'", ids: [1, 2, 3] },
  { filter: "Wait div 2 eq duration'-PT0.5S'", ids: [5] },
  { filter: "cast(Wait, Edm.String) eq '-PT1.0000005S'", ids: [5] },
];
