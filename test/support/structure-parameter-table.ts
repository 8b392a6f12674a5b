// The structure-parameter table (docs/semantics.md §15, "Arguments of a structure type"): a model
// whose functions take complex values, a registry implementing each in memory and for MongoDB, rows,
// and filters with the ids they must match, written from what the implementations compute. Each
// implementation spells out what it was given, so the table proves what it receives: an object of
// the members, a complex member an object in turn, null for a null structure.

import { defineFunctions, defineModel, defineSchema, schemaOf } from '../../src/index.js';
import type { Schema } from '../../src/index.js';
import type { EvalRow } from './eval-table.js';

export const structureParameterModel = defineModel({
  namespace: 'Trip',
  enumTypes: { Kind: { members: { Home: 1, Work: 2 } } },
  complexTypes: {
    Point: { properties: { X: 'Edm.Int32', Y: 'Edm.Int32' } },
    Place: { properties: { City: 'Edm.String', Zip: 'Edm.String', Geo: 'Point' } },
    Label: { properties: { Kind: 'Kind', Text: 'Edm.String' } },
  },
  entityTypes: {
    Stop: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Home: 'Place',
        Work: 'Place',
        Visits: { type: 'Place', collection: true },
        Tag: 'Label',
      },
    },
  },
  entitySets: { Stops: { type: 'Stop' } },
  functions: {
    // `City|Zip|X,Y`, each null member as `-` (and a null Geo as `-`); null for a null place.
    Describe: { parameters: { At: 'Place' }, returnType: 'Edm.String' },
    // |A/X - B/X| + |A/Y - B/Y|; null where either point or a member is null.
    Apart: { parameters: { A: 'Point', B: 'Point' }, returnType: 'Edm.Int32' },
    // The value of the label's kind (an enumeration member's integer); null for a null label.
    KindOf: { parameters: { Of: 'Label' }, returnType: 'Edm.Int32' },
    // Results passed whole: a place of no row (Oslo|0150|1,2); a stop's sketch, its home's city,
    // its work's zip and (Id, 2 Id) as its point, null where the home has no city.
    Somewhere: { parameters: {}, returnType: 'Place' },
    Sketch: { bound: true, parameters: { stop: 'Stop' }, returnType: 'Place' },
    // A place made of another: what a result passed whole may itself be given.
    Moved: { parameters: { From: 'Place' }, returnType: 'Place' },
  },
});

export const structureParameterSchema: Schema = schemaOf(structureParameterModel, 'Stops');

const POINT = { properties: { X: 'Edm.Int32', Y: 'Edm.Int32' } } as const;
const PLACE = { properties: { City: 'Edm.String', Zip: 'Edm.String', Geo: POINT } } as const;

/** The rows' storage: the same properties. */
export const structureParameterStorageSchema: Schema = defineSchema({
  name: 'Stop',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Home: PLACE,
    Work: PLACE,
    Visits: { collection: PLACE },
    Tag: { properties: { Kind: { enum: { name: 'Trip.Kind', members: { Home: 1, Work: 2 } } }, Text: 'Edm.String' } },
  },
});

const place = (City: string | null, Zip: string | null, Geo: { X: number | null; Y: number | null } | null) => ({
  City,
  Zip,
  Geo,
});

export const structureParameterRows: readonly EvalRow[] = [
  {
    Id: 1,
    Home: place('Oslo', '0150', { X: 1, Y: 2 }),
    Work: place('Oslo', '0151', { X: 2, Y: 4 }),
    Visits: [place('Bergen', '5003', { X: 0, Y: 1 })],
    Tag: { Kind: 2, Text: 'desk' },
  },
  {
    Id: 2,
    Home: place('Bergen', null, null),
    Work: null,
    Visits: [place('Oslo', '0150', { X: 5, Y: 5 }), null],
    Tag: { Kind: 1, Text: null },
  },
  { Id: 3, Home: null, Work: place('Lund', '22100', { X: 0, Y: 0 }), Visits: null, Tag: { Kind: null, Text: 'x' } },
  {
    Id: 4,
    Home: place(null, null, { X: null, Y: 7 }),
    Work: place('Oslo', '0150', { X: 1, Y: 1 }),
    Visits: [],
    Tag: null,
  },
];

