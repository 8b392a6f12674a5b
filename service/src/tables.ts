// The service's tables on PostgreSQL. Each column is named by its property's path in the
// package's shipped schemas, segments joined with `_` (`PostalAddress_City`): the package's
// default column mapping, so a resource needs no column list. Columns no schema holds are the
// service's own: references between rows (`EventID` of a session, `PresenterContactID`), an
// event's (and its sessions') local UTC offset, who may see a public record (`IsPublic`, `Regions`) and the users.
// Collections of values are `jsonb` arrays (the package reads them as JSON columns); an event's
// sessions and registrations are child tables (rows of their own that `any`/`all` reach).

const audit = `"CreatedDateTime" timestamptz NOT NULL, "LastModifiedDateTime" timestamptz NOT NULL`;
const textContent = (name: string): string => `"${name}_ContentType" text, "${name}_Text" text`;

export const TABLES: readonly string[] = [
  `CREATE TABLE time_zones (
    "TimeZoneID" integer PRIMARY KEY, "Name" text NOT NULL, "TzNames" jsonb, "UtcOffset" integer, ${audit})`,
  `CREATE TABLE event_templates (
    "EventTemplateID" integer PRIMARY KEY, "Code" text, "Name" text NOT NULL, ${audit})`,
  `CREATE TABLE organisations (
    "OrganisationID" integer PRIMARY KEY, "Name" text, "PostalAddress_City" text, "PostalAddress_Country" text, ${audit})`,
  `CREATE TABLE contacts (
    "ContactID" integer PRIMARY KEY, "Email" text, "Status" text, "PostalAddress_City" text, "PostalAddress_Country" text,
    "OrganisationID" integer REFERENCES organisations, ${audit})`,
  `CREATE TABLE events (
    "EventID" integer PRIMARY KEY, "UniqueIdentifier" uuid NOT NULL UNIQUE, "Code" text,
    "StartDateTime" timestamptz, "FinishDateTime" timestamptz, "Description" text, "LocationName" text, "Status" text, ${audit},
    "EventTemplateID" integer REFERENCES event_templates, "TimeZoneID" integer REFERENCES time_zones,
    "UtcOffsetMinutes" integer NOT NULL)`,
  `CREATE TABLE event_sessions (
    "EventSessionID" integer PRIMARY KEY, "EventID" integer NOT NULL REFERENCES events, "Status" text,
    "StartDateTime" timestamptz, "FinishDateTime" timestamptz, "PresenterContactID" integer REFERENCES contacts, ${audit},
    "UtcOffsetMinutes" integer NOT NULL)`,
  `CREATE INDEX event_sessions_event ON event_sessions ("EventID")`,
  `CREATE TABLE registrations (
    "RegistrationID" integer PRIMARY KEY, "EventID" integer NOT NULL REFERENCES events,
    "ContactID" integer NOT NULL REFERENCES contacts, "Status" text, ${audit})`,
  `CREATE INDEX registrations_event ON registrations ("EventID")`,
  `CREATE TABLE venues (
    "VenueID" integer PRIMARY KEY, "Name" text NOT NULL, "LocationName" text,
    "GeoData_PointLatitude" double precision, "GeoData_PointLongitude" double precision,
    ${['StreetLine1', 'StreetLine2', 'StreetLine3', 'StreetLine4', 'Suburb', 'City', 'State', 'PostCode', 'Country'].map((part) => `"PhysicalAddress_${part}" text`).join(', ')},
    ${textContent('FacilityInfo_Directions')}, ${textContent('FacilityInfo_Parking')},
    "ViewUri" text, "Regions" jsonb NOT NULL)`,
  `CREATE TABLE venue_rooms (
    "VenueRoomID" integer PRIMARY KEY, "VenueID" integer NOT NULL REFERENCES venues, "Name" text, "Capacity" integer, ${audit})`,
  `CREATE TABLE presenters (
    "PresenterID" integer PRIMARY KEY, "FullName" text NOT NULL, "FirstName" text, "LastName" text, "ViewUri" text,
    ${textContent('Profile_ProfessionalProfile')}, ${textContent('Profile_Qualifications')}, ${textContent('Profile_Interests')},
    "SocialNetworkInfo_NetworkAID" text, "SocialNetworkInfo_NetworkBID" text, "SocialNetworkInfo_NetworkCID" text, "SocialNetworkInfo_NetworkDID" text,
    "IsPublic" boolean NOT NULL, "Regions" jsonb NOT NULL)`,
  `CREATE TABLE template_categories (
    "CategoryID" integer PRIMARY KEY, "ParentID" integer REFERENCES template_categories, "Name" text NOT NULL)`,
  `CREATE TABLE template_category_items (
    "ItemID" integer PRIMARY KEY, "CategoryID" integer NOT NULL REFERENCES template_categories,
    "EventTemplateID" integer REFERENCES event_templates, "Title" text NOT NULL, "Uri" text NOT NULL, "Summary" text,
    "SequenceIndex" integer, "Code" text, "AdvertisedDuration" text, "AdvertisedPresenters" jsonb,
    "Tags" jsonb, "Credits" jsonb, "RegisterInterestUri" text, "RegisterPrivateInterestUri" text, "Regions" jsonb NOT NULL,
    UNIQUE ("CategoryID", "Uri"))`,
  `CREATE TABLE template_item_offers (
    "ItemID" integer NOT NULL REFERENCES template_category_items, "Region" text NOT NULL, "BestAdvertisedOffers" jsonb NOT NULL,
    PRIMARY KEY ("ItemID", "Region"))`,
  `CREATE TABLE users (
    "Name" text PRIMARY KEY, "Salt" text NOT NULL, "Hash" text NOT NULL, "Collections" jsonb NOT NULL)`,
];

/** The platforms' regions (section 4.2: "allowed values depend on the installed regions"); the first is the default. */
export const REGIONS = ['au', 'nz'] as const;
export type Region = (typeof REGIONS)[number];
