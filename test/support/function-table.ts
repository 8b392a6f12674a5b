// The function-call table (docs/semantics.md §15): a model declaring functions — unbound, bound to
// the entity, to a complex type, to a primitive, to a collection, overloaded by binding type and
// by parameter names — a registry implementing each on every backend, rows, and filters with the
// ids they must match, written from what the implementations compute. The implementations agree by
// construction (|a - b| sums, products, sums, a first character); the table proves the plumbing:
// arguments typed, bound and named, overloads chosen, bindings read, null bindings null, and
// collections passed whole (a null one as empty).

import { defineFunctions, defineModel, defineSchema, schemaOf } from '../../src/index.js';
import type { Schema, SqlElements } from '../../src/index.js';
import { type SqlFragment, sqlFragment } from '../../src/backends/sql/index.js';
import type { EvalRow } from './eval-table.js';

export const functionModel = defineModel({
  namespace: 'Geo',
  complexTypes: { Point: { properties: { Lat: 'Edm.Double', Lon: 'Edm.Double' } } },
  entityTypes: {
    Place: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Name: 'Edm.String',
        Lat: 'Edm.Double',
        Lon: 'Edm.Double',
        Qty: 'Edm.Int32',
        Home: 'Point',
        Stops: { type: 'Point', collection: true },
        Scores: { type: 'Edm.Int32', collection: true },
      },
    },
  },
  enumTypes: { Sides: { members: { North: 1, East: 2 }, flags: true } },
  entitySets: { Places: { type: 'Place' } },
  functions: {
    Distance: {
      parameters: { FromLat: 'Edm.Double', FromLon: 'Edm.Double', ToLat: 'Edm.Double', ToLon: 'Edm.Double' },
      returnType: 'Edm.Double',
    },
    Scaled: { bound: true, parameters: { place: 'Place', Factor: 'Edm.Double' }, returnType: 'Edm.Double' },
    Shift: [
      { bound: true, parameters: { place: 'Place', By: 'Edm.Int32' }, returnType: 'Edm.Int32' },
      { bound: true, parameters: { place: 'Place', By: 'Edm.Int32', Times: 'Edm.Int32' }, returnType: 'Edm.Int32' },
    ],
    Near: [
      { bound: true, parameters: { place: 'Place', Lat: 'Edm.Double', Lon: 'Edm.Double' }, returnType: 'Edm.Double' },
      { bound: true, parameters: { point: 'Point', Lat: 'Edm.Double', Lon: 'Edm.Double' }, returnType: 'Edm.Double' },
    ],
    Initial: { bound: true, parameters: { text: 'Edm.String' }, returnType: 'Edm.String' },
    // A Duration: Qty minutes, compared with finer literals.
    Minutes: { bound: true, parameters: { place: 'Place' }, returnType: 'Edm.Duration' },
    IsNorth: { parameters: { Lat: 'Edm.Double' }, returnType: 'Edm.Boolean' },
    Nearest: { parameters: { Lat: 'Edm.Double' }, returnType: 'Place' },
    Around: { bound: true, parameters: { place: 'Place' }, returnType: { type: 'Point', collection: true } },
    // One name bound to a collection of Int32 and to one Int32: how many of them are at least Min.
    CountOver: [
      {
        bound: true,
        parameters: { scores: { type: 'Edm.Int32', collection: true }, Min: 'Edm.Int32' },
        returnType: 'Edm.Int32',
      },
      { bound: true, parameters: { score: 'Edm.Int32', Min: 'Edm.Int32' }, returnType: 'Edm.Int32' },
    ],
    // The sum of the points' latitudes that are not null; null where none is.
    Total: { bound: true, parameters: { points: { type: 'Point', collection: true } }, returnType: 'Edm.Double' },
    // Results read by what follows the call: an enumeration value, structures, collections.
    SidesOf: { bound: true, parameters: { place: 'Place' }, returnType: 'Sides' },
    Mirror: { bound: true, parameters: { point: 'Point' }, returnType: 'Point' },
    Tags: { bound: true, parameters: { place: 'Place' }, returnType: { type: 'Edm.String', collection: true } },
  },
});

export const functionSchema: Schema = schemaOf(functionModel, 'Places');

const POINT = { properties: { Lat: 'Edm.Double', Lon: 'Edm.Double' } } as const;

