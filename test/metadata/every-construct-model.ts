// A model with every construct a `$metadata` document states: types in two namespaces, derived,
// abstract and open types, enumerations (flags, a narrow underlying type), type definitions with
// each facet, a composite key through a complex property, navigation with partners, containment,
// navigation from a complex type bound through its path, entity sets and singletons.

import type { ModelDefinition } from '../../src/index.js';

export const everyConstruct = {
  namespace: 'Shop',
  containerName: 'Store',
  enumTypes: {
    Size: { members: { Small: 1, Medium: 2, Large: 3 }, underlyingType: 'Edm.Byte' },
    'Shop.Common.Feature': { members: { None: 0, Gift: 1, Fragile: 2, Cold: 4 }, flags: true },
  },
  typeDefinitions: {
    Money: { underlyingType: 'Edm.Decimal', precision: 18, scale: 2 },
    Ratio: { underlyingType: 'Edm.Decimal', precision: 9, scale: 'floating' },
    Amount: { underlyingType: 'Edm.Decimal' },
    Sku: { underlyingType: 'Edm.String', maxLength: 12 },
    Text: { underlyingType: 'Edm.String', maxLength: 'max' },
    Stamp: { underlyingType: 'Edm.DateTimeOffset', precision: 3 },
  },
  complexTypes: {
    Region: { properties: { Code: { type: 'Edm.String', nullable: false, maxLength: 3 }, Name: 'Edm.String' } },
    Address: {
      properties: { Street: 'Edm.String', Region: { type: 'Region', nullable: false } },
      navigation: { Country: { type: 'Country', nullable: false } },
    },
    PostalAddress: { baseType: 'Address', properties: { PostCode: 'Sku' } },
    Dimensions: { openType: true, properties: { Width: 'Edm.Double', Height: 'Edm.Single' } },
  },
  entityTypes: {
    Item: {
      abstract: true,
      properties: { Title: { type: 'Edm.String', maxLength: 200 }, Features: 'Shop.Common.Feature' },
    },
    Product: {
      baseType: 'Item',
      openType: true,
      key: ['Region/Code', 'Number'],
      properties: {
        Region: { type: 'Region', nullable: false },
        Number: { type: 'Edm.Int32', nullable: false },
        Price: 'Money',
        Weight: { type: 'Edm.Decimal', precision: 10, scale: 'variable' },
        Sizes: { type: 'Size', collection: true, nullable: false },
        Tags: { type: 'Edm.String', collection: true },
        Size: 'Dimensions',
        Released: 'Edm.Date',
        Updated: { type: 'Edm.DateTime', precision: 3 },
        Cost: { type: 'Edm.Decimal', filterable: false },
      },
      navigation: {
        Reviews: { type: 'Review', collection: true, containsTarget: true, partner: 'Product' },
        Maker: { type: 'Maker', nullable: false, partner: 'Products' },
      },
    },
    Book: { baseType: 'Product', properties: { Isbn: { type: 'Sku', nullable: false } } },
    Review: {
      key: ['Id'],
      properties: { Id: { type: 'Edm.Guid', nullable: false }, Stars: 'Edm.Byte', Said: 'Text' },
      navigation: { Product: { type: 'Product', nullable: false, partner: 'Reviews' } },
    },
    Maker: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int64', nullable: false },
        Name: { type: 'Edm.String', nullable: false },
        Addresses: { type: 'PostalAddress', collection: true, nullable: false },
        Office: 'Address',
        Turnover: 'Amount',
        Founded: 'Stamp',
        Growth: 'Ratio',
      },
      navigation: { Products: { type: 'Product', collection: true, partner: 'Maker' } },
    },
    Country: { key: ['Code'], properties: { Code: { type: 'Edm.String', nullable: false }, Name: 'Edm.String' } },
  },
  entitySets: {
    Products: { type: 'Product', bindings: { Maker: 'Makers' } },
    Books: { type: 'Book', bindings: { Maker: 'Makers' } },
    Makers: { type: 'Maker', bindings: { Products: 'Products', 'Office/Country': 'Countries' } },
    Countries: { type: 'Country' },
  },
  singletons: {
    Flagship: { type: 'Product', bindings: { Maker: 'Makers' } },
    Featured: { type: 'Maker', nullable: true, bindings: { Products: 'Products' } },
  },
} as const satisfies ModelDefinition;

const { Ratio: _, ...typeDefinitions40 } = everyConstruct.typeDefinitions;
const { Growth: __, ...makerProperties40 } = everyConstruct.entityTypes.Maker.properties;

/** The model with what a 4.0 document cannot state left out: a floating scale, a singleton that may be null. */
export const everyConstruct40 = {
  ...everyConstruct,
  typeDefinitions: typeDefinitions40,
  entityTypes: {
    ...everyConstruct.entityTypes,
    Maker: { ...everyConstruct.entityTypes.Maker, properties: makerProperties40 },
  },
  singletons: { Flagship: everyConstruct.singletons.Flagship },
} as const satisfies ModelDefinition;
