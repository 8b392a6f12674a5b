// The sample table of each service resource: eight rows, fixed so that the page shows the same
// matches every time, shaped by the resource's schema (src/schemas/service.ts). Each set has
// nulls and missing values, a name with an apostrophe and one beyond ASCII, so that the filters
// people try first (`Name eq null`, `contains(Name,'''')`, `tolower(Name) eq 'zoë'`) have rows
// to find.

export type SampleRow = Readonly<Record<string, unknown>>;

const audit = (created: string, modified: string | null) => ({ CreatedDateTime: created, LastModifiedDateTime: modified });

const textContent = (text: string | null) => (text === null ? null : { ContentType: 'application/xhtml', Text: text });

const contacts: readonly SampleRow[] = [
  { ContactID: 1, Email: 'ana@example.org', Status: 'Active', PostalAddress: { City: 'Lisboa', Country: 'Portugal' }, ...audit('2012-01-10T09:00:00Z', '2024-03-01T10:30:00Z') },
  { ContactID: 2, Email: "o'brien@example.ie", Status: 'Active', PostalAddress: { City: 'Dublin', Country: 'Ireland' }, ...audit('2013-06-02T14:15:00Z', '2023-11-20T08:00:00Z') },
  { ContactID: 3, Email: 'zoë@example.fr', Status: 'Pending', PostalAddress: { City: 'Besançon', Country: 'France' }, ...audit('2015-02-28T23:59:59Z', null) },
  { ContactID: 4, Email: null, Status: 'Inactive', PostalAddress: null, ...audit('2016-07-04T12:00:00Z', '2016-07-05T12:00:00Z') },
  { ContactID: 5, Email: 'kenji@example.jp', Status: 'Active', PostalAddress: { City: '東京', Country: 'Japan' }, ...audit('2018-09-09T09:09:09Z', '2024-01-01T00:00:00Z') },
  { ContactID: 6, Email: 'sam@example.com', Status: null, PostalAddress: { City: null, Country: 'Australia' }, ...audit('2019-12-31T18:00:00Z', '2020-01-02T07:45:00Z') },
  { ContactID: 7, Email: 'MIXED.Case@Example.com', Status: 'Active', PostalAddress: { City: 'São Paulo', Country: 'Brazil' }, ...audit('2021-05-05T05:05:05Z', '2025-02-14T16:20:00Z') },
  { ContactID: 8, Email: 'lee@example.kr', Status: 'Pending', ...audit('2024-02-29T10:00:00Z', '2024-02-29T10:00:00Z') },
];

const eventTemplates: readonly SampleRow[] = [
  { EventTemplateID: 1, Code: 'CONF', ...audit('2012-01-01T00:00:00Z', '2020-01-01T00:00:00Z') },
  { EventTemplateID: 2, Code: 'WORKSHOP', ...audit('2013-03-15T09:30:00Z', '2022-06-01T12:00:00Z') },
  { EventTemplateID: 3, Code: "MEET'UP", ...audit('2014-08-01T17:00:00Z', null) },
  { EventTemplateID: 4, Code: null, ...audit('2015-10-10T10:10:10Z', '2015-10-11T10:10:10Z') },
  { EventTemplateID: 5, Code: 'ÉCOLE', ...audit('2017-04-01T08:00:00Z', '2024-04-01T08:00:00Z') },
  { EventTemplateID: 6, Code: 'WEBINAR', ...audit('2020-03-20T15:00:00Z', '2023-09-30T11:11:00Z') },
  { EventTemplateID: 7, Code: 'conf', ...audit('2022-11-11T11:11:11Z', '2025-01-05T09:00:00Z') },
  { EventTemplateID: 8, Code: 'HACK', ...audit('2024-06-01T06:00:00Z', '2024-06-02T06:00:00Z') },
];

