// Where each of the service's types is stored, and what the package is told about it.
//
// Every type has a table (tables.ts) and a view of it, `<table>_view`, that adds the columns of
// its single-valued relations under their paths (`EventTemplate_Code`, `Event_TimeZone_Name`):
// a filter that reads through a relation (`EventTemplate/Code eq 'X'`) then reads a column of
// the row, by the package's default mapping, and an expansion reads the related type's view. A
// to-many relation (an event's sessions) is the related view as a child table; a collection of
// values (`TzNames`) a jsonb column. All of it is derived here from the example's model (keys, and
// where each navigation leads), its schemas and one table of references, so the SQL the package
// writes and the tables never disagree.

import type { Schema, Property } from 'odata-filter';
import {
  Contact,
  Event,
  EventSession,
  EventTemplate,
  Organisation,
  Registration,
  TimeZone,
  VenueRoom,
  eventsModel,
} from 'odata-filter/examples/events';
import { postgres } from 'odata-filter/sql';
import type { CollectionStorage, RelatedTable, SqlQueryOptions } from 'odata-filter/sql';

type Stored = CollectionStorage[string];

/** How a type's rows reach the rows of each of its relations. */
type Reach =
  /** A single-valued relation: the column of this row holding the related row's key. */
  | { readonly type: TypeName; readonly reference: string }
  /** A to-many relation: the related rows' column holding this row's key. */
  | { readonly type: TypeName; readonly foreignKey: string };

interface StoredType {
  readonly schema: Schema;
  readonly table: string;
  readonly key: string;
  readonly relations: { readonly [name: string]: Reach };
  /** Columns of the table no schema property holds that the representation reads: an event's or a session's local offset. */
  readonly representation?: readonly string[];
}

export type TypeName =
  | 'Event'
  | 'EventSession'
  | 'Registration'
  | 'Contact'
  | 'Organisation'
  | 'VenueRoom'
  | 'EventTemplate'
  | 'TimeZone';

/**
 * Where each type is, beside what the model says of it: its table, the column holding each
 * single-valued relation's key (`references`) and, for each to-many relation, the column of the
 * related rows holding this row's key (`foreignKeys`).
 */
interface Storage {
  readonly schema: Schema;
  readonly table: string;
  readonly references?: { readonly [navigation: string]: string };
  readonly foreignKeys?: { readonly [navigation: string]: string };
  readonly representation?: readonly string[];
}

const STORAGE: { readonly [T in TypeName]: Storage } = {
  Event: {
    schema: Event,
    table: 'events',
    references: { EventTemplate: 'EventTemplateID', TimeZone: 'TimeZoneID' },
    foreignKeys: { Sessions: 'EventID', Registrations: 'EventID' },
    representation: ['UtcOffsetMinutes'],
  },
  EventSession: {
    schema: EventSession,
    table: 'event_sessions',
    references: { Presenter: 'PresenterContactID' },
    representation: ['UtcOffsetMinutes'],
  },
  Registration: {
    schema: Registration,
    table: 'registrations',
    references: { Contact: 'ContactID', Event: 'EventID' },
  },
  Contact: { schema: Contact, table: 'contacts' },
  Organisation: { schema: Organisation, table: 'organisations' },
  VenueRoom: { schema: VenueRoom, table: 'venue_rooms' },
  EventTemplate: { schema: EventTemplate, table: 'event_templates' },
  TimeZone: { schema: TimeZone, table: 'time_zones' },
};

/**
 * A type's storage with what the model says: its key, and the type each navigation property
 * leads to. A navigation the model has and the storage does not place is an error at start-up.
 */
function stored(name: TypeName): StoredType {
  const storage = STORAGE[name];
  const type = eventsModel.types.get(`${eventsModel.namespace}.${name}`);
  if (type?.kind !== 'entity' || type.key?.length !== 1)
    throw new Error(`storage.ts: the model has no entity type ${name} with a key of one property`);
  const relations: { [name: string]: Reach } = {};
  for (const property of type.properties.values()) {
    if (property.kind !== 'navigation') continue;
    const target = property.target.name.slice(eventsModel.namespace.length + 1) as TypeName;
    const column = (property.collection ? storage.foreignKeys : storage.references)?.[property.name];
    if (column === undefined)
      throw new Error(`storage.ts: the type ${name} does not say where its relation ${property.name} is`);
    relations[property.name] = property.collection
      ? { type: target, foreignKey: column }
      : { type: target, reference: column };
  }
  return { ...storage, key: type.key[0]!.alias, relations };
}

