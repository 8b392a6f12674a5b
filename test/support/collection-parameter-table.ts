// The collection-parameter table (docs/semantics.md §15, "Arguments of a collection type"): a model
// whose functions take collections, a registry implementing each in memory and for MongoDB, rows,
// and filters with the ids they must match, written from what the implementations compute. Each
// implementation spells out what it was given, so the table proves what it receives: an array of
// the elements in their order, null elements as null, null for a null collection; a structure as
// the object of its members.

import { defineFunctions, defineModel, defineSchema, schemaOf } from '../../src/index.js';
import type { AliasValues, EnumDefinition, Schema } from '../../src/index.js';
import type { EvalRow } from './eval-table.js';

export const collectionParameterModel = defineModel({
  namespace: 'Bag',
  enumTypes: { Hue: { members: { Red: 1, Green: 2, Blue: 4 }, flags: true } },
  complexTypes: {
    Visit: { properties: { Place: 'Edm.String', Marks: { type: 'Edm.Int32', collection: true } } },
    Spot: { properties: { X: 'Edm.Int32' } },
    Stop: { properties: { Place: 'Edm.String', Tint: 'Hue', At: 'Spot' } },
  },
  entityTypes: {
    Item: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Scores: { type: 'Edm.Int32', collection: true },
        Tags: { type: 'Edm.String', collection: true },
        Hues: { type: 'Hue', collection: true },
        Days: { type: 'Edm.Date', collection: true },
        Home: 'Visit',
        Visits: { type: 'Visit', collection: true },
        Stops: { type: 'Stop', collection: true },
      },
    },
  },
  entitySets: { Items: { type: 'Item' } },
  functions: {
    // `count:sum` of the values, a null one counted but not added; null for a null collection.
    Tally: { parameters: { Of: { type: 'Edm.Int32', collection: true } }, returnType: 'Edm.String' },
    // The values joined by `|`, a null one as `-`; null for a null collection.
    Joined: { parameters: { Of: { type: 'Edm.String', collection: true } }, returnType: 'Edm.String' },
    // The sum of the members' values, null ones left out; null for a null collection.
    Mixed: { parameters: { Of: { type: 'Hue', collection: true } }, returnType: 'Edm.Int32' },
    // The earliest date; null for a null or empty collection, or one of nulls.
    Earliest: { parameters: { Of: { type: 'Edm.Date', collection: true } }, returnType: 'Edm.Date' },
    // Whether the value is one of the values: null for a null value or collection.
    Among: {
      parameters: { Value: 'Edm.Int32', Of: { type: 'Edm.Int32', collection: true } },
      returnType: 'Edm.Boolean',
    },
    // Each stop as `Place:Tint:X`, a null member as `-`, a null stop as `~`, joined by `|`; null for a null collection.
    Route: { parameters: { Of: { type: 'Stop', collection: true } }, returnType: 'Edm.String' },
    // A collection a call returns, which no argument is given.
    Some: { parameters: {}, returnType: { type: 'Edm.Int32', collection: true } },
    // The values that are not null; null for a null collection.
    Kept: {
      parameters: { Of: { type: 'Edm.Int32', collection: true } },
      returnType: { type: 'Edm.Int32', collection: true },
    },
    // A visit to `N` places, marked `N` each time; null for a null `N`.
    Trip: { parameters: { N: 'Edm.Int32' }, returnType: 'Visit' },
    // The stops of a route: one of each member's kind, and a null one.
    Stopped: { parameters: {}, returnType: { type: 'Stop', collection: true } },
  },
});

export const collectionParameterSchema: Schema = schemaOf(collectionParameterModel, 'Items');

const HUE: EnumDefinition = { name: 'Bag.Hue', members: { Red: 1, Green: 2, Blue: 4 }, flags: true };
const VISIT = { properties: { Place: 'Edm.String', Marks: { collection: 'Edm.Int32' } } } as const;
const STOP = {
  properties: { Place: 'Edm.String', Tint: { enum: HUE }, At: { properties: { X: 'Edm.Int32' } } },
} as const;

/** The rows' storage: the same properties, enumerations as their values. */
export const collectionParameterStorageSchema: Schema = defineSchema({
  name: 'Item',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Scores: { collection: 'Edm.Int32' },
    Tags: { collection: 'Edm.String' },
    Hues: { collection: { enum: HUE } },
    Days: { collection: 'Edm.Date' },
    Home: VISIT,
    Visits: { collection: VISIT },
    Stops: { collection: STOP },
  },
});

