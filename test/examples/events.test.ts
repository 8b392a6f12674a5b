// The example service's schemas (odata-filter/examples/events): their fields, and the filters that real clients of the service send.

import { describe, expect, it } from 'vitest';
import { check, isFilterError, listPropertyPaths, printTyped } from '../../src/index.js';
import {
  Contact,
  Event,
  EventSession,
  EventTemplate,
  Organisation,
  PublicEventTemplateCategoryItem,
  PublicPresenter,
  PublicTimeZone,
  PublicVenue,
  Registration,
  SERVICE_SCHEMAS,
  TimeZone,
  VenueRoom,
  AUTHENTICATED_SCHEMAS,
} from '../../src/examples/events/index.js';
import type { Schema } from '../../src/index.js';

const SYNC = [
  "LastModifiedDateTime gt datetime('2010-03-23T09:25:12.313Z')",
  "(LastModifiedDateTime gt datetime('2012-01-01T00:00:00Z')) OR (LastModifiedDateTime eq datetime('2012-01-01T00:00:00Z') AND CreatedDateTime lt datetime('2012-01-01T00:00:00Z'))",
  "CreatedDateTime ge datetime'2012-02-01T00:00:00' and CreatedDateTime lt datetime'2012-03-01T00:00:00'",
];

const CLIENT_FILTERS: [Schema, string][] = [
  ...AUTHENTICATED_SCHEMAS.flatMap((schema) => SYNC.map((f): [Schema, string] => [schema, f])),
  [
    Event,
    "(LastModifiedDateTime gt datetime('2010-03-23T09:25:12.313Z')) OR (LastModifiedDateTime eq datetime('2010-03-23T09:25:12.313Z') AND EventID gt 42)",
  ],
  [Event, "Status eq 'Active' and year(StartDateTime) eq 2012"],
  [Event, "Status eq 'Active' AND StartDateTime ge datetimeoffset('2012-06-01T00:00:00+12:00')"],
  [Event, "EventTemplate/Code eq 'EV01' and not (Status eq 'Completed')"],
  [Event, "UniqueIdentifier eq guid'0f8fad5b-d9cb-469f-a165-70867728950e'"],
  [Event, "startswith(Code, 'EV') and FinishDateTime gt StartDateTime"],
  [Event, "substringof('Wellington', LocationName) eq true"],
  [Event, 'day(datetime(CreatedDateTime)) eq 1'],
  [Event, "substringof('workshop', tolower(Description))"],
  [Event, 'TimeZone/UtcOffset ge 720'],
  [TimeZone, "UtcOffset lt 0 and startswith(Name, '(UTC')"],
  [PublicPresenter, "LastName eq 'Smith' and Profile/Interests/ContentType eq 'application/xhtml'"],
  [PublicPresenter, 'SocialNetworkInfo/NetworkCID ne null and length(FullName) le 128'],
  [PublicVenue, "PhysicalAddress/City eq 'Wellington' and GeoData/PointLatitude lt -40.5"],
  [PublicVenue, "contains(FacilityInfo/Parking/Text, 'free')"],
  [PublicTimeZone, 'UtcOffset eq -300'],
  [PublicEventTemplateCategoryItem, "CategoryID in (3, 4) and EventTemplateID ne null and Code eq 'EV01'"],
  [PublicEventTemplateCategoryItem, "SequenceIndex lt 10 and startswith(RegisterInterestUri, 'https:')"],
  [Contact, "Status eq 'Active' and substringof('ann', tolower(Email))"],
  [Contact, "PostalAddress/City eq 'Wellington' and Status eq 'Active'"],
  [Contact, "endswith(Email, '.org') or ContactID in (1, 2, 3)"],
  [Organisation, "Name eq 'Acme' and PostalAddress/Country eq 'New Zealand'"],
  [Organisation, "PostalAddress/City eq 'Auckland' or CreatedDateTime gt datetime('2011-01-01T00:00:00Z')"],
  [VenueRoom, 'Capacity gt 50'],
  [VenueRoom, 'Capacity ge 10 and Capacity le 100'],
  [EventTemplate, "Code eq 'EV01'"],
  [EventTemplate, "startswith(tolower(Code), 'ev')"],
  [EventSession, "Presenter/ContactID eq 12 and Status eq 'Active'"],
  [EventSession, "StartDateTime gt datetime('2012-01-01T00:00:00Z')"],
  [EventSession, "Presenter eq null and Status eq 'Active'"],
  [Contact, 'PostalAddress ne null and PostalAddress/City eq null'],
  [Registration, 'Event/TimeZone eq null'],
  [Registration, "Event/EventID eq 7 and Status eq 'Approved'"],
  [Registration, "Contact/LastModifiedDateTime gt datetime('2017-07-01T10:00:00+1200')"],
  [Registration, "CreatedDateTime gt datetime('2012-01-01T00:00:00Z') and Contact/Email eq 'ann@example.org'"],
  [Registration, "Event/EventTemplate/Code eq 'EV01'"],
  // The relations and arrays: sessions and registrations of an event, the public array fields.
  [Event, "Sessions/any(s: s/Presenter/ContactID eq 12 and s/Status eq 'Active')"],
  [Event, "Status eq 'Active' and Registrations/$count ge 10"],
  [
    Event,
    "Registrations/any(r: r/Contact/PostalAddress/City eq 'Wellington' and r/CreatedDateTime gt $it/StartDateTime)",
  ],
  [Event, 'Sessions/all(s: s/FinishDateTime le $it/FinishDateTime)'],
  [Registration, 'Event/Sessions/any(s: s/Presenter eq null)'],
  [PublicTimeZone, "'Pacific/Auckland' in TzNames"],
  [
    PublicEventTemplateCategoryItem,
    "Tags/any(t: t eq 'leadership') and Credits/any(c: c/Type eq 'Points' and c/Value ge 2.5)",
  ],
  [
    PublicEventTemplateCategoryItem,
    'AdvertisedPresenters/any(p: p/PresenterID eq 7) or BestAdvertisedOffers/$count gt 0',
  ],
];

