// compileMongoQuery(): a query plan (docs/query.md) as the arguments of `find()` and of
// `countDocuments()`, with the query document compileMongo() makes of the plan's filter.

import type { QueryPlan } from '../../types/query-plan.js';
import { compileMongo } from './compile-filter.js';
import { createContext, type MongoOptions } from './options.js';
import type { QueryDocument } from './query.js';
import type { Property } from '../../types/schema.js';
import { cannotCompile } from './cannot-compile.js';

export interface MongoQuery {
  /** The query document of `find()` and of `countDocuments()`: `{}` without a filter. */
  readonly filter: QueryDocument;
  /**
   * The plan's order: `{ field: 1 }` ascending, `-1` descending, the key's fields last. MongoDB's
   * order of values is the reference's (docs/query.md, "Order"): null and missing first, NaN
   * before every number, strings by their UTF-8 bytes.
   */
  readonly sort: Readonly<Record<string, 1 | -1>>;
  readonly skip: number;
  /**
   * `top + 1`: the one document beyond the page, when it comes, says that documents follow it
   * (pageOf() in odata-filter/sql, or `items.length > top`, tells).
   */
  readonly limit: number;
  /** Whether to count the documents `filter` matches (`countDocuments(filter)`). */
  readonly count: boolean;
  /**
   * When the plan projects: `{ field: 1, …, _id: 0 }`, the fields it keeps (a structure whole,
   * unless it holds a relation: then its other members), `_id` only when a kept property maps to it.
   */
  readonly projection?: Readonly<Record<string, 0 | 1>>;
}

export function compileMongoQuery(plan: QueryPlan, options: MongoOptions = {}): MongoQuery {
  // A relation's rows are in another collection, which a find() does not read (docs/mongo.md).
  const [expanded] = plan.expand;
  if (expanded !== undefined)
    throw cannotCompile(
      { start: 0, end: 0 },
      'expand',
      `the expansion of '${expanded.schemaPath}': a relation's rows are in another collection, which find() does not read; look them up with the keys of the page`,
    );
  // A skiptoken's page reads the rows after its row; find() takes no keyset here yet.
  if (plan.pageFilter !== plan.filter)
    throw cannotCompile(
      { start: 0, end: 0 },
      'keyset',
      'a page after a skiptoken: compileMongoQuery pages by skip; leave `keyset` off the policy of a MongoDB collection',
    );
  const filter = plan.filter ? compileMongo(plan.filter, options) : {};
  const context = createContext(options);
  const sort: Record<string, 1 | -1> = {};
  for (const key of plan.orderBy) {
    // find() sorts by fields: a computed value needs an aggregation's $addFields.
    if (key.expression !== undefined)
      throw cannotCompile(
        { start: 0, end: 0 },
        'orderby_expression',
        `the order by '${key.property.name}': find() sorts by fields, not by computed values`,
      );
    // MongoDB sorts BinData by length first, then by subtype and bytes: not the bytes' order.
    if (key.property.type === 'Edm.Binary')
      throw cannotCompile(
        { start: 0, end: 0 },
        'binary_order',
        `the order by '${key.path.join('/')}', an Edm.Binary: MongoDB sorts BinData by length before its bytes`,
      );
    sort[context.field({ path: key.path, start: 0, end: 0 })] = key.descending ? -1 : 1;
  }
  const query = { filter, sort, skip: plan.skip, limit: plan.top + 1, count: plan.count };
  if (plan.select === undefined) return query;
  const projection: Record<string, 0 | 1> = {};
  for (const item of plan.select) {
    // find()'s projection keeps an array's elements whole or reshapes them, dropping those that
    // are no documents: the members the rules hide cannot be taken out as the reference does.
    if (item.hidden !== undefined)
      throw cannotCompile(
        { start: 0, end: 0 },
        'select_hidden_member',
        `the projection of '${item.path.join('/')}', which holds members the rules hide: leave it out of the projection`,
      );
    for (const path of keptPaths(item.path, item.property)) projection[context.field({ path, start: 0, end: 0 })] = 1;
  }
  if (!Object.hasOwn(projection, '_id')) projection._id = 0;
  return { ...query, projection };
}

/** The paths a kept property projects: itself, or, for a structure holding a relation, its other members. */
function keptPaths(path: readonly string[], property: Property): (readonly string[])[] {
  if (property.kind !== 'primitive' && property.relation) return [];
  if (property.kind !== 'structured' || !holdsRelation(property)) return [path];
  return [...property.properties.values()].flatMap((member) => keptPaths([...path, member.name], member));
}

function holdsRelation(property: Property): boolean {
  if (property.kind === 'primitive') return false;
  return property.relation || (property.kind === 'structured' && [...property.properties.values()].some(holdsRelation));
}