export const collectionParameterRows: readonly EvalRow[] = [
  {
    Id: 1,
    Scores: [3, 4, 1],
    Tags: ['a', 'b'],
    Hues: [1, 4],
    Days: ['2020-05-01', '2019-12-31'],
    Home: { Place: 'Oslo', Marks: [1, 2, 3] },
    Visits: [{ Place: 'Bergen', Marks: [5] }],
    Stops: [{ Place: 'Bergen', Tint: 2, At: { X: 7 } }, null],
  },
  {
    Id: 2,
    Scores: [7, null],
    Tags: ['$x', null],
    Hues: [2],
    Days: [null],
    Home: { Place: 'Lund', Marks: null },
    Visits: [
      { Place: 'Oslo', Marks: [] },
      { Place: 'Umeå', Marks: [2, 2] },
    ],
    // Members missing in the row are null.
    Stops: [{ Place: 'Lund' }, { Place: null, Tint: 5, At: { X: null } }],
  },
  { Id: 3, Scores: null, Tags: [], Hues: null, Days: [], Home: null, Visits: null, Stops: null },
  {
    Id: 4,
    Scores: [],
    Tags: null,
    Hues: [],
    Days: ['2001-01-01'],
    Home: { Place: null, Marks: [4] },
    Visits: [],
    Stops: [],
  },
];

type Values<T> = readonly (T | null)[] | null;

const isNull = (v: unknown): unknown => ({ $eq: [{ $ifNull: [v, null] }, null] });
const shown = (v: unknown): unknown => ({ $cond: [isNull(v), '-', v] });
// Folds of the array in expressions every engine has (the test harness registers no accumulator).
const sum = (of: unknown): unknown => ({
  $reduce: { input: of, initialValue: 0, in: { $add: ['$$value', { $ifNull: ['$$this', 0] }] } },
});
const least = (of: unknown): unknown => ({
  $reduce: {
    input: of,
    initialValue: null,
    in: {
      $cond: [
        { $or: [isNull('$$this'), { $and: [{ $not: [isNull('$$value')] }, { $lte: ['$$value', '$$this'] }] }] },
        '$$value',
        '$$this',
      ],
    },
  },
});

interface Stop {
  readonly Place: string | null;
  readonly Tint: number | null;
  readonly At: { readonly X: number | null } | null;
}

const shownText = (v: unknown): unknown => ({ $cond: [isNull(v), '-', { $toString: v }] });
const stopShown = (s: string): unknown => ({
  $cond: [
    isNull(s),
    '~',
    {
      $concat: [
        shownText(`${s}.Place`),
        ':',
        shownText(`${s}.Tint`),
        ':',
        { $cond: [isNull(`${s}.At`), '-', shownText(`${s}.At.X`)] },
      ],
    },
  ],
});

/** The elements each shown, joined by `|`; null for a null collection, '' for an empty one (as memory's join). */
const joined = (of: unknown, show: (element: string) => unknown): unknown => ({
  $cond: [
    isNull(of),
    null,
    {
      $ifNull: [
        {
          $reduce: {
            input: of,
            initialValue: null,
            in: { $cond: [{ $eq: ['$$value', null] }, show('$$this'), { $concat: ['$$value', '|', show('$$this')] }] },
          },
        },
        '',
      ],
    },
  ],
});