/** The rows' storage: the same properties, as columns and fields. */
export const functionStorageSchema: Schema = defineSchema({
  name: 'Place',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Lat: 'Edm.Double',
    Lon: 'Edm.Double',
    Qty: 'Edm.Int32',
    Home: POINT,
    Stops: { collection: POINT },
    Scores: { collection: 'Edm.Int32' },
  },
});

export const functionRows: readonly EvalRow[] = [
  {
    Id: 1,
    Name: 'Ann',
    Lat: 10,
    Lon: 20,
    Qty: 1,
    Home: { Lat: 11, Lon: 21 },
    Stops: [{ Lat: 0, Lon: 0.5 }],
    Scores: [1, 5, 3],
  },
  { Id: 2, Name: 'Bo', Lat: -5, Lon: 3, Qty: 2, Home: null, Stops: [], Scores: [] },
  {
    Id: 3,
    Name: null,
    Lat: null,
    Lon: 4,
    Qty: null,
    Home: { Lat: null, Lon: 5 },
    Stops: [{ Lat: 5, Lon: 5 }],
    Scores: null,
  },
  {
    Id: 4,
    Name: 'Cy',
    Lat: 0.5,
    Lon: 0.5,
    Qty: 10,
    Home: { Lat: 0, Lon: 0 },
    Stops: [{ Lat: 1, Lon: 1 }],
    Scores: [7, null, 2],
  },
];

type Args<V> = { readonly [parameter: string]: V };
type Reader<V> = ((member: string) => V) | undefined;

const n = (v: unknown): number | null => (v === null ? null : (v as number));
const neg = (v: unknown): number | null => (v === null ? null : -(v as number));
/** |a - c| + |b - d|, null with any operand. */
const manhattan = (a: unknown, b: unknown, c: unknown, d: unknown): number | null =>
  [a, b, c, d].some((v) => v === null) ? null : Math.abs(n(a)! - n(c)!) + Math.abs(n(b)! - n(d)!);

const sqlManhattan = (a: SqlFragment, b: SqlFragment, c: SqlFragment, d: SqlFragment): SqlFragment =>
  sqlFragment`(ABS(${a} - ${c}) + ABS(${b} - ${d}))`;
const mongoManhattan = (a: unknown, b: unknown, c: unknown, d: unknown): unknown => ({
  $add: [{ $abs: { $subtract: [a, c] } }, { $abs: { $subtract: [b, d] } }],
});

type SqlImplementation = (
  args: Args<SqlFragment>,
  structure: Reader<SqlFragment>,
  collection: SqlElements<SqlFragment> | undefined,
) => SqlFragment;

/** Each SQL dialect alike. */
export const everyDialect = (render: SqlImplementation): { readonly [dialect: string]: SqlImplementation } => ({
  postgres: render,
  sqlite: render,
  mysql: render,
});

const near = {
  memory: (a: Args<unknown>, s: Reader<unknown>) => manhattan(s!('Lat'), s!('Lon'), a.Lat, a.Lon),
  sql: everyDialect((a, s) => sqlManhattan(s!('Lat'), s!('Lon'), a.Lat!, a.Lon!)),
  mongo: (a: Args<unknown>, s: Reader<unknown>) => mongoManhattan(s!('Lat'), s!('Lon'), a.Lat, a.Lon),
};

/** Whether v is a number of at least min: never for a null of either. */
const atLeast = (v: unknown, min: unknown): boolean => v !== null && min !== null && n(v)! >= n(min)!;
/** The Mongo form of atLeast: aggregation orders null below every number, so both are tested. */
const mongoAtLeast = (v: unknown, min: unknown): unknown => ({
  $and: [{ $ne: [{ $ifNull: [v, null] }, null] }, { $ne: [{ $ifNull: [min, null] }, null] }, { $gte: [v, min] }],
});

