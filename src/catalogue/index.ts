// The `odata-filter/catalogue` entry point: a model, and the sources that serve it, read from a
// database's catalogue or from drizzle tables (docs/catalogue.md).

export { readCatalogue } from './read-catalogue.js';
export type { ReadCatalogueOptions } from './read-catalogue.js';
export { readDrizzleTables } from './drizzle-tables.js';
export type { DrizzleColumnLike, DrizzleOptions, DrizzleTableConfigLike } from './drizzle-tables.js';
export type { CatalogueOptions, PropertyOverride } from './catalogue-options.js';
export type { Catalogue, CatalogueReport, CatalogueSource, OmittedItem } from './catalogue.js';
export { pascalCase } from './naming.js';
