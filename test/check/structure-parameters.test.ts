// Arguments of a model's function parameters of a structure type (docs/semantics.md §15,
// "Arguments of a structure type"): what the checker takes and refuses, each issue at its place;
// print's round trip; the version a JSON object needs; the parameters still refused.

import { describe, expect, it } from 'vitest';
import { check, defineModel, parse, print, printTyped, schemaOf } from '../../src/index.js';
import { structureParameterSchema } from '../support/structure-parameter-table.js';
import { thrownFilterError } from '../support/thrown.js';

/** The issues of a filter: code and the text each covers. */
function issuesOf(filter: string, options = {}) {
  const error = thrownFilterError(() => check(filter, structureParameterSchema, options));
  expect(error.kind).toBe('type');
  return error.issues.map((issue) => [issue.code, filter.slice(issue.start, issue.end)]);
}

const PLACE = '{"City":"Oslo","Zip":"0150","Geo":null}';

describe('an argument of a structure parameter', () => {
  it.each([
    // A JSON object: every member once, each of its type.
    [`Trip.Describe(At={"City":"Oslo","Zip":"0150"}) eq 'a'`, 'missing_member', '{"City":"Oslo","Zip":"0150"}'],
    [`Trip.Describe(At={"City":"Oslo","Zip":"0150","Geo":null,"Cty":1}) eq 'a'`, 'unknown_property', '"Cty"'],
    [`Trip.Describe(At={"City":"Oslo","City":"x","Zip":null,"Geo":null}) eq 'a'`, 'duplicate_member', '"City"'],
    [`Trip.Describe(At={"City":5,"Zip":"0150","Geo":null}) eq 'a'`, 'wrong_argument_type', '5'],
    [`Trip.Describe(At={"City":"a","Zip":"0150","Geo":1}) eq 'a'`, 'type_mismatch', '1'],
    [`Trip.Describe(At={"City":{"X":1},"Zip":"0150","Geo":null}) eq 'a'`, 'type_mismatch', '{"X":1}'],
    [`Trip.Describe(At={"City":"a","Zip":"0150","Geo":{"X":1}}) eq 'a'`, 'missing_member', '{"X":1}'],
    // A path to a structure of another type, to a primitive, to a collection, the resource; another value.
    ["Trip.Describe(At=Home/Geo) eq 'a'", 'wrong_argument_type', 'Home/Geo'],
    ["Trip.Describe(At=Home/City) eq 'a'", 'wrong_argument_type', 'Home/City'],
    ["Trip.Describe(At=Visits) eq 'a'", 'wrong_argument_type', 'Visits'],
    ["Trip.Describe(At=$it) eq 'a'", 'wrong_argument_type', '$it'],
    ["Trip.Describe(At='Oslo') eq 'a'", 'wrong_argument_type', "'Oslo'"],
    ["Trip.Describe(At=@p) eq 'a'", 'wrong_argument_type', '@p'],
    ["Trip.Describe(At=Hme) eq 'a'", 'unknown_property', 'Hme'],
    // A call's result, or a path after it, of another type.
    ["Trip.Describe(At=Trip.Somewhere()/Geo) eq 'a'", 'wrong_argument_type', 'Trip.Somewhere()/Geo'],
    ["Trip.Describe(At=Trip.Somewhere()/City) eq 'a'", 'wrong_argument_type', 'Trip.Somewhere()/City'],
    ['Trip.Apart(A=Trip.Somewhere(), B=null) eq 1', 'wrong_argument_type', 'Trip.Somewhere()'],
    [`Trip.Describe(At=Trip.Describe(At=${PLACE})) eq 'a'`, 'wrong_argument_type', `Trip.Describe(At=${PLACE})`],
    // A result passed whole inside another result passed whole: each member of the outer would read it anew.
    ["Trip.Describe(At=Trip.Moved(From=Trip.Somewhere())) eq 'a'", 'function_parameter', 'Trip.Somewhere()'],
    ["Trip.Describe(At=Trip.Somwhere()) eq 'a'", 'unknown_model_function', 'Trip.Somwhere'],
  ])('%s: %s at %s', (filter, code, at) => {
    expect(issuesOf(filter)).toEqual([[code, at]]);
  });

  it("names the parameter's type and the value's in its message", () => {
    const message = (filter: string) =>
      thrownFilterError(() => check(filter, structureParameterSchema)).issues[0]!.message;
    expect(message("Trip.Describe(At=Home/Geo) eq 'a'")).toBe(
      "Function 'Trip.Describe' expects 'At' to be Trip.Place: a JSON object of its members, a path to one, or null; 'Home/Geo' is Trip.Point",
    );
    expect(message(`Trip.Describe(At={"City":5,"Zip":"0150","Geo":null}) eq 'a'`)).toMatch(
      /^Function 'Trip.Describe' expects 'At\/City' to be Edm.String, but 5 is Edm.Int32/,
    );
  });

  it('reports every member written wrong', () => {
    expect(issuesOf(`Trip.Describe(At={"City":5,"Geo":1,"Cty":null}) eq 'a'`)).toEqual([
      ['wrong_argument_type', '5'],
      ['type_mismatch', '1'],
      ['unknown_property', '"Cty"'],
      ['missing_member', '{"City":5,"Geo":1,"Cty":null}'],
    ]);
  });

  it.each([
    `Trip.Describe(At={"City":"Oslo","Zip":"0150","Geo":{"X":1,"Y":-2}}) eq 'a'`,
    "Trip.Describe(At=Home) eq 'a'",
    'Trip.Apart(A=Home/Geo, B=null) eq null',
    'Visits/any(v: Trip.Apart(A=v/Geo, B={"Y":0,"X":1}) eq 2)',
  ])('prints %s back to a fixed point, from the syntax tree and from the typed tree', (filter) => {
    const printed = print(parse(filter));
    expect(print(parse(printed))).toBe(printed);
    expect(printTyped(check(printed, structureParameterSchema))).toBe(
      printTyped(check(filter, structureParameterSchema)),
    );
  });

  it('is printed from the typed tree as its members, and when a path gives them', () => {
    expect(printTyped(check('Trip.Apart(A={"X":1,"Y":2}, B=Home/Geo) eq 1', structureParameterSchema))).toBe(
      '(Trip.Apart(A={X=1:Int32, Y=2:Int32}, B={X=Home/Geo/X:Int32, Y=Home/Geo/Y:Int32} if (Home/Geo:Structure ne null)):Int32 eq 1:Int32)',
    );
    expect(printTyped(check('Trip.Apart(A=null, B=null) eq 1', structureParameterSchema))).toBe(
      '(Trip.Apart(A={X=null:Int32, Y=null:Int32} if false:Boolean, B={X=null:Int32, Y=null:Int32} if false:Boolean):Int32 eq 1:Int32)',
    );
  });

  it('needs OData 4.01 for a JSON object, not for a path', () => {
    const filter = `Trip.Describe(At=${PLACE}) eq 'a'`;
    expect(issuesOf(filter, { version: '4.0' })).toEqual([['not_in_version', PLACE]]);
    expect(thrownFilterError(() => print(parse(filter), { version: '4.0' })).kind).toBe('unsupported');
    expect(() => check("Trip.Describe(At=Home) eq 'a'", structureParameterSchema, { version: '4.0' })).not.toThrow();
  });
});