const timeZones: readonly SampleRow[] = [
  { TimeZoneID: 1, Name: 'UTC', TzNames: ['Etc/UTC', 'UTC'], UtcOffset: 0, ...audit('2012-01-01T00:00:00Z', null) },
  { TimeZoneID: 2, Name: 'AUS Eastern Standard Time', TzNames: ['Australia/Sydney', 'Australia/Melbourne'], UtcOffset: 600, ...audit('2012-01-01T00:00:00Z', '2023-04-02T00:00:00Z') },
  { TimeZoneID: 3, Name: 'GMT Standard Time', TzNames: ['Europe/London', 'Europe/Dublin', 'Europe/Lisbon'], UtcOffset: 0, ...audit('2012-01-01T00:00:00Z', '2022-10-30T01:00:00Z') },
  { TimeZoneID: 4, Name: 'Tokyo Standard Time', TzNames: ['Asia/Tokyo'], UtcOffset: 540, ...audit('2013-05-05T00:00:00Z', null) },
  { TimeZoneID: 5, Name: 'Pacific Standard Time', TzNames: ['America/Los_Angeles', null], UtcOffset: -480, ...audit('2014-03-09T10:00:00Z', '2024-11-03T09:00:00Z') },
  { TimeZoneID: 6, Name: "Newfoundland's Time", TzNames: ['America/St_Johns'], UtcOffset: -210, ...audit('2015-01-01T00:00:00Z', '2015-01-01T00:00:00Z') },
  { TimeZoneID: 7, Name: 'Heure normale d’Europe centrale', TzNames: [], UtcOffset: 60, ...audit('2016-01-01T00:00:00Z', '2025-03-30T01:00:00Z') },
  { TimeZoneID: 8, Name: null, TzNames: null, UtcOffset: null, ...audit('2017-01-01T00:00:00Z', null) },
];

const sessions = (eventId: number, statuses: readonly (string | null)[]): SampleRow[] =>
  statuses.map((status, i) => ({
    EventSessionID: eventId * 10 + i + 1,
    Status: status,
    StartDateTime: `2024-0${(eventId % 9) + 1}-1${i}T09:00:00+10:00`,
    FinishDateTime: `2024-0${(eventId % 9) + 1}-1${i}T12:30:00+10:00`,
    Presenter: i % 2 === 0 ? { ContactID: (eventId + i) % 8 + 1, Email: contacts[(eventId + i) % 8]?.['Email'] ?? null } : null,
    ...audit('2023-12-01T00:00:00Z', '2024-01-15T00:00:00Z'),
  }));

const registrations = (eventId: number, statuses: readonly (string | null)[]): SampleRow[] =>
  statuses.map((status, i) => ({
    RegistrationID: eventId * 100 + i + 1,
    Status: status,
    ...audit('2024-01-0' + (i + 1) + 'T08:00:00Z', null),
    Contact: contacts[(eventId * 3 + i) % 8],
  }));

