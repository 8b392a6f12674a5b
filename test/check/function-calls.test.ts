// Calls of a model's functions (docs/semantics.md §15): what the checker refuses, each by its code
// at its place with its did-you-mean; the versions; a policy's list of functions; and the refusal
// of a call whose function has no implementation for the target, by name.

import { describe, expect, it } from 'vitest';
import {
  check,
  defineFunctions,
  defineModel,
  defineSchema,
  parse,
  print,
  printTyped,
  schemaOf,
} from '../../src/index.js';
import { applyQuery, compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql, type SqlFragment, sqlite, sqlFragment } from '../../src/backends/sql/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { parseQuery, type QueryResource } from '../../src/query/index.js';
import { functionRegistry, functionRows, functionSchema, resultCases } from '../support/function-table.js';
import { thrownFilterError } from '../support/thrown.js';
import { importedModel } from '../csdl/real-models.js';

/** The one issue of a filter: its code, the text it covers, and its suggestion where it has one. */
function issueOf(filter: string, schema = functionSchema) {
  const error = thrownFilterError(() => check(filter, schema));
  expect(error.kind).toBe('type');
  expect(error.issues).toHaveLength(1);
  const [issue] = error.issues as readonly { code: string; start: number; end: number; suggestion?: string }[];
  return { code: issue!.code, at: filter.slice(issue!.start, issue!.end), suggestion: issue!.suggestion };
}

describe('the checker refuses', () => {
  it.each([
    [
      'Geo.Distanse(FromLat=1, FromLon=2, ToLat=3, ToLon=4) lt 1',
      'unknown_model_function',
      'Geo.Distanse',
      'Geo.Distance',
    ],
    ['Geo.Distance(FromLat=1, FromLon=2, ToLat=3, Tolon=4) lt 1', 'unknown_parameter', 'Tolon', 'ToLon'],
    ['Geo.Distance(FromLat=1, FromLon=2, ToLat=3) lt 1', 'missing_parameter', 'Geo.Distance', undefined],
    ['Geo.Distance(FromLat=1, FromLat=2, ToLat=3, ToLon=4) lt 1', 'duplicate_parameter', 'FromLat', undefined],
    ["Geo.Distance(FromLat='x', FromLon=2, ToLat=3, ToLon=4) lt 1", 'wrong_argument_type', "'x'", undefined],
    ['Geo.Shift(By=1.5) eq 1', 'wrong_argument_type', '1.5', undefined],
    ['Stops/Geo.Near(Lat=0, Lon=0) lt 1', 'collection_binding', 'Stops', undefined],
    ["Lat/Geo.Initial() eq 'a'", 'no_matching_overload', 'Geo.Initial', undefined],
    ["Geo.Initial() eq 'a'", 'no_matching_overload', 'Geo.Initial', undefined],
    ['Home/Geo.Scaled(Factor=1) gt 1', 'no_matching_overload', 'Geo.Scaled', undefined],
    // A structure or a collection a call returns is read through a path after the call, never whole.
    ['Geo.Nearest(Lat=1) eq 1', 'structured_value', 'Geo.Nearest(Lat=1)', undefined],
    ['Geo.Around() eq null', 'collection_value', 'Geo.Around()', undefined],
    ['Geo.Shift(By=1) eq true', 'type_mismatch', 'Geo.Shift(By=1) eq true', undefined],
    ['Nope/Geo.Near(Lat=0, Lon=0) lt 1', 'unknown_property', 'Nope', undefined],
    // Bound to a collection of Int32 or one Int32, not to a collection of Points.
    ['Stops/Geo.CountOver(Min=1) eq 1', 'no_matching_overload', 'Geo.CountOver', undefined],
    ['Home/Geo.Total() eq 1', 'no_matching_overload', 'Geo.Total', undefined],
    ['Scores/Geo.CountOver(Mins=1) eq 1', 'unknown_parameter', 'Mins', 'Min'],
  ])('%s: %s at %s', (filter, code, at, suggestion) => {
    expect(issueOf(filter)).toEqual({ code, at, suggestion });
  });

  it('names the functions and parameters it knows in its messages', () => {
    const unknown = thrownFilterError(() => check('Geo.Distanse(FromLat=1) lt 1', functionSchema));
    expect(unknown.issues[0]!.message).toBe(
      "Unknown function 'Geo.Distanse' of the model; did you mean 'Geo.Distance'?",
    );
    const missing = thrownFilterError(() => check('Geo.Shift(Times=2) eq 1', functionSchema));
    expect(missing.issues[0]!.message).toBe("Function 'Geo.Shift' needs parameter 'By'; it takes (By) or (By, Times)");
    const bound = thrownFilterError(() => check("Lat/Geo.Initial() eq 'a'", functionSchema));
    expect(bound.issues[0]!.message).toBe(
      "Function 'Geo.Initial' cannot be called on Edm.Double; it is bound to 'Edm.String'",
    );
  });

  it('knows no function of a short-form schema', () => {
    const schema = defineSchema({ name: 'Place', properties: { Lat: 'Edm.Double' } });
    expect(issueOf('Geo.Distance(FromLat=Lat) lt 1', schema)).toEqual({
      code: 'unknown_model_function',
      at: 'Geo.Distance',
      suggestion: undefined,
    });
  });

  it('refuses a bound structure one of whose members a policy keeps from filters', () => {
    const resource: QueryResource = {
      schema: functionSchema,
      key: ['Id'],
      policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
      rules: { 'Home/Lat': { filter: false } },
    };
    const error = thrownFilterError(() => parseQuery('$filter=Home/Geo.Near(Lat=0, Lon=0) lt 1', resource));
    expect(error.issues.map((i) => i.code)).toEqual(['not_filterable']);
    // The resource holds Home/Lat too: a call bound to it, at the head or through $it, could read it.
    for (const query of ['$filter=Geo.Scaled(Factor=1) lt 1', '$filter=$it/Geo.Scaled(Factor=1) lt 1'])
      expect(thrownFilterError(() => parseQuery(query, resource)).issues.map((i) => i.code)).toEqual([
        'not_filterable',
      ]);
    // An unbound function reads only its arguments.
    expect(
      parseQuery('$filter=Geo.Distance(FromLat=Lat, FromLon=0, ToLat=0, ToLon=0) lt 1', resource).filter,
    ).toBeDefined();
  });
});

