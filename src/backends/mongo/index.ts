// odata-filter/mongo: compileMongo() turns a checked filter into a MongoDB query document that
// matches exactly the rows the in-memory reference matches (docs/semantics.md, docs/mongo.md);
// compileMongoQuery() a query plan into a find() or an aggregation pipeline.

export { compileMongo } from './compile-filter.js';
export type { MongoOptions } from './options.js';
export type { QueryDocument } from './query.js';
export { escapeRegex } from './regex.js';
export { toExtendedJson } from './extended-json.js';
export { compileMongoQuery } from './query-plan.js';
export type { MongoQuery } from './query-plan.js';