describe('a parameter a filter gives no value of', () => {
  const model = defineModel({
    namespace: 'Ns',
    complexTypes: {
      Tagged: { properties: { Tags: { type: 'Edm.String', collection: true } } },
      Base: { properties: { A: 'Edm.Int32' } },
      Derived: { baseType: 'Base', properties: { B: 'Edm.Int32' } },
    },
    entityTypes: { T: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false } } } },
    entitySets: { Ts: { type: 'T' } },
    functions: {
      Tagged: { parameters: { P: 'Tagged' }, returnType: 'Edm.Int32' },
      Based: { parameters: { P: 'Base' }, returnType: 'Edm.Int32' },
      Many: { parameters: { P: { type: 'Tagged', collection: true } }, returnType: 'Edm.Int32' },
    },
  });
  const schema = schemaOf(model, 'Ts');

  it.each([
    ['Ns.Tagged(P=null) eq 1', "a structure with the collection member 'Tags'"],
    ['Ns.Based(P=null) eq 1', 'a type other types derive from'],
    ['Ns.Many(P=null) eq 1', "Collection(Ns.Tagged), a structure with the collection member 'Tags'"],
  ])('refuses %s at its name, saying why', (filter, why) => {
    const [issue] = thrownFilterError(() => check(filter, schema)).issues;
    expect([issue!.code, filter.slice(issue!.start, issue!.end)]).toEqual(['function_parameter', filter.split('(')[0]]);
    expect(issue!.message).toContain(why);
  });
});

describe("a call's result passed as a structure", () => {
  it('is read member by member from the result, each read a scope of its own', () => {
    expect(printTyped(check('Trip.Apart(A=Trip.Somewhere()/Geo, B=null) eq 1', structureParameterSchema))).toBe(
      '(Trip.Apart(A={X=($result1 = Trip.Somewhere(): $result1/Geo/X:Int32), Y=($result1 = Trip.Somewhere(): $result1/Geo/Y:Int32)} if ($result1 = Trip.Somewhere(): ($result1/Geo:Structure ne null)), B={X=null:Int32, Y=null:Int32} if false:Boolean):Int32 eq 1:Int32)',
    );
  });

  it('passes a result given a structure itself, and a path, but no result inside another', () => {
    for (const filter of [
      "Trip.Describe(At=Trip.Moved(From=Home)) eq 'a'",
      `Trip.Describe(At=Trip.Moved(From=${PLACE})) eq 'a'`,
      'Trip.Apart(A=Trip.Moved(From=Home)/Geo, B=Trip.Sketch()/Geo) eq 1',
    ])
      expect(() => check(filter, structureParameterSchema)).not.toThrow();
  });

  it('is bounded by the lambda depth, as a path after a call is', () => {
    const error = thrownFilterError(() =>
      check(
        'Visits/any(a: Visits/any(b: Visits/any(c: Visits/any(d: Trip.Describe(At=Trip.Somewhere()) eq null))))',
        structureParameterSchema,
      ),
    );
    expect(error.kind).toBe('limit');
  });
});

describe('a structure passed through a type-cast segment', () => {
  it('is refused, naming the segment rather than a type the value has', () => {
    for (const filter of [
      "Trip.Describe(At=Home/Trip.Place) eq 'a'",
      "Trip.Describe(At=Trip.Sketch()/Trip.Place) eq 'a'",
    ]) {
      const [issue] = thrownFilterError(() => check(filter, structureParameterSchema)).issues;
      expect(issue!.code).toBe('wrong_argument_type');
      expect(issue!.message).toMatch(
        /is Trip\.Place read through a type-cast segment, which a structure passed whole is not$/,
      );
    }
  });
});