describe('a path after a call', () => {
  it.each([
    // Members by the declared type, with a did-you-mean among them.
    ["Geo.Nearest(Lat=1)/Nme eq 'a'", 'unknown_property', 'Nme', 'Name'],
    ['Geo.Nearest(Lat=1)/Home/Lats gt 1', 'unknown_property', 'Lats', 'Lat'],
    ['Home/Geo.Mirror()/Lon/Lat eq 1', 'not_structured', 'Lat', undefined],
    // A lambda, `$count` or `in` needs a collection the call returns.
    ['Geo.Nearest(Lat=1)/any()', 'not_collection', 'Geo.Nearest(Lat=1)', undefined],
    ['Geo.Shift(By=1)/any(x: x eq 1)', 'not_collection', 'Geo.Shift(By=1)', undefined],
    ['Geo.Nearest(Lat=1)/Name/$count eq 1', 'not_collection', 'Geo.Nearest(Lat=1)/Name', undefined],
    ["'a' in Geo.Nearest(Lat=1)", 'not_collection', 'Geo.Nearest(Lat=1)', undefined],
    // What is read whole is refused as a property is, named as written.
    ['Geo.Shift(By=1)/Name eq 1', 'not_structured', 'Name', undefined],
    ['Geo.Around()/Lat eq 1', 'collection_path', 'Lat', undefined],
    ['Geo.Nearest(Lat=1)/Home eq 1', 'structured_value', 'Geo.Nearest(Lat=1)/Home', undefined],
    ['Geo.Nearest(Lat=1)/Scores eq null', 'collection_value', 'Geo.Nearest(Lat=1)/Scores', undefined],
    ['Geo.Tags()/any(t: t eq 1)', 'type_mismatch', 't eq 1', undefined],
    // An enumeration result takes part in comparisons, `in` and `has` only.
    ['Geo.SidesOf() add 1 eq 2', 'enum_value', 'Geo.SidesOf()', undefined],
    ["Geo.SidesOf() eq 'Nort'", 'unknown_enum_member', "'Nort'", 'North'],
    // The arguments are the call's, outside its result.
    ['Geo.Nearest(Lat=Nope)/Name eq null', 'unknown_property', 'Nope', undefined],
  ])('%s: %s at %s', (filter, code, at, suggestion) => {
    expect(issueOf(filter)).toEqual({ code, at, suggestion });
  });

  it('names the call as written in its messages', () => {
    const error = thrownFilterError(() => check("Geo.Nearest(Lat=1)/Nme eq 'a'", functionSchema));
    expect(error.issues[0]!.message).toBe(
      "Property 'Nme' does not exist on the result of 'Geo.Nearest(Lat=1)'. Did you mean 'Name'?",
    );
    const whole = thrownFilterError(() => check('Geo.Around() eq null', functionSchema));
    expect(whole.issues[0]!.message).toBe(
      "'Geo.Around()' returns Collection(Geo.Point): test its elements with a lambda, such as 'Geo.Around()/any(x: …)', or count them with 'Geo.Around()/$count'",
    );
  });

  it('names the call as written, not the variable its result is bound to, given a tree or text', () => {
    const messages = (input: string | ReturnType<typeof parse>) =>
      thrownFilterError(() => check(input as string, functionSchema)).issues.map((i) => i.message);
    for (const filter of [
      'Geo.Nearest(Lat=1)/Geo.Around()/Lat eq 1',
      'Geo.Nearest(Lat=1)/Home/Geo.Mirror()/Nope eq null',
      'Geo.Nearest(Lat=1)/Home/Geo.Mirror() eq 1',
      'Geo.Nearest(Lat=1)/Name eq {"Lat":1}',
      'Geo.Nearest(Lat=1)/Stops eq {"Lat":1}',
      'Geo.Nearest(Lat=1) eq {"Lat":1}',
    ]) {
      const fromText = messages(filter);
      expect(fromText.join('\n')).not.toContain('$result');
      expect(messages(parse(filter))).toEqual(fromText);
    }
    expect(messages('Geo.Nearest(Lat=1)/Geo.Around()/Lat eq 1')).toEqual([
      "'Geo.Nearest(Lat=1)/Geo.Around()' is a collection, so 'Lat' cannot follow it: reach its elements with a lambda, such as 'Geo.Nearest(Lat=1)/Geo.Around()/any(g: g/Lat …)'",
    ]);
  });

  it("compares a structure it reads with a structure's value member by member, all within the result", () => {
    // Row 1's own Home is {11, 21}; the result's is {10, 0}.
    expect(printTyped(check('Geo.Nearest(Lat=Lat)/Home eq {"Lat":11,"Lon":21}', functionSchema))).toBe(
      '($result1 = Geo.Nearest(Lat=Lat:Double): (($result1/Home:Structure ne null) and ($result1/Home/Lat:Double eq 11:Double) and ($result1/Home/Lon:Double eq 21:Double)))',
    );
    // The call itself, once for every item of a list.
    expect(printTyped(check('Home/Geo.Mirror() in ({"Lat":1,"Lon":2}, null)', functionSchema))).toBe(
      '($result1 = Home/Geo.Mirror(): ((($result1:Structure ne null) and ($result1/Lat:Double eq 1:Double) and ($result1/Lon:Double eq 2:Double)) or ($result1:Structure eq null)))',
    );
    // A structure holding a collection is not compared, a result's as a property's.
    expect(issueOf('Geo.Nearest(Lat=1) eq {"Lat":1}')).toMatchObject({ code: 'structure_not_comparable' });
    expect(issueOf('Geo.Nearest(Lat=1)/Name eq {"Lat":1}')).toMatchObject({ code: 'type_mismatch' });
  });

  it('compares a nested structure of a result member by member, within the result', () => {
    const model = defineModel({
      namespace: 'Geo',
      complexTypes: {
        Point: { properties: { Lat: 'Edm.Double', Lon: 'Edm.Double' } },
        Leg: { properties: { From: 'Point', To: 'Point' } },
      },
      entityTypes: {
        Trip: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, From: 'Point', To: 'Point' } },
      },
      entitySets: { Trips: { type: 'Trip' } },
      functions: { Reversed: { bound: true, parameters: { trip: 'Trip' }, returnType: 'Leg' } },
    });
    const schema = schemaOf(model, 'Trips');
    const functions = defineFunctions({
      'Geo.Reversed': {
        memory: (_a, trip) => ({
          From: { Lat: trip!('To/Lat'), Lon: trip!('To/Lon') },
          To: { Lat: trip!('From/Lat'), Lon: trip!('From/Lon') },
        }),
      },
    });
    const rows = [
      { Id: 1, From: { Lat: 1, Lon: 2 }, To: { Lat: 3, Lon: 4 } },
      { Id: 2, From: { Lat: 3, Lon: 4 }, To: { Lat: 1, Lon: 2 } },
    ];
    const filter = 'Geo.Reversed() eq {"From":{"Lat":1,"Lon":2},"To":{"Lat":3,"Lon":4}}';
    const typed = check(filter, schema);
    expect(printTyped(typed)).toBe(
      '($result1 = Geo.Reversed(): (($result1:Structure ne null) and (($result1/From:Structure ne null) and ($result1/From/Lat:Double eq 1:Double) and ($result1/From/Lon:Double eq 2:Double)) and (($result1/To:Structure ne null) and ($result1/To/Lat:Double eq 3:Double) and ($result1/To/Lon:Double eq 4:Double))))',
    );
    const predicate = compilePredicate(typed, { functions });
    expect(rows.filter((row) => predicate(row)).map((row) => row.Id)).toEqual([2]);
  });

  it('prints back what it read, and refuses it for versions before 4.0', () => {
    for (const { filter } of resultCases) expect(print(parse(print(parse(filter))))).toBe(print(parse(filter)));
    expect(print(parse('Geo.Nearest(Lat=1)/Geo.Around()/any(p: p/Lat lt 0)'))).toBe(
      'Geo.Nearest(Lat=1)/Geo.Around()/any(p: p/Lat lt 0)',
    );
    expect(thrownFilterError(() => print(parse("Geo.Nearest(Lat=1)/Name eq 'N'"), { version: '3.0' })).construct).toBe(
      'function_call',
    );
    const error = thrownFilterError(() => check("Geo.Nearest(Lat=1)/Name eq 'N'", functionSchema, { version: '3.0' }));
    expect(error.issues.map((i) => i.code)).toContain('not_in_version');
  });

  it('binds the result as a lambda binds its element: within maxLambdaDepth with the lambdas around it', () => {
    const nested = 'Geo.Around()/any(a: Geo.Around()/any(b: true))';
    // Two results and two lambdas.
    expect(() => check(nested, functionSchema)).not.toThrow();
    expect(thrownFilterError(() => check(nested, functionSchema, { maxLambdaDepth: 3 })).kind).toBe('limit');
    // A chain of calls, each bound to the result before it, nests as deep.
    const chain = (n: number) => `Home${'/Geo.Mirror()'.repeat(n)}/Lat eq 1`;
    expect(() => check(chain(4), functionSchema)).not.toThrow();
    expect(thrownFilterError(() => check(chain(5), functionSchema)).kind).toBe('limit');
    expect(() => check(chain(5), functionSchema, { maxLambdaDepth: 5 })).not.toThrow();
  });

  it('reads a chain of calls after one another without recursion in the parser', () => {
    const long = `Geo.Nearest(Lat=1)${'/Home/Geo.Mirror()'.repeat(2000)}/Lat eq 1`;
    const error = thrownFilterError(() => parse(long));
    expect(error.kind).toBe('limit');
  });
});

