// Interface B's resources (sections 2.3–2.7 and 4.2): presenters, venues, time zones and event
// template category items, each read from its table through a subquery that keeps what the
// public may see — presenters with a public profile, records promoted in the request's region,
// the offers of that region, the categories asked for — with the request's options on top.

import {
  PublicEventTemplateCategoryItem,
  PublicPresenter,
  PublicTimeZone,
  PublicVenue,
  SERVICE_INTERFACE_B,
} from 'odata-filter/examples/events';
import type { Schema } from 'odata-filter';
import type { QueryPolicy, QueryResource } from 'odata-filter/query';
import { postgres, sqlFragment, sqlValue } from 'odata-filter/sql';
import type { SqlFragment, SqlQueryOptions } from 'odata-filter/sql';
import { REGIONS } from '../tables.js';

/** What a request chooses beside its query options: the region (validated) and the categories. */
export interface Scope {
  readonly region: string;
  readonly categoryIDs?: readonly number[];
}

export interface PublicResource {
  /** The path segment: `presenters`. */
  readonly name: string;
  readonly collection: QueryResource;
  /** Absent for a resource served only as a collection (category items). */
  readonly item?: QueryResource;
  /** Whether `region` applies (presenters, venues, category items; not time zones). */
  readonly regional: boolean;
  /** Whether `categoryIDs` applies. */
  readonly categorised: boolean;
  /**
   * The rows the public may see, as a FROM source with its own values: in the scope of a
   * collection request, or, without one, those a single record may be read from (in any region).
   */
  readonly source: (scope: Scope | undefined) => SqlFragment;
  /** Where the collections of values are: jsonb columns of the same names. */
  readonly collections: SqlQueryOptions['collections'];
  /** Names `fields` may give that select nothing: left out before the option is read. */
  readonly ignoredFields?: readonly string[];
}

function policy(passThrough: readonly string[]): QueryPolicy {
  return { ...SERVICE_INTERFACE_B, passThrough };
}

/** A single record: `fields`, `format` and `callback` only — no page to ask for. */
const ITEM_POLICY: QueryPolicy = {
  ...policy(['format', 'callback']),
  defaultTop: 1,
  maxTop: 1,
  paging: false,
  count: false,
};

function resource(
  schema: Schema,
  key: string,
  defaultSelect: readonly string[],
  passThrough: readonly string[],
): QueryResource {
  return { schema, key: [key], policy: policy(passThrough), defaultSelect };
}

function itemOf(collection: QueryResource, key: string): QueryResource {
  return { ...collection, policy: ITEM_POLICY, rowFilter: `${key} eq @id` };
}

const json = (...names: string[]): SqlQueryOptions['collections'] =>
  Object.fromEntries(names.map((name) => [name, { json: name }]));

const presenters = resource(
  PublicPresenter,
  'PresenterID',
  ['PresenterID', 'FullName', 'ViewUri'],
  ['format', 'callback', 'region'],
);
const venues = resource(PublicVenue, 'VenueID', ['VenueID', 'Name', 'ViewUri'], ['format', 'callback', 'region']);
const timeZones = resource(PublicTimeZone, 'TimeZoneID', ['TimeZoneID', 'Name'], ['format', 'callback']);
// A category's items are told apart by their address within it; the key orders them so.
const items: QueryResource = {
  ...resource(
    PublicEventTemplateCategoryItem,
    'CategoryID',
    ['Title', 'Uri'],
    ['format', 'callback', 'region', 'categoryIDs'],
  ),
  key: ['CategoryID', 'Uri'],
};

export const PUBLIC_RESOURCES: readonly PublicResource[] = [
  {
    name: 'presenters',
    collection: presenters,
    item: itemOf(presenters, 'PresenterID'),
    regional: true,
    categorised: false,
    // Only presenters with a public profile are exposed (section 2.4).
    source: (scope) =>
      scope === undefined
        ? sqlFragment`(SELECT * FROM presenters WHERE "IsPublic")`
        : sqlFragment`(SELECT * FROM presenters WHERE "IsPublic" AND "Regions" ? ${sqlValue(scope.region)})`,
    collections: {},
  },
  {
    name: 'venues',
    collection: venues,
    item: itemOf(venues, 'VenueID'),
    regional: true,
    categorised: false,
    source: (scope) =>
      scope === undefined
        ? sqlFragment`venues`
        : sqlFragment`(SELECT * FROM venues WHERE "Regions" ? ${sqlValue(scope.region)})`,
    collections: {},
  },
  {
    name: 'timezones',
    collection: timeZones,
    item: itemOf(timeZones, 'TimeZoneID'),
    regional: false,
    categorised: false,
    source: () => sqlFragment`time_zones`,
    collections: json('TzNames'),
  },
  {
    name: 'eventtemplatecategoryitems',
    collection: items,
    regional: true,
    categorised: true,
    // The region also chooses the offers: their currency and tax (section 4.2).
    source: (scope) => {
      const { region, categoryIDs } = scope ?? { region: REGIONS[0] };
      const categories =
        categoryIDs === undefined
          ? sqlFragment``
          : sqlFragment` AND i."CategoryID" = ANY(${sqlValue(categoryIDs, 'integer[]')})`;
      return sqlFragment`(SELECT i.*, o."BestAdvertisedOffers" FROM template_category_items i LEFT JOIN template_item_offers o ON o."ItemID" = i."ItemID" AND o."Region" = ${sqlValue(region)} WHERE i."Regions" ? ${sqlValue(region)}${categories})`;
    },
    collections: json('AdvertisedPresenters', 'BestAdvertisedOffers', 'Tags', 'Credits'),
    // The document's example request for category items lists ViewUri, which their fields do not
    // have; its handling is unspecified (section 4.2), so it is ignored rather than refused.
    ignoredFields: ['ViewUri'],
  },
];

export const PUBLIC_RESOURCE_BY_NAME: ReadonlyMap<string, PublicResource> = new Map(
  PUBLIC_RESOURCES.map((r) => [r.name, r]),
);

/** The storage options of a request (in a scope for a collection, none for a record): its source as the FROM, its values bound with the query's. */
export function storageIn(resource: PublicResource, scope: Scope | undefined): SqlQueryOptions {
  return {
    dialect: postgres,
    from: sqlFragment`${resource.source(scope)} r`,
    table: 'r',
    collections: resource.collections,
  };
}
