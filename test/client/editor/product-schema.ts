// A small schema for the editor kit's tables: a value of each common kind, a flags enumeration, a
// property kept from filters, a relation, a collection of strings and a to-many relation.

import { defineSchema } from '../../../src/types/schema.js';

export const Product = defineSchema({
  name: 'Product',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Name: 'Edm.String',
    Price: 'Edm.Decimal',
    Released: 'Edm.Date',
    Active: 'Edm.Boolean',
    Color: { enum: { name: 'Shop.Color', members: { Red: 1, Green: 2, Blue: 4 }, flags: true } },
    Secret: { type: 'Edm.String', filterable: false },
    Maker: { relation: true, properties: { Name: 'Edm.String', Founded: 'Edm.Int32' } },
    Tags: { collection: 'Edm.String' },
    Reviews: { relation: true, collection: { properties: { Stars: 'Edm.Int32', Text: 'Edm.String' } } },
  },
});

/** A text with `|` where the cursor is: the text without it, and the cursor's offset. */
export function atCursor(marked: string): { text: string; cursor: number } {
  const cursor = marked.indexOf('|');
  if (cursor < 0 || marked.indexOf('|', cursor + 1) >= 0) throw new Error(`one | marks the cursor: ${marked}`);
  return { text: marked.slice(0, cursor) + marked.slice(cursor + 1), cursor };
}