it('writes a call bound to the row as the filter does, with no path before its name', () => {
  expect(printTyped(check('Geo.Near(Lat=11, Lon=21) eq 2', functionSchema))).toBe(
    '(Geo.Near(Lat=11:Double, Lon=21:Double):Double eq 2:Double)',
  );
  expect(printTyped(check('Home/Geo.Near(Lat=11, Lon=21) eq 0', functionSchema))).toMatch(/^\(Home\/Geo\.Near\(/);
});

describe('a call bound to a collection', () => {
  it('takes the overload bound to a collection of the elements, or the one bound to one element', () => {
    expect(printTyped(check('Scores/Geo.CountOver(Min=1) eq 1', functionSchema))).toBe(
      '(Scores/Geo.CountOver(Min=1:Int32):Int32 eq 1:Int32)',
    );
    const onCollection = check('Scores/Geo.CountOver(Min=1) eq 1', functionSchema).root;
    const onElement = check('Scores/any(s: s/Geo.CountOver(Min=1) eq 1)', functionSchema).root;
    expect(onCollection.kind === 'compare' && onCollection.left.kind === 'functionCall').toBe(true);
    const called = (root: typeof onCollection) =>
      root.kind === 'compare' && root.left.kind === 'functionCall' ? root.left.function.binding : undefined;
    expect(called(onCollection)?.collection).toBe(true);
    const inLambda = onElement.kind === 'lambda' ? onElement.body : undefined;
    expect(inLambda && called(inLambda)?.collection).toBe(false);
  });

  it('nests as a lambda: within maxLambdaDepth with the lambdas around it and the calls in its arguments', () => {
    const nested = (n: number): string => {
      let text = '1';
      for (let i = 0; i < n; i++) text = `Scores/Geo.CountOver(Min=${text})`;
      return `${text} ge 0`;
    };
    // Each call's arguments are read beside the elements of its collection (in SQL, inside its
    // subquery): nested without a bound, they would be read a number of times exponential in the depth.
    expect(() => check(nested(4), functionSchema)).not.toThrow();
    const error = thrownFilterError(() => check(nested(5), functionSchema));
    expect(error).toMatchObject({ kind: 'limit', issues: [{ code: 'too_deep_lambda' }] });
    expect(nested(5).slice(error.start)).toMatch(/^Scores\/Geo\.CountOver\(Min=1\)/);
    expect(() => check(nested(2), functionSchema, { maxLambdaDepth: 1 })).toThrow(/Lambdas nest deeper than 1 levels/);
    // Lambdas around a call count too: three around it and one in its argument make five.
    const inLambdas = 'Stops/any(a: Stops/any(b: Stops/any(c: Scores/Geo.CountOver(Min=length(Name)) eq 0)))';
    expect(() => check(inLambdas, functionSchema)).not.toThrow();
    const deeper =
      'Stops/any(a: Stops/any(b: Stops/any(c: Scores/Geo.CountOver(Min=cast(Scores/$count, Edm.Int32)) eq 0 and 1 in Scores)))';
    expect(() => check(deeper, functionSchema)).not.toThrow();
    const beyond =
      'Stops/any(a: Stops/any(b: Stops/any(c: Scores/Geo.CountOver(Min=Scores/Geo.CountOver(Min=1)) eq 0)))';
    expect(thrownFilterError(() => check(beyond, functionSchema)).issues[0]!.code).toBe('too_deep_lambda');
  });

  it('explains a function bound to no collection called on one', () => {
    const error = thrownFilterError(() => check('Stops/Geo.Near(Lat=0, Lon=0) lt 1', functionSchema));
    expect(error.issues[0]!.message).toBe(
      "'Stops' is a collection, and 'Geo.Near' is bound to no collection: call it on each element in a lambda, such as 'Stops/any(x: x/Geo.Near(…) …)'",
    );
    const other = thrownFilterError(() => check('Stops/Geo.CountOver(Min=1) eq 1', functionSchema));
    expect(other.issues[0]!.message).toBe(
      "Function 'Geo.CountOver' cannot be called on Collection(Geo.Point); it is bound to 'Collection(Edm.Int32)', 'Edm.Int32'",
    );
  });

  it('refuses a collection of structures one of whose members a policy keeps from filters', () => {
    const resource: QueryResource = {
      schema: functionSchema,
      key: ['Id'],
      policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
      rules: { 'Stops/Lat': { filter: false } },
    };
    const error = thrownFilterError(() => parseQuery('$filter=Stops/Geo.Total() lt 1', resource));
    expect(error.issues.map((i) => i.code)).toEqual(['not_filterable']);
  });

  it('passes only the elements of the type a type-cast segment names', () => {
    const model = defineModel({
      namespace: 'Staff',
      complexTypes: {
        Address: { properties: { Zip: 'Edm.Int32' } },
        Home: { baseType: 'Address', properties: { Floor: 'Edm.Int32' } },
      },
      entityTypes: {
        Person: {
          key: ['Id'],
          properties: { Id: { type: 'Edm.Int32', nullable: false }, Addresses: { type: 'Address', collection: true } },
        },
      },
      entitySets: { People: { type: 'Person' } },
      functions: {
        Zips: { bound: true, parameters: { a: { type: 'Address', collection: true } }, returnType: 'Edm.Int32' },
        Floors: { bound: true, parameters: { h: { type: 'Home', collection: true } }, returnType: 'Edm.Int32' },
      },
    });
    const people = schemaOf(model, 'People');
    const sum = (member: string) => (_a: unknown, _s: unknown, c: readonly unknown[] | undefined) =>
      c!.reduce((total: number, e) => total + Number((e as (m: string) => unknown)(member) ?? 0), 0);
    const functions = defineFunctions({
      'Staff.Zips': { memory: sum('Zip') },
      'Staff.Floors': { memory: sum('Floor') },
    });
    const rows = [
      {
        Id: 1,
        Addresses: [
          { '@odata.type': '#Staff.Address', Zip: 10 },
          { '@odata.type': '#Staff.Home', Zip: 20, Floor: 3 },
        ],
      },
      { Id: 2, Addresses: null },
    ];
    const ids = (filter: string) =>
      rows.filter(compilePredicate(check(filter, people), { functions })).map((r) => r.Id);
    expect(ids('Addresses/Staff.Zips() eq 30')).toEqual([1]);
    expect(ids('Addresses/Staff.Home/Staff.Zips() eq 20')).toEqual([1]);
    expect(ids('Addresses/Staff.Home/Staff.Floors() eq 3')).toEqual([1]);
    // A null collection is an empty one: the implementation is called, and sums nothing.
    expect(ids('Addresses/Staff.Zips() eq 0')).toEqual([2]);
    expect(issueOf('Addresses/Staff.Floors() eq 3', people).code).toBe('no_matching_overload');
  });
});

describe('the syntax of a call', () => {
  it('reads named arguments, any expression or an alias, and prints them back', () => {
    const text = 'Stops/any(s: s/Geo.Near(Lat=@p, Lon=1 add Lat) lt 1) and $it/Geo.Shift(By=-1) eq Qty';
    expect(print(parse(text))).toBe(text);
    expect(printTyped(check('Name/Geo.Initial() eq null', functionSchema))).toBe(
      '(Name:String/Geo.Initial():String eq null:String)',
    );
  });

  it.each([
    ['Geo.Distance(1, 2) lt 1', 13, "Unexpected '1' at position 13; expected a parameter name or ')'"],
    ['Geo.Distance(FromLat=1,', 23, 'Unexpected end of input at position 23; expected a parameter name'],
    ['Geo.Distance(FromLat=1 FromLon=2)', 23, "Unexpected 'FromLon' at position 23; expected an operator, ',' or ')'"],
    ['Geo.Distance(FromLat=) lt 1', 21, "Unexpected ')' at position 21; expected an expression"],
    ['Geo.Shift(By=1)/ eq 1', 16, 'Unexpected whitespace at position 16; expected a property or function name'],
    // Nothing follows a lambda, after a call as after a property.
    ['Geo.Around()/any()/Lat eq 1', 18, "Unexpected '/' at position 18"],
  ])('%s is a syntax error at %i', (filter, start, message) => {
    const error = thrownFilterError(() => parse(filter));
    expect({ kind: error.kind, start: error.start, message: error.message }).toEqual({
      kind: 'syntax',
      start,
      message,
    });
  });

  it('keeps the canonical geo functions refused by name', () => {
    expect(thrownFilterError(() => parse('geo.distance(a, b) lt 1')).construct).toBe('geo.distance');
  });

  it('came with OData 4.0', () => {
    const error = thrownFilterError(() => check('Geo.Shift(By=1) eq 2', functionSchema, { version: '3.0' }));
    expect(error.issues.map((i) => i.code)).toEqual(['not_in_version']);
    expect(thrownFilterError(() => print(parse('Geo.Shift(By=1) eq 2'), { version: '3.0' })).construct).toBe(
      'function_call',
    );
  });
});

describe('a policy', () => {
  const resource = (functions: readonly string[]): QueryResource => ({
    schema: functionSchema,
    key: ['Id'],
    policy: { spelling: 'odata', defaultTop: 10, maxTop: 10, functions },
  });

  it('allows a model function by its qualified name, and refuses one it does not list', () => {
    const allowed = resource(['Geo.Shift']);
    expect(parseQuery('$filter=Geo.Shift(By=1) eq 2', allowed).filter).toBeDefined();
    const error = thrownFilterError(() => parseQuery('$filter=Stops/any(s: s/Geo.Near(Lat=0, Lon=0) lt 1)', allowed));
    expect(error.issues.map((i) => [i.code, i.message])).toEqual([
      ['function_not_allowed', "Option '$filter': function 'Geo.Near' is not allowed here (allowed: Geo.Shift)"],
    ]);
  });

  it('still refuses a name that is neither a function of the language nor qualified', () => {
    expect(() => parseQuery('$filter=Id eq 1', resource(['Shift']))).toThrow(TypeError);
  });
});

describe('a function without an implementation for the target', () => {
  const typed = check('Geo.Shift(By=1) eq 2', functionSchema);
  const partial = defineFunctions({ 'Geo.Shift': { sql: { postgres: () => sqlFragment`1` } } });

  it.each([
    ['memory', () => compilePredicate(typed), 'memory'],
    ['memory, without the function', () => compilePredicate(typed, { functions: partial }), 'memory'],
    ['a dialect it does not name', () => compileSql(typed, { dialect: sqlite, functions: partial }), 'sqlite'],
    ['MongoDB', () => compileMongo(typed, { functions: partial }), 'mongodb'],
  ])('is refused by name on %s', (_name, compile, target) => {
    const error = thrownFilterError(compile);
    expect({ kind: error.kind, construct: error.construct, target: error.target }).toEqual({
      kind: 'unsupported',
      construct: 'Geo.Shift',
      target,
    });
    expect(error.message).toBe(
      `Function 'Geo.Shift' has no implementation for ${target} in the function registry at position 0`,
    );
  });

  it('is compiled where the registry has one', () => {
    expect(compileSql(typed, { dialect: sqlite, functions: functionRegistry }).sql).toBe(
      '(("Qty" + CAST(? AS INTEGER)) = CAST(? AS INTEGER))',
    );
  });
});

describe('defineFunctions and defineModel', () => {
  it('refuse what no call could use', () => {
    expect(() => defineFunctions({ Distance: {} })).toThrow(TypeError);
    expect(() => defineFunctions({ 'Geo.Distance': { oracle: () => 1 } as never })).toThrow(TypeError);
    expect(() => defineFunctions({ 'Geo.Distance': { sql: { postgres: 'ABS(1)' as never } } })).toThrow(TypeError);
    expect(() =>
      defineModel({
        namespace: 'Ns',
        functions: { F: [{ returnType: 'Edm.Int32' }, { returnType: 'Edm.String' }] },
      }),
    ).toThrow('two overloads unbound take the same parameter names');
    expect(() => defineModel({ namespace: 'Ns', functions: { F: { bound: true, returnType: 'Edm.Int32' } } })).toThrow(
      'a bound function has a first parameter',
    );
    expect(() =>
      defineModel({ namespace: 'Ns', functions: { F: { parameters: { A: 'Nope' }, returnType: 'Edm.Int32' } } }),
    ).toThrow("'Nope' is no type of the model");
  });
});

describe("TripPin's functions", () => {
  const ns = 'Microsoft.OData.SampleService.Models.TripPin';
  const { model, report } = importedModel('trippin');
  const people = schemaOf(model, 'People');

  it('are read from its $metadata, bound and unbound, with their parameters and results', () => {
    const read = [...model.functions].map(([name, [overload, ...others]]) => [
      name.slice(ns.length + 1),
      others.length,
      overload!.bound,
      overload!.parameters.map((p) => `${p.name}: ${typeof p.type === 'string' ? p.type : p.type.name}`),
      `${overload!.returnType.collection ? 'Collection of ' : ''}${typeof overload!.returnType.type === 'string' ? overload!.returnType.type : overload!.returnType.type.name}`,
    ]);
    expect(read).toEqual([
      ['GetFavoriteAirline', 0, true, [`person: ${ns}.Person`], `${ns}.Airline`],
      ['GetInvolvedPeople', 0, true, [`trip: ${ns}.Trip`], `Collection of ${ns}.Person`],
      ['GetFriendsTrips', 0, true, [`person: ${ns}.Person`, 'userName: Edm.String'], `Collection of ${ns}.Trip`],
      ['GetNearestAirport', 0, false, ['lat: Edm.Double', 'lon: Edm.Double'], `${ns}.Airport`],
    ]);
    expect(report.filter((n) => n.element === 'Function')).toEqual([]);
  });

  it('are checked by binding, parameters and result: each returns entities, read by a path after the call', () => {
    expect(issueOf(`${ns}.GetFavoriteAirline() eq 1`, people).code).toBe('structured_value');
    expect(() => check(`${ns}.GetFavoriteAirline() eq null`, people)).not.toThrow();
    expect(issueOf(`${ns}.GetFriendsTrips(userName='russellwhyte') eq null`, people).code).toBe('collection_value');
    expect(issueOf(`Trips/any(t: t/${ns}.GetInvolvedPeople() eq null)`, people).code).toBe('collection_value');
    expect(issueOf(`${ns}.GetNearestAirport(lat=1, lon=2) gt null`, people).code).toBe('structured_value');
    expect(() => check(`${ns}.GetFavoriteAirline()/Name eq 'x'`, people)).not.toThrow();
    expect(() => check(`${ns}.GetFriendsTrips(userName='r')/any(t: t/Budget gt 1)`, people)).not.toThrow();
    expect(() => check(`Trips/any(t: t/${ns}.GetInvolvedPeople()/$count gt 1)`, people)).not.toThrow();
    // An entity's relations are another resource's rows, which a result does not hold.
    expect(issueOf(`${ns}.GetFriendsTrips(userName='r')/any(t: t/PlanItems/any())`, people).code).toBe(
      'unknown_property',
    );
    expect(issueOf(`${ns}.GetFriendsTrips(usrName='x') eq null`, people)).toEqual({
      code: 'unknown_parameter',
      at: 'usrName',
      suggestion: 'userName',
    });
    expect(issueOf(`${ns}.GetFavoriteAirlines() eq null`, people)).toEqual({
      code: 'unknown_model_function',
      at: `${ns}.GetFavoriteAirlines`,
      suggestion: `${ns}.GetFavoriteAirline`,
    });
    expect(issueOf(`Photo/${ns}.GetInvolvedPeople() eq null`, people).code).toBe('no_matching_overload');
    expect(issueOf(`Friends/${ns}.GetFavoriteAirline() eq null`, people).code).toBe('collection_binding');
  });
});

describe('a call in the order', () => {
  it('orders the rows by its value, null first, with the registry the rows are filtered with', () => {
    const resource: QueryResource = {
      schema: functionSchema,
      key: ['Id'],
      policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
    };
    const plan = parseQuery('$orderby=Geo.Scaled(Factor=-1)', resource);
    const page = applyQuery(functionRows, plan, { functions: functionRegistry });
    expect(page.items.map((row) => row.Id)).toEqual([3, 1, 4, 2]);
    expect(thrownFilterError(() => applyQuery(functionRows, plan)).construct).toBe('Geo.Scaled');
  });
});

describe('a call bound to a related row a row filter hides', () => {
  const model = defineModel({
    namespace: 'Own',
    entityTypes: {
      Person: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String', Tenant: 'Edm.String' },
      },
      Place: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false } },
        navigation: { Owner: { type: 'Person' } },
      },
    },
    entitySets: { Places: { type: 'Place' }, People: { type: 'Person' } },
    functions: {
      Shout: { bound: true, parameters: { person: 'Person' }, returnType: 'Edm.String' },
      Card: { bound: true, parameters: { person: 'Person' }, returnType: 'Person' },
    },
  });
  const functions = defineFunctions({
    'Own.Shout': { memory: (_, read) => (read!('Name') === null ? null : (read!('Name') as string).toUpperCase()) },
    'Own.Card': { memory: (_, read) => ({ Id: 0, Name: read!('Name'), Tenant: null }) },
  });
  const rows = [
    { Id: 1, Owner: { Id: 10, Name: 'x', Tenant: 'a' } },
    { Id: 2, Owner: { Id: 20, Name: 'y', Tenant: 'b' } },
  ];
  const ids = (query: string, relations?: QueryResource['relations']) => {
    const resource: QueryResource = {
      schema: schemaOf(model, 'Places'),
      key: ['Id'],
      policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
      ...(relations === undefined ? {} : { relations }),
    };
    return applyQuery(rows, parseQuery(query, resource), { functions }).items.map((row) => row.Id);
  };

  it('is null there, as a member read through the hidden row is', () => {
    const hidden = { Owner: { rowFilter: "Tenant eq 'a'" } };
    expect(ids("$filter=Owner/Own.Shout() eq 'Y'")).toEqual([2]);
    expect(ids("$filter=Owner/Own.Shout() eq 'Y'", hidden)).toEqual([]);
    expect(ids('$filter=Owner/Own.Shout() eq null', hidden)).toEqual([2]);
    expect(ids("$filter=Owner/Own.Shout() eq 'X'", hidden)).toEqual([1]);
  });

  it('is not made there: a path after it reads a null result', () => {
    const hidden = { Owner: { rowFilter: "Tenant eq 'a'" } };
    expect(ids("$filter=Owner/Own.Card()/Name eq 'y'")).toEqual([2]);
    expect(ids("$filter=Owner/Own.Card()/Name eq 'y'", hidden)).toEqual([]);
    expect(ids('$filter=Owner/Own.Card()/Name eq null', hidden)).toEqual([2]);
    expect(ids("$filter=Owner/Own.Card()/Name eq 'x'", hidden)).toEqual([1]);
  });

  it('is refused on MongoDB, which reads no related row', () => {
    const typed = check("Owner/Own.Shout() eq 'Y'", schemaOf(model, 'Places'));
    const error = thrownFilterError(() => compileMongo(typed, { functions }));
    expect([error.construct, error.target]).toEqual(['relation', 'mongodb']);
  });
});