export const functionRegistry = defineFunctions({
  'Geo.Distance': {
    memory: (a) => manhattan(a.FromLat, a.FromLon, a.ToLat, a.ToLon),
    sql: everyDialect((a) => sqlManhattan(a.FromLat!, a.FromLon!, a.ToLat!, a.ToLon!)),
    mongo: (a) => mongoManhattan(a.FromLat, a.FromLon, a.ToLat, a.ToLon),
  },
  'Geo.Scaled': {
    memory: (a, s) => (s!('Lat') === null || a.Factor === null ? null : n(s!('Lat'))! * n(a.Factor)!),
    sql: everyDialect((a, s) => sqlFragment`(${s!('Lat')} * ${a.Factor!})`),
    mongo: (a, s) => ({ $multiply: [s!('Lat'), a.Factor] }),
  },
  // Both overloads: Qty + By × (Times, else 1).
  'Geo.Shift': {
    memory: (a, s) =>
      s!('Qty') === null || a.By === null ? null : n(s!('Qty'))! + n(a.By)! * ('Times' in a ? n(a.Times)! : 1),
    sql: everyDialect((a, s) =>
      'Times' in a ? sqlFragment`(${s!('Qty')} + ${a.By!} * ${a.Times!})` : sqlFragment`(${s!('Qty')} + ${a.By!})`,
    ),
    mongo: (a, s) => ({ $add: [s!('Qty'), 'Times' in a ? { $multiply: [a.By, a.Times] } : a.By] }),
  },
  'Geo.Near': near,
  // A Boolean, null for a null latitude.
  'Geo.IsNorth': {
    memory: (a) => (a.Lat === null ? null : n(a.Lat)! > 0),
    sql: everyDialect((a) => sqlFragment`(${a.Lat!} > 0)`),
    mongo: (a) => ({ $cond: [{ $eq: [{ $ifNull: [a.Lat, null] }, null] }, null, { $gt: [a.Lat, 0] }] }),
  },
  // Both overloads: a collection's elements counted, or one value as 0 or 1.
  'Geo.CountOver': {
    memory: (a, _s, c) =>
      c === undefined ? (atLeast(a.score, a.Min) ? 1 : 0) : c.filter((v) => atLeast(v, a.Min)).length,
    sql: everyDialect((a, _s, c) =>
      c === undefined
        ? sqlFragment`(CASE WHEN ${a.score!} >= ${a.Min!} THEN 1 ELSE 0 END)`
        : c.aggregate((e) => sqlFragment`COUNT(CASE WHEN ${e()} >= ${a.Min!} THEN 1 END)`),
    ),
    mongo: (a, _s, c) =>
      c === undefined
        ? { $cond: [mongoAtLeast(a.score, a.Min), 1, 0] }
        : { $size: { $filter: { input: c.elements, as: 'v', cond: mongoAtLeast('$$v', a.Min) } } },
  },
  'Geo.Total': {
    memory: (_a, _s, c) => {
      const lats = c!.map((point) => (point as (member: string) => unknown)('Lat')).filter((v) => v !== null);
      return lats.length === 0 ? null : lats.reduce((sum: number, v) => sum + n(v)!, 0);
    },
    sql: everyDialect((_a, _s, c) => c!.aggregate((e) => sqlFragment`SUM(${e('Lat')})`)),
    mongo: (_a, _s, c) => {
      const lats = {
        $filter: { input: c!.map((e) => e('Lat')), as: 'v', cond: { $ne: [{ $ifNull: ['$$v', null] }, null] } },
      };
      const sum = { $reduce: { input: lats, initialValue: 0, in: { $add: ['$$value', '$$this'] } } };
      return { $cond: [{ $eq: [{ $size: lats }, 0] }, null, sum] };
    },
  },
  // The sides of the equator and meridian the place is on, as a row holds them: by name in memory
  // (`'North,East'`), by value on the engines; null for a null latitude.
  'Geo.SidesOf': {
    memory: (_a, s) => {
      const [lat, lon] = [n(s!('Lat')), n(s!('Lon'))];
      if (lat === null) return null;
      const names = [...(lat > 0 ? ['North'] : []), ...(lon !== null && lon > 0 ? ['East'] : [])];
      return names.length === 0 ? 0 : names.join(',');
    },
    sql: everyDialect(
      (_a, s) =>
        sqlFragment`(CASE WHEN ${s!('Lat')} IS NULL THEN NULL ELSE (CASE WHEN ${s!('Lat')} > 0 THEN 1 ELSE 0 END) + (CASE WHEN ${s!('Lon')} > 0 THEN 2 ELSE 0 END) END)`,
    ),
    mongo: (_a, s) => ({
      $cond: [
        { $eq: [{ $ifNull: [s!('Lat'), null] }, null] },
        null,
        { $add: [{ $cond: [{ $gt: [s!('Lat'), 0] }, 1, 0] }, { $cond: [{ $gt: [s!('Lon'), 0] }, 2, 0] }] },
      ],
    }),
  },
  // A point's mirror image through the origin, members null where the point's are.
  'Geo.Mirror': {
    memory: (_a, s) => ({ Lat: neg(s!('Lat')), Lon: neg(s!('Lon')) }),
    mongo: (_a, s) => ({ Lat: { $multiply: [s!('Lat'), -1] }, Lon: { $multiply: [s!('Lon'), -1] } }),
  },
  // The place's name and the name with '!': none for a null name.
  'Geo.Tags': {
    memory: (_a, s) => (s!('Name') === null ? null : [s!('Name'), `${s!('Name')}!`]),
    mongo: (_a, s) => ({
      $cond: [{ $eq: [{ $ifNull: [s!('Name'), null] }, null] }, null, [s!('Name'), { $concat: [s!('Name'), '!'] }]],
    }),
  },
  // The place nearest a latitude: one named 'N' north of the equator, else 'S'; null for a null latitude.
  'Geo.Nearest': {
    memory: (a) => {
      const lat = n(a.Lat);
      if (lat === null) return null;
      return {
        Id: 0,
        Name: lat > 0 ? 'N' : 'S',
        Lat: lat,
        Home: { Lat: lat, Lon: 0 },
        Stops: [{ Lat: lat, Lon: 0 }],
        Scores: [1, 2],
      };
    },
    mongo: (a) => ({
      $cond: [
        { $eq: [{ $ifNull: [a.Lat, null] }, null] },
        null,
        {
          Id: 0,
          Name: { $cond: [{ $gt: [a.Lat, 0] }, 'N', 'S'] },
          Lat: a.Lat,
          Home: { Lat: a.Lat, Lon: 0 },
          Stops: [{ Lat: a.Lat, Lon: 0 }],
          Scores: [1, 2],
        },
      ],
    }),
  },
  // The place and the point on the equator below it; none for a null latitude.
  'Geo.Around': {
    memory: (_a, s) =>
      s!('Lat') === null
        ? null
        : [
            { Lat: s!('Lat'), Lon: s!('Lon') },
            { Lat: 0, Lon: s!('Lon') },
          ],
    mongo: (_a, s) => ({
      $cond: [
        { $eq: [{ $ifNull: [s!('Lat'), null] }, null] },
        null,
        [
          { Lat: s!('Lat'), Lon: s!('Lon') },
          { Lat: 0, Lon: s!('Lon') },
        ],
      ],
    }),
  },
  'Geo.Minutes': {
    memory: (_a, s) => (s!('Qty') === null ? null : n(s!('Qty'))! * 60_000),
    sql: everyDialect((_a, s) => sqlFragment`(${s!('Qty')} * 60000)`),
    mongo: (_a, s) => ({ $multiply: [s!('Qty'), 60_000] }),
  },
  'Geo.Initial': {
    memory: (a) => (a.text === null ? null : (a.text as string).slice(0, 1)),
    sql: {
      postgres: (a) => sqlFragment`SUBSTRING(${a.text!} FROM 1 FOR 1)`,
      sqlite: (a) => sqlFragment`substr(${a.text!}, 1, 1)`,
      mysql: (a) => sqlFragment`SUBSTRING(${a.text!}, 1, 1)`,
    },
    mongo: (a) => ({ $substrCP: [a.text, 0, 1] }),
  },
});

