// A MongoDB driver's Collection, as far as a data source uses it (find, countDocuments), over
// documents in memory through the mingo harness (mingo.ts): find(filter).sort(sort).skip(skip)
// .limit(limit) in MongoDB's order of values, in which a missing field (or one under a missing or
// null parent) sorts as null; an inclusion projection; and the options each call was given.

import { Query } from 'mingo';
import { compareBson, mongoQuery } from './mingo.js';

type Document = Record<string, unknown>;

export interface FindArguments {
  readonly filter: Record<string, unknown>;
  readonly sort: Readonly<Record<string, 1 | -1>>;
  readonly skip: number;
  readonly limit: number;
}

/** The documents find() returns for a filter, sort, skip and limit. */
export function findDocuments(docs: readonly Document[], query: FindArguments): Document[] {
  const matcher = mongoQuery(query.filter);
  const fields = Object.entries(query.sort);
  const sorted = docs
    .filter((d) => matcher.test(d))
    .sort((a, b) => {
      for (const [field, direction] of fields) {
        const c = compareBson(fieldOf(a, field), fieldOf(b, field));
        if (c !== 0) return c * direction;
      }
      return 0;
    });
  return sorted.slice(query.skip, query.skip + query.limit);
}

function fieldOf(doc: Document, field: string): unknown {
  let v: unknown = doc;
  for (const name of field.split('.')) v = v !== null && typeof v === 'object' ? (v as Document)[name] : undefined;
  return v === undefined ? null : v;
}

/** The options a call was given (maxTimeMS, signal, …), each call's in order. */
export type Calls = { readonly operation: 'find' | 'countDocuments'; readonly options: Document }[];

/** A Collection over the documents; `calls` records each call's options. */
export function mingoCollection(docs: readonly Document[], calls: Calls = []) {
  return {
    find(filter: Document, options: Omit<FindArguments, 'filter'> & { projection?: Readonly<Record<string, 0 | 1>> }) {
      calls.push({ operation: 'find', options: options as Document });
      const found = findDocuments(docs, { ...options, filter });
      return {
        toArray: async () =>
          options.projection === undefined
            ? found
            : (new Query({}).find(found, options.projection).all() as Document[]),
      };
    },
    async countDocuments(filter: Document, options: Document) {
      calls.push({ operation: 'countDocuments', options });
      const matcher = mongoQuery(filter);
      return docs.filter((d) => matcher.test(d)).length;
    },
  };
}