describe('a call bound to a relation a row filter restricts', () => {
  const model = defineModel({
    namespace: 'Shop',
    entityTypes: {
      Order: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false }, Amount: 'Edm.Int32', Tenant: 'Edm.String' },
      },
      Customer: {
        key: ['Id'],
        properties: { Id: { type: 'Edm.Int32', nullable: false } },
        navigation: { Orders: { type: 'Order', collection: true } },
      },
    },
    entitySets: { Customers: { type: 'Customer' }, Orders: { type: 'Order' } },
    functions: {
      Total: { bound: true, parameters: { orders: { type: 'Order', collection: true } }, returnType: 'Edm.Int32' },
    },
  });
  const functions = defineFunctions<SqlFragment>({
    'Shop.Total': {
      memory: (_a, _s, orders) =>
        orders!.reduce((sum: number, o) => sum + (((o as (m: string) => unknown)('Amount') as number) ?? 0), 0),
      sql: { sqlite: (_a, _s, orders) => orders!.aggregate((o) => sqlFragment`COALESCE(SUM(${o('Amount')}), 0)`) },
    },
  });
  const rows = [
    {
      Id: 1,
      Orders: [
        { Id: 10, Amount: 5, Tenant: 'a' },
        { Id: 11, Amount: 7, Tenant: 'b' },
      ],
    },
    { Id: 2, Orders: [{ Id: 20, Amount: 5, Tenant: 'a' }] },
  ];
  const resource = (rowFilter?: string): QueryResource => ({
    schema: schemaOf(model, 'Customers'),
    key: ['Id'],
    policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
    ...(rowFilter === undefined ? {} : { relations: { Orders: { key: ['Id'], rowFilter } } }),
  });
  const ids = (query: string, rowFilter?: string, data = rows) =>
    applyQuery(data, parseQuery(query, resource(rowFilter)), { functions }).items.map((row) => row.Id);

  it('is given only the rows the row filter keeps: the answer of data without the others', () => {
    expect(ids('$filter=Orders/Shop.Total() eq 12')).toEqual([1]);
    expect(ids('$filter=Orders/Shop.Total() eq 5')).toEqual([2]);
    const hidden = "Tenant eq 'a'";
    const kept = rows.map((r) => ({ ...r, Orders: r.Orders.filter((o) => o.Tenant === 'a') }));
    for (const query of ['$filter=Orders/Shop.Total() eq 12', '$filter=Orders/Shop.Total() eq 5'])
      expect(ids(query, hidden)).toEqual(ids(query, undefined, kept));
    expect(ids('$filter=Orders/Shop.Total() eq 5', hidden)).toEqual([1, 2]);
  });

  it('orders by the call over the kept rows only', () => {
    const hidden = "Tenant eq 'a'";
    const kept = rows.map((r) => ({ ...r, Orders: r.Orders.filter((o) => o.Tenant === 'a') }));
    const query = '$orderby=Orders/Shop.Total() desc,Id desc';
    expect(ids(query)).toEqual([1, 2]);
    expect(ids(query, hidden)).toEqual(ids(query, undefined, kept));
    expect(ids(query, hidden)).toEqual([2, 1]);
  });

  it('is refused on MongoDB, which reads no related row', () => {
    const typed = check('Orders/Shop.Total() eq 5', schemaOf(model, 'Customers'));
    const error = thrownFilterError(() => compileMongo(typed, { functions }));
    expect([error.construct, error.target]).toEqual(['relation', 'mongodb']);
  });

  it('reads the kept rows of a related table in SQL', () => {
    const plan = parseQuery('$filter=Orders/Shop.Total() eq 5', resource("Tenant eq 'a'"));
    const compiled = compileSql(plan.filter!, {
      dialect: sqlite,
      table: 'customers',
      collections: { Orders: { table: 'orders', foreignKey: 'CustomerId', key: 'Id' } },
      functions,
    });
    expect(compiled.sql).toContain('(SELECT COALESCE(SUM(c1."Amount"), 0) FROM orders AS c1 WHERE');
    expect(compiled.sql).toContain('c1."Tenant" = ?');
  });
});