type Place = { City: string | null; Zip: string | null; Geo: Point | null } | null;
type Point = { X: number | null; Y: number | null } | null;

const shown = (v: unknown): string => (v === null ? '-' : String(v));

const field = (field: string, input: unknown): unknown => ({ $getField: { field, input } });
const isNull = (v: unknown): unknown => ({ $eq: [{ $ifNull: [v, null] }, null] });
const shownMongo = (v: unknown): unknown => ({ $cond: [isNull(v), '-', { $toString: v }] });

export const structureParameterRegistry = defineFunctions({
  'Trip.Describe': {
    memory: (a) => {
      const at = a.At as Place;
      if (at === null) return null;
      const geo = at.Geo === null ? '-' : `${shown(at.Geo.X)},${shown(at.Geo.Y)}`;
      return `${shown(at.City)}|${shown(at.Zip)}|${geo}`;
    },
    mongo: (a) => {
      const geo = field('Geo', a.At);
      return {
        $cond: [
          isNull(a.At),
          null,
          {
            $concat: [
              shownMongo(field('City', a.At)),
              '|',
              shownMongo(field('Zip', a.At)),
              '|',
              {
                $cond: [isNull(geo), '-', { $concat: [shownMongo(field('X', geo)), ',', shownMongo(field('Y', geo))] }],
              },
            ],
          },
        ],
      };
    },
  },
  'Trip.Somewhere': {
    memory: () => place('Oslo', '0150', { X: 1, Y: 2 }),
    mongo: () => ({ $literal: place('Oslo', '0150', { X: 1, Y: 2 }) }),
  },
  'Trip.Sketch': {
    memory: (_a, s) => {
      const id = s!('Id') as number;
      return s!('Home/City') === null
        ? null
        : { City: s!('Home/City'), Zip: s!('Work/Zip'), Geo: { X: id, Y: 2 * id } };
    },
    mongo: (_a, s) => ({
      $cond: [
        isNull(s!('Home/City')),
        null,
        { City: s!('Home/City'), Zip: s!('Work/Zip'), Geo: { X: s!('Id'), Y: { $multiply: [2, s!('Id')] } } },
      ],
    }),
  },
  'Trip.KindOf': {
    memory: (a) => (a.Of === null ? null : (a.Of as { Kind: number | null }).Kind),
    mongo: (a) => field('Kind', a.Of),
  },
  'Trip.Apart': {
    memory: (a) => {
      const [p, q] = [a.A as Point, a.B as Point];
      if (p === null || q === null || p.X === null || p.Y === null || q.X === null || q.Y === null) return null;
      return Math.abs(p.X - q.X) + Math.abs(p.Y - q.Y);
    },
    mongo: (a) => {
      const members = [field('X', a.A), field('Y', a.A), field('X', a.B), field('Y', a.B)];
      return {
        $cond: [
          { $or: members.map(isNull) },
          null,
          {
            $add: [
              { $abs: { $subtract: [members[0], members[2]] } },
              { $abs: { $subtract: [members[1], members[3]] } },
            ],
          },
        ],
      };
    },
  },
});