export const STORED_TYPES: { readonly [T in TypeName]: StoredType } = {
  Event: stored('Event'),
  EventSession: stored('EventSession'),
  Registration: stored('Registration'),
  Contact: stored('Contact'),
  Organisation: stored('Organisation'),
  VenueRoom: stored('VenueRoom'),
  EventTemplate: stored('EventTemplate'),
  TimeZone: stored('TimeZone'),
};

export const viewOf = (type: TypeName): string => `${STORED_TYPES[type].table}_view`;

const quote = (name: string): string => postgres.quoteIdentifier(name);

function reachOf(holder: TypeName, relation: Property): Reach {
  const reach = STORED_TYPES[holder].relations[relation.name];
  if (reach === undefined)
    throw new Error(`storage.ts: the type ${holder} does not say where its relation ${relation.name} is`);
  return reach;
}

/** The properties of a structure, a relation or a relation's elements. */
function membersOf(property: Property): readonly Property[] {
  if (property.kind === 'structured') return [...property.properties.values()];
  if (property.kind === 'collection' && property.element.kind === 'structured')
    return [...property.element.properties.values()];
  return [];
}

/**
 * The columns a row of the schema has in its type's view, by path: its primitives and
 * collections of values, and, under a single-valued relation's name, the relation's own.
 */
function viewColumns(properties: readonly Property[], prefix: readonly string[] = []): string[] {
  return properties.flatMap((property) => {
    const path = [...prefix, property.name];
    if (property.kind === 'primitive') return [path.join('_')];
    if (property.kind === 'collection') return property.relation ? [] : [path.join('_')];
    return viewColumns(membersOf(property), path);
  });
}

/** The definition of a type's view: its table's columns, and each single-valued relation's columns joined in. */
function viewDefinition(type: TypeName): string {
  const stored = STORED_TYPES[type];
  const joins: string[] = [];
  const columns: string[] = ['t.*'];
  for (const property of stored.schema.properties.values()) {
    if (property.kind !== 'structured' || !property.relation) continue;
    const reach = reachOf(type, property);
    if (!('reference' in reach)) continue;
    const alias = `j${joins.length}`;
    joins.push(
      `LEFT JOIN ${viewOf(reach.type)} ${alias} ON ${alias}.${quote(STORED_TYPES[reach.type].key)} = t.${quote(reach.reference)}`,
    );
    for (const column of viewColumns(membersOf(property)))
      columns.push(`${alias}.${quote(column)} AS ${quote(`${property.name}_${column}`)}`);
  }
  return `CREATE VIEW ${viewOf(type)} AS SELECT ${columns.join(', ')} FROM ${stored.table} t ${joins.join(' ')}`;
}

/** The views, each after the views it joins. */
export const VIEWS: readonly string[] = (
  [
    'TimeZone',
    'EventTemplate',
    'Contact',
    'Organisation',
    'VenueRoom',
    'Event',
    'EventSession',
    'Registration',
  ] as const
).map(viewDefinition);

/**
 * What compileSql and expandSqlRows need to know of a type's storage: its view, and for each
 * schema path, where the collections and relations under it are.
 *
 * The two readers see a collection under a single-valued relation from different rows: a filter
 * from the row's view (the key is the flattened `Event_EventID`), an expansion from the related
 * row's own view (`EventID`). So there is one options object for each.
 */