const eventsWithoutLinks: readonly SampleRow[] = [
  { EventID: 1, UniqueIdentifier: '0f8fad5b-d9cb-469f-a165-70867728950e', Code: 'CONF-2024', StartDateTime: '2024-03-04T09:00:00+11:00', FinishDateTime: '2024-03-06T17:00:00+11:00', Description: 'Annual conference', LocationName: 'Sydney', Status: 'Active', ...audit('2023-05-01T10:00:00Z', '2024-02-20T03:00:00Z'), EventTemplate: eventTemplates[0], TimeZone: timeZones[1] },
  { EventID: 2, UniqueIdentifier: '7c9e6679-7425-40de-944b-e07fc1f90ae7', Code: 'WS-TS', StartDateTime: '2024-04-15T13:00:00Z', FinishDateTime: '2024-04-15T16:00:00Z', Description: "Writing filters: a beginner's workshop", LocationName: 'London', Status: 'Active', ...audit('2023-11-11T11:00:00Z', '2024-04-01T09:00:00Z'), EventTemplate: eventTemplates[1], TimeZone: timeZones[2] },
  { EventID: 3, UniqueIdentifier: 'a3bb189e-8bf9-3888-9912-ace4e6543002', Code: 'MEETUP-12', StartDateTime: '2024-05-20T18:30:00+09:00', FinishDateTime: '2024-05-20T21:00:00+09:00', Description: null, LocationName: '東京', Status: 'Pending', ...audit('2024-01-05T00:00:00Z', null), EventTemplate: eventTemplates[2], TimeZone: timeZones[3] },
  { EventID: 4, UniqueIdentifier: null, Code: 'CONF-2023', StartDateTime: '2023-03-06T09:00:00+11:00', FinishDateTime: '2023-03-08T17:00:00+11:00', Description: 'Last year', LocationName: 'Melbourne', Status: 'Closed', ...audit('2022-05-01T10:00:00Z', '2023-03-09T00:00:00Z'), EventTemplate: eventTemplates[0], TimeZone: timeZones[1] },
  { EventID: 5, UniqueIdentifier: 'e0c4f6a2-1b3d-4c5e-8f70-9a1b2c3d4e5f', Code: 'ÉCOLE-ÉTÉ', StartDateTime: '2024-07-01T08:00:00+02:00', FinishDateTime: '2024-07-12T16:00:00+02:00', Description: 'École d’été', LocationName: 'Besançon', Status: 'Active', ...audit('2024-01-20T12:00:00Z', '2024-06-30T12:00:00Z'), EventTemplate: eventTemplates[4], TimeZone: timeZones[6] },
  { EventID: 6, UniqueIdentifier: '16fd2706-8baf-433b-82eb-8c7fada847da', Code: 'WEB-7', StartDateTime: '2024-02-29T17:00:00-08:00', FinishDateTime: '2024-02-29T18:00:00-08:00', Description: 'Leap-day webinar', LocationName: null, Status: 'Cancelled', ...audit('2024-01-02T00:00:00Z', '2024-02-01T00:00:00Z'), EventTemplate: eventTemplates[5], TimeZone: timeZones[4] },
  { EventID: 7, UniqueIdentifier: '886313e1-3b8a-5372-9b90-0c9aee199e5d', Code: null, StartDateTime: null, FinishDateTime: null, Description: 'Dates to be announced', LocationName: "St John's", Status: 'Draft', ...audit('2024-06-06T06:06:06Z', null), EventTemplate: null, TimeZone: timeZones[5] },
  { EventID: 8, UniqueIdentifier: 'c56a4180-65aa-42ec-a945-5fd21dec0538', Code: 'HACK-24', StartDateTime: '2024-10-05T09:00:00Z', FinishDateTime: '2024-10-06T17:00:00Z', Description: 'Weekend hackathon', LocationName: 'Lisboa', Status: 'Active', ...audit('2024-07-01T00:00:00Z', '2024-09-30T23:00:00Z'), EventTemplate: eventTemplates[7], TimeZone: timeZones[0] },
];

const sessionStatuses: readonly (readonly (string | null)[])[] = [['Active', 'Active', 'Full'], ['Active'], [], ['Closed', 'Closed'], ['Active', null], ['Cancelled'], [], ['Active', 'Active', 'Active', 'Pending']];
const registrationStatuses: readonly (readonly (string | null)[])[] = [['Confirmed', 'Confirmed', 'Waitlisted'], ['Confirmed'], ['Pending'], ['Attended', 'Attended'], [], ['Cancelled'], [], ['Confirmed', null]];

const events: readonly SampleRow[] = eventsWithoutLinks.map((event, i) => ({
  ...event,
  Sessions: sessions(i + 1, sessionStatuses[i] ?? []),
  Registrations: registrations(i + 1, registrationStatuses[i] ?? []),
}));

const eventSessions: readonly SampleRow[] = events.flatMap((event) => event['Sessions'] as SampleRow[]).slice(0, 8);

const registrationRows: readonly SampleRow[] = events
  .flatMap((event) => (event['Registrations'] as SampleRow[]).map((registration) => ({ ...registration, Event: eventsWithoutLinks.find((e) => e['EventID'] === event['EventID']) ?? null })))
  .slice(0, 8);

const organisations: readonly SampleRow[] = [
  { OrganisationID: 1, Name: 'Acme Events', PostalAddress: { City: 'Sydney', Country: 'Australia' }, ...audit('2012-02-02T02:02:02Z', '2024-01-01T00:00:00Z') },
  { OrganisationID: 2, Name: "O'Reilly & Daughters", PostalAddress: { City: 'Cork', Country: 'Ireland' }, ...audit('2013-03-03T03:03:03Z', '2023-03-03T03:03:03Z') },
  { OrganisationID: 3, Name: 'Müller GmbH', PostalAddress: { City: 'München', Country: 'Germany' }, ...audit('2014-04-04T04:04:04Z', null) },
  { OrganisationID: 4, Name: null, PostalAddress: { City: 'Wellington', Country: 'New Zealand' }, ...audit('2015-05-05T05:05:05Z', '2015-05-06T05:05:05Z') },
  { OrganisationID: 5, Name: '株式会社イベント', PostalAddress: { City: '大阪', Country: 'Japan' }, ...audit('2016-06-06T06:06:06Z', '2024-06-06T06:06:06Z') },
  { OrganisationID: 6, Name: 'acme events', PostalAddress: null, ...audit('2017-07-07T07:07:07Z', '2022-07-07T07:07:07Z') },
  { OrganisationID: 7, Name: 'Northwind Traders', PostalAddress: { City: 'Seattle', Country: null }, ...audit('2018-08-08T08:08:08Z', '2025-01-08T08:08:08Z') },
  { OrganisationID: 8, Name: 'Ωmega Conferences', ...audit('2019-09-09T09:09:09Z', null) },
];

