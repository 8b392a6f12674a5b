// diagnose(): every problem with its range, code and fixes; a syntax error beside the type issues
// of the text before it; the policy's functions and operators; never a throw.

import { describe, expect, it } from 'vitest';
import { diagnose } from '../../../src/client/index.js';
import type { Diagnostic, EditorOptions } from '../../../src/client/index.js';
import { Product } from './product-schema.js';
import { collectionParameterSchema } from '../../support/collection-parameter-table.js';

/** Each diagnostic as [code, the text it covers, the fixes' inserts]. */
function found(text: string, options: EditorOptions = {}): [string, string, string[]][] {
  return diagnose(text, Product, options).map((d: Diagnostic) => [
    d.code,
    text.slice(d.start, d.end),
    d.fixes.map((f) => `${text.slice(0, f.start)}${f.insert}${text.slice(f.end)}`),
  ]);
}

describe('diagnose', () => {
  it.each<[string, [string, string, string[]][]]>([
    ["Name eq 'x' and Reviews/any(r: r/Stars gt 3)", []],
    // Values finer than a millisecond are values (docs/semantics.md §5); a 13th digit is not.
    [
      "year(2012-01-01T00:00:00.000001Z) eq 2012 and 07:59:59.0000005 lt 08:00 and duration'PT0.000000000001S' gt duration'PT0S'",
      [],
    ],
    ['second(2012-01-01T00:00:00.0000000000001Z) eq 0', [['unsupported', '2012-01-01T00:00:00.0000000000001Z', []]]],
    ["Nmae eq 'x'", [['unknown_property', 'Nmae', ["Name eq 'x'"]]]],
    ['Reviews/any(r: r/Strs gt 3)', [['unknown_property', 'Strs', ['Reviews/any(r: r/Stars gt 3)']]]],
    [
      "Maker/Nam eq 'x' and Id eq 'y'",
      [
        ['unknown_property', 'Nam', ["Maker/Name eq 'x' and Id eq 'y'"]],
        ['type_mismatch', "Id eq 'y'", []],
      ],
    ],
    ["Color has Shop.Color'Rde'", [['unknown_enum_member', "Shop.Color'Rde'", ["Color has Shop.Color'Red'"]]]],
    ["Color has Shop.Colr'Red'", [['unknown_type', 'Shop.Colr', ["Color has Shop.Color'Red'"]]]],
    ['cast(Price, Edm.Int33) eq 1', [['unknown_type', 'Edm.Int33', ['cast(Price, Edm.Int32) eq 1']]]],
    ['Secret eq null', [['not_filterable', 'Secret', []]]],
    ['Price', [['not_boolean', 'Price', []]]],
    // A syntax error does not hide the type issues of the text before it.
    [
      "Nmae eq 'x' and and",
      [
        ['unknown_property', 'Nmae', ["Nmae eq 'x' and and".replace('Nmae', 'Name')]],
        ['unexpected_token', 'and', []],
      ],
    ],
    [
      "Id eq 'x' and (Price gt",
      [
        ['type_mismatch', "Id eq 'x'", []],
        ['unexpected_end', '', []],
      ],
    ],
    [
      'Reviews/any(r: r/Strs gt 3 and',
      [
        ['unknown_property', 'Strs', ['Reviews/any(r: r/Stars gt 3 and']],
        ['unexpected_end', '', []],
      ],
    ],
    // The comparison cut by the error is not blamed for not being Boolean yet.
    ['Price gt', [['unexpected_end', '', []]]],
    ["Name eq 'x", [['unterminated_string', "'x", []]]],
    ['', [['unexpected_end', '', []]]],
  ])('%s', (text, expected) => {
    expect(found(text)).toEqual(expected);
  });

  it("keeps the value of the text's own aliases, whatever their names", () => {
    // The kit's stand-in for a missing operand is an alias too, named apart from the text's.
    const options = { aliases: { __cursor: "'x'", __cursor2: '2' } };
    expect(found('Price eq @__cursor and', options)).toEqual([
      ['type_mismatch', 'Price eq @__cursor', []],
      ['unexpected_end', '', []],
    ]);
    expect(found('Price eq @__cursor2 and', options)).toEqual([['unexpected_end', '', []]]);
    expect(found('Name eq @__cursor and @__cursor2 eq', options)).toEqual([['unexpected_end', '', []]]);
  });

  it("reports an alias's value that does not read alone: the filter's text is whole", () => {
    // The text before the alias, read as if cut there, lacked the call's later arguments.
    const options = { aliases: { n: 'Id add 1', a: '[1]' } };
    const issues = (text: string) =>
      diagnose(text, collectionParameterSchema, options).map((d) => [d.code, text.slice(d.start, d.end)]);
    expect(issues('Bag.Among(Value=@n, Of=[1])')).toEqual([['invalid_alias_value', '@n']]);
    expect(issues('Bag.Among(Value=@n, Of=@a)')).toEqual([['invalid_alias_value', '@n']]);
  });

  it("offers no fix in place of an alias for a name meant in the alias's value", () => {
    const fixes = (text: string, aliases: Record<string, string>) =>
      diagnose(text, collectionParameterSchema, { aliases }).map((d) => [d.code, d.fixes]);
    // The fix replaced the alias with the member's name: Bag.Tally(Of=Marks), no path of the row.
    expect(fixes("Bag.Tally(Of=@a) eq ''", { a: 'Home/Makrs' })).toEqual([['unknown_property', []]]);
    expect(fixes("Visits/any(v: Bag.Tally(Of=@d) eq '')", { d: 'v/Makrs' })).toEqual([['unknown_property', []]]);
    expect(fixes("Bag.Tally(Of=Home/Makrs) eq ''", {})).toEqual([
      ['unknown_property', [{ title: "Change to 'Marks'", start: 18, end: 23, insert: 'Marks' }]],
    ]);
  });

  it('reports what the policy does not allow, once each, where first used', () => {
    const options: EditorOptions = { policy: { functions: ['contains'], operators: ['eq', 'gt', 'and'] } };
    expect(
      found("contains(Name, 'a') and length(Name) gt 1 and length(Name) gt 2 or Id eq 1", options).map(
        ([code, text]) => [code, text],
      ),
    ).toEqual([
      ['operator_not_allowed', "contains(Name, 'a') and length(Name) gt 1 and length(Name) gt 2 or Id eq 1"],
      ['function_not_allowed', 'length(Name)'],
    ]);
  });

  it('gives each problem its kind and message', () => {
    expect(diagnose("Nmae eq 'x'", Product)).toEqual([
      {
        start: 0,
        end: 4,
        code: 'unknown_property',
        kind: 'type',
        message: "Property 'Nmae' does not exist on Product. Did you mean 'Name'?",
        fixes: [{ title: "Change to 'Name'", start: 0, end: 4, insert: 'Name' }],
      },
    ]);
    expect(diagnose('x'.repeat(20), Product, { maxLength: 10 }).map((d) => [d.code, d.kind])).toEqual([
      ['too_long', 'limit'],
    ]);
  });

  it("refuses a bad option as the caller's mistake", () => {
    expect(() => diagnose('Id eq 1', Product, { version: '5.0' as never })).toThrow(TypeError);
    expect(() => diagnose('Id eq 1', Product, { policy: { functions: ['nosuch'] } })).toThrow(TypeError);
  });

  it('answers, never throws, for what is not a string', () => {
    expect(diagnose(42 as unknown as string, Product).map((d) => d.code)).toEqual(['not_a_string']);
  });
});
