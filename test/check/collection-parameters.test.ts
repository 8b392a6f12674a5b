// Arguments of a model's function parameters of a collection type (docs/semantics.md §15,
// "Arguments of a collection type"): what the checker takes and refuses, each issue at its place;
// print's round trip; the version a JSON array needs; the parse limits its elements count toward.

import { describe, expect, it } from 'vitest';
import { check, parse, print, printTyped } from '../../src/index.js';
import { collectionParameterSchema } from '../support/collection-parameter-table.js';
import { thrownFilterError } from '../support/thrown.js';

/** The issues of a filter: code and the text each covers. */
function issuesOf(filter: string, options = {}) {
  const error = thrownFilterError(() => check(filter, collectionParameterSchema, options));
  expect(error.kind).toBe('type');
  return error.issues.map((issue) => [issue.code, filter.slice(issue.start, issue.end)]);
}

describe('an argument of a collection parameter', () => {
  it.each([
    // A JSON array: each value of the element type, or null.
    ['Bag.Tally(Of=["a"]) eq null', 'wrong_argument_type', '"a"'],
    ['Bag.Tally(Of=[1,2.5]) eq null', 'wrong_argument_type', '2.5'],
    ['Bag.Tally(Of=[3000000000]) eq null', 'wrong_argument_type', '3000000000'],
    ['Bag.Tally(Of=[{"a":1}]) eq null', 'type_mismatch', '{"a":1}'],
    ['Bag.Joined(Of=[1]) eq null', 'wrong_argument_type', '1'],
    ['Bag.Mixed(Of=["Pink"]) eq null', 'unknown_enum_member', '"Pink"'],
    ['Bag.Mixed(Of=[1]) eq null', 'wrong_argument_type', '1'],
    ['Bag.Earliest(Of=["2012-13-01"]) eq null', 'wrong_argument_type', '"2012-13-01"'],
    // A path to a collection of another element type, to a value, a structure, the resource; another value.
    ['Bag.Tally(Of=Tags) eq null', 'wrong_argument_type', 'Tags'],
    ['Bag.Mixed(Of=Scores) eq null', 'wrong_argument_type', 'Scores'],
    ['Bag.Tally(Of=Visits) eq null', 'wrong_argument_type', 'Visits'],
    ['Bag.Tally(Of=Id) eq null', 'wrong_argument_type', 'Id'],
    ['Bag.Tally(Of=Home) eq null', 'wrong_argument_type', 'Home'],
    ['Bag.Tally(Of=$it) eq null', 'wrong_argument_type', '$it'],
    ['Bag.Tally(Of=1) eq null', 'wrong_argument_type', '1'],
    ['Bag.Tally(Of={"a":1}) eq null', 'wrong_argument_type', '{"a":1}'],
    ['Bag.Tally(Of=Scors) eq null', 'unknown_property', 'Scors'],
    ['Bag.Tally(Of=Scores/any(s: s eq 1)) eq null', 'wrong_argument_type', 'Scores/any(s: s eq 1)'],
    // A call's result of another type; an alias whose value is of another type.
    ['Bag.Joined(Of=Bag.Some()) eq null', 'wrong_argument_type', 'Bag.Some()'],
    ['Bag.Tally(Of=Bag.Trip(N=1)) eq null', 'wrong_argument_type', 'Bag.Trip(N=1)'],
    ['Bag.Tally(Of=Bag.Trip(N=1)/Place) eq null', 'wrong_argument_type', 'Bag.Trip(N=1)/Place'],
    ['Bag.Tally(Of=Bag.Kept(Of=Tags)) eq null', 'wrong_argument_type', 'Tags'],
    ['Bag.Tally(Of=@list) eq null', 'wrong_argument_type', '@list'],
    // A JSON array for a parameter that takes one value.
    ['Bag.Among(Value=[1], Of=null) eq null', 'collection_literal', '[1]'],
    // Structures: each a JSON object of every member, as a structure argument's, or null.
    ['Bag.Route(Of=[{"Place":"a","Tint":null}]) eq null', 'missing_member', '{"Place":"a","Tint":null}'],
    ['Bag.Route(Of=[null,{"Place":"a","Tint":null,"At":null,"Q":1}]) eq null', 'unknown_property', '"Q"'],
    ['Bag.Route(Of=[{"Place":"a","Place":"b","Tint":null,"At":null}]) eq null', 'duplicate_member', '"Place"'],
    ['Bag.Route(Of=[{"Place":1,"Tint":null,"At":null}]) eq null', 'wrong_argument_type', '1'],
    ['Bag.Route(Of=[{"Place":null,"Tint":"Pink","At":null}]) eq null', 'unknown_enum_member', '"Pink"'],
    ['Bag.Route(Of=[{"Place":null,"Tint":null,"At":3}]) eq null', 'type_mismatch', '3'],
    ['Bag.Route(Of=[1]) eq null', 'type_mismatch', '1'],
    ['Bag.Route(Of=["a"]) eq null', 'type_mismatch', '"a"'],
    // A path to a collection of another type, to a structure; another value.
    ['Bag.Route(Of=Visits) eq null', 'wrong_argument_type', 'Visits'],
    ['Bag.Route(Of=Scores) eq null', 'wrong_argument_type', 'Scores'],
    ['Bag.Route(Of=Home) eq null', 'wrong_argument_type', 'Home'],
    [
      'Bag.Route(Of={"Place":null,"Tint":null,"At":null}) eq null',
      'wrong_argument_type',
      '{"Place":null,"Tint":null,"At":null}',
    ],
    ['Bag.Route(Of=1) eq null', 'wrong_argument_type', '1'],
  ])('%s: %s at %s', (filter, code, at) => {
    expect(issuesOf(filter, { aliases: { list: '1' } })).toEqual([[code, at]]);
  });

  it("names the parameter's type and the value's in its message, and an element by its index", () => {
    const message = (filter: string) =>
      thrownFilterError(() => check(filter, collectionParameterSchema)).issues[0]!.message;
    expect(message('Bag.Tally(Of=Tags) eq null')).toBe(
      "Function 'Bag.Tally' expects 'Of' to be Collection(Edm.Int32): a JSON array of its values, a path to one, or null; 'Tags' is Collection(Edm.String)",
    );
    expect(message('Bag.Mixed(Of=Hues/any(h: h eq null)) eq null')).toMatch(
      /; Hues\/any\(h: h eq null\) is Edm.Boolean$/,
    );
    expect(message('Bag.Tally(Of=[1,"a"]) eq null')).toMatch(
      /^Function 'Bag.Tally' expects 'Of\[1\]' to be Edm.Int32, but "a" is Edm.String/,
    );
    // Elements read through a type-cast segment, even one naming their own type, are what it refuses.
    expect(message("Bag.Route(Of=Stops/Bag.Stop) eq ''")).toMatch(
      /; 'Stops\/Bag.Stop' is Collection\(Bag.Stop\) read through a type-cast segment, which a collection passed whole is not$/,
    );
  });

  it("names a call's result of another type as written, and its type", () => {
    const message = (filter: string) =>
      thrownFilterError(() => check(filter, collectionParameterSchema)).issues[0]!.message;
    expect(message('Bag.Joined(Of=Bag.Some()) eq null')).toBe(
      "Function 'Bag.Joined' expects 'Of' to be Collection(Edm.String): a JSON array of its values, a path to one, or null; 'Bag.Some()' is Collection(Edm.Int32)",
    );
  });

  it.each([
    // Each element of an alias's JSON array typed as the element type, its issue at the alias.
    [{ list: '[1,"a"]' }, 'wrong_argument_type'],
    [{ list: '[Scores]' }, 'invalid_alias_value'],
    // A list in parentheses is no JSON array; a JSON object is written in the filter; an expression is no value.
    [{ list: '(1, 2)' }, 'invalid_alias_value'],
    [{ list: '[{"Place":null}]' }, 'invalid_alias_value'],
    [{ list: 'Scores add 1' }, 'invalid_alias_value'],
    [{ list: 'Tags' }, 'wrong_argument_type'],
    [{ list: 'Scors' }, 'unknown_property'],
    [{}, 'unknown_alias'],
  ])("refuses the alias's value %j at the alias", (aliases, code) => {
    const filter = 'Bag.Tally(Of=@list) eq null';
    const error = thrownFilterError(() => check(filter, collectionParameterSchema, { aliases }));
    expect(error.issues.map((issue) => [issue.code, filter.slice(issue.start, issue.end)])).toEqual([[code, '@list']]);
  });

  it("is given an alias's JSON array only from 4.01, as one written in the call, and its path or null before", () => {
    const filter = 'Bag.Tally(Of=@a) eq null';
    const issues = (a: string) =>
      thrownFilterError(() => check(filter, collectionParameterSchema, { aliases: { a }, version: '4.0' })).issues.map(
        (issue) => [issue.code, filter.slice(issue.start, issue.end), issue.message],
      );
    expect(issues('[1]')).toEqual([
      [
        'not_in_version',
        '@a',
        "A collection's value (a JSON array) came with OData 4.01, after 4.0, the version the filter is for",
      ],
    ]);
    for (const a of ['Scores', 'null'])
      expect(() => check(filter, collectionParameterSchema, { aliases: { a }, version: '4.0' })).not.toThrow();
    // Written in the call, the array is one issue, not two.
    expect(issuesOf('Bag.Tally(Of=[1]) eq null', { version: '4.0' })).toEqual([['not_in_version', '[1]']]);
  });

  it("is given a call's result as the collection it returns, the call made once", () => {
    expect(printTyped(check('Bag.Tally(Of=Bag.Kept(Of=Scores)) eq null', collectionParameterSchema))).toBe(
      '(Bag.Tally(Of=($result1 = Bag.Kept(Of=Scores:Collection(Int32)): $result1:Collection(Int32))):String eq null:String)',
    );
    expect(printTyped(check("Bag.Tally(Of=@a) eq ''", collectionParameterSchema, { aliases: { a: '[1]' } }))).toBe(
      "(Bag.Tally(Of=[1:Int32]:Collection(Int32)):String eq '':String)",
    );
  });

  it("names a structure's member by the element's index, and the types of a path's collection", () => {
    const message = (filter: string) =>
      thrownFilterError(() => check(filter, collectionParameterSchema)).issues[0]!.message;
    expect(message('Bag.Route(Of=[null,{"Place":1,"Tint":null,"At":null}]) eq null')).toMatch(
      /^Function 'Bag.Route' expects 'Of\[1\]\/Place' to be Edm.String, but 1 is Edm.Int32/,
    );
    expect(message('Bag.Route(Of=Visits) eq null')).toBe(
      "Function 'Bag.Route' expects 'Of' to be Collection(Bag.Stop): a JSON array of its values, a path to one, or null; 'Visits' is Collection(Bag.Visit)",
    );
    expect(message('Bag.Route(Of=[true]) eq null')).toBe("'Of[0]' is Bag.Stop: not true");
  });

  it('reports every element written wrong', () => {
    expect(issuesOf('Bag.Tally(Of=["a",1,{"b":2},true]) eq null')).toEqual([
      ['wrong_argument_type', '"a"'],
      ['type_mismatch', '{"b":2}'],
      ['wrong_argument_type', 'true'],
    ]);
  });

  it.each([
    'Bag.Tally(Of=[1,-2,null]) eq null',
    'Bag.Tally(Of=[]) eq null',
    'Bag.Tally(Of=Scores) eq null',
    'Bag.Tally(Of=null) eq null',
    `Bag.Joined(Of=["a\\"b","it's"]) eq ''`,
    'Bag.Mixed(Of=["Red,Blue",null]) eq 5',
    'Bag.Earliest(Of=["2012-12-03"]) eq 2012-12-03',
    'Visits/any(v: Bag.Among(Value=1, Of=v/Marks))',
    'Bag.Among(Value=Id, Of=Home/Marks)',
    'Bag.Route(Of=[{"Place":"a","Tint":"Red","At":{"X":1}},null]) eq null',
    'Bag.Route(Of=Stops) eq null',
    'Bag.Route(Of=null) eq null',
    'Bag.Tally(Of=Bag.Kept(Of=Bag.Some())) eq null',
    'Bag.Tally(Of=Bag.Trip(N=Id)/Marks) eq null',
  ])('prints %s back to a fixed point, from the syntax tree and from the typed tree', (filter) => {
    const printed = print(parse(filter));
    expect(parse(printed)).toMatchObject({ kind: parse(filter).kind });
    expect(print(parse(printed))).toBe(printed);
    expect(printTyped(check(printed, collectionParameterSchema))).toBe(
      printTyped(check(filter, collectionParameterSchema)),
    );
  });

  it('is taken from a tree built by hand as parse() makes it', () => {
    const parsed = parse('Bag.Tally(Of=[1,"a",null,{"b":true}]) eq null');
    const copy = structuredClone(parsed);
    expect(print(copy)).toBe('Bag.Tally(Of=[1,"a",null,{"b":true}]) eq null');
  });

  it('is printed from the typed tree as its elements, or as the path whose elements it passes', () => {
    expect(printTyped(check('Bag.Among(Value=1, Of=[2,null]) eq true', collectionParameterSchema))).toBe(
      '(Bag.Among(Value=1:Int32, Of=[2:Int32, null:Int32]:Collection(Int32)):Boolean eq true:Boolean)',
    );
    expect(printTyped(check('Bag.Mixed(Of=Hues) eq 1', collectionParameterSchema))).toBe(
      '(Bag.Mixed(Of=Hues:Collection(Bag.Hue)):Int32 eq 1:Int32)',
    );
    expect(printTyped(check('Bag.Tally(Of=null) eq null', collectionParameterSchema))).toBe(
      '(Bag.Tally(Of=null:Int32):String eq null:String)',
    );
  });

  it("is printed from the typed tree as each structure's members, or as the members a path's element passes", () => {
    expect(
      printTyped(check('Bag.Route(Of=[{"Place":"a","Tint":"Red","At":null},null]) eq null', collectionParameterSchema)),
    ).toBe(
      "(Bag.Route(Of=[{Place='a':String, Tint=1:Bag.Hue, At={X=null:Int32} if false:Boolean}, {Place=null:String, Tint=null:Bag.Hue, At={X=null:Int32} if false:Boolean} if false:Boolean]:Collection(Bag.Stop)):String eq null:String)",
    );
    expect(printTyped(check('Bag.Route(Of=Stops) eq null', collectionParameterSchema))).toBe(
      '(Bag.Route(Of=Stops($elements1: {Place=$elements1/Place:String, Tint=$elements1/Tint:Bag.Hue, At={X=$elements1/At/X:Int32} if ($elements1/At:Structure ne null)} if ($elements1:Structure ne null)):Collection(Bag.Stop)):String eq null:String)',
    );
  });

  it('needs OData 4.01 for a JSON array, not for a path or null', () => {
    const filter = 'Bag.Tally(Of=[1]) eq null';
    expect(issuesOf(filter, { version: '4.0' })).toEqual([['not_in_version', '[1]']]);
    const refusal = thrownFilterError(() => print(parse(filter), { version: '4.0' }));
    expect([refusal.kind, refusal.construct, refusal.target]).toEqual(['unsupported', 'collection_literal', '4.0']);
    const typed = thrownFilterError(() => printTyped(check(filter, collectionParameterSchema), { version: '4.0' }));
    expect([typed.kind, typed.construct]).toEqual(['unsupported', 'collection_literal']);
    for (const path of ['Bag.Tally(Of=Scores) eq null', 'Bag.Tally(Of=null) eq null', 'Bag.Route(Of=Stops) eq null'])
      expect(print(parse(path), { version: '4.0' })).toBe(path);
    const objects = 'Bag.Route(Of=[null]) eq null';
    expect(issuesOf(objects, { version: '4.0' })).toEqual([['not_in_version', '[null]']]);
    expect(thrownFilterError(() => print(parse(objects), { version: '4.0' })).construct).toBe('collection_literal');
  });

  it("counts a JSON array's elements among the nodes of the parse limit", () => {
    const elements = Array.from({ length: 30 }, (_, i) => i).join(',');
    const filter = `Bag.Tally(Of=[${elements}]) eq null`;
    expect(() => parse(filter, { maxNodes: 60 })).not.toThrow();
    const error = thrownFilterError(() => parse(filter, { maxNodes: 30 }));
    expect([error.kind, error.issues[0]!.code]).toEqual(['limit', 'too_many_nodes']);
  });

  it("counts an alias's JSON array at each of its uses among the nodes of the limit", () => {
    // Each use reads the value anew: used many times, a short alias would make a tree the limit refuses written out.
    const aliases = { a: '[1,2,3,4,5,6,7,8]' };
    const uses = (n: number) => Array.from({ length: n }, () => "Bag.Tally(Of=@a) eq ''").join(' or ');
    expect(() => check(uses(2), collectionParameterSchema, { aliases, maxNodes: 20 })).not.toThrow();
    const filter = uses(3);
    const error = thrownFilterError(() => check(filter, collectionParameterSchema, { aliases, maxNodes: 20 }));
    expect([error.kind, error.issues[0]!.code]).toEqual(['limit', 'too_many_nodes']);
    expect([error.start, error.end]).toEqual([filter.lastIndexOf('@a'), filter.lastIndexOf('@a') + 2]);
  });

  it('is a JSON array only as a whole argument', () => {
    for (const filter of ['Bag.Tally(Of=[1] ) eq null', 'Bag.Tally( Of = [ 1 , 2 ] ) eq null'])
      expect(() => check(filter, collectionParameterSchema)).not.toThrow();
    for (const filter of ['Bag.Among(Value=[1] add 1, Of=null)', '[1] eq Bag.Tally(Of=null)']) {
      const error = thrownFilterError(() => parse(filter));
      expect([error.kind, error.construct]).toEqual(['unsupported', 'collection_literal']);
    }
    const item = thrownFilterError(() => parse("Bag.Tally(Of=[1,'a']) eq null"));
    expect([item.construct, item.start]).toEqual(['json_array_item', 16]);
    const nested = thrownFilterError(() => parse('Bag.Tally(Of=[[1]]) eq null'));
    expect([nested.construct, nested.message]).toEqual([
      'nested_json_array',
      "Nested JSON array in an argument's JSON array is not supported at position 14",
    ]);
  });
});