const venueRooms: readonly SampleRow[] = [
  { VenueRoomID: 1, Name: 'Main Hall', Capacity: 500, ...audit('2012-01-01T00:00:00Z', '2024-01-01T00:00:00Z') },
  { VenueRoomID: 2, Name: 'Room 101', Capacity: 40, ...audit('2012-01-01T00:00:00Z', '2019-05-01T00:00:00Z') },
  { VenueRoomID: 3, Name: "Founders' Room", Capacity: 12, ...audit('2013-02-14T00:00:00Z', null) },
  { VenueRoomID: 4, Name: 'Salle Étoile', Capacity: 120, ...audit('2014-07-14T00:00:00Z', '2023-07-14T00:00:00Z') },
  { VenueRoomID: 5, Name: null, Capacity: 30, ...audit('2015-01-01T00:00:00Z', null) },
  { VenueRoomID: 6, Name: 'Boardroom', Capacity: null, ...audit('2016-03-03T00:00:00Z', '2024-03-03T00:00:00Z') },
  { VenueRoomID: 7, Name: 'Auditorium A', Capacity: 250, ...audit('2018-10-10T00:00:00Z', '2025-02-02T00:00:00Z') },
  { VenueRoomID: 8, Name: 'Studio 東', Capacity: 8, ...audit('2020-12-12T00:00:00Z', '2020-12-13T00:00:00Z') },
];

const presenters: readonly SampleRow[] = [
  { PresenterID: 1, FullName: 'Ana Silva', FirstName: 'Ana', LastName: 'Silva', ViewUri: 'https://example.org/presenters/1', Profile: { ProfessionalProfile: textContent('<p>Data engineer</p>'), Qualifications: textContent('<p>MSc</p>'), Interests: textContent('<p>Sailing</p>') }, SocialNetworkInfo: { NetworkAID: 'ana.silva', NetworkBID: null, NetworkCID: null, NetworkDID: null } },
  { PresenterID: 2, FullName: "Siobhán O'Brien", FirstName: 'Siobhán', LastName: "O'Brien", ViewUri: 'https://example.org/presenters/2', Profile: { ProfessionalProfile: textContent('<p>Historian</p>'), Qualifications: null, Interests: textContent('<p>Music</p>') }, SocialNetworkInfo: null },
  { PresenterID: 3, FullName: 'Zoë Lefèvre', FirstName: 'Zoë', LastName: 'Lefèvre', ViewUri: null, Profile: null, SocialNetworkInfo: { NetworkAID: null, NetworkBID: 'zoe', NetworkCID: null, NetworkDID: null } },
  { PresenterID: 4, FullName: '山田 太郎', FirstName: '太郎', LastName: '山田', ViewUri: 'https://example.org/presenters/4', Profile: { ProfessionalProfile: textContent('<p>Architect</p>'), Qualifications: textContent(null), Interests: null } },
  { PresenterID: 5, FullName: null, FirstName: null, LastName: 'Nobody', ViewUri: null, Profile: null, SocialNetworkInfo: null },
  { PresenterID: 6, FullName: 'Sam Taylor', FirstName: 'Sam', LastName: 'Taylor', ViewUri: 'https://example.org/presenters/6', Profile: { ProfessionalProfile: textContent('<p>Speaker & author</p>'), Qualifications: textContent('<p>PhD</p>'), Interests: textContent('<p>Chess</p>') }, SocialNetworkInfo: { NetworkAID: 'samt', NetworkBID: 'samt', NetworkCID: 'samt', NetworkDID: null } },
  { PresenterID: 7, FullName: 'ana silva', FirstName: 'ana', LastName: 'silva', ViewUri: 'https://example.org/presenters/7', Profile: null, SocialNetworkInfo: null },
  { PresenterID: 8, FullName: 'Kim Min-jun', FirstName: 'Min-jun', LastName: 'Kim', ViewUri: 'https://example.org/presenters/8', Profile: { ProfessionalProfile: null, Qualifications: null, Interests: textContent('<p>Go (the game)</p>') }, SocialNetworkInfo: { NetworkAID: null, NetworkBID: null, NetworkCID: null, NetworkDID: 'minjun' } },
];

