// Interface A's collections (section 4.1): each a path segment, the element its representation is
// named after, the type of its members, and the resources the package reads its requests against.

import { SERVICE_INTERFACE_A } from 'odata-filter/examples/events';
import type { QueryPolicy, QueryResource } from 'odata-filter/query';
import type { SqlQueryOptions } from 'odata-filter/sql';
import { mayRead } from '../authenticate.js';
import type { User } from '../authenticate.js';
import { STORED_TYPES, relationPathsOf, relationRulesOf, storageOf } from '../storage.js';
import type { TypeName } from '../storage.js';

export interface AuthenticatedCollection {
  /** The path segment: `events`. */
  readonly name: string;
  /** The collection's element: `Events`. */
  readonly element: string;
  /** The members' type, the name of their element and of their `rel`: `Event`. */
  readonly type: TypeName;
  /** The collection: filter, expand, skip, top as the interface's policy has them. */
  readonly resource: QueryResource;
  /** One member, `<collection>/{id}/`: the collection's row filtered by its key, with `expand` only. */
  readonly item: QueryResource;
  /** Where the rows are, for compileSqlQuery and for expandSqlRows. */
  readonly storage: { readonly query: SqlQueryOptions; readonly expand: SqlQueryOptions };
}

/** A member takes `expand`: one row, no filter to give. */
const ITEM_POLICY: QueryPolicy = { ...SERVICE_INTERFACE_A, defaultTop: 1, maxTop: 1, paging: false, filter: false };

function collection(name: string, element: string, type: TypeName): AuthenticatedCollection {
  const { schema, key } = STORED_TYPES[type];
  const relations = relationRulesOf(type);
  return {
    name,
    element,
    type,
    resource: { schema, key: [key], policy: SERVICE_INTERFACE_A, relations },
    item: { schema, key: [key], policy: ITEM_POLICY, relations, rowFilter: `${key} eq @id` },
    storage: storageOf(type),
  };
}

/** The collections, in the order the root collection lists them. */
export const COLLECTIONS: readonly AuthenticatedCollection[] = [
  collection('events', 'Events', 'Event'),
  collection('contacts', 'Contacts', 'Contact'),
  collection('registrations', 'Registrations', 'Registration'),
  collection('eventtemplates', 'EventTemplates', 'EventTemplate'),
  collection('venuerooms', 'VenueRooms', 'VenueRoom'),
  collection('organisations', 'Organisations', 'Organisation'),
  collection('eventsessions', 'EventSessions', 'EventSession'),
  collection('timezones', 'TimeZones', 'TimeZone'),
];

export const COLLECTION_BY_NAME: ReadonlyMap<string, AuthenticatedCollection> = new Map(
  COLLECTIONS.map((c) => [c.name, c]),
);
export const COLLECTION_OF_TYPE: ReadonlyMap<TypeName, AuthenticatedCollection> = new Map(
  COLLECTIONS.map((c) => [c.type, c]),
);

/** A member's part that is a collection of another type's members: an event's `sessions/` and `registrations/`. */
export interface MemberPart {
  /** The collection its members belong to (`eventsessions`). */
  readonly of: AuthenticatedCollection;
  /** Its element, the relation's name: `Sessions`. */
  readonly element: string;
  /** The column of those members holding the member's key. */
  readonly foreignKey: string;
}

/** The part of a member of the collection at the path segment (the to-many relation's name in lower case), if it has one. */
export function partOf(collection: AuthenticatedCollection, segment: string): MemberPart | undefined {
  for (const [name, reach] of Object.entries(STORED_TYPES[collection.type].relations)) {
    if (name.toLowerCase() === segment && 'foreignKey' in reach)
      return { of: COLLECTION_OF_TYPE.get(reach.type)!, element: name, foreignKey: reach.foreignKey };
  }
  return undefined;
}

/** The limits a filter is checked within (the string cost's among them), as the server sets them. */
export type FilterLimits = NonNullable<QueryPolicy['filterLimits']>;

/** The resources as each set of permissions sees them under each set of limits, made once per collection, set and limits. */
const seen = new WeakMap<
  FilterLimits,
  Map<string, { readonly resource: QueryResource; readonly item: QueryResource }>
>();

/**
 * A collection's resources as a user may query them: a filter cannot read through a relation to
 * a collection the user may not read (`Registrations/any(r: r/Contact/Email eq …)` would tell an
 * `events`-only user which contacts exist). The package's rules refuse it (`not_filterable`)
 * wherever a filter names it, lambdas and `$count` included. Made once per set of permissions,
 * since the package checks a resource's rules once per resource object.
 */
export function resourcesFor(
  collection: AuthenticatedCollection,
  user: User,
  filterLimits: FilterLimits,
): { readonly resource: QueryResource; readonly item: QueryResource } {
  const id = `${collection.name} ${[...user.collections].sort().join(',')}`;
  let made = seen.get(filterLimits);
  if (made === undefined) {
    made = new Map();
    seen.set(filterLimits, made);
  }
  let found = made.get(id);
  if (found === undefined) {
    const hidden = relationPathsOf(collection.type).filter((r) => !mayRead(user, COLLECTION_OF_TYPE.get(r.type)!.name));
    const rules = Object.fromEntries(hidden.map((r) => [r.path, { filter: false }]));
    const limited = (resource: QueryResource): QueryResource => ({
      ...resource,
      policy: { ...resource.policy, filterLimits: { ...resource.policy.filterLimits, ...filterLimits } },
      ...(hidden.length === 0 ? {} : { rules }),
    });
    found = { resource: limited(collection.resource), item: limited(collection.item) };
    made.set(id, found);
  }
  return found;
}