export const collectionParameterRegistry = defineFunctions({
  'Bag.Tally': {
    memory: (a) => {
      const of = a.Of as Values<number>;
      if (of === null) return null;
      // Each value an Int32's representation, a number: any other is the table's failure.
      if (of.some((v) => v !== null && typeof v !== 'number')) throw new TypeError('Int32 values are numbers');
      return `${of.length}:${of.reduce<number>((sum, v) => sum + (v ?? 0), 0)}`;
    },
    mongo: (a) => ({
      $cond: [isNull(a.Of), null, { $concat: [{ $toString: { $size: a.Of } }, ':', { $toString: sum(a.Of) }] }],
    }),
  },
  'Bag.Joined': {
    memory: (a) => {
      const of = a.Of as Values<string>;
      return of === null ? null : of.map((v) => v ?? '-').join('|');
    },
    mongo: (a) => joined(a.Of, shown),
  },
  'Bag.Mixed': {
    memory: (a) => {
      const of = a.Of as Values<number>;
      if (of === null) return null;
      if (of.some((v) => v !== null && typeof v !== 'number')) throw new TypeError("a member's value is a number");
      return of.reduce<number>((sum, v) => sum + (v ?? 0), 0);
    },
    mongo: (a) => ({ $cond: [isNull(a.Of), null, sum(a.Of)] }),
  },
  'Bag.Earliest': {
    memory: (a) => {
      const of = a.Of as Values<number>;
      if (of === null) return null;
      // A date's representation is its days since 1970-01-01.
      if (of.some((v) => v !== null && !Number.isInteger(v))) throw new TypeError('dates are days');
      const days = of.filter((v) => v !== null);
      return days.length === 0 ? null : Math.min(...days);
    },
    mongo: (a) => ({ $cond: [isNull(a.Of), null, least(a.Of)] }),
  },
  'Bag.Route': {
    memory: (a) => {
      const of = a.Of as Values<Stop>;
      if (of === null) return null;
      return of
        .map((s) => {
          if (s === null) return '~';
          // Every member present, an enumeration's as its value: any other shape is the table's failure.
          if (Object.keys(s).join() !== 'Place,Tint,At') throw new TypeError('a stop has its three members');
          if (s.Tint !== null && typeof s.Tint !== 'number') throw new TypeError("a member's value is a number");
          const x = s.At === null ? '-' : (s.At.X ?? '-');
          return `${s.Place ?? '-'}:${s.Tint ?? '-'}:${x}`;
        })
        .join('|');
    },
    mongo: (a) => joined(a.Of, stopShown),
  },
  'Bag.Kept': {
    memory: (a) => {
      const of = a.Of as Values<number>;
      return of === null ? null : of.filter((v) => v !== null);
    },
    mongo: (a) => ({ $cond: [isNull(a.Of), null, { $filter: { input: a.Of, cond: { $ne: ['$$this', null] } } }] }),
  },
  'Bag.Trip': {
    memory: (a) => {
      const n = a.N as number | null;
      return n === null ? null : { Place: 'x', Marks: Array.from({ length: n }, () => n) };
    },
    mongo: (a) => ({
      $cond: [isNull(a.N), null, { Place: 'x', Marks: { $map: { input: { $range: [0, a.N] }, in: a.N } } }],
    }),
  },
  'Bag.Stopped': {
    memory: () => [{ Place: 'p', Tint: 1, At: { X: 1 } }, null],
    mongo: () => [{ Place: 'p', Tint: 1, At: { X: 1 } }, null],
  },
  'Bag.Among': {
    memory: (a) => {
      const [value, of] = [a.Value as number | null, a.Of as Values<number>];
      return value === null || of === null ? null : of.includes(value);
    },
    mongo: (a) => ({ $cond: [{ $or: [isNull(a.Value), isNull(a.Of)] }, null, { $in: [a.Value, a.Of] }] }),
  },
});