const address = (street: string | null, city: string | null, country: string | null, postCode: string | null = null) => ({
  StreetLine1: street, StreetLine2: null, StreetLine3: null, StreetLine4: null, Suburb: null, City: city, State: null, PostCode: postCode, Country: country,
});

const venues: readonly SampleRow[] = [
  { VenueID: 1, Name: 'Harbour Convention Centre', LocationName: 'Sydney', GeoData: { PointLatitude: -33.8688, PointLongitude: 151.2093 }, PhysicalAddress: address('1 Harbour St', 'Sydney', 'Australia', '2000'), FacilityInfo: { Directions: textContent('<p>Town Hall station</p>'), Parking: textContent('<p>Level B2</p>') }, ViewUri: 'https://example.org/venues/1' },
  { VenueID: 2, Name: "St Patrick's Hall", LocationName: 'Dublin', GeoData: { PointLatitude: 53.3498, PointLongitude: -6.2603 }, PhysicalAddress: address("12 O'Connell St", 'Dublin', 'Ireland'), FacilityInfo: null, ViewUri: 'https://example.org/venues/2' },
  { VenueID: 3, Name: 'Kōgei Hall', LocationName: '東京', GeoData: { PointLatitude: 35.6762, PointLongitude: 139.6503 }, PhysicalAddress: address(null, '東京', 'Japan'), FacilityInfo: { Directions: null, Parking: null }, ViewUri: null },
  { VenueID: 4, Name: null, LocationName: null, GeoData: null, PhysicalAddress: null, FacilityInfo: null, ViewUri: null },
  { VenueID: 5, Name: 'Online', LocationName: 'Online', GeoData: { PointLatitude: null, PointLongitude: null }, PhysicalAddress: null, FacilityInfo: null, ViewUri: 'https://example.org/venues/5' },
  { VenueID: 6, Name: 'Palácio de Congressos', LocationName: 'Lisboa', GeoData: { PointLatitude: 38.7223, PointLongitude: -9.1393 }, PhysicalAddress: address('Av. da Liberdade 1', 'Lisboa', 'Portugal', '1250-096'), FacilityInfo: { Directions: textContent('<p>Metro: Avenida</p>'), Parking: null }, ViewUri: 'https://example.org/venues/6' },
  { VenueID: 7, Name: 'Town Hall', LocationName: 'Melbourne', GeoData: { PointLatitude: -37.8136, PointLongitude: 144.9631 }, PhysicalAddress: address('90 Swanston St', 'Melbourne', 'Australia', '3000'), FacilityInfo: null, ViewUri: 'https://example.org/venues/7' },
  { VenueID: 8, Name: 'Ice Arena', LocationName: 'Reykjavík', GeoData: { PointLatitude: 64.1466, PointLongitude: -21.9426 }, PhysicalAddress: address(null, 'Reykjavík', 'Iceland'), FacilityInfo: null, ViewUri: 'https://example.org/venues/8' },
];

const publicTimeZones: readonly SampleRow[] = timeZones.map(({ CreatedDateTime: _created, LastModifiedDateTime: _modified, ...zone }) => zone);