describe('a call bound to a derived type', () => {
  const model = defineModel({
    namespace: 'Staff',
    entityTypes: {
      Employee: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false }, Pay: 'Edm.Int32' } },
      Manager: { baseType: 'Employee', properties: { Budget: 'Edm.Int32' } },
    },
    entitySets: { Employees: { type: 'Employee' } },
    discriminator: { property: 'Kind', values: { Employee: 'E', Manager: 'M' } },
    functions: {
      // Overloaded by binding type: a Manager's own overload wins over its base type's.
      Cost: [
        { bound: true, parameters: { e: 'Employee' }, returnType: 'Edm.Int32' },
        { bound: true, parameters: { m: 'Manager' }, returnType: 'Edm.Int32' },
      ],
      Spare: { bound: true, parameters: { m: 'Manager' }, returnType: 'Edm.Int32' },
      Deputy: { bound: true, parameters: { m: 'Manager' }, returnType: 'Employee' },
    },
  });
  const employees = schemaOf(model, 'Employees');
  const functions = defineFunctions({
    // Which overload was called shows in the result: a Manager's adds its budget.
    'Staff.Cost': { memory: (_, read) => ('Budget' in probe(read) ? 1000 : 0) + (read!('Pay') as number) },
    'Staff.Spare': { memory: (_, read) => (read!('Budget') as number) - (read!('Pay') as number) },
  });
  /** Whether the reader reads a Manager's members: `Budget` is one only where the Manager overload was chosen. */
  function probe(read: ((member: string) => unknown) | undefined): object {
    try {
      read!('Budget');
      return { Budget: true };
    } catch {
      return {};
    }
  }
  const rows = [
    { Id: 1, Kind: 'E', Pay: 10 },
    { Id: 2, Kind: 'M', Pay: 20, Budget: 50 },
  ];
  const ids = (filter: string) =>
    rows.filter(compilePredicate(check(filter, employees), { functions })).map((row) => row.Id);

  it('takes the overload of the type the path is cast to, null for a structure of another type', () => {
    expect(ids('Staff.Cost() eq 10')).toEqual([1]);
    expect(ids('Staff.Cost() eq 20')).toEqual([2]);
    expect(ids('Staff.Manager/Staff.Cost() eq 1020')).toEqual([2]);
    expect(ids('Staff.Manager/Staff.Spare() eq 30')).toEqual([2]);
    expect(ids('Staff.Manager/Staff.Spare() eq null')).toEqual([1]);
  });

  it('refuses a path after a call bound through a type-cast segment', () => {
    expect(issueOf('Staff.Manager/Staff.Deputy()/Pay eq 1', employees)).toEqual({
      code: 'function_result',
      at: 'Staff.Deputy',
      suggestion: undefined,
    });
  });

  it('refuses a function bound to a derived type on its base type, naming the types it is bound to', () => {
    const error = thrownFilterError(() => check('Staff.Spare() eq 1', employees));
    expect(error.issues.map((i) => [i.code, i.message])).toEqual([
      [
        'no_matching_overload',
        "Function 'Staff.Spare' is bound to 'Staff.Manager', not called unbound or on Staff.Employee",
      ],
    ]);
  });
});
