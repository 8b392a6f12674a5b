// A shop's model and rows for the endpoint's tests: products of every kind of value (exact Int64
// and Decimal digits, instants, enumerations, structures, collections, binaries) in categories,
// and order lines with a composite key.

import { defineModel } from '../../src/index.js';

export const model = defineModel({
  namespace: 'Shop',
  enumTypes: { Color: { members: { Red: 1, Green: 2, Blue: 4 }, flags: true } },
  complexTypes: { Size: { properties: { Width: 'Edm.Int32', Height: 'Edm.Int32' } } },
  entityTypes: {
    Product: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Name: 'Edm.String',
        Price: 'Edm.Decimal',
        Stock: 'Edm.Int64',
        Released: 'Edm.Date',
        Updated: 'Edm.DateTimeOffset',
        Ratio: 'Edm.Double',
        Color: 'Color',
        Size: 'Size',
        Tags: { type: 'Edm.String', collection: true },
        Hash: 'Edm.Binary',
      },
      navigation: { Category: { type: 'Category', partner: 'Products' } },
    },
    Category: {
      key: ['Id'],
      properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String' },
      navigation: { Products: { type: 'Product', collection: true, partner: 'Category' } },
    },
    Line: {
      key: ['Order', 'No'],
      properties: {
        Order: { type: 'Edm.Int32', nullable: false },
        No: { type: 'Edm.Int32', nullable: false },
        Text: 'Edm.String',
      },
    },
  },
  entitySets: {
    Products: { type: 'Product', bindings: { Category: 'Categories' } },
    Categories: { type: 'Category', bindings: { Products: 'Products' } },
    Lines: { type: 'Line' },
    Archive: { type: 'Product', bindings: { Category: 'Categories' } },
  },
});

export const categories = [
  { Id: 1, Name: 'Tools' },
  { Id: 2, Name: 'Toys' },
];
export const products = Array.from({ length: 25 }, (_, i) => ({
  Id: i + 1,
  Name: `Product ${i + 1}`,
  Price: i === 0 ? '12345678901234567890.125' : `${i}.5`,
  Stock: i === 0 ? 9007199254740993n : BigInt(i * 10),
  Released: `2012-0${(i % 9) + 1}-15`,
  Updated: new Date(Date.UTC(2012, 0, 1, 0, 0, i, i === 1 ? 250 : 0)),
  Ratio: i === 2 ? Number.NaN : i / 4,
  Color: i % 8,
  Size: i % 5 === 0 ? null : { Width: i, Height: i * 2 },
  Tags: i % 2 === 0 ? ['a', 'b'] : [],
  Hash: new Uint8Array([i, 255]),
  Category: categories[i % 2],
}));
for (const c of categories) Object.assign(c, { Products: products.filter((p) => p.Category === c) });
export const lines = [
  { Order: 1, No: 1, Text: 'one' },
  { Order: 1, No: 2, Text: 'two' },
  { Order: 2, No: 1, Text: 'three' },
];