const table: readonly (readonly [string, readonly number[], AliasValues?])[] = [
  // A JSON array: its values in their order, a null one as null; `[]` none.
  ["Bag.Tally(Of=[1,2,3]) eq '3:6'", [1, 2, 3, 4]],
  ["Bag.Tally(Of=[5,null]) eq '2:5'", [1, 2, 3, 4]],
  ["Bag.Tally(Of=[]) eq '0:0'", [1, 2, 3, 4]],
  [`Bag.Joined(Of=["b","$a",null]) eq 'b|$a|-'`, [1, 2, 3, 4]],
  ['Bag.Joined(Of=[]) eq null', []],
  // A JSON string read as members' names, or as a date.
  ['Bag.Mixed(Of=["Red,Green","Blue",null]) eq 7', [1, 2, 3, 4]],
  ['Bag.Earliest(Of=["2020-01-02","2012-12-03",null]) eq 2012-12-03', [1, 2, 3, 4]],
  // null: the implementation is given null.
  ['Bag.Tally(Of=null) eq null', [1, 2, 3, 4]],
  ['Bag.Mixed(Of=null) eq null', [1, 2, 3, 4]],
  // A path: the elements the row holds, in their order; none for a null or missing collection.
  ["Bag.Tally(Of=Scores) eq '3:8'", [1]],
  ["Bag.Tally(Of=Scores) eq '2:7'", [2]],
  ["Bag.Tally(Of=$it/Scores) eq '0:0'", [3, 4]],
  ["Bag.Joined(Of=Tags) eq '$x|-'", [2]],
  ["Bag.Joined(Of=Tags) eq ''", [3, 4]],
  ['Bag.Mixed(Of=Hues) eq 5', [1]],
  ['Bag.Mixed(Of=Hues) eq 0', [3, 4]],
  ['Bag.Earliest(Of=Days) eq 2019-12-31', [1]],
  ['Bag.Earliest(Of=Days) eq null', [2, 3]],
  // A collection inside a structure; a lambda's element's collection.
  ["Bag.Tally(Of=Home/Marks) eq '3:6'", [1]],
  ["Bag.Tally(Of=Home/Marks) eq '0:0'", [2, 3]],
  ["Visits/any(v: Bag.Tally(Of=v/Marks) eq '2:4')", [2]],
  ['Visits/any(v: Bag.Among(Value=5, Of=v/Marks))', [1]],
  // Beside another argument, a row's value.
  ['Bag.Among(Value=Id, Of=[1,3])', [1, 3]],
  ['Bag.Among(Value=4, Of=Scores)', [1]],
  ['Bag.Among(Value=4, Of=Scores) eq null', []],
  ['Bag.Among(Value=null, Of=Scores) eq null', [1, 2, 3, 4]],
  // Structures: each object's members (a JSON string read as members' names), a null one as null.
  [
    `Bag.Route(Of=[{"Place":"Oslo","Tint":"Red,Blue","At":{"X":1}},null,{"Place":null,"Tint":null,"At":null}]) eq 'Oslo:5:1|~|-:-:-'`,
    [1, 2, 3, 4],
  ],
  ["Bag.Route(Of=[]) eq ''", [1, 2, 3, 4]],
  ['Bag.Route(Of=null) eq null', [1, 2, 3, 4]],
  // A path's structures: members missing in the row null, a null element null; none for a null collection.
  ["Bag.Route(Of=Stops) eq 'Bergen:2:7|~'", [1]],
  ["Bag.Route(Of=Stops) eq 'Lund:-:-|-:5:-'", [2]],
  ["Bag.Route(Of=$it/Stops) eq ''", [3, 4]],
  ["Visits/any(v: Bag.Route(Of=Stops) eq 'Lund:-:-|-:5:-' and v/Place eq 'Oslo')", [2]],
  // A call's result: the collection it returns, the call made once; null for a null result, as for a path.
  ["Bag.Tally(Of=Bag.Kept(Of=Scores)) eq '3:8'", [1]],
  ["Bag.Tally(Of=Bag.Kept(Of=Scores)) eq '1:7'", [2]],
  ["Bag.Tally(Of=Bag.Kept(Of=Scores)) eq '0:0'", [3, 4]],
  ["Bag.Tally(Of=Bag.Kept(Of=[1,null,2])) eq '2:3'", [1, 2, 3, 4]],
  // A path after a call: a collection member of its structure result.
  ["Bag.Tally(Of=Bag.Trip(N=Id)/Marks) eq '2:4'", [2]],
  ["Bag.Tally(Of=Bag.Trip(N=null)/Marks) eq '0:0'", [1, 2, 3, 4]],
  ["Bag.Route(Of=Bag.Stopped()) eq 'p:1:1|~'", [1, 2, 3, 4]],
  // An alias: its JSON array, path or null, as if written in its place.
  ["Bag.Tally(Of=@a) eq '2:3'", [1, 2, 3, 4], { a: '[1, 2]' }],
  ['Bag.Mixed(Of=@b) eq 3', [1, 2, 3, 4], { b: '["Red", null, "Green"]' }],
  ["Bag.Tally(Of=@c) eq '3:8'", [1], { c: 'Scores' }],
  ["Visits/any(v: Bag.Tally(Of=@d) eq '2:4')", [2], { d: 'v/Marks' }],
  ['Bag.Tally(Of=@e) eq null', [1, 2, 3, 4], { e: 'null' }],
];

export const collectionParameterCases: readonly {
  readonly filter: string;
  readonly ids: readonly number[];
  readonly aliases?: AliasValues;
}[] = table.map(([filter, ids, aliases]) => ({ filter, ids, ...(aliases && { aliases }) }));
