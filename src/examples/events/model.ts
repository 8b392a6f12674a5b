// The model of the example event management service's authenticated interface (section 2 of its
// interface document; docs/service.md): its resources as named types with their keys, the links
// between them as navigation — both ways where the document gives both (an event's registrations
// and a registration's event) — and its collections as entity sets, each named after the element
// its representation has (`Events`).
//
// The schemas in schemas.ts are the surfaces the service exposes: each is a part of its entity
// set's view of this model (test/examples/events-model.test.ts holds that), cut where the
// document stops — a registration's event does not list its registrations again — and written
// out so that TypeScript knows their paths. The service reads keys and relation targets from here.

import { defineModel } from '../../model/define-model.js';
import type { Model } from '../../model/model.js';
import type { ModelDefinition } from '../../model/model-definition.js';

const key = { type: 'Edm.Int32', nullable: false } as const;

/** Every collection's audit instants, which its clients filter on to synchronise. */
const audit = { CreatedDateTime: 'Edm.DateTime', LastModifiedDateTime: 'Edm.DateTime' } as const;

export const eventsModelDefinition = {
  namespace: 'Events',
  complexTypes: {
    PostalAddress: { properties: { City: 'Edm.String', Country: 'Edm.String' } },
  },
  entityTypes: {
    Event: {
      key: ['EventID'],
      properties: {
        EventID: key,
        UniqueIdentifier: 'Edm.Guid',
        Code: 'Edm.String',
        StartDateTime: 'Edm.DateTimeOffset',
        FinishDateTime: 'Edm.DateTimeOffset',
        Description: 'Edm.String',
        LocationName: 'Edm.String',
        Status: 'Edm.String',
        ...audit,
      },
      navigation: {
        EventTemplate: { type: 'EventTemplate' },
        TimeZone: { type: 'TimeZone' },
        Sessions: { type: 'EventSession', collection: true },
        Registrations: { type: 'Registration', collection: true, partner: 'Event' },
      },
    },
    EventSession: {
      key: ['EventSessionID'],
      properties: {
        EventSessionID: key,
        Status: 'Edm.String',
        StartDateTime: 'Edm.DateTimeOffset',
        FinishDateTime: 'Edm.DateTimeOffset',
        ...audit,
      },
      // A session may not have its presenter yet.
      navigation: { Presenter: { type: 'Contact' } },
    },
    Registration: {
      key: ['RegistrationID'],
      properties: { RegistrationID: key, Status: 'Edm.String', ...audit },
      navigation: { Contact: { type: 'Contact' }, Event: { type: 'Event', partner: 'Registrations' } },
    },
    Contact: {
      key: ['ContactID'],
      properties: {
        ContactID: key,
        Email: 'Edm.String',
        Status: 'Edm.String',
        PostalAddress: 'PostalAddress',
        ...audit,
      },
    },
    Organisation: {
      key: ['OrganisationID'],
      properties: { OrganisationID: key, Name: 'Edm.String', PostalAddress: 'PostalAddress', ...audit },
    },
    VenueRoom: {
      key: ['VenueRoomID'],
      properties: { VenueRoomID: key, Name: 'Edm.String', Capacity: 'Edm.Int32', ...audit },
    },
    EventTemplate: {
      key: ['EventTemplateID'],
      properties: { EventTemplateID: key, Code: 'Edm.String', ...audit },
    },
    // The document shows no fields of its `timezones` collection: these are the public time zone's.
    TimeZone: {
      key: ['TimeZoneID'],
      properties: {
        TimeZoneID: key,
        Name: 'Edm.String',
        TzNames: { type: 'Edm.String', collection: true },
        UtcOffset: 'Edm.Int32',
        ...audit,
      },
    },
  },
  entitySets: {
    Events: {
      type: 'Event',
      bindings: {
        EventTemplate: 'EventTemplates',
        TimeZone: 'TimeZones',
        Sessions: 'EventSessions',
        Registrations: 'Registrations',
      },
    },
    Contacts: { type: 'Contact' },
    Registrations: { type: 'Registration', bindings: { Contact: 'Contacts', Event: 'Events' } },
    EventTemplates: { type: 'EventTemplate' },
    VenueRooms: { type: 'VenueRoom' },
    Organisations: { type: 'Organisation' },
    EventSessions: { type: 'EventSession', bindings: { Presenter: 'Contacts' } },
    TimeZones: { type: 'TimeZone' },
  },
} as const satisfies ModelDefinition;

/** The model of the authenticated interface. */
export const eventsModel: Model = defineModel(eventsModelDefinition);
