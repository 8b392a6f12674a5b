// The ready schemas of the event management service (section 2 of its interface document): the
// resources its `filter` option runs against, with the field names that document and its clients use.
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

import type { PropertyDefinition, Schema, SchemaDefinition } from '../types/schema.js';
import { defineSchema } from '../types/schema.js';

type Properties = { readonly [name: string]: PropertyDefinition };

const key = { type: 'Edm.Int32', nullable: false } as const;

const audit: Properties = {
  CreatedDateTime: 'Edm.DateTime',
  LastModifiedDateTime: 'Edm.DateTime',
};

const postalAddress: PropertyDefinition = {
  properties: { City: 'Edm.String', Country: 'Edm.String' },
};

const eventTemplateProperties: Properties = {
  EventTemplateID: key,
  Code: 'Edm.String',
  ...audit,
};

/** The fields of a public TimeZone (section 2.6). */
const publicTimeZoneProperties: Properties = {
  TimeZoneID: key,
  Name: 'Edm.String',
  TzNames: { collection: 'Edm.String' },
  UtcOffset: 'Edm.Int32',
};

/** A member of interface A's `timezones` collection, which the Event's TimeZone link targets. */
const timeZoneProperties: Properties = {
  ...publicTimeZoneProperties,
  ...audit,
};

/** A session of an event: the fields filters reference (section 2.2), with its presenter, a contact a session may not have yet. */
const eventSessionProperties: Properties = {
  EventSessionID: key,
  Status: 'Edm.String',
  StartDateTime: 'Edm.DateTimeOffset',
  FinishDateTime: 'Edm.DateTimeOffset',
  Presenter: { relation: true, properties: { ContactID: key, Email: 'Edm.String' } },
  ...audit,
};

/** Event: every field of section 2.2, with its EventTemplate and TimeZone links as relations. */
const eventOwnProperties: Properties = {
  EventID: key,
  UniqueIdentifier: 'Edm.Guid',
  Code: 'Edm.String',
  StartDateTime: 'Edm.DateTimeOffset',
  FinishDateTime: 'Edm.DateTimeOffset',
  Description: 'Edm.String',
  LocationName: 'Edm.String',
  Status: 'Edm.String',
  ...audit,
  EventTemplate: { relation: true, properties: eventTemplateProperties },
  TimeZone: { relation: true, properties: timeZoneProperties },
};

const contactProperties: Properties = {
  ContactID: key,
  Email: 'Edm.String',
  Status: 'Edm.String',
  PostalAddress: postalAddress,
  ...audit,
};

/** A registration's own fields and its contact (its expandable link). */
const registrationOwnProperties: Properties = {
  RegistrationID: key,
  Status: 'Edm.String',
  ...audit,
  Contact: { relation: true, properties: contactProperties },
};

const sessions: PropertyDefinition = { relation: true, collection: { properties: eventSessionProperties } };

const eventProperties: Properties = {
  ...eventOwnProperties,
  Sessions: sessions,
  Registrations: { relation: true, collection: { properties: registrationOwnProperties } },
};

export const eventDefinition: SchemaDefinition = { name: 'Event', properties: eventProperties };
export const contactDefinition: SchemaDefinition = { name: 'Contact', properties: contactProperties };
export const organisationDefinition: SchemaDefinition = {
  name: 'Organisation',
  properties: { OrganisationID: key, Name: 'Edm.String', PostalAddress: postalAddress, ...audit },
};
export const venueRoomDefinition: SchemaDefinition = {
  name: 'VenueRoom',
  properties: { VenueRoomID: key, Name: 'Edm.String', Capacity: 'Edm.Int32', ...audit },
};
export const eventTemplateDefinition: SchemaDefinition = { name: 'EventTemplate', properties: eventTemplateProperties };
export const eventSessionDefinition: SchemaDefinition = { name: 'EventSession', properties: eventSessionProperties };
export const registrationDefinition: SchemaDefinition = {
  name: 'Registration',
  properties: {
    ...registrationOwnProperties,
    Event: { relation: true, properties: { ...eventOwnProperties, Sessions: sessions } },
  },
};
export const timeZoneDefinition: SchemaDefinition = { name: 'TimeZone', properties: timeZoneProperties };

/** Marked-up text (section 2.3): its content type, usually `application/xhtml`, and the text. */
const textContent: PropertyDefinition = {
  properties: { ContentType: 'Edm.String', Text: 'Edm.String' },
};

export const publicPresenterDefinition: SchemaDefinition = {
  name: 'PublicPresenter',
  properties: {
    PresenterID: key,
    FullName: 'Edm.String',
    FirstName: 'Edm.String',
    LastName: 'Edm.String',
    ViewUri: 'Edm.String',
    Profile: { properties: { ProfessionalProfile: textContent, Qualifications: textContent, Interests: textContent } },
    SocialNetworkInfo: { properties: { NetworkAID: 'Edm.String', NetworkBID: 'Edm.String', NetworkCID: 'Edm.String', NetworkDID: 'Edm.String' } },
  },
};
export const publicVenueDefinition: SchemaDefinition = {
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
};
export const publicTimeZoneDefinition: SchemaDefinition = { name: 'PublicTimeZone', properties: publicTimeZoneProperties };
export const publicEventTemplateCategoryItemDefinition: SchemaDefinition = {
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
    AdvertisedPresenters: { collection: { properties: { PresenterID: 'Edm.Int32', Name: 'Edm.String', ViewUri: 'Edm.String' } } },
    BestAdvertisedOffers: { collection: { properties: { OfferID: 'Edm.Int32' } } },
    Tags: { collection: 'Edm.String' },
    Credits: { collection: { properties: { Type: 'Edm.String', Value: 'Edm.Decimal' } } },
    RegisterInterestUri: 'Edm.String',
    RegisterPrivateInterestUri: 'Edm.String',
  },
};

export const Event: Schema = defineSchema(eventDefinition);
export const Contact: Schema = defineSchema(contactDefinition);
export const Organisation: Schema = defineSchema(organisationDefinition);
export const VenueRoom: Schema = defineSchema(venueRoomDefinition);
export const EventTemplate: Schema = defineSchema(eventTemplateDefinition);
export const EventSession: Schema = defineSchema(eventSessionDefinition);
export const Registration: Schema = defineSchema(registrationDefinition);
export const TimeZone: Schema = defineSchema(timeZoneDefinition);
export const PublicPresenter: Schema = defineSchema(publicPresenterDefinition);
export const PublicVenue: Schema = defineSchema(publicVenueDefinition);
export const PublicTimeZone: Schema = defineSchema(publicTimeZoneDefinition);
export const PublicEventTemplateCategoryItem: Schema = defineSchema(publicEventTemplateCategoryItemDefinition);

/** The schemas of interface A's collections, which its clients synchronise by audit instants. */
export const AUTHENTICATED_SCHEMAS: readonly Schema[] = [Event, Contact, Organisation, VenueRoom, EventTemplate, EventSession, Registration, TimeZone];

/** The schemas of interface B's public records. */
export const PUBLIC_SCHEMAS: readonly Schema[] = [PublicPresenter, PublicVenue, PublicTimeZone, PublicEventTemplateCategoryItem];

/** The shipped schemas by name, for the CLI's `--schema <name>`. */
export const SERVICE_SCHEMAS: ReadonlyMap<string, Schema> = new Map([...AUTHENTICATED_SCHEMAS, ...PUBLIC_SCHEMAS].map((s) => [s.name, s]));
