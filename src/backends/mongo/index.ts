// odata-filter/mongo: compileMongo() turns a checked filter into a MongoDB query document that
// matches exactly the rows the in-memory reference matches (docs/semantics.md, docs/mongo.md).

import type { TypedFilter } from '../../typed.js';
import { createContext } from './context.js';
import type { MongoOptions } from './context.js';
import { QueryCompiler } from './query.js';
import type { QueryDocument } from './query.js';

export type { MongoOptions } from './context.js';
export type { QueryDocument } from './query.js';
export { escapeRegex } from './regex.js';
export { toExtendedJson } from './extended-json.js';

/**
 * Compiles a checked filter to a query document for `collection.find()`. The document is plain
 * data: strings, numbers, booleans, null, Date, bigint (Int64 beyond ±2^53) and, when
 * `options.decimal` is given, its Decimal128 values. It holds no functions and no JavaScript.
 * Throws a FilterError of kind 'unsupported' for a construct it cannot express exactly.
 */
export function compileMongo(filter: TypedFilter, options: MongoOptions = {}): QueryDocument {
  return new QueryCompiler(createContext(options)).compile(filter.root, true);
}
