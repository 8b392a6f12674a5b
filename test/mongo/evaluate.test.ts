// Filters run through MongoDB's semantics (test/engines/mingo.ts) over fixture rows: each table
// row gives the expected ids, which the in-memory reference must also give.

import { describe, expect, it } from 'vitest';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { FUNCTIONS } from '../../src/language/functions.js';
import { decimal128, divergences, matchIds, toMongoDocument } from '../engines/mingo.js';
import { rows, schema, typed } from './fixture.js';
import { gapsOf } from './gaps.js';

const docs = rows.map((row) => toMongoDocument(schema, row));
const referenceIds = (text: string): number[] => {
  const predicate = compilePredicate(typed(text));
  return rows.filter((row) => predicate(row)).map((row) => row.Id as number);
};
const mongoIds = (text: string, decimal = true): number[] =>
  matchIds(compileMongo(typed(text), decimal ? { decimal: decimal128 } : {}), docs);

/** [filter, expected ids] */
const CASES: readonly (readonly [string, readonly number[]])[] = [
  // nulls and three-valued logic
  ['Name eq null', [2, 3]],
  ["Name ne 'Anna'", [2, 3, 4, 5, 6, 7, 8]],
  ['Qty gt 0', [1, 5, 8]],
  ['not (Qty gt 0)', [2, 3, 4, 6, 7]],
  ["not startswith(Name,'A')", [4, 5, 6, 7, 8]],
  ['Active', [1, 5, 7]],
  ['not Active', [4, 6, 8]],
  ['Active eq false or Qty eq null', [2, 3, 4, 6, 8]],
  ['not (Active and Qty gt 0)', [2, 3, 4, 6, 7, 8]],
  ['not (Active or Qty gt 0)', [4, 6]],
  ['Address/City eq null', [2, 3, 8]],
  ['Address/Zip ne null', [1, 6]],
  ['Qty add null eq null', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['null eq null', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['Qty le null', []],
  ['not (Qty le null)', [1, 2, 3, 4, 5, 6, 7, 8]],
  // A null converted to Decimal (`{ $toDecimal: null }`) is still null: no order holds.
  ['(null div Qty) le Price', []],
  ['not ((null div Qty) le Price)', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['not (Price ge (null div Qty))', [1, 2, 3, 4, 5, 6, 7, 8]],
  ["Name in ('Anna', null)", [1, 2, 3]],
  ["not (Name in ('Anna', null))", [4, 5, 6, 7, 8]],
  ['(Qty gt 0) eq (Active eq true)', [1, 2, 3, 4, 5, 6]],
  // strings by code point
  ["Name gt 'a\uFFFD'", [4, 5, 7, 8]],
  ["Name lt 'B'", [1, 6]],
  ['length(Name) eq 3', [4]],
  ["indexof(Name,'b') eq 2", [4]],
  ["indexof(Name,'') eq 0", [1, 4, 5, 6, 7, 8]],
  ["substring(Name,1,1) eq '😀'", [4]],
  ["substring(Name,-1) eq 'Anna'", [1]],
  ["substring(Name,0,-1) eq ''", [1, 4, 5, 6, 7, 8]],
  ["substring(Name,9) eq ''", [1, 4, 5, 6, 7, 8]],
  ["substring(Name,Qty) eq ''", [1, 5, 8]],
  ["trim(Name) eq 'padded'", [6]],
  ["concat(Name,Code) eq 'AnnaEV-01'", [1]],
  ["replace(Code,'-','') eq 'EV01'", [1]],
  ["replace(Name,'','x') eq 'Anna'", [1]],
  ["tolower(Code) eq 'ev-01'", [1, 8]],
  ["toupper(Code) eq 'EV-01'", [1, 8]],
  ["contains(Code,'.')", [4, 6]],
  ["substringof('.', Code)", [4, 6]],
  ["endswith(Code,'EV')", []],
  ["endswith(Address/City,'x')", []],
  ["startswith(Code,'$')", [5]],
  ["Code eq '$Name'", [5]],
  ["endswith(Code,'|')", [4]],
  ['startswith(Code, Name)', []],
  ['endswith(concat(Name, Code), Code)', [1, 4, 5, 6, 7, 8]],
  ['contains(Name, substring(Name, 1))', [1, 4, 5, 6, 7, 8]],
  // numbers
  ['Big gt 9007199254740992', [1, 5]],
  ['Big eq -9223372036854775808', [4]],
  ['Big add 1 gt 9223372036854775807', [5]],
  ['Qty add 1 eq 2147483648', [5]],
  ['Qty mul Qty eq 4611686018427387904', [7]],
  ['Qty div 2 eq -3', [4]],
  ['Qty mod 2 eq -1', [4]],
  ['Qty div 0 eq null', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['-Qty eq 2147483648', [7]],
  ['Price add 0.2 eq 0.5', [4]],
  ['Price gt 1', [1, 5, 8]],
  ['Price div 3 eq 0.1', [4]],
  ['Price mod 1 eq 0.5', [1, 8]],
  ['round(Price) eq 3', [8]],
  ['round(Score) eq -3', [6]],
  ['round(Score) eq 0', [7]],
  ['floor(Score) eq -3', [6]],
  ['ceiling(Score) eq -2', [6]],
  ['Score eq NaN', [4]],
  ['Score ne NaN', [1, 2, 3, 5, 6, 7, 8]],
  ['Score ge 0', [1, 5, 7]],
  ['Score lt 0', [6, 8]],
  ['Score add 1 gt 0', [1, 5, 7]],
  ['Score ge Score', [1, 4, 5, 6, 7, 8]],
  ['Score div 0 eq null', [1, 2, 3, 4, 5, 6, 7, 8]],
  ['Ratio eq 0', [6, 7]],
  ['Small add Qty eq 262', []],
  ['Small gt 200', [1]],
  ['Big eq 1.0', [7]],
  ['Price eq 1.5', [1]],
  // dates, guids, booleans
  ['year(Due) eq 2012', [1, 7]],
  ['hour(Due) eq 23', [1, 5, 8]],
  ['second(Due) eq 59', [5, 8]],
  ['Due eq 2012-01-02T00:30:00+01:00', [1]],
  ['Due gt Created', [4, 5]],
  ['datetime(Due) eq Created', [1, 2, 3, 6]],
  ['Created lt 1970-01-01T00:00:00Z', [4, 6]],
  ['Key eq 0f8fad5b-d9cb-469f-a165-70867728950e', [1, 7]],
  ['Key gt 7c9e6679-7425-40de-944b-e07fc1f90ae7', [5]],
  ['Active lt true', [4, 6, 8]],
];

describe('filters through MongoDB semantics', () => {
  for (const [filter, ids] of CASES) {
    it(filter, () => {
      expect(referenceIds(filter)).toEqual(ids);
      expect(mongoIds(filter)).toEqual(ids);
      expect(mongoIds(filter, false)).toEqual(ids);
    });
  }
});

describe('every function compiles and agrees with the reference', () => {
  const BY_FUNCTION: Record<string, string> = {
    substringof: "substringof('n', Name)",
    contains: "contains(Name, 'n')",
    startswith: "startswith(Code, 'EV')",
    endswith: "endswith(Code, '01')",
    length: 'length(Name) gt 3',
    indexof: "indexof(Name, 'n') eq 1",
    replace: "replace(Name, 'n', 'm') eq 'Amma'",
    substring: "substring(Code, 0, 2) eq 'EV'",
    tolower: "tolower(Code) eq 'ev-01'",
    toupper: "toupper(Name) eq 'ANNA'",
    trim: "trim(Name) eq 'padded'",
    concat: "concat(Code, '-x') eq 'EV-01-x'",
    year: 'year(Due) eq 2013',
    month: 'month(Due) eq 6',
    day: 'day(Due) eq 31',
    hour: 'hour(Due) eq 10',
    minute: 'minute(Due) eq 30',
    second: 'second(Due) eq 59',
    round: 'round(Ratio) eq 3',
    floor: 'floor(Price) eq 1',
    ceiling: 'ceiling(Price) eq 1',
    datetime: 'datetime(Due) lt 2000-01-01T00:00:00Z',
    datetimeoffset: 'datetimeoffset(Created) gt 2000-01-01T00:00:00Z',
    fractionalseconds: 'fractionalseconds(Due) eq 0.5',
    date: 'date(Due) eq 2012-01-01',
    time: 'time(Due) lt 00:00:00.001',
    totaloffsetminutes: 'totaloffsetminutes(Due) eq 0',
    totalseconds: 'totalseconds(Due sub Created) gt 0',
    now: 'Due gt now()',
    mindatetime: 'Due gt mindatetime()',
    maxdatetime: 'Due lt maxdatetime()',
  };
  it('the table names every function of FUNCTIONS', () => {
    expect(Object.keys(BY_FUNCTION).sort()).toEqual(FUNCTIONS.map((f) => f.name).sort());
  });
  for (const [name, filter] of Object.entries(BY_FUNCTION)) {
    it(name, () => {
      const expected = referenceIds(filter);
      expect(expected.length).toBeGreaterThan(0);
      expect(mongoIds(filter)).toEqual(expected);
    });
  }
});

describe('documented differences from the reference (docs/semantics.md, MongoDB: differences)', () => {
  it('arithmetic results beyond 34 significant digits are rounded by Decimal128', () => {
    // (2^63 - 1)^2 has 38 digits: minus 1 it rounds back to the same Decimal128.
    const filter = 'Big mul Big sub 1 eq Big mul Big';
    expect(referenceIds(filter)).toEqual([2, 3]);
    divergences.clear();
    expect(mongoIds(filter)).toEqual([2, 3, 4, 5]);
    expect(divergences.has('decimal128-rounding')).toBe(true);
    // The differential tests leave a row out only when the filter's exact values show the gap:
    // here rows 4 and 5, whose Big squared needs 38 digits, and no other row.
    const gapRows = rows.filter((row) => gapsOf(typed(filter), row).has('decimal128')).map((row) => row.Id);
    expect(gapRows).toEqual([4, 5]);
    expect(gapsOf(typed('Big mul 2 eq Big add Big'), rows[4]!).size).toBe(0);
  });
  it('tolower and toupper map ASCII letters only', () => {
    expect(referenceIds("tolower(Name) eq 'i̇stanbul'")).toEqual([7]);
    expect(mongoIds("tolower(Name) eq 'i̇stanbul'")).toEqual([]);
    expect(mongoIds("tolower(Name) eq 'İstanbul'")).toEqual([7]);
    expect(referenceIds("toupper(Address/City) eq 'SS'")).toEqual([7]);
    expect(mongoIds("toupper(Address/City) eq 'ß'")).toEqual([7]);
    expect([...gapsOf(typed("tolower(Name) eq 'x'"), rows[6]!)]).toEqual(['case-mapping']);
    expect([...gapsOf(typed("tolower(Name) eq 'x'"), rows[0]!)]).toEqual([]);
  });
});
