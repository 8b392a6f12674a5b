// The editor kit at a model function's collection parameter (docs/semantics.md §15, "Arguments of
// a collection type"): the collections a path passes whole are offered, and hover names a
// collection argument's type.

import { describe, expect, it } from 'vitest';
import { complete, diagnose, hover } from '../../../src/client/index.js';
import { collectionParameterSchema } from '../../support/collection-parameter-table.js';
import { atCursor } from './product-schema.js';

const inserts = (marked: string): string[] => {
  const { text, cursor } = atCursor(marked);
  return complete(text, cursor, collectionParameterSchema).items.map((i) => i.insert);
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
    const at = (marked: string) => {
      const { text, cursor } = atCursor(marked);
      const info = hover(text, cursor, collectionParameterSchema);
      return info && [text.slice(info.start, info.end), info.type, info.description];
    };
    expect(at("Bag.Tally(Of=[1,|2]) eq '2:3'")).toEqual(['2', 'Edm.Int32', 'an Edm.Int32 literal']);
    expect(at("Bag.Tally(Of=[1,2]|) eq '2:3'")).toEqual(['[1,2]', 'Edm.Int32', '[1,2]: Collection(Edm.Int32)']);
    expect(at('Bag.Mixed(Of=Hu|es) eq 1')).toEqual(['Hues', 'Bag.Hue', 'Hues: Collection(Bag.Hue)']);
    expect(at("Bag.Route(Of=St|ops) eq ''")).toEqual(['Stops', 'Bag.Stop', 'Stops: Collection(Bag.Stop)']);
    expect(at("Bag.Route(Of=[null]|) eq ''")).toEqual(['[null]', 'Bag.Stop', '[null]: Collection(Bag.Stop)']);
  });

  it('diagnoses an element of the wrong type at the element', () => {
    const diagnostics = diagnose('Bag.Tally(Of=[1,"a"]) eq null', collectionParameterSchema);
    expect(diagnostics.map((d) => [d.code, d.start, d.end])).toEqual([['wrong_argument_type', 16, 19]]);
  });
});
