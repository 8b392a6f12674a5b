// The schemas of the example event management service (section 2 of its interface document;
// docs/service.md): the resources its `filter` option runs against, with the field names that
// document and its clients use. They are one service's model, not part of the library's core:
// `odata-filter/examples/events` exports them for the CLI's `--schema <name>`, the playground,
// the service under service/ and the tests.
//
// Interface A (authenticated, XML collections): beyond the fields the document lists, every
// resource has its integer key and the two audit instants (`CreatedDateTime`,
// `LastModifiedDateTime`), because the service's clients filter every collection on
// `LastModifiedDateTime` to synchronise incrementally. The document shows no fields of its
// `timezones` collection; the public TimeZone's fields (section 2.6) are the only ones it gives
// for a time zone, so `TimeZone` has those, with the key and audit instants of every collection.
//
// Interface B (public, JSON; sections 2.4–2.7): exactly the fields the document lists, under
// names starting with `Public`, since the public representation of a time zone or a presenter is
// not the authenticated resource of the same kind. Every element is optional there (section 2.3)
// unless the document says otherwise; its array fields are collections.
//
// Links to other resources are relations (`relation: true`): an Event's EventTemplate and TimeZone,
// its Sessions and Registrations (section 2.2's related links), a Registration's Contact (its
// expandable link) and Event, a session's Presenter. A relation holds the target's own fields; the
// way back (a registration's event's registrations) is left out, so the definitions stay finite.
// Each resource's own properties are its entity type's in the example's model (model.ts), taken
// as they are where they are primitives: the schemas are surfaces cut from that model.
//
// Every definition keeps its literal type (`as const satisfies`), so TypeScript knows each schema's
// paths and their types (src/types/schema-paths.ts) and the typed builder its operands.

import type { PropertyDefinition, Schema, SchemaDefinition } from '../../types/schema.js';
import { defineSchema } from '../../types/schema.js';
import { eventsModelDefinition } from './model.js';

type Properties = { readonly [name: string]: PropertyDefinition };

const key = { type: 'Edm.Int32', nullable: false } as const;

/** The model's entity types: where a type's properties are primitives, the schema takes them as they are. */
const types = eventsModelDefinition.entityTypes;

const postalAddress = {
  properties: eventsModelDefinition.complexTypes.PostalAddress.properties,
} as const satisfies PropertyDefinition;

const eventTemplateProperties = types.EventTemplate.properties satisfies Properties;

/** The fields of a public TimeZone (section 2.6). */
const publicTimeZoneProperties = {
  TimeZoneID: key,
  Name: 'Edm.String',
  TzNames: { collection: 'Edm.String' },
  UtcOffset: 'Edm.Int32',
} as const satisfies Properties;

/** A member of interface A's `timezones` collection, which the Event's TimeZone link targets. */
const timeZoneProperties = {
  ...types.TimeZone.properties,
  TzNames: { collection: 'Edm.String' },
} as const satisfies Properties;

/** A session of an event: the fields filters reference (section 2.2), with its presenter, a contact a session may not have yet. */
const { CreatedDateTime, LastModifiedDateTime, ...sessionFields } = types.EventSession.properties;
const eventSessionProperties = {
  ...sessionFields,
  Presenter: { relation: true, properties: { ContactID: key, Email: 'Edm.String' } },
  CreatedDateTime,
  LastModifiedDateTime,
} as const satisfies Properties;

/** Event: every field of section 2.2, with its EventTemplate and TimeZone links as relations. */
const eventOwnProperties = {
  ...types.Event.properties,
  EventTemplate: { relation: true, properties: eventTemplateProperties },
  TimeZone: { relation: true, properties: timeZoneProperties },
} as const satisfies Properties;

const contactProperties = {
  ...types.Contact.properties,
  PostalAddress: postalAddress,
} as const satisfies Properties;

/** A registration's own fields and its contact (its expandable link). */
const registrationOwnProperties = {
  ...types.Registration.properties,
  Contact: { relation: true, properties: contactProperties },
} as const satisfies Properties;

const sessions = {
  relation: true,
  collection: { properties: eventSessionProperties },
} as const satisfies PropertyDefinition;

const eventProperties = {
  ...eventOwnProperties,
  Sessions: sessions,
  Registrations: { relation: true, collection: { properties: registrationOwnProperties } },
} as const satisfies Properties;

export const eventDefinition = { name: 'Event', properties: eventProperties } as const satisfies SchemaDefinition;
export const contactDefinition = { name: 'Contact', properties: contactProperties } as const satisfies SchemaDefinition;
export const organisationDefinition = {
  name: 'Organisation',
  properties: { ...types.Organisation.properties, PostalAddress: postalAddress },
} as const satisfies SchemaDefinition;
export const venueRoomDefinition = {
  name: 'VenueRoom',
  properties: types.VenueRoom.properties,
} as const satisfies SchemaDefinition;
export const eventTemplateDefinition = {
  name: 'EventTemplate',
  properties: eventTemplateProperties,
} as const satisfies SchemaDefinition;
export const eventSessionDefinition = {
  name: 'EventSession',
  properties: eventSessionProperties,
} as const satisfies SchemaDefinition;
export const registrationDefinition = {
  name: 'Registration',
  properties: {
    ...registrationOwnProperties,
    Event: { relation: true, properties: { ...eventOwnProperties, Sessions: sessions } },
  },
} as const satisfies SchemaDefinition;
export const timeZoneDefinition = {
  name: 'TimeZone',
  properties: timeZoneProperties,
} as const satisfies SchemaDefinition;