const table: readonly (readonly [string, readonly number[]])[] = [
  // Unbound, its arguments by name in any order; a null argument reaches the implementation.
  ['Geo.Distance(FromLat=Lat, FromLon=Lon, ToLat=0, ToLon=0) lt 5', [4]],
  ['Geo.Distance(ToLon=0, ToLat=0, FromLon=Lon, FromLat=Lat) lt 10', [2, 4]],
  ['Geo.Distance(FromLat=Lat, FromLon=Lon, ToLat=0, ToLon=0) eq null', [3]],
  ['Geo.Distance(FromLat=Lat, FromLon=Lon, ToLat=null, ToLon=0) eq null', [1, 2, 3, 4]],
  // Bound to the resource, at a path's head or through $it; an Int32 argument promoted to Double.
  ['Geo.Scaled(Factor=2) gt 1', [1]],
  ['$it/Geo.Scaled(Factor=2) gt 1', [1]],
  ['Geo.Scaled(Factor=Qty) ge 10', [1]],
  // A Duration result compared with finer literals, exactly on whole milliseconds.
  ["Geo.Minutes() gt duration'PT1M0.0000005S'", [2, 4]],
  ["Geo.Minutes() le duration'PT2M0.0005S'", [1, 2]],
  // Overloads by parameter names.
  ['Geo.Shift(By=1) eq 2', [1]],
  ['Geo.Shift(By=1, Times=3) gt 4', [2, 4]],
  ['Geo.Shift(Times=3, By=1) gt 4', [2, 4]],
  // Overloads by binding type: the entity's (Place: Lat 10, Lon 20) and the complex value's (Home).
  ['Geo.Near(Lat=11, Lon=21) eq 2', [1]],
  ['Home/Geo.Near(Lat=11, Lon=21) eq 0', [1]],
  // A null binding gives null; a null member the implementation reads is its business.
  ['Home/Geo.Near(Lat=0, Lon=0) eq null', [2, 3]],
  ['Home/Geo.Near(Lat=0, Lon=0) ne null', [1, 4]],
  // Bound to a primitive value.
  ["Name/Geo.Initial() eq 'A'", [1]],
  ['Name/Geo.Initial() eq null', [3]],
  ["Name/Geo.Initial() in ('B', 'C')", [2, 4]],
  // Bound to a lambda's element.
  ['Stops/any(s: s/Geo.Near(Lat=0, Lon=0) lt 1)', [1]],
  ['Stops/all(s: s/Geo.Near(Lat=0, Lon=0) le 2)', [1, 2, 4]],
  // A Boolean result as a condition, negated (null stays null: no row), and tested for null.
  ['Geo.IsNorth(Lat=Lat)', [1, 4]],
  ['not Geo.IsNorth(Lat=Lat)', [2]],
  ['Geo.IsNorth(Lat=Lat) eq null', [3]],
  ['Geo.IsNorth(Lat=Lat) and Geo.Shift(By=1) gt 5', [4]],
  // A call as any operand of its type: an argument of another call, in arithmetic, negated.
  ['Geo.Distance(FromLat=Geo.Scaled(Factor=1), FromLon=0, ToLat=0, ToLon=0) lt 1', [4]],
  ['Geo.Shift(By=1) add 1 eq 3', [1]],
  // An order comparison with null is false (§2), so its negation holds where the call is null.
  ['not (Geo.Scaled(Factor=2) gt 1)', [2, 3, 4]],
  // Bound to a collection, passed whole: an empty, null or missing one has no elements, a null
  // element is passed as null; the overload bound to one Int32 is taken on one value.
  ['Scores/Geo.CountOver(Min=3) eq 2', [1]],
  ['Scores/Geo.CountOver(Min=2) eq 2', [1, 4]],
  ['Scores/Geo.CountOver(Min=0) eq 0', [2, 3]],
  ['Scores/Geo.CountOver(Min=Qty) ge 2', [1]],
  ['Qty/Geo.CountOver(Min=2) eq 1', [2, 4]],
  ['Scores/any(s: s/Geo.CountOver(Min=6) eq 1)', [4]],
  // A collection of structures: each element's members read; a null member is the implementation's.
  ['Stops/Geo.Total() eq 5', [3]],
  ['Stops/Geo.Total() eq null', [2]],
  ['Stops/Geo.Total() lt 2', [1, 4]],
  ['Scores/Geo.CountOver(Min=1) add Stops/Geo.Total() gt 3', [3]],
  // One call's value an argument of another over the same collection, and a call inside a lambda.
  ['Scores/Geo.CountOver(Min=Scores/Geo.CountOver(Min=4)) ge 1', [1, 4]],
  ['Stops/any(s: Scores/Geo.CountOver(Min=2) eq 2)', [1, 4]],
  // An enumeration result, returned by name or by value: compared, tested with `has`, listed.
  ["Geo.SidesOf() eq Geo.Sides'North,East'", [1, 4]],
  ["Geo.SidesOf() has Geo.Sides'East'", [1, 2, 4]],
  ["Geo.SidesOf() has 'North'", [1, 4]],
  ["Geo.SidesOf() in ('East', 'North')", [2]],
  ['Geo.SidesOf() eq null', [3]],
  ["not (Geo.SidesOf() has 'North')", [2, 3]],
];

