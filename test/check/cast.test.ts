// check() on `cast` and `isof` (docs/semantics.md §11): what each accepted filter is typed as
// (printTyped), and each issue at its position.

import { describe, expect, it } from 'vitest';
import { check, parse, print, printTyped } from '../../src/index.js';
import type { CheckIssue } from '../../src/index.js';
import { castSchema } from '../support/cast-table.js';
import { thrownFilterError } from '../support/thrown.js';

const typed = (filter: string): string => printTyped(check(filter, castSchema));

describe('check: cast and isof', () => {
  it.each([
    ['cast(Price, Edm.Int32) eq 3', '(cast(Price:Decimal):Int32 eq 3:Int32)'],
    ["cast(Price, 'Edm.Int32') eq 3", '(cast(Price:Decimal):Int32 eq 3:Int32)'],
    // The result is of the target type: a literal beside it is typed by it, a wider operand promotes it.
    ['cast(Qty, Edm.Int64) eq 3', '(cast(Qty:Int32):Int64 eq 3n:Int64)'],
    [
      'cast(Qty, Edm.Byte) add 1.5 gt 2',
      "((convert(cast(Qty:Int32):Byte):Decimal add '1.5':Decimal):Decimal gt '2':Decimal)",
    ],
    ["cast(Due, Edm.String) eq 'x'", "(cast(Due:DateTimeOffset):String eq 'x':String)"],
    ["startswith(cast(Key, Edm.String), 'ab')", "startswith(cast(Key:Guid):String, 'ab':String):Boolean"],
    ['cast(Name, Edm.DateTimeOffset) lt Due', '(cast(Name:String):DateTimeOffset lt Due:DateTimeOffset)'],
    // The null literal is a null of the target type.
    ['cast(null, Edm.Decimal) eq Price', '(cast(null:Decimal):Decimal eq Price:Decimal)'],
    ['isof(Qty, Edm.Byte)', 'isof(Qty:Int32, Edm.Byte)'],
    ["isof(Name, 'Edm.String')", 'isof(Name:String, Edm.String)'],
    // Where OData defines no conversion, isof is false, not an error.
    ['isof(Due, Edm.Int32)', 'isof(Due:DateTimeOffset, Edm.Int32)'],
    ['isof(null, Edm.Guid) eq false', '(isof(null:Guid, Edm.Guid) eq false:Boolean)'],
    // Function names are case-insensitive, as every function's is.
    ['CAST(Qty, Edm.Int16) eq 1', '(cast(Qty:Int32):Int16 eq 1:Int16)'],
  ])('%s', (filter, expected) => {
    expect(typed(filter)).toBe(expected);
  });

  it.each([
    ['cast(Qty, Edm.int32) eq 1', 'unknown_type', 10, 19, "Unknown type 'Edm.int32' (did you mean 'Edm.Int32'?)"],
    ["isof(Qty, 'Edm.Strin')", 'unknown_type', 10, 21, "Unknown type 'Edm.Strin' (did you mean 'Edm.String'?)"],
    ['cast(Qty, Edm.Text) eq 1', 'unknown_type', 10, 18, "Unknown type 'Edm.Text'"],
    [
      'cast(Due, Edm.Int32) eq 1',
      'invalid_cast',
      0,
      20,
      'Cannot cast Due (Edm.DateTimeOffset) to Edm.Int32: OData defines no such conversion',
    ],
    [
      'cast(Due, Edm.Date) eq 2012-01-01',
      'invalid_cast',
      0,
      19,
      'Cannot cast Due (Edm.DateTimeOffset) to Edm.Date: OData defines no such conversion (date() gives its UTC date)',
    ],
    [
      'cast(Flag, Edm.Int32) eq 1',
      'invalid_cast',
      0,
      21,
      'Cannot cast Flag (Edm.Boolean) to Edm.Int32: OData defines no such conversion',
    ],
    [
      'cast(Qty, Edm.Boolean)',
      'invalid_cast',
      0,
      22,
      'Cannot cast Qty (Edm.Int32) to Edm.Boolean: OData defines no such conversion',
    ],
  ])('%s: %s', (filter, code, start, end, message) => {
    const error = thrownFilterError(() => check(filter, castSchema));
    expect(error.kind).toBe('type');
    const issue = error.issues[0] as CheckIssue;
    expect({ code: issue.code, start: issue.start, end: issue.end, message: issue.message }).toEqual({
      code,
      start,
      end,
      message,
    });
  });

  it('reports a bad type name beside the other issues of the filter', () => {
    const error = thrownFilterError(() => check('cast(Nope, Edm.Int33) eq Missing', castSchema));
    expect(error.issues.map((i) => i.code)).toEqual(['unknown_property', 'unknown_type', 'unknown_property']);
  });

  it('types the whole of a cast as not Boolean where a Boolean is needed', () => {
    const error = thrownFilterError(() => check('cast(Qty, Edm.String)', castSchema));
    expect(error.issues.map((i) => i.code)).toEqual(['not_boolean']);
  });

  // A String converts to every type, read as the type's literal (docs/semantics.md §11, "From text").
  it.each([
    ['cast(Name, Edm.Int32) eq 12', '(cast(Name:String):Int32 eq 12:Int32)'],
    ["cast('12', Edm.Int64) eq 12", "(cast('12':String):Int64 eq 12n:Int64)"],
    ['cast(Name, Edm.Decimal) gt 1.5', "(cast(Name:String):Decimal gt '1.5':Decimal)"],
    ['cast(Name, Edm.Double) eq NaN', '(cast(Name:String):Double eq NaN:Double)'],
    ['cast(Name, Edm.Boolean)', 'cast(Name:String):Boolean'],
    ['cast(Name, Edm.Date) eq 2012-12-03', '(cast(Name:String):Date eq 15677:Date)'],
    ['isof(Name, Edm.Guid)', 'isof(Name:String, Edm.Guid)'],
    ["isof(Name, 'Edm.Duration')", 'isof(Name:String, Edm.Duration)'],
  ])('types %s as a cast from String', (filter, expected) => {
    expect(typed(filter)).toBe(expected);
  });

  it('types a String read as a Binary', () => {
    expect(typed("cast('AQ', Edm.Binary) eq X'01'")).toBe("(cast('AQ':String):Binary eq '01':Binary)");
    expect(() => check("cast(null, Edm.Binary) eq X'01'", castSchema)).not.toThrow();
  });

  it.each([
    ['cast(Qty, Edm.Int16) eq 1', 'cast(Qty, Edm.Int16) eq 1'],
    ["cast(Qty,'Edm.Int16') eq 1", "cast(Qty, 'Edm.Int16') eq 1"],
    ['isof( Name ,Edm.String )', 'isof(Name, Edm.String)'],
    ['not isof(Qty add 1, Edm.Byte)', 'not isof(Qty add 1, Edm.Byte)'],
    ["cast('a.b', Edm.String) eq 'a.b'", "cast('a.b', Edm.String) eq 'a.b'"],
  ])('prints %s as %s, which parses to the same tree', (filter, printed) => {
    expect(print(parse(filter))).toBe(printed);
    expect(print(parse(printed))).toBe(printed);
  });
});
