// The editor kit at a model function's collection parameter (docs/semantics.md §15, "Arguments of
// a collection type"): the collections a path passes whole are offered, and hover names a
// collection argument's type, and a structure's given whole (§15, "Arguments of a structure type").

import { describe, expect, it } from 'vitest';
import { complete, diagnose, hover } from '../../../src/client/index.js';
import { collectionParameterSchema } from '../../support/collection-parameter-table.js';
import { structureParameterSchema } from '../../support/structure-parameter-table.js';
import { atCursor } from './product-schema.js';

const inserts = (marked: string): string[] => {
  const { text, cursor } = atCursor(marked);
  return complete(text, cursor, collectionParameterSchema).items.map((i) => i.insert);
};

/** What hover() shows at the marked place: the text it covers, its type and its line. */
const at = (marked: string, schema = collectionParameterSchema) => {
  const { text, cursor } = atCursor(marked);
  const info = hover(text, cursor, schema);
  return info && [text.slice(info.start, info.end), info.type, info.description];
};

describe('the editor at a collection parameter', () => {
  it.each<[string, string[]]>([
    // The collections of the parameter's element type, and no other; a structure holding one; null;
    // the calls whose result, or a path after it, is one.
    ['Bag.Tally(Of=|', ['Scores', 'Home/', 'null', 'Bag.Some()', 'Bag.Kept(Of=', 'Bag.Trip(N=']],
    ['Bag.Joined(Of=|', ['Tags', 'null']],
    ['Bag.Mixed(Of=H|', ['Hues']],
    ['Bag.Among(Value=1, Of=|', ['Scores', 'Home/', 'null', 'Bag.Some()', 'Bag.Kept(Of=', 'Bag.Trip(N=']],
    // Inside a lambda, its variable's collection.
    ['Visits/any(v: Bag.Tally(Of=v/|', ['Marks']],
    [
      'Visits/any(v: Bag.Tally(Of=|',
      ['v/', '$it/', 'Scores', 'Home/', 'null', 'Bag.Some()', 'Bag.Kept(Of=', 'Bag.Trip(N='],
    ],
    ['Bag.Tally(Of=Home/|', ['Marks']],
    // Of structures, the collections of that very complex type.
    ['Bag.Route(Of=|', ['Stops', 'null', 'Bag.Stopped()']],
  ])('offers %s', (marked, expected) => {
    expect(inserts(marked)).toEqual(expected);
  });

  it('hovers over a JSON array and a path as collections of the element type', () => {
    expect(at("Bag.Tally(Of=[1,|2]) eq '2:3'")).toEqual(['2', 'Edm.Int32', 'an Edm.Int32 literal']);
    expect(at("Bag.Tally(Of=[1,2]|) eq '2:3'")).toEqual(['[1,2]', 'Edm.Int32', '[1,2]: Collection(Edm.Int32)']);
    expect(at('Bag.Mixed(Of=Hu|es) eq 1')).toEqual(['Hues', 'Bag.Hue', 'Hues: Collection(Bag.Hue)']);
    expect(at("Bag.Route(Of=St|ops) eq ''")).toEqual(['Stops', 'Bag.Stop', 'Stops: Collection(Bag.Stop)']);
    expect(at("Bag.Route(Of=[null]|) eq ''")).toEqual(['[null]', 'Bag.Stop', '[null]: Collection(Bag.Stop)']);
  });

  it("names a call's result passed whole as the collection it is", () => {
    expect(at("Bag.Tally(Of=Bag.Ke|pt(Of=Scores)) eq ''")).toEqual([
      'Bag.Kept(Of=Scores)',
      'Edm.Int32',
      'Bag.Kept(Of=Scores): Collection(Edm.Int32) (read from the result of Bag.Kept)',
    ]);
    expect(at("Bag.Route(Of=Bag.St|opped()) eq ''")).toEqual([
      'Bag.Stopped()',
      'Bag.Stop',
      'Bag.Stopped(): Collection(Bag.Stop) (read from the result of Bag.Stopped)',
    ]);
  });

  it('names a structure given whole by its type, not by one of the members it is passed as', () => {
    // Every member of a structure given whole stands at its text, and its presence is a Boolean.
    const route = `Bag.Route(Of=[{"Pl|ace":"a","Tint":null,"At":{"X":1}}]) eq ''`;
    expect(at(route)).toEqual([
      '{"Place":"a","Tint":null,"At":{"X":1}}',
      'Bag.Stop',
      '{"Place":"a","Tint":null,"At":{"X":1}}: Bag.Stop',
    ]);
    expect(at(`Bag.Route(Of=[{"Place":"a","Tint":null,"At":{"|X":1}}]) eq ''`)).toEqual([
      '{"X":1}',
      'Bag.Spot',
      '{"X":1}: Bag.Spot',
    ]);
    expect(at("Bag.Route(Of=[nu|ll]) eq ''")).toEqual(['null', 'Bag.Stop', 'null, here of type Bag.Stop']);
    expect(at(`Bag.Route(Of=[{"Place":null,"Tint":null,"At":nu|ll}]) eq ''`)).toEqual([
      'null',
      'Bag.Spot',
      'null, here of type Bag.Spot',
    ]);
    expect(at("Bag.Route(Of=nu|ll) eq ''")).toEqual(['null', 'Bag.Stop', 'null, here of type Collection(Bag.Stop)']);
    // A member's own value is still itself.
    expect(at(`Bag.Route(Of=[{"Place":nu|ll,"Tint":null,"At":null}]) eq ''`)).toEqual([
      'null',
      'Edm.String',
      'null, here of type Edm.String',
    ]);
  });

  it("names a structure parameter's path, result and null by the structure's type", () => {
    const place = (marked: string) => at(marked, structureParameterSchema);
    expect(place('Trip.Describe(At=Ho|me) eq null')).toEqual(['Home', 'Trip.Place', 'Home: Trip.Place']);
    expect(place('Trip.Describe(At=Trip.Some|where()) eq null')).toEqual([
      'Trip.Somewhere()',
      'Trip.Place',
      'Trip.Somewhere(): Trip.Place',
    ]);
    expect(place('Trip.Describe(At=nu|ll) eq null')).toEqual(['null', 'Trip.Place', 'null, here of type Trip.Place']);
    expect(place('Trip.Apart(A=Home/G|eo, B=Work/Geo) eq 1')).toEqual([
      'Home/Geo',
      'Trip.Point',
      'Home/Geo: Trip.Point',
    ]);
  });

  it('diagnoses an element of the wrong type at the element', () => {
    const diagnostics = diagnose('Bag.Tally(Of=[1,"a"]) eq null', collectionParameterSchema);
    expect(diagnostics.map((d) => [d.code, d.start, d.end])).toEqual([['wrong_argument_type', 16, 19]]);
  });
});