/** Marked-up text (section 2.3): its content type, usually `application/xhtml`, and the text. */
const textContent = {
  properties: { ContentType: 'Edm.String', Text: 'Edm.String' },
} as const satisfies PropertyDefinition;

export const publicPresenterDefinition = {
  name: 'PublicPresenter',
  properties: {
    PresenterID: key,
    FullName: 'Edm.String',
    FirstName: 'Edm.String',
    LastName: 'Edm.String',
    ViewUri: 'Edm.String',
    Profile: { properties: { ProfessionalProfile: textContent, Qualifications: textContent, Interests: textContent } },
    SocialNetworkInfo: {
      properties: {
        NetworkAID: 'Edm.String',
        NetworkBID: 'Edm.String',
        NetworkCID: 'Edm.String',
        NetworkDID: 'Edm.String',
      },
    },
  },
} as const satisfies SchemaDefinition;
export const publicVenueDefinition = {
  name: 'PublicVenue',
  properties: {
    VenueID: key,
    Name: 'Edm.String',
    LocationName: 'Edm.String',
    GeoData: { properties: { PointLatitude: 'Edm.Double', PointLongitude: 'Edm.Double' } },
    PhysicalAddress: {
      properties: {
        StreetLine1: 'Edm.String',
        StreetLine2: 'Edm.String',
        StreetLine3: 'Edm.String',
        StreetLine4: 'Edm.String',
        Suburb: 'Edm.String',
        City: 'Edm.String',
        State: 'Edm.String',
        PostCode: 'Edm.String',
        Country: 'Edm.String',
      },
    },
    FacilityInfo: { properties: { Directions: textContent, Parking: textContent } },
    ViewUri: 'Edm.String',
  },
} as const satisfies SchemaDefinition;
export const publicTimeZoneDefinition = {
  name: 'PublicTimeZone',
  properties: publicTimeZoneProperties,
} as const satisfies SchemaDefinition;
export const publicEventTemplateCategoryItemDefinition = {
  name: 'PublicEventTemplateCategoryItem',
  properties: {
    // "Every item has at least CategoryID, Title and Uri."
    CategoryID: key,
    EventTemplateID: 'Edm.Int32',
    Title: { type: 'Edm.String', nullable: false },
    Uri: { type: 'Edm.String', nullable: false },
    Summary: 'Edm.String',
    SequenceIndex: 'Edm.Int32',
    Code: 'Edm.String',
    AdvertisedDuration: 'Edm.String',
    AdvertisedPresenters: {
      collection: { properties: { PresenterID: 'Edm.Int32', Name: 'Edm.String', ViewUri: 'Edm.String' } },
    },
    BestAdvertisedOffers: { collection: { properties: { OfferID: 'Edm.Int32' } } },
    Tags: { collection: 'Edm.String' },
    Credits: { collection: { properties: { Type: 'Edm.String', Value: 'Edm.Decimal' } } },
    RegisterInterestUri: 'Edm.String',
    RegisterPrivateInterestUri: 'Edm.String',
  },
} as const satisfies SchemaDefinition;

export const Event = defineSchema(eventDefinition);
export const Contact = defineSchema(contactDefinition);
export const Organisation = defineSchema(organisationDefinition);
export const VenueRoom = defineSchema(venueRoomDefinition);
export const EventTemplate = defineSchema(eventTemplateDefinition);
export const EventSession = defineSchema(eventSessionDefinition);
export const Registration = defineSchema(registrationDefinition);
export const TimeZone = defineSchema(timeZoneDefinition);
export const PublicPresenter = defineSchema(publicPresenterDefinition);
export const PublicVenue = defineSchema(publicVenueDefinition);
export const PublicTimeZone = defineSchema(publicTimeZoneDefinition);
export const PublicEventTemplateCategoryItem = defineSchema(publicEventTemplateCategoryItemDefinition);

/** The schemas of interface A's collections, which its clients synchronise by audit instants. */
export const AUTHENTICATED_SCHEMAS: readonly Schema[] = [
  Event,
  Contact,
  Organisation,
  VenueRoom,
  EventTemplate,
  EventSession,
  Registration,
  TimeZone,
];

/** The schemas of interface B's public records. */
export const PUBLIC_SCHEMAS: readonly Schema[] = [
  PublicPresenter,
  PublicVenue,
  PublicTimeZone,
  PublicEventTemplateCategoryItem,
];

/** The shipped schemas by name, for the CLI's `--schema <name>`. */
export const SERVICE_SCHEMAS: ReadonlyMap<string, Schema> = new Map(
  [...AUTHENTICATED_SCHEMAS, ...PUBLIC_SCHEMAS].map((s) => [s.name, s]),
);
