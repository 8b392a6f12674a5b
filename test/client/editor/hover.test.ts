// hover(): the innermost typed node at an offset, its type and what it is.

import { describe, expect, it } from 'vitest';
import { hover } from '../../../src/client/index.js';
import { atCursor, Product } from './product-schema.js';
import { derivedSchema } from '../../support/derived-table.js';

/** [the text the hover covers, its type, its description] at the marked offset. */
function at(marked: string): [string, string, string] | undefined {
  const { text, cursor } = atCursor(marked);
  const info = hover(text, cursor, Product);
  return info && [text.slice(info.start, info.end), info.type, info.description];
}

describe('hover', () => {
  it.each<[string, [string, string, string] | undefined]>([
    ["Na|me eq 'x'", ['Name', 'Edm.String', 'Name: Edm.String, nullable (a property of the row)']],
    ["Name eq 'x|'", ["'x'", 'Edm.String', 'an Edm.String literal']],
    ["Name e|q 'x'", ["Name eq 'x'", 'Edm.Boolean', 'compare: Edm.Boolean']],
    ['I|d gt 2', ['Id', 'Edm.Int32', 'Id: Edm.Int32 (a property of the row)']],
    [
      'Maker/Fo|unded gt 2',
      ['Maker/Founded', 'Edm.Int32', 'Maker/Founded: Edm.Int32, nullable (a property of the row)'],
    ],
    [
      'Reviews/any(r: r/St|ars gt 3)',
      ['r/Stars', 'Edm.Int32', 'r/Stars: Edm.Int32, nullable (a property of range variable r)'],
    ],
    ['Reviews/a|ny(r: r/Stars gt 3)', ['Reviews/any(r: r/Stars gt 3)', 'Edm.Boolean', 'any over Reviews: Edm.Boolean']],
    ['Reviews/$co|unt gt 3', ['Reviews/$count', 'Edm.Int64', 'the number of elements of Reviews: Edm.Int64']],
    [
      "cont|ains(Name, 'a')",
      [
        "contains(Name, 'a')",
        'Edm.Boolean',
        'contains(Edm.String, Edm.String): Edm.Boolean — true when the second argument occurs in the first (OData v4)',
      ],
    ],
    ["Co|lor has Shop.Color'Red'", ['Color', 'Shop.Color', 'Color: Shop.Color, nullable (a property of the row)']],
    ["Color has Shop.Color'R|ed'", ["Shop.Color'Red'", 'Shop.Color', 'a Shop.Color literal']],
    // Before a syntax error, what parsed is read; on an unknown name, nothing is typed.
    ['Id gt 2 and I|d eq', ['Id', 'Edm.Int32', 'Id: Edm.Int32 (a property of the row)']],
    ["Nm|ae eq 'x'", undefined],
    ["Name eq 'x' and and |", undefined],
    // What mended the text is never shown.
    ['Id gt 2 and a|nd Id eq 1 and Id eq 2', undefined],
  ])('%s', (marked, expected) => {
    expect(at(marked)).toEqual(expected);
  });

  it.each<[string, [string, string, string]]>([
    // A read through a type-cast segment is the member, wherever on the path the offset is.
    [
      'Staff.Man|ager/Budget gt 3',
      ['Staff.Manager/Budget', 'Edm.Int32', 'Staff.Manager/Budget: Edm.Int32, nullable (a property of the row)'],
    ],
    [
      'Staff.Manager/Bud|get gt 3',
      ['Staff.Manager/Budget', 'Edm.Int32', 'Staff.Manager/Budget: Edm.Int32, nullable (a property of the row)'],
    ],
    // isof of a model's type is that, not the discriminator's reads it is made of.
    [
      'isof(Address, Staff.Home|Address)',
      [
        'Address, Staff.HomeAddress',
        'Edm.Boolean',
        "a test of the value's type in the model: Edm.Boolean, true when it is of the type named or of one derived from it",
      ],
    ],
  ])("a model's derived types: %s", (marked, expected) => {
    const { text, cursor } = atCursor(marked);
    const info = hover(text, cursor, derivedSchema);
    expect(info && [text.slice(info.start, info.end), info.type, info.description]).toEqual(expected);
  });

  it('is undefined for an offset outside the text', () => {
    expect(hover('Id gt 2', 8, Product)).toBeUndefined();
    expect(hover('Id gt 2', -1, Product)).toBeUndefined();
  });
});