/**
 * Structures and collections a call returns, read by a path after the call (docs/semantics.md
 * §15): in memory and MongoDB; SQL refuses them, each by name (test/sql/function-table.test.ts).
 */
const results: readonly (readonly [string, readonly number[]])[] = [
  // A structure's members, through complex members; null through a null result.
  ["Geo.Nearest(Lat=Lat)/Name eq 'N'", [1, 4]],
  ['Geo.Nearest(Lat=Lat)/Name eq null', [3]],
  ['Geo.Nearest(Lat=Lat)/Home/Lat gt 1', [1]],
  ['Geo.Nearest(Lat=Lat)/Home/Lon eq 0', [1, 2, 4]],
  ['Geo.Nearest(Lat=Lat)/Home eq null', [3]],
  ['Geo.Nearest(Lat=Lat) eq null', [3]],
  ['null ne Geo.Nearest(Lat=Lat)', [1, 2, 4]],
  ['Home/Geo.Mirror() eq null', [2]],
  ['Geo.Nearest(Lat=Lat)/Home ne null', [1, 2, 4]],
  // A structure of a result compared with a structure's value: every member read from the result
  // (row 1's own Home is {11, 21}; its result's is {10, 0}).
  ['Geo.Nearest(Lat=Lat)/Home eq {"Lat":10,"Lon":0}', [1]],
  ['Geo.Nearest(Lat=Lat)/Home eq {"Lat":11,"Lon":21}', []],
  ['{"Lat":10,"Lon":0} ne Geo.Nearest(Lat=Lat)/Home', [2, 3, 4]],
  ['Geo.Nearest(Lat=Lat)/Home in ({"Lat":-5,"Lon":0}, null)', [2, 3]],
  ['Geo.Nearest(Lat=Lat)/Home in [{"Lat":10,"Lon":0},{"Lat":11,"Lon":21}]', [1]],
  ['Home/Geo.Mirror() eq {"Lat":-11,"Lon":-21}', [1]],
  ['Home/Geo.Mirror() ne {"Lat":-11,"Lon":-21}', [2, 3, 4]],
  ['Home/Geo.Mirror() in ({"Lat":null,"Lon":-5})', [3]],
  // Its collections, by a lambda and `$count`: a null result's are empty.
  ['Geo.Nearest(Lat=Lat)/Scores/any(s: s eq 2)', [1, 2, 4]],
  ['Geo.Nearest(Lat=Lat)/Stops/any(p: p/Lat lt 0)', [2]],
  ['Geo.Nearest(Lat=Lat)/Stops/all(p: p/Lat gt 0)', [1, 3, 4]],
  ['Geo.Nearest(Lat=Lat)/Scores/$count eq 0', [3]],
  // Functions bound to a result, or to a member of one; a result read inside a lambda.
  ['Geo.Nearest(Lat=Lat)/Home/Geo.Near(Lat=0, Lon=0) gt 5', [1]],
  ['Geo.Nearest(Lat=Lat)/Geo.Scaled(Factor=2) gt 1', [1]],
  ['Geo.Nearest(Lat=Lat)/Geo.Around()/any(p: p/Lat lt 0)', [2]],
  ["Stops/any(s: Geo.Nearest(Lat=s/Lat)/Name eq 'S')", [1]],
  // A result's member an argument of another call of the same function.
  ["Geo.Nearest(Lat=Geo.Nearest(Lat=Lat)/Lat)/Name eq 'S'", [2]],
  ['Geo.Nearest(Lat=Geo.Nearest(Lat=Lat)/Home/Lat)/Lat eq null', [3]],
  // A call bound to a null structure is not made: its result is null.
  ['Home/Geo.Mirror()/Lat lt -1', [1]],
  ['Home/Geo.Mirror()/Lat eq null', [2, 3]],
  ['not (Home/Geo.Mirror()/Lat eq null)', [1, 4]],
  // A collection of structures, and of primitives: a null one is empty.
  ['Geo.Around()/any(p: p/Lat eq 0)', [1, 2, 4]],
  ['Geo.Around()/all(p: p/Lat ge 0)', [1, 3, 4]],
  ['Geo.Around()/$count eq 0', [3]],
  ['Geo.Around()/any()', [1, 2, 4]],
  ['not Geo.Around()/any()', [3]],
  ["'Ann' in Geo.Tags()", [1]],
  ["'Bo!' in Geo.Tags()", [2]],
  ['Name in Geo.Tags()', [1, 2, 4]],
  ["Geo.Tags()/all(t: startswith(t, 'B'))", [2, 3]],
  ['Geo.Tags()/$count add Geo.Around()/$count eq 4', [1, 2, 4]],
];

export const resultCases: readonly { readonly filter: string; readonly ids: readonly number[] }[] = results.map(
  ([filter, ids]) => ({ filter, ids }),
);

export const functionCases: readonly { readonly filter: string; readonly ids: readonly number[] }[] = table.map(
  ([filter, ids]) => ({ filter, ids }),
);

/** A case with a parameter alias as an argument: `@f` given beside the filter. */
export const aliasCase = { filter: 'Geo.Scaled(Factor=@f) gt 1', aliases: { f: '2' }, ids: [1] } as const;
