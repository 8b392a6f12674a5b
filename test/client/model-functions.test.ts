// modelFunction(schema, 'Ns.Fn'): calls of a model's functions in the typed builder (docs/client.md,
// "Functions of a model"). Each built tree is the one parse() makes of its printed text, and
// checks as that text does; values beside a call are literals of its parameters' and result's types.

import { describe, expect, it } from 'vitest';
import { check, defineModel, parse, print, schemaOf, withoutSpans } from '../../src/index.js';
import { build, modelFunction, printBuilt, where } from '../../src/client/index.js';
import type { Condition } from '../../src/client/index.js';
import { functionSchema as places } from '../support/function-table.js';
import { parameterSchema } from '../support/parameter-table.js';
import { collectionParameterSchema } from '../support/collection-parameter-table.js';
import { thrown, thrownFilterError } from '../support/thrown.js';
import { shownValue } from '../../src/types/value-literal.js';

// The function table's schema is a model's view: its row is untyped for TypeScript.
type Loose = Record<string, any>;
const distance = modelFunction<'Edm.Double'>(places, 'Geo.Distance');
const near = modelFunction<'Edm.Double'>(places, 'Geo.Near');
const shift = modelFunction<'Edm.Int32'>(places, 'Geo.Shift');
const initial = modelFunction<'Edm.String'>(places, 'Geo.Initial');
const countOver = modelFunction<'Edm.Int32'>(places, 'Geo.CountOver');
const isNorth = modelFunction<'Edm.Boolean'>(places, 'Geo.IsNorth');
const sidesOf = modelFunction<'Edm.Int32'>(places, 'Geo.SidesOf');

const cases: readonly (readonly [string, (p: Loose) => Condition])[] = [
  [
    'Geo.Distance(FromLat=Lat, FromLon=Lon, ToLat=0, ToLon=1.5) lt 5',
    (p) => distance({ FromLat: p.Lat, FromLon: p.Lon, ToLat: 0, ToLon: 1.5 }).lt(5),
  ],
  ['Geo.Shift(By=1, Times=Qty) eq 2', (p) => shift({ By: 1, Times: p.Qty }).eq(2)],
  ['$it/Geo.Shift(By=-1) gt 0', (p) => shift({ By: -1 }, p).gt(0)],
  ['Home/Geo.Near(Lat=11, Lon=21) eq 0', (p) => near({ Lat: 11, Lon: 21 }, p.Home).eq(0)],
  ["Name/Geo.Initial() eq 'A'", (p) => initial({}, p.Name).eq('A')],
  ['Stops/any(s: s/Geo.Near(Lat=0, Lon=0) lt 1)', (p) => p.Stops.any((s: Loose) => near({ Lat: 0, Lon: 0 }, s).lt(1))],
  ['Scores/Geo.CountOver(Min=3) eq 2', (p) => countOver({ Min: 3 }, p.Scores).eq(2)],
  ['Scores/any(s: s/Geo.CountOver(Min=6) eq 1)', (p) => p.Scores.any((s: Loose) => countOver({ Min: 6 }, s).eq(1))],
  // An enumeration result compares with a value of its type, written as its type's literal.
  ["Geo.SidesOf() eq Geo.Sides'North'", () => sidesOf({}).eq('North' as never)],
  [
    'Geo.IsNorth(Lat=Geo.Distance(FromLat=Lat, FromLon=0, ToLat=0, ToLon=0))',
    (p) => isNorth({ Lat: distance({ FromLat: p.Lat, FromLon: 0, ToLat: 0, ToLon: 0 }) }),
  ],
];

