// The ready schemas of the event management service (section 2 of its interface document): the
// resources its `filter` option runs against, with the field names that document and its clients use.
//
// Beyond the fields the document lists, every resource has its integer key and the two audit
// instants (`CreatedDateTime`, `LastModifiedDateTime`), because the service's clients filter every
// collection on `LastModifiedDateTime` to synchronise incrementally.

import type { PropertyDefinition, Schema, SchemaDefinition } from '../schema.js';
import { defineSchema } from '../schema.js';

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

const timeZoneProperties: Properties = {
  TimeZoneID: key,
  Name: 'Edm.String',
  UtcOffset: 'Edm.Int32',
};

/** Event: every field of section 2.2, with its EventTemplate and TimeZone links as navigations. */
const eventProperties: Properties = {
  EventID: key,
  UniqueIdentifier: 'Edm.Guid',
  Code: 'Edm.String',
  StartDateTime: 'Edm.DateTimeOffset',
  FinishDateTime: 'Edm.DateTimeOffset',
  // Free text that the service does not index: it refuses filters on it.
  Description: { type: 'Edm.String', filterable: false },
  LocationName: 'Edm.String',
  Status: 'Edm.String',
  ...audit,
  EventTemplate: { properties: eventTemplateProperties },
  TimeZone: { properties: timeZoneProperties },
};

const contactProperties: Properties = {
  ContactID: key,
  Email: 'Edm.String',
  Status: 'Edm.String',
  PostalAddress: postalAddress,
  ...audit,
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
export const eventSessionDefinition: SchemaDefinition = {
  name: 'EventSession',
  properties: {
    EventSessionID: key,
    Status: 'Edm.String',
    StartDateTime: 'Edm.DateTimeOffset',
    FinishDateTime: 'Edm.DateTimeOffset',
    // The presenter is a contact; a session may have none yet.
    Presenter: { properties: { ContactID: key, Email: 'Edm.String' } },
    ...audit,
  },
};
export const registrationDefinition: SchemaDefinition = {
  name: 'Registration',
  properties: {
    RegistrationID: key,
    Status: 'Edm.String',
    ...audit,
    Contact: { properties: contactProperties },
    Event: { properties: eventProperties },
  },
};

export const Event: Schema = defineSchema(eventDefinition);
export const Contact: Schema = defineSchema(contactDefinition);
export const Organisation: Schema = defineSchema(organisationDefinition);
export const VenueRoom: Schema = defineSchema(venueRoomDefinition);
export const EventTemplate: Schema = defineSchema(eventTemplateDefinition);
export const EventSession: Schema = defineSchema(eventSessionDefinition);
export const Registration: Schema = defineSchema(registrationDefinition);

/** The shipped schemas by name, for the CLI's `--schema <name>`. */
export const SERVICE_SCHEMAS: ReadonlyMap<string, Schema> = new Map(
  [Event, Contact, Organisation, VenueRoom, EventTemplate, EventSession, Registration].map((s) => [s.name, s]),
);