export function storageOf(type: TypeName): { readonly query: SqlQueryOptions; readonly expand: SqlQueryOptions } {
  const view = viewOf(type);
  const filterCollections: Record<string, Stored> = {};
  const expandCollections: Record<string, Stored> = {};
  const relations: Record<string, RelatedTable> = {};
  const walk = (
    holder: TypeName,
    properties: readonly Property[],
    path: readonly string[],
    rowPrefix: readonly string[],
  ): void => {
    for (const property of properties) {
      const at = [...path, property.name];
      const schemaPath = at.join('/');
      if (property.kind === 'collection' && !property.relation) {
        // A jsonb column of the row holding the collection (the row's view flattens one under a relation).
        filterCollections[schemaPath] = { json: [...rowPrefix, property.name].join('_') };
        expandCollections[schemaPath] = { json: property.name };
      } else if (property.kind === 'structured' && !property.relation) {
        walk(holder, membersOf(property), at, [...rowPrefix, property.name]);
      } else if (property.kind !== 'primitive') {
        const reach = reachOf(holder, property);
        const target = STORED_TYPES[reach.type];
        if ('reference' in reach) {
          relations[schemaPath] = { table: viewOf(reach.type), key: target.key, reference: reach.reference };
          walk(reach.type, membersOf(property), at, [...rowPrefix, property.name]);
        } else {
          const holderKey = STORED_TYPES[holder].key;
          filterCollections[schemaPath] = {
            table: viewOf(reach.type),
            foreignKey: reach.foreignKey,
            key: [...rowPrefix, holderKey].join('_'),
          };
          expandCollections[schemaPath] = { table: viewOf(reach.type), foreignKey: reach.foreignKey, key: holderKey };
          // The elements are rows of their own view: what is under them is read from there.
          walk(reach.type, membersOf(property), at, []);
        }
      }
    }
  };
  walk(type, [...STORED_TYPES[type].schema.properties.values()], [], []);
  const base = { dialect: postgres, from: view, table: view, relations };
  return { query: { ...base, collections: filterCollections }, expand: { ...base, collections: expandCollections } };
}

/** Every relation a type's rows reach, at any depth, by schema path (`Registrations`, `Registrations/Contact`), with the type it reaches and whether it is to-many. */
export function relationPathsOf(
  type: TypeName,
): readonly { readonly path: string; readonly type: TypeName; readonly many: boolean }[] {
  const found: { path: string; type: TypeName; many: boolean }[] = [];
  const walk = (holder: TypeName, properties: readonly Property[], path: readonly string[]): void => {
    for (const property of properties) {
      if (property.kind === 'primitive' || (property.kind === 'collection' && !property.relation)) continue;
      const at = [...path, property.name];
      if (!property.relation) {
        walk(holder, membersOf(property), at);
        continue;
      }
      const reach = reachOf(holder, property);
      found.push({ path: at.join('/'), type: reach.type, many: 'foreignKey' in reach });
      walk(reach.type, membersOf(property), at);
    }
  };
  walk(type, [...STORED_TYPES[type].schema.properties.values()], []);
  return found;
}

/** The key of each to-many relation's rows, by schema path: what orders an expansion of it (docs/query.md, "Expansion"). */
export function relationRulesOf(type: TypeName): {
  readonly [schemaPath: string]: { readonly key: readonly string[] };
} {
  return Object.fromEntries(
    relationPathsOf(type)
      .filter((r) => r.many)
      .map((r) => [r.path, { key: [STORED_TYPES[r.type].key] }]),
  );
}

/** The type at the end of a relation's schema path from a type (`Sessions/Presenter` from Event: Contact). */
export function typeAt(type: TypeName, schemaPath: string): TypeName {
  let holder = type;
  let properties: readonly Property[] = [...STORED_TYPES[type].schema.properties.values()];
  for (const name of schemaPath.split('/')) {
    const property = properties.find((p) => p.name === name);
    if (property === undefined)
      throw new Error(`storage.ts: no property ${name} on the way to ${schemaPath} from ${type}`);
    if (property.kind !== 'primitive' && property.relation) holder = reachOf(holder, property).type;
    properties = membersOf(property);
  }
  return holder;
}

/** The columns of a type's table its representation needs beside its properties: references for its links, an event's offset. */
export function representationColumnsOf(type: TypeName): readonly string[] {
  const stored = STORED_TYPES[type];
  const references = Object.values(stored.relations).flatMap((reach) =>
    'reference' in reach ? [reach.reference] : [],
  );
  return [...references, ...(stored.representation ?? [])];
}