describe('a call of a model function, built', () => {
  it.each(cases)('%s', (text, predicate) => {
    const tree = build(places, predicate as never);
    expect(printBuilt(tree)).toBe(text);
    expect(print(parse(text))).toBe(text);
    expect(withoutSpans(tree)).toEqual(withoutSpans(parse(text)));
    expect(() => check(tree, places)).not.toThrow();
  });

  it('writes a value as a literal of its parameter, and one compared as the result', () => {
    expect(where(places, ((p: Loose) => shift({ By: 2 }, p).eq(3)) as never).text).toBe('$it/Geo.Shift(By=2) eq 3');
    const error = thrownFilterError(() => build(places, ((p: Loose) => shift({ By: 'two' }, p).eq(3)) as never));
    expect([error.kind, error.issues[0]!.code]).toEqual(['type', 'value_does_not_fit']);
    expect(error.text).toBe('$it/Geo.Shift(By=${0}) eq ${1}');
    expect(error.issues).toHaveLength(1);
  });

  it('leaves which overload a call is to check(), as for the text', () => {
    const tree = build(places, ((p: Loose) => shift({ By: p.Qty, Nope: p.Qty }).eq(p.Qty)) as never);
    expect(printBuilt(tree)).toBe('Geo.Shift(By=Qty, Nope=Qty) eq Qty');
    expect(thrownFilterError(() => check(tree, places)).issues[0]!.code).toBe('unknown_parameter');
  });

  it("types the values by the overload bound to the collection's elements or the structure's type", () => {
    const model = defineModel({
      namespace: 'N',
      complexTypes: { Pt: { properties: { Lat: 'Edm.Double' } } },
      entityTypes: {
        P: {
          key: ['Id'],
          properties: {
            Id: { type: 'Edm.Int32', nullable: false },
            Home: 'Pt',
            Tags: { type: 'Edm.String', collection: true },
            Scores: { type: 'Edm.Int32', collection: true },
          },
        },
      },
      entitySets: { Ps: { type: 'P' } },
      functions: {
        // The same parameter names, bound to collections of two types, or to two structures.
        F: [
          {
            bound: true,
            parameters: { c: { type: 'Edm.Int32', collection: true }, X: 'Edm.Int32' },
            returnType: 'Edm.Int32',
          },
          {
            bound: true,
            parameters: { c: { type: 'Edm.String', collection: true }, X: 'Edm.String' },
            returnType: 'Edm.String',
          },
        ],
        H: [
          { bound: true, parameters: { p: 'P', X: 'Edm.Int32' }, returnType: 'Edm.Int32' },
          { bound: true, parameters: { p: 'Pt', X: 'Edm.String' }, returnType: 'Edm.String' },
        ],
      },
    });
    const ps = schemaOf(model, 'Ps');
    const f = modelFunction(ps, 'N.F');
    const h = modelFunction(ps, 'N.H');
    for (const [text, predicate] of [
      ['Scores/N.F(X=1) eq 2', (p: Loose) => f({ X: 1 }, p.Scores).eq(2)],
      ["Tags/N.F(X='a') eq 'b'", (p: Loose) => f({ X: 'a' }, p.Tags).eq('b')],
      ['$it/N.H(X=1) eq 2', (p: Loose) => h({ X: 1 }, p).eq(2)],
      ["Home/N.H(X='a') eq 'b'", (p: Loose) => h({ X: 'a' }, p.Home).eq('b')],
    ] as const) {
      const built = where(ps, predicate as never);
      expect(built.text).toBe(text);
      expect(() => check(built.text, ps)).not.toThrow();
    }
  });

  it('refuses a name the model does not declare, and a binding that is no operand', () => {
    expect((thrown(() => modelFunction(places, 'Geo.Distanse')) as TypeError).message).toBe(
      'the string "Geo.Distanse" is no function of the model of Place; its functions are Geo.Distance, Geo.Scaled, Geo.Shift, Geo.Near, Geo.Initial, Geo.Minutes, Geo.IsNorth, Geo.Nearest, Geo.Around, Geo.CountOver, Geo.Total, Geo.SidesOf, Geo.Mirror, Geo.Tags',
    );
    expect((thrown(() => build(places, () => shift({ By: 1 }, 5) as never)) as TypeError).message).toBe(
      'Geo.Shift() is bound to a property, a structure or a collection, not the number 5',
    );
  });
});