const table: readonly (readonly [string, readonly number[]])[] = [
  // A JSON object: every member as written, a nested object as an object; null members as null.
  [`Trip.Describe(At={"City":"Oslo","Zip":"0150","Geo":{"X":1,"Y":-2}}) eq 'Oslo|0150|1,-2'`, [1, 2, 3, 4]],
  [`Trip.Describe(At={"Geo":null,"Zip":null,"City":"Oslo"}) eq 'Oslo|-|-'`, [1, 2, 3, 4]],
  [`Trip.Describe(At={"City":null,"Zip":"x","Geo":{"X":null,"Y":0}}) eq '-|x|-,0'`, [1, 2, 3, 4]],
  // A member's text that MongoDB would read as a field path or a variable stays text.
  [`Trip.Describe(At={"City":"$Id","Zip":"$$ROOT","Geo":{"X":0,"Y":0}}) eq '$Id|$$ROOT|0,0'`, [1, 2, 3, 4]],
  // null: the implementation is given null.
  ['Trip.Describe(At=null) eq null', [1, 2, 3, 4]],
  // A path: the structure the row holds, null where it is null.
  ["Trip.Describe(At=Home) eq 'Oslo|0150|1,2'", [1]],
  ["Trip.Describe(At=Home) eq 'Bergen|-|-'", [2]],
  ["Trip.Describe(At=Home) eq '-|-|-,7'", [4]],
  ['Trip.Describe(At=Home) eq null', [3]],
  ["Trip.Describe(At=$it/Work) eq 'Lund|22100|0,0'", [3]],
  // A complex member's path; two structures, each of its own path or literal.
  ['Trip.Apart(A=Home/Geo, B=Work/Geo) eq 3', [1]],
  ['Trip.Apart(A=Home/Geo, B=Work/Geo) eq null', [2, 3, 4]],
  ['Trip.Apart(A=Work/Geo, B={"X":0,"Y":0}) eq 2', [4]],
  ['Trip.Apart(A=Work/Geo, B=null) eq null', [1, 2, 3, 4]],
  // A lambda's element, and a member of it.
  ["Visits/any(v: Trip.Describe(At=v) eq 'Oslo|0150|5,5')", [2]],
  ['Visits/any(v: Trip.Describe(At=v) eq null)', [2]],
  ['Visits/any(v: Trip.Apart(A=v/Geo, B=Home/Geo) eq 2)', [1]],
  // A call's result, or a path after it: the structure it returns, read member by member.
  [`Trip.Describe(At=Trip.Somewhere()) eq 'Oslo|0150|1,2'`, [1, 2, 3, 4]],
  [`Trip.Describe(At=Trip.Sketch()) eq 'Oslo|0151|1,2'`, [1]],
  [`Trip.Describe(At=$it/Trip.Sketch()) eq 'Bergen|-|2,4'`, [2]],
  ['Trip.Describe(At=Trip.Sketch()) eq null', [3, 4]],
  ['Trip.Apart(A=Trip.Sketch()/Geo, B=Home/Geo) eq 0', [1]],
  ['Trip.Apart(A=Trip.Sketch()/Geo, B=Trip.Somewhere()/Geo) eq 3', [2]],
  ['Visits/any(v: Trip.Apart(A=v/Geo, B=Trip.Sketch()/Geo) eq 2)', [1]],
  // A result states no type (no `@odata.type`): it is of its declared type, which a cast names.
  ["Trip.Sketch()/Trip.Place/City eq 'Oslo'", [1]],
  ["Trip.Somewhere()/Trip.Place/Zip eq '0150'", [1, 2, 3, 4]],
  // An enumeration member is passed as its value, from a path or a literal of either spelling.
  ['Trip.KindOf(Of=Tag) eq 2', [1]],
  ['Trip.KindOf(Of=Tag) eq 1', [2]],
  ['Trip.KindOf(Of=Tag) eq null', [3, 4]],
  [`Trip.KindOf(Of={"Kind":"Work","Text":null}) eq 2`, [1, 2, 3, 4]],
  [`Trip.KindOf(Of={"Kind":"1","Text":"a"}) eq 1`, [1, 2, 3, 4]],
];

export const structureParameterCases: readonly { readonly filter: string; readonly ids: readonly number[] }[] =
  table.map(([filter, ids]) => ({ filter, ids }));