const paths = (s: Schema): string[] => listPropertyPaths(s).map((p) => p.path.join('/'));
const typedPaths = (s: Schema): string[] => listPropertyPaths(s).map((p) => `${p.path.join('/')}:${p.property.type}`);

describe('the service schemas', () => {
  it('are named and keyed as the service names them', () => {
    expect([...SERVICE_SCHEMAS.keys()]).toEqual([
      'Event',
      'Contact',
      'Organisation',
      'VenueRoom',
      'EventTemplate',
      'EventSession',
      'Registration',
      'TimeZone',
      'PublicPresenter',
      'PublicVenue',
      'PublicTimeZone',
      'PublicEventTemplateCategoryItem',
    ]);
    expect(paths(Event).slice(0, 10)).toEqual([
      'EventID',
      'UniqueIdentifier',
      'Code',
      'StartDateTime',
      'FinishDateTime',
      'Description',
      'LocationName',
      'Status',
      'CreatedDateTime',
      'LastModifiedDateTime',
    ]);
    expect(paths(Contact)).toEqual(
      expect.arrayContaining([
        'PostalAddress/City',
        'Status',
        'Email',
        'CreatedDateTime',
        'LastModifiedDateTime',
        'ContactID',
      ]),
    );
    expect(paths(Organisation)).toEqual(
      expect.arrayContaining(['Name', 'PostalAddress/City', 'PostalAddress/Country', 'CreatedDateTime']),
    );
    expect(paths(EventSession)).toEqual(expect.arrayContaining(['Presenter/ContactID', 'Status', 'StartDateTime']));
    expect(paths(Registration)).toEqual(
      expect.arrayContaining(['CreatedDateTime', 'Contact/ContactID', 'Event/EventID', 'Event/EventTemplate/Code']),
    );
    // The Event's TimeZone link targets a member of the timezones collection.
    expect(paths(Event).filter((p) => p.startsWith('TimeZone/'))).toEqual(paths(TimeZone).map((p) => `TimeZone/${p}`));
  });

  it('model every non-array field of the public resources (sections 2.4-2.7), typed as the document says', () => {
    const textContent = (at: string): string[] => [`${at}/ContentType:Edm.String`, `${at}/Text:Edm.String`];
    expect(typedPaths(PublicPresenter)).toEqual([
      'PresenterID:Edm.Int32',
      'FullName:Edm.String',
      'FirstName:Edm.String',
      'LastName:Edm.String',
      'ViewUri:Edm.String',
      ...textContent('Profile/ProfessionalProfile'),
      ...textContent('Profile/Qualifications'),
      ...textContent('Profile/Interests'),
      'SocialNetworkInfo/NetworkAID:Edm.String',
      'SocialNetworkInfo/NetworkBID:Edm.String',
      'SocialNetworkInfo/NetworkCID:Edm.String',
      'SocialNetworkInfo/NetworkDID:Edm.String',
    ]);
    expect(typedPaths(PublicVenue)).toEqual([
      'VenueID:Edm.Int32',
      'Name:Edm.String',
      'LocationName:Edm.String',
      'GeoData/PointLatitude:Edm.Double',
      'GeoData/PointLongitude:Edm.Double',
      ...[
        'StreetLine1',
        'StreetLine2',
        'StreetLine3',
        'StreetLine4',
        'Suburb',
        'City',
        'State',
        'PostCode',
        'Country',
      ].map((f) => `PhysicalAddress/${f}:Edm.String`),
      ...textContent('FacilityInfo/Directions'),
      ...textContent('FacilityInfo/Parking'),
      'ViewUri:Edm.String',
    ]);
    // TzNames, an array of strings, is left out.
    expect(typedPaths(PublicTimeZone)).toEqual(['TimeZoneID:Edm.Int32', 'Name:Edm.String', 'UtcOffset:Edm.Int32']);
    // AdvertisedPresenters, BestAdvertisedOffers, Tags and Credits, arrays, are left out.
    expect(typedPaths(PublicEventTemplateCategoryItem)).toEqual([
      'CategoryID:Edm.Int32',
      'EventTemplateID:Edm.Int32',
      'Title:Edm.String',
      'Uri:Edm.String',
      'Summary:Edm.String',
      'SequenceIndex:Edm.Int32',
      'Code:Edm.String',
      'AdvertisedDuration:Edm.String',
      'RegisterInterestUri:Edm.String',
      'RegisterPrivateInterestUri:Edm.String',
    ]);
    expect(typedPaths(TimeZone)).toEqual([
      'TimeZoneID:Edm.Int32',
      'Name:Edm.String',
      'UtcOffset:Edm.Int32',
      'CreatedDateTime:Edm.DateTime',
      'LastModifiedDateTime:Edm.DateTime',
    ]);
  });

  it('invent no restriction: every field is filterable, and only what the document says is always present is not nullable', () => {
    const all = [...SERVICE_SCHEMAS.values()].flatMap((s) =>
      listPropertyPaths(s).map((p) => ({ ...p, at: `${s.name}.${p.path.join('/')}` })),
    );
    expect(all.filter((p) => !p.filterable).map((p) => p.at)).toEqual([]);
    const required = (s: Schema): string[] =>
      listPropertyPaths(s)
        .filter((p) => !p.nullable)
        .map((p) => p.path.join('/'));
    // Section 2.3: every public element is optional unless stated; 2.4–2.6 state each id "Unique
    // within the platform" (an identity every record has), 2.7 states CategoryID, Title and Uri.
    expect([PublicPresenter, PublicVenue, PublicTimeZone].flatMap(required)).toEqual([
      'PresenterID',
      'VenueID',
      'TimeZoneID',
    ]);
    expect(required(PublicEventTemplateCategoryItem)).toEqual(['CategoryID', 'Title', 'Uri']);
  });

  it.each(CLIENT_FILTERS.map(([s, f]) => [s.name, f, s] as const))('%s accepts %s', (_name, filter, schema) => {
    expect(check(filter, schema).root.type).toBe('Edm.Boolean');
  });

  it('reads a date-time literal with an offset as the instant it names', () => {
    expect(
      printTyped(check("Contact/LastModifiedDateTime gt datetime('2017-07-01T10:00:00+1200')", Registration).root),
    ).toBe(`(Contact/LastModifiedDateTime:DateTime gt ${Date.UTC(2017, 5, 30, 22)}:DateTime)`);
  });

  it.each([
    [PublicTimeZone, "CreatedDateTime gt datetime'2012-01-01T00:00'", 'unknown_property'],
    [VenueRoom, "Capacity gt '50'", 'type_mismatch'],
    [Contact, 'Status eq 1', 'type_mismatch'],
    [Contact, "CreatedDateTime gt 'yesterday'", 'type_mismatch'],
    [Contact, "PostalAddress eq 'Wellington'", 'structured_value'],
    [Registration, "Event/Stauts eq 'Active'", 'unknown_property'],
    [EventSession, 'Presenter/ContactId eq 1', 'unknown_property'],
  ])('%#: rejects %s', (schema, filter, code) => {
    try {
      check(filter, schema);
      expect.unreachable();
    } catch (error) {
      expect(isFilterError(error) && error.issues.map((i) => i.code)).toEqual([code]);
    }
  });
});
