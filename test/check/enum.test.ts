// check() on enumerations and `has` (docs/semantics.md §12): what each accepted filter is typed as
// (printTyped: an enumeration value shows its type's name), and each issue at its position.

import { describe, expect, it } from 'vitest';
import { check, printTyped } from '../../src/index.js';
import type { CheckIssue } from '../../src/index.js';
import { enumSchema } from '../support/enum-table.js';
import { thrownFilterError } from '../support/thrown.js';

const typed = (filter: string, aliases?: Record<string, string>): string =>
  printTyped(check(filter, enumSchema, aliases ? { aliases } : {}));

describe('check: enumerations and has', () => {
  it.each([
    ["Color eq Sales.Color'Red'", '(Color:Sales.Color eq 1:Sales.Color)'],
    ["Color eq 'Red,Blue'", '(Color:Sales.Color eq 5:Sales.Color)'],
    ["Color eq Sales.Color'Green,1'", '(Color:Sales.Color eq 3:Sales.Color)'],
    ["'Large' gt Size", '(2:Sales.Size gt Size:Sales.Size)'],
    ['Color eq null', '(Color:Sales.Color eq null:Sales.Color)'],
    ['Color eq Favorite', '(Color:Sales.Color eq Favorite:Sales.Color)'],
    [
      "Color in ('Red', Sales.Color'Green', null)",
      '(Color:Sales.Color in [1:Sales.Color, 2:Sales.Color, null:Sales.Color])',
    ],
    ['Color in ["Blue"]', '(Color:Sales.Color in [4:Sales.Color])'],
    ["Color has 'Red,Blue'", '(Color:Sales.Color has 5:Sales.Color)'],
    ["Grants has Sales.Permission'Admin'", '(Grants:Sales.Permission has 4611686018427387904n:Sales.Permission)'],
    ["Colors/any(c: c has 'Blue')", 'Colors/any(c: (c:Sales.Color has 4:Sales.Color))'],
    ["'Green' in Colors", 'Colors/any($element1: ($element1:Sales.Color eq 2:Sales.Color))'],
    ["(Color has 'Red') eq true", '((Color:Sales.Color has 1:Sales.Color) eq true:Boolean)'],
  ])('%s', (filter, expected) => {
    expect(typed(filter)).toBe(expected);
  });

  it('reads an enumeration value from an alias, in either form', () => {
    expect(typed('Color has @c', { c: "'Red'" })).toBe('(Color:Sales.Color has 1:Sales.Color)');
    expect(typed('Color eq @c', { c: "Sales.Color'Blue'" })).toBe('(Color:Sales.Color eq 4:Sales.Color)');
    expect(typed('Size in @list', { list: '["Small", "Large"]' })).toBe(
      '(Size:Sales.Size in [0:Sales.Size, 2:Sales.Size])',
    );
  });

  it.each([
    [
      "Color eq 'Purple'",
      'unknown_enum_member',
      9,
      17,
      "'Purple' is no member of Sales.Color; its members are 'Red', 'Green', 'Blue'",
    ],
    ["Color eq 'red'", 'unknown_enum_member', 9, 14, "'red' is no member of Sales.Color (did you mean 'Red'?)"],
    [
      "Size eq 'Small,Large'",
      'unknown_enum_member',
      8,
      21,
      "'Small,Large' names 2 members, but Sales.Size is no flags enumeration to combine them; its members are 'Small', 'Medium', 'Large'",
    ],
    [
      "Color eq Sales.Color'8'",
      'unknown_enum_member',
      9,
      23,
      "8 is no combination of the members of Sales.Color; its members are 'Red', 'Green', 'Blue'",
    ],
    [
      "Size eq Sales.Size'7'",
      'unknown_enum_member',
      8,
      21,
      "7 is the value of no member of Sales.Size; its members are 'Small', 'Medium', 'Large'",
    ],
    [
      "Color eq Sales.Colour'Red'",
      'unknown_type',
      9,
      21,
      "Unknown enumeration type 'Sales.Colour': the schema Product does not declare it (did you mean 'Sales.Color'?)",
    ],
    [
      'Color eq 1',
      'type_mismatch',
      0,
      10,
      "Cannot compare with a Sales.Color value: 1 (Edm.Int32) is no Sales.Color value; write one as 'Red' or Sales.Color'Red'",
    ],
    [
      'Color eq Size',
      'type_mismatch',
      0,
      13,
      "Cannot compare with a Sales.Color value: Size (Sales.Size) is no Sales.Color value; write one as 'Red' or Sales.Color'Red'",
    ],
    ["Id has 'Red'", 'type_mismatch', 0, 2, "'has' tests the flags of an enumeration value, but Id is Edm.Int32"],
    [
      'Color has Favorite',
      'type_mismatch',
      10,
      18,
      "The right operand of 'has' is an enumeration literal, such as Sales.Color'Red', not Favorite",
    ],
    [
      'Color add 1 eq 2',
      'enum_value',
      0,
      5,
      "Color is a Sales.Color value, which is compared (eq, ne, gt, …, in) with values of its type or tested with 'has', and takes part in nothing else",
    ],
    [
      'cast(Color, Edm.Int32) eq 1',
      'enum_value',
      5,
      10,
      "Color is a Sales.Color value, which is compared (eq, ne, gt, …, in) with values of its type or tested with 'has', and takes part in nothing else",
    ],
    [
      "Sales.Color'Red'",
      'enum_value',
      0,
      16,
      "Sales.Color'Red' is a Sales.Color value, which is compared (eq, ne, gt, …, in) with values of its type or tested with 'has', and takes part in nothing else",
    ],
    [
      "Id in (1, Sales.Color'Red')",
      'type_mismatch',
      0,
      2,
      "Cannot look for a Sales.Color value: Id (Edm.Int32) is no Sales.Color value; write one as 'Red' or Sales.Color'Red'",
    ],
    // An item that does not check leaves no list to type (it was a crash, read as a malformed tree).
    [
      "Id in (Sales.Color'Purple') eq true",
      'unknown_enum_member',
      7,
      26,
      "'Purple' is no member of Sales.Color; its members are 'Red', 'Green', 'Blue'",
    ],
  ])('%s: %s', (filter, code, start, end, message) => {
    const error = thrownFilterError(() => check(filter, enumSchema));
    expect(error.kind).toBe('type');
    const issue = error.issues[0] as CheckIssue;
    expect({ code: issue.code, start: issue.start, end: issue.end, message: issue.message }).toEqual({
      code,
      start,
      end,
      message,
    });
  });
});
