// A MongoDB data source (docs/server.md, "Data sources"): a query plan's page read with the
// driver's `find()` (compileMongoQuery: filter, sort, skip, limit, projection) and its count with
// `countDocuments()`, each under `maxTimeMS` and the request's `signal` (drivers 6.13+ close the
// cursor on it; earlier ones ignore it, and the response does not wait), documents read back as
// rows of the schema: each property from its field, BSON values as the endpoint writes them
// (stored-value.ts). The collection is the caller's: the driver is typed by what is used of it.

import { compileMongoQuery, type MongoOptions } from '../backends/mongo/index.js';
import { createContext } from '../backends/mongo/options.js';
import { everyValue } from '../types/query-plan.js';
import type { Property } from '../types/schema.js';
import type { CollectionSource } from './source.js';
import { SourceUnavailable } from './source-unavailable.js';
import { readBounds, timeoutOption, untilAborted } from './statement-timeout.js';
import { storedValue } from './stored-value.js';

type Document = Record<string, unknown>;

interface FindOptions {
  readonly sort: Readonly<Record<string, 1 | -1>>;
  readonly skip: number;
  readonly limit: number;
  readonly projection?: Readonly<Record<string, 0 | 1>>;
  readonly maxTimeMS: number;
  readonly signal: AbortSignal;
}

/** What is used of a MongoDB driver's Collection. */
export interface MongoCollectionLike {
  find(filter: Document, options: FindOptions): { toArray(): Promise<Document[]> };
  countDocuments(
    filter: Document,
    options: { readonly maxTimeMS: number; readonly signal: AbortSignal },
  ): Promise<number>;
}

export interface MongoSourceOptions extends MongoOptions {
  readonly collection: MongoCollectionLike;
  /** How long one request's operations may take together, in ms (default 5,000): each one's `maxTimeMS`. */
  readonly timeoutMs?: number;
}

/** MaxTimeMSExpired: the server stopped the operation at its maxTimeMS. */
const MAX_TIME_EXPIRED = 50;

/** The documents of a collection: `mongoSource({ collection: db.collection('products') })`. */
export function mongoSource(options: MongoSourceOptions): CollectionSource {
  const timeoutMs = timeoutOption(options.timeoutMs, 'mongoSource');
  const { collection, timeoutMs: _timeout, ...compileOptions } = options;
  const field = createContext(compileOptions).field;
  const fieldOf = (path: readonly string[]): string => field({ path, start: 0, end: 0 });
  return {
    async read(plan, { signal }) {
      // Compiled first: a filter it refuses (a 501) leaves no bounds behind to release.
      const query = compileMongoQuery(plan, compileOptions);
      const bounds = readBounds(signal, timeoutMs);
      const context = bounds.context();
      const limits = { maxTimeMS: context.timeoutMs, signal: context.signal };
      const operation = async <T>(run: () => Promise<T>): Promise<T> => {
        bounds.check();
        try {
          return await untilAborted(run(), context.signal);
        } catch (error) {
          if ((error as { code?: unknown }).code === MAX_TIME_EXPIRED)
            throw new SourceUnavailable('timeout', 'MongoDB stopped the operation at its maxTimeMS', { cause: error });
          throw error;
        }
      };
      try {
        const documents = await operation(() =>
          collection
            .find(query.filter, {
              sort: query.sort,
              skip: query.skip,
              limit: query.limit,
              ...(query.projection === undefined ? {} : { projection: query.projection }),
              ...limits,
            })
            .toArray(),
        );
        const count = query.count ? await operation(() => collection.countDocuments(query.filter, limits)) : undefined;
        const kept = plan.select ?? everyValue(plan.schema);
        const items = documents.slice(0, plan.top).map((document) => rowOf(document, kept, fieldOf));
        return { items, more: documents.length > plan.top, ...(count === undefined ? {} : { count }) };
      } catch (error) {
        throw bounds.failure(error);
      } finally {
        bounds.release();
      }
    },
  };
}

/** The row of a document: each kept property read from its field; a missing field is left out, as a row would miss it. */
function rowOf(
  document: Document,
  kept: readonly { readonly path: readonly string[]; readonly property: Property }[],
  fieldOf: (path: readonly string[]) => string,
): Document {
  const row: Document = {};
  for (const { path, property } of kept) {
    const value = propertyValue(document, path, property, fieldOf);
    if (value === undefined) continue;
    let at = row;
    for (const name of path.slice(0, -1)) {
      if (at[name] === null || typeof at[name] !== 'object') at[name] = {};
      at = at[name] as Document;
    }
    at[path[path.length - 1]!] = value;
  }
  return row;
}

/** A property's value in the document: a structure read member by member from their fields (which a mapping may move), null where its own field is. */
function propertyValue(
  document: Document,
  path: readonly string[],
  property: Property,
  fieldOf: (path: readonly string[]) => string,
): unknown {
  const value = valueAt(document, fieldOf(path));
  if (property.kind !== 'structured' || value === null || value === undefined) return storedOrMissing(value, property);
  const out: Document = {};
  for (const member of property.properties.values()) {
    if (member.kind !== 'primitive' && member.relation) continue;
    const inner = propertyValue(document, [...path, member.name], member, fieldOf);
    if (inner !== undefined) out[member.name] = inner;
  }
  return out;
}

function storedOrMissing(value: unknown, property: Property): unknown {
  return value === undefined ? undefined : storedValue(value, property);
}

function valueAt(document: Document, field: string): unknown {
  let at: unknown = document;
  for (const name of field.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at)) return undefined;
    at = Object.hasOwn(at, name) ? (at as Document)[name] : undefined;
  }
  return at;
}