const categoryItems: readonly SampleRow[] = [
  { CategoryID: 1, EventTemplateID: 1, Title: 'Conferences', Uri: 'https://example.org/c/1', Summary: 'Multi-day events', SequenceIndex: 1, Code: 'CONF', AdvertisedDuration: '3 days', AdvertisedPresenters: [{ PresenterID: 1, Name: 'Ana Silva', ViewUri: null }, { PresenterID: 6, Name: 'Sam Taylor', ViewUri: null }], BestAdvertisedOffers: [{ OfferID: 10 }], Tags: ['data', 'cloud'], Credits: [{ Type: 'CPD', Value: 12.5 }], RegisterInterestUri: 'https://example.org/r/1', RegisterPrivateInterestUri: null },
  { CategoryID: 1, EventTemplateID: 2, Title: 'Workshops', Uri: 'https://example.org/c/1', Summary: "A beginner's series", SequenceIndex: 2, Code: 'WORKSHOP', AdvertisedDuration: '3 hours', AdvertisedPresenters: [{ PresenterID: 2, Name: "Siobhán O'Brien", ViewUri: null }], BestAdvertisedOffers: [], Tags: ['hands-on'], Credits: [{ Type: 'CPD', Value: '3.00' }], RegisterInterestUri: null, RegisterPrivateInterestUri: null },
  { CategoryID: 2, EventTemplateID: 3, Title: 'Meet-ups', Uri: 'https://example.org/c/2', Summary: null, SequenceIndex: null, Code: "MEET'UP", AdvertisedDuration: null, AdvertisedPresenters: null, BestAdvertisedOffers: null, Tags: ['social', null], Credits: null, RegisterInterestUri: null, RegisterPrivateInterestUri: null },
  { CategoryID: 2, EventTemplateID: 5, Title: 'Écoles d’été', Uri: 'https://example.org/c/2', Summary: 'Deux semaines', SequenceIndex: 3, Code: 'ÉCOLE', AdvertisedDuration: '2 weeks', AdvertisedPresenters: [{ PresenterID: 3, Name: 'Zoë Lefèvre', ViewUri: null }], BestAdvertisedOffers: [{ OfferID: 11 }, { OfferID: 12 }], Tags: ['été', 'français'], Credits: [{ Type: 'ECTS', Value: 5 }, { Type: 'CPD', Value: 40 }], RegisterInterestUri: 'https://example.org/r/5', RegisterPrivateInterestUri: 'https://example.org/rp/5' },
  { CategoryID: 3, EventTemplateID: 6, Title: 'Webinars', Uri: 'https://example.org/c/3', Summary: 'Online, one hour', SequenceIndex: 1, Code: 'WEBINAR', AdvertisedDuration: '1 hour', AdvertisedPresenters: [], BestAdvertisedOffers: [], Tags: [], Credits: [], RegisterInterestUri: null, RegisterPrivateInterestUri: null },
  { CategoryID: 3, EventTemplateID: null, Title: 'Archive', Uri: 'https://example.org/c/3/archive', Summary: null, SequenceIndex: 9, Code: null, AdvertisedDuration: null, AdvertisedPresenters: null, BestAdvertisedOffers: null, Tags: null, Credits: null, RegisterInterestUri: null, RegisterPrivateInterestUri: null },
  { CategoryID: 4, EventTemplateID: 7, Title: 'conferences', Uri: 'https://example.org/c/4', Summary: 'Lower-case twin', SequenceIndex: 1, Code: 'conf', AdvertisedDuration: '2 days', AdvertisedPresenters: [{ PresenterID: 7, Name: 'ana silva', ViewUri: null }], BestAdvertisedOffers: [{ OfferID: null }], Tags: ['data'], Credits: [{ Type: null, Value: null }], RegisterInterestUri: null, RegisterPrivateInterestUri: null },
  { CategoryID: 5, EventTemplateID: 8, Title: 'ハッカソン', Uri: 'https://example.org/c/5', Summary: 'Weekend', SequenceIndex: 1, Code: 'HACK', AdvertisedDuration: '2 days', AdvertisedPresenters: [{ PresenterID: 4, Name: '山田 太郎', ViewUri: null }], BestAdvertisedOffers: [{ OfferID: 13 }], Tags: ['code', 'data'], Credits: [{ Type: 'CPD', Value: 0.5 }], RegisterInterestUri: 'https://example.org/r/8', RegisterPrivateInterestUri: null },
];

/** The sample rows of each service resource, by its schema's name (SERVICE_SCHEMAS' keys). */
export const SAMPLE_ROWS: ReadonlyMap<string, readonly SampleRow[]> = new Map([
  ['Event', events],
  ['Contact', contacts],
  ['Organisation', organisations],
  ['VenueRoom', venueRooms],
  ['EventTemplate', eventTemplates],
  ['EventSession', eventSessions],
  ['Registration', registrationRows],
  ['TimeZone', timeZones],
  ['PublicPresenter', presenters],
  ['PublicVenue', venues],
  ['PublicTimeZone', publicTimeZones],
  ['PublicEventTemplateCategoryItem', categoryItems],
]);
