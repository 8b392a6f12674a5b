// Finer literals compared with the elements of collections (docs/semantics.md §5, "Precision"):
// rows whose instants and durations are whole milliseconds, as every engine stores them, and
// filters whose literals are finer, in lambdas and in `x in C`. Each case has the same ids on every
// backend and under either stored unit; a finer value the engine would compute with (`refused`)
// is refused by name where values are whole units.

import { defineSchema, type Schema } from '../../src/index.js';
import type { EvalRow } from './eval-table.js';
import type { FineLiteralCase } from './fine-time-table.js';

export const fineCollectionSchema: Schema = defineSchema({
  name: 'Log',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Dates: { collection: 'Edm.DateTimeOffset' },
    Waits: { collection: 'Edm.Duration' },
  },
});

/** Row 2's collections are empty, row 3's null or missing, row 4 holds null elements. */
export const fineCollectionRows: readonly EvalRow[] = [
  { Id: 1, Dates: ['2012-12-03T23:59:59.999Z', '2012-12-04T00:00:00Z'], Waits: ['PT1S'] },
  { Id: 2, Dates: [], Waits: [] },
  { Id: 3, Dates: null },
  { Id: 4, Dates: [null, '1970-01-01T00:00:00Z'], Waits: [null, 'PT0.001S'] },
  { Id: 5, Dates: ['2012-12-03T23:59:59.998Z'], Waits: ['-PT0.001S'] },
];

const ALL = [1, 2, 3, 4, 5];

export const FINE_COLLECTION_CASES: readonly FineLiteralCase[] = [
  // `x in C` is `C/any(v: v eq x)`: never equal to a finer x.
  { filter: '2012-12-03T23:59:59.9995Z in Dates', ids: [] },
  { filter: 'not (2012-12-03T23:59:59.9995Z in Dates)', ids: ALL },
  { filter: "duration'PT0.0000001S' in Waits", ids: [] },
  { filter: "not (duration'-PT0.0010001S' in Waits)", ids: ALL },
  { filter: 'Dates/any(d: d eq 2012-12-03T23:59:59.9995Z)', ids: [] },
  { filter: 'Dates/all(d: d ne 2012-12-03T23:59:59.9995Z)', ids: ALL },
  // Order against a finer bound, with null elements, empty and null collections.
  { filter: 'Dates/any(d: d gt 2012-12-03T23:59:59.9985Z)', ids: [1] },
  { filter: 'Dates/any(d: d le 2012-12-03T23:59:59.9985Z)', ids: [4, 5] },
  { filter: 'Dates/all(d: d lt 2012-12-04T00:00:00.0000001Z)', ids: [1, 2, 3, 5] },
  { filter: 'Dates/any(d: d in (2012-12-03T23:59:59.9995Z, 1970-01-01T00:00:00Z))', ids: [4] },
  { filter: "Waits/any(w: w gt duration'PT0.0009999S')", ids: [1, 4] },
  { filter: "Waits/any(w: w lt duration'-PT0.0009999S')", ids: [5] },
  // Computing with a finer value: the reference's value, refused where values are whole units.
  { filter: "Dates/any(d: d add duration'PT0.0000005S' gt 2012-12-04T00:00:00Z)", ids: [1], refused: true },
];

/** Collections of every time type, for rows whose values are whole microseconds. */
export const microsecondCollectionSchema: Schema = defineSchema({
  name: 'Log',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Dates: { collection: 'Edm.DateTimeOffset' },
    Opens: { collection: 'Edm.TimeOfDay' },
    Waits: { collection: 'Edm.Duration' },
  },
});

/** As a driver with text type parsers hands them back (docs/sql.md, "Rows with microseconds"). */
export const microsecondCollectionRows: readonly EvalRow[] = [
  { Id: 1, Dates: ['2012-12-03T23:59:59.999999Z'], Opens: ['07:59:59.000001'], Waits: ['PT0.000015S'] },
  { Id: 2, Dates: ['2012-12-03T23:59:59.999Z', null], Opens: ['07:59:59'], Waits: [0, null] },
  { Id: 3, Dates: [], Opens: null },
  {
    Id: 4,
    Dates: ['1970-01-01T00:00:00.000001Z', '2012-12-04T00:00:00.000001Z'],
    Opens: ['23:59:59.999999'],
    Waits: ['-PT1.000001S'],
  },
];

/**
 * Where times are stored in microseconds (docs/sql.md, "Column types"), elements keep every digit
 * in a child table and in a JSON column alike: compared, computed with and written as text.
 */
export const MICROSECOND_COLLECTION_CASES: readonly FineLiteralCase[] = [
  { filter: 'Dates/any(d: d eq 2012-12-03T23:59:59.999999Z)', ids: [1] },
  { filter: 'Dates/any(d: d gt 2012-12-03T23:59:59.999Z)', ids: [1, 4] },
  { filter: '1970-01-01T00:00:00.000001Z in Dates', ids: [4] },
  { filter: 'Dates/any(d: fractionalseconds(d) eq 0.000001)', ids: [4] },
  { filter: "Dates/any(d: cast(d, Edm.String) eq '2012-12-03T23:59:59.999999Z')", ids: [1] },
  { filter: 'Dates/all(d: d lt 2012-12-04T00:00:00.000001Z)', ids: [1, 3] },
  { filter: 'Opens/any(t: t gt 07:59:59)', ids: [1, 4] },
  { filter: 'Opens/any(t: fractionalseconds(t) eq 0.000001)', ids: [1] },
  { filter: "Waits/any(w: w eq duration'PT0.000015S')", ids: [1] },
  { filter: "Waits/any(w: w add duration'PT0.000001S' eq duration'-PT1S')", ids: [4] },
  { filter: 'Waits/any(w: totalseconds(w) eq -1.000001)', ids: [4] },
];
