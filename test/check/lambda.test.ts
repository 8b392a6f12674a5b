// check() on collections: lambdas, $count, `in` a collection, $it and range variables. What each
// accepted filter is typed as (printTyped), and each issue at its position.

import { describe, expect, it } from 'vitest';
import { check, defineSchema, printTyped } from '../../src/index.js';
import type { CheckIssue } from '../../src/index.js';
import { lambdaSchema } from '../support/lambda-table.js';
import { thrownFilterError } from '../support/thrown.js';

const typed = (filter: string): string => printTyped(check(filter, lambdaSchema));

describe('check: lambdas and collections', () => {
  it.each([
    ["Tags/any(t: t eq 'red')", "Tags/any(t: (t:String eq 'red':String))"],
    ['Tags/any()', 'Tags/any()'],
    ['Scores/all(s: s gt Limit)', 'Scores/all(s: (s:Int32 gt Limit:Int32))'],
    ["Addresses/any(a: a/City eq 'Paris')", "Addresses/any(a: (a/City:String eq 'Paris':String))"],
    ['Addresses/any(a: a eq null)', 'Addresses/any(a: (a:Structure eq null))'],
    [
      'Addresses/any(a: a/Phones/any(p: p eq a/City))',
      'Addresses/any(a: a/Phones/any(p: (p:String eq a/City:String)))',
    ],
    ['Orders/any(o: o/Lines/all(l: l/Qty le o/Id))', 'Orders/any(o: o/Lines/all(l: (l/Qty:Int32 le o/Id:Int32)))'],
    ['Tags/any(t: t eq $it/Name)', 'Tags/any(t: (t:String eq Name:String))'],
    ["$it/Name eq 'x'", "(Name:String eq 'x':String)"],
    ['Tags/$count gt 2', '(Tags/$count:Int64 gt 2n:Int64)'],
    ['Tags/$count add Scores/$count eq 4', '((Tags/$count:Int64 add Scores/$count:Int64):Int64 eq 4n:Int64)'],
    // `x in C` is `C/any(v: v eq x)` with a variable no filter can name.
    ['Name in Tags', 'Tags/any($element1: ($element1:String eq Name:String))'],
    ['2 in Scores', 'Scores/any($element1: ($element1:Int32 eq 2:Int32))'],
    ['(Limit add 1) in Scores', 'Scores/any($element1: ($element1:Int32 eq (Limit:Int32 add 1:Int32):Int32))'],
    ['Tags/any(t: t in Tags)', 'Tags/any(t: Tags/any($element2: ($element2:String eq t:String)))'],
    // A variable takes precedence over a property of the same name; $it reaches the property.
    ['Tags/any(Name: Name eq $it/Name)', 'Tags/any(Name: (Name:String eq Name:String))'],
    // Sibling lambdas may use the same name.
    [
      "Tags/any(t: t eq 'a') and Tags/all(t: t ne 'b')",
      "(Tags/any(t: (t:String eq 'a':String)) and Tags/all(t: (t:String ne 'b':String)))",
    ],
  ])('%s', (filter, expected) => {
    expect(typed(filter)).toBe(expected);
  });

  it('types a range variable by its element, so Int32 elements meet numbers as Int32 members do', () => {
    expect(typed('Scores/any(s: s add 1.5 gt 2)')).toBe(
      "Scores/any(s: ((convert(s:Int32):Decimal add '1.5':Decimal):Decimal gt '2':Decimal))",
    );
  });

  const issue = (filter: string): CheckIssue =>
    thrownFilterError(() => check(filter, lambdaSchema)).issues[0] as CheckIssue;

  it.each([
    // [filter, code, text the issue covers, words of its message]
    ["Tags eq 'red'", 'collection_value', 'Tags', "test its elements with a lambda, such as 'Tags/any(t: t eq …)'"],
    ["Addresses/City eq 'x'", 'collection_path', 'City', "'Addresses' is a collection, so 'City' cannot follow it"],
    ["Orders/Status eq 'open'", 'collection_path', 'Status', "such as 'Orders/any(o: o/Id …)'"],
    ['length(Tags) eq 1', 'collection_value', 'Tags', 'is a collection'],
    ["Name/any(n: n eq 'x')", 'not_collection', 'Name', "'any' needs a collection, but 'Name' is Edm.String"],
    ['Name/$count eq 1', 'not_collection', 'Name', "'$count' needs a collection"],
    ["'x' in Name", 'not_collection', 'Name', "'in' needs a collection"],
    ['$it/any()', 'not_collection', '$it', 'the Owner being filtered'],
    ["Tags/any(t: u eq 'x')", 'unknown_property', 'u', "'u' is neither a property of Owner nor a range variable ('t')"],
    ["Tags/any(item: iten eq 'x')", 'unknown_property', 'iten', "Did you mean 'item'?"],
    [
      "Addresses/any(a: a/Cty eq 'x')",
      'unknown_property',
      'Cty',
      "Property 'Cty' does not exist on the elements of 'a'. Did you mean 'City'?",
    ],
    ['Tags/any(t: t/Length eq 1)', 'not_structured', 'Length', "'t' is Edm.String and has no properties"],
    ['Tags/any(t: t)', 'not_boolean', 't', "The body of 'any' must be Edm.Boolean, but t is Edm.String"],
    ['Scores/all(s: s add 1)', 'not_boolean', 's add 1', "The body of 'all' must be Edm.Boolean"],
    ["Tags/any(t: Tags/any(t: t eq 'x'))", 'variable_shadows', 't', "Range variable 't' is already bound"],
    ['Addresses/any(a: a eq 1)', 'structured_value', 'a', 'is a structured property'],
    ['$it eq null', 'structured_value', '$it', "'$it' is the Owner being filtered"],
    ['Name in Addresses', 'type_mismatch', 'Name in Addresses', 'its elements are structures'],
    ['Name in Scores', 'type_mismatch', 'Name in Scores', 'Cannot compare Scores (Edm.Int32) with Name (Edm.String)'],
  ])('%s: %s', (filter, code, covered, words) => {
    const found = issue(filter);
    expect(found.code).toBe(code);
    expect(filter.slice(found.start, found.end)).toBe(covered);
    expect(found.message).toContain(words);
  });

  it('reports the issues of a body whose collection has one too', () => {
    const error = thrownFilterError(() => check('Nope/any(n: n eq 1) and Tags/any(t: t eq 1)', lambdaSchema));
    expect(error.issues.map((i) => i.code)).toEqual(['unknown_property', 'type_mismatch']);
  });

  it('refuses a collection marked filterable: false, and what is inside it', () => {
    const schema = defineSchema({
      name: 'S',
      properties: { Id: 'Edm.Int32', Hidden: { collection: 'Edm.String', filterable: false } },
    });
    for (const filter of ["Hidden/any(h: h eq 'x')", 'Hidden/$count eq 0', "'x' in Hidden"]) {
      expect(thrownFilterError(() => check(filter, schema)).issues[0]).toMatchObject({ code: 'not_filterable' });
    }
  });
});