describe('an argument of an enumeration parameter, built', () => {
  const flag = modelFunction<'Edm.Int32'>(parameterSchema, 'Air.Flag');
  const fare = modelFunction<'Edm.Int32'>(parameterSchema, 'Air.Fare');

  it.each<[string, (p: Loose) => Condition]>([
    // A value given as member names is written as the type's literal; a property as itself.
    ["Air.Flag(Feature=Air.Feature'Meals') eq 2", () => flag({ Feature: 'Meals' }).eq(2)],
    ["Air.Flag(Feature=Air.Feature'Wifi,Power') eq 5", () => flag({ Feature: 'Wifi,Power' }).eq(5)],
    ['Air.Flag(Feature=Features) eq 3', (p) => flag({ Feature: p.Features }).eq(3)],
    ['Cabins/any(c: $it/Air.Fare(Class=c) eq 20)', (p) => p.Cabins.any((c: Loose) => fare({ Class: c }, p).eq(20))],
  ])('%s', (text, predicate) => {
    const built = where(parameterSchema, predicate as never);
    expect(built.text).toBe(text);
    expect(() => check(built.text, parameterSchema)).not.toThrow();
  });

  it('refuses a value no member names, as a literal of the type is', () => {
    const error = thrownFilterError(() => where(parameterSchema, (() => flag({ Feature: 'Wify' }).eq(1)) as never));
    expect([error.kind, error.issues[0]!.code]).toEqual(['type', 'unknown_enum_member']);
  });
});

describe('an argument of a structure parameter, built', () => {
  const model = defineModel({
    namespace: 'Trip',
    enumTypes: { Kind: { members: { Home: 1, Work: 2 } } },
    complexTypes: {
      Point: { properties: { X: 'Edm.Int32', Y: 'Edm.Decimal' } },
      Place: {
        properties: { City: 'Edm.String', Key: 'Edm.Guid', At: 'Edm.DateTimeOffset', Kind: 'Kind', Geo: 'Point' },
      },
    },
    entityTypes: {
      Stop: {
        key: ['Id'],
        properties: {
          Id: { type: 'Edm.Int32', nullable: false },
          Home: 'Place',
          Visits: { type: 'Place', collection: true },
        },
      },
    },
    entitySets: { Stops: { type: 'Stop' } },
    functions: {
      Describe: { parameters: { At: 'Place' }, returnType: 'Edm.String' },
      Apart: { parameters: { A: 'Point', B: 'Point' }, returnType: 'Edm.Int32' },
    },
  });
  const stops = schemaOf(model, 'Stops');
  const describeAt = modelFunction<'Edm.String'>(stops, 'Trip.Describe');
  const apart = modelFunction<'Edm.Int32'>(stops, 'Trip.Apart');
  const place = {
    City: "O'slo",
    Key: '01234567-89ab-cdef-0123-456789abcdef',
    At: new Date('2024-05-01T10:00:00Z'),
    Kind: 'Work',
    Geo: { X: 1, Y: 2.5 },
  };

  it.each<[string, (p: Loose) => Condition]>([
    // A structure's view is its path; a plain object the JSON object of its members, each written
    // as its member's type reads it in a JSON object; null as null.
    ["Trip.Describe(At=Home) eq 'x'", (p) => describeAt({ At: p.Home }).eq('x')],
    [
      'Trip.Describe(At={"City":"O\'slo","Key":"01234567-89ab-cdef-0123-456789abcdef","At":"2024-05-01T10:00:00.000Z","Kind":"Work","Geo":{"X":1,"Y":2.5}}) eq \'x\'',
      () => describeAt({ At: place }).eq('x'),
    ],
    ['Trip.Apart(A={"X":1,"Y":null}, B=Home/Geo) eq 0', (p) => apart({ A: { X: 1, Y: null }, B: p.Home.Geo }).eq(0)],
    [
      'Visits/any(v: Trip.Apart(A=v/Geo, B=null) eq 0)',
      (p) => p.Visits.any((v: Loose) => apart({ A: v.Geo, B: null }).eq(0)),
    ],
  ])('%s', (text, predicate) => {
    const tree = build(stops, predicate as never);
    expect(printBuilt(tree)).toBe(text);
    expect(withoutSpans(tree)).toEqual(withoutSpans(parse(text)));
    expect(where(stops, predicate as never).text).toBe(text);
  });

  it('refuses an object that lacks a member or names one the type does not have, and a value no member takes', () => {
    const { City, ...noCity } = place;
    expect((thrown(() => build(stops, () => describeAt({ At: noCity }).eq('x'))) as TypeError).message).toBe(
      "Trip.Describe()'s At gives every member of Trip.Place; it lacks City",
    );
    expect(
      (thrown(() => build(stops, () => describeAt({ At: { ...place, Town: City } }).eq('x'))) as TypeError).message,
    ).toBe(
      'Trip.Describe()\'s At: Trip.Place has no member the string "Town"; its members are City, Key, At, Kind, Geo',
    );
    expect(
      (thrown(() => build(stops, () => describeAt({ At: { ...place, Geo: 5 } }).eq('x'))) as TypeError).message,
    ).toBe("Trip.Describe()'s At: Trip.Place/Geo is a structure, given as an object or null");
    expect((thrown(() => build(stops, () => describeAt({ At: 'Oslo' }).eq('x'))) as TypeError).message).toBe(
      `Trip.Describe()'s At is a Trip.Place: an object of its members, a structure of the row or of a lambda's element, or null; not the string "Oslo"`,
    );
    const inWhere = thrownFilterError(() => where(stops, () => describeAt({ At: { ...place, City: 1 } }).eq('x')));
    expect(inWhere.issues.map((i) => i.code)).toEqual(['value_does_not_fit']);
    const error = thrownFilterError(() => build(stops, () => describeAt({ At: { ...place, Kind: 'Wrok' } }).eq('x')));
    expect(error.issues.map((i) => i.code)).toEqual(['value_does_not_fit']);
    expect(error.issues[0]!.message).toContain("'Wrok' names no value of Trip.Kind");
    // The value is shown where it stands, inside the object.
    expect(error.text).toBe(
      'Trip.Describe(At={"City":${0},"Key":${1},"At":${2},"Kind":${3},"Geo":{"X":${4},"Y":${5}}}) eq ${6}',
    );
    expect(error.issues[0]!.start).toBe(error.text!.indexOf('${3}'));
  });
});

describe('an argument of a collection parameter, built', () => {
  const tally = modelFunction<'Edm.String'>(collectionParameterSchema, 'Bag.Tally');
  const mixed = modelFunction<'Edm.Int32'>(collectionParameterSchema, 'Bag.Mixed');
  const earliest = modelFunction<'Edm.Date'>(collectionParameterSchema, 'Bag.Earliest');
  const among = modelFunction<'Edm.Boolean'>(collectionParameterSchema, 'Bag.Among');
  const route = modelFunction<'Edm.String'>(collectionParameterSchema, 'Bag.Route');

  it.each<[string, (p: Loose) => Condition]>([
    // A collection's view is its path; an array the JSON array of its values, each written as JSON
    // holds a value of the element type; null as null.
    ["Bag.Tally(Of=Scores) eq '2:3'", (p) => tally({ Of: p.Scores }).eq('2:3')],
    ["Bag.Tally(Of=[1,null,-2]) eq '3:-1'", () => tally({ Of: [1, null, -2] }).eq('3:-1')],
    ["Bag.Tally(Of=[]) eq '0:0'", () => tally({ Of: [] }).eq('0:0')],
    ['Bag.Tally(Of=null) eq null', () => tally({ Of: null }).eq(null)],
    ['Bag.Mixed(Of=["Red","Green,Blue"]) eq 7', () => mixed({ Of: ['Red', 'Green,Blue'] }).eq(7)],
    ['Bag.Earliest(Of=["2024-05-01"]) eq 2024-05-01', () => earliest({ Of: ['2024-05-01'] }).eq('2024-05-01')],
    [
      'Visits/any(v: Bag.Among(Value=Id, Of=v/Marks))',
      (p) => p.Visits.any((v: Loose) => among({ Value: p.Id, Of: v.Marks })),
    ],
    // Of structures, each object the JSON object of its members.
    [
      `Bag.Route(Of=[{"Place":"a","Tint":"Red","At":{"X":1}},null]) eq ''`,
      () => route({ Of: [{ Place: 'a', Tint: 'Red', At: { X: 1 } }, null] }).eq(''),
    ],
    ["Bag.Route(Of=Stops) eq ''", (p) => route({ Of: p.Stops }).eq('')],
  ])('%s', (text, predicate) => {
    const tree = build(collectionParameterSchema, predicate as never);
    expect(printBuilt(tree)).toBe(text);
    expect(withoutSpans(tree)).toEqual(withoutSpans(parse(text)));
    expect(where(collectionParameterSchema, predicate as never).text).toBe(text);
  });

  it('refuses an item that is no value of the element type, where it stands', () => {
    const error = thrownFilterError(() => build(collectionParameterSchema, () => tally({ Of: [1, 'two'] }).eq('x')));
    expect(error.issues.map((i) => i.code)).toEqual(['value_does_not_fit']);
    expect(error.text).toBe('Bag.Tally(Of=[${0},${1}]) eq ${2}');
    expect(error.issues[0]!.start).toBe(error.text!.indexOf('${1}'));
  });

  it('refuses a misfit inside the array through where() as build() does, where it stands', () => {
    for (const run of [build, where]) {
      const error = thrownFilterError(() =>
        run(collectionParameterSchema, (() => tally({ Of: [1.5] }).eq('x')) as never),
      );
      expect([error.kind, ...error.issues.map((i) => i.code)]).toEqual(['type', 'value_does_not_fit']);
      expect(error.text).toBe('Bag.Tally(Of=[${0}]) eq ${1}');
    }
  });

  it('refuses a value that is no collection by a TypeError naming the parameter', () => {
    for (const value of [{ a: 1 }, '[1]', 5])
      expect(
        (thrown(() => build(collectionParameterSchema, () => tally({ Of: value }).eq('x'))) as TypeError).message,
      ).toBe(
        `Bag.Tally()'s Of is a Collection(Edm.Int32): an array, a collection of the row or of a lambda's element, or null; not ${shownValue(value)}`,
      );
  });

  it('refuses an item of a collection of structures that is no object, naming it by its index', () => {
    const message = (value: unknown) =>
      (thrown(() => build(collectionParameterSchema, () => route({ Of: value }).eq('x'))) as TypeError).message;
    expect(message([null, 5])).toBe(
      "Bag.Route()'s Of[1] is a Bag.Stop: an object of its members, or null; not the number 5",
    );
    expect(message([{ Place: 'a' }])).toBe("Bag.Route()'s Of[0] gives every member of Bag.Stop; it lacks Tint, At");
    expect(message({ Place: 'a' })).toMatch(/^Bag.Route\(\)'s Of is a Collection\(Bag.Stop\): an array of objects/);
    // A sparse array's hole reads as undefined, named as such.
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is refused
    expect(message([, null])).toBe(
      "Bag.Route()'s Of[0] is a Bag.Stop: an object of its members, or null; not undefined",
    );
    expect(message([null, undefined])).toBe(
      "Bag.Route()'s Of[1] is a Bag.Stop: an object of its members, or null; not undefined",
    );
  });

  it('refuses a collection whose elements are of another type, as check() would', () => {
    const message = (predicate: (p: Loose) => Condition) =>
      (thrown(() => build(collectionParameterSchema, predicate as never)) as TypeError).message;
    expect(message((p) => route({ Of: p.Visits }).eq(''))).toBe(
      "Bag.Route()'s Of is a Collection(Bag.Stop); Visits is a Collection(Bag.Visit)",
    );
    expect(message((p) => tally({ Of: p.Tags }).eq(''))).toBe(
      "Bag.Tally()'s Of is a Collection(Edm.Int32); Tags is a Collection(Edm.String)",
    );
    expect(message((p) => tally({ Of: p.Stops }).eq(''))).toBe(
      "Bag.Tally()'s Of is a Collection(Edm.Int32); Stops is a Collection(Bag.Stop)",
    );
    // What check() says of the same text.
    const checked = thrownFilterError(() => check("Bag.Route(Of=Visits) eq ''", collectionParameterSchema));
    expect(checked.issues.map((issue) => issue.code)).toEqual(['wrong_argument_type']);
  });

  it("refuses a sparse array's hole as the undefined value it reads as", () => {
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is refused
    const sparse = [1, , 2];
    const error = thrownFilterError(() => build(collectionParameterSchema, () => tally({ Of: sparse }).eq('x')));
    expect(error.issues.map((i) => i.code)).toEqual(['value_does_not_fit']);
    expect(error.text).toBe('Bag.Tally(Of=[${0},${1},${2}]) eq ${3}');
    expect(error.issues[0]!.start).toBe(error.text!.indexOf('${1}'));
  });
});
