// The reference server's demo data: the rows of every table of tables.ts, for a fictional training
// provider in Australia and New Zealand (the platform's regions `au` and `nz`) that also runs a few
// events abroad, between January 2011 and December 2013.
//
// Pure and deterministic: a seeded generator (mulberry32, one stream per table, so changing how one
// table is made leaves the others' rows as they were) and one fixed "now", REFERENCE_DATE
// (2012-06-01T00:00:00Z). Events that ended before it are Completed, later ones Active; every audit
// instant (CreatedDateTime, LastModifiedDateTime) lies before it. Nothing reads the clock, so every
// start of the server, every test and every engine sees the same rows.
//
// The data is realistic where that costs nothing, and deliberately hostile where a filter, a
// driver or a writer of XML or JSON is likely to go wrong — each odd value is here on purpose:
//
// - Nulls in every nullable column that a filter can reach: event Code, Description, LocationName,
//   FinishDateTime, Status and EventTemplateID; contact Email, Status and City; sessions without a
//   presenter; organisations without a Name. `eq null`, `ne 'x'` over nulls and ordering with nulls
//   must all be right.
// - Empty strings beside the nulls: some event Codes and Descriptions are '' (interface A's XML omits
//   an empty Code), some contact Emails '', an organisation Name '', some presenters' social network
//   identifiers '' (interface B omits empty values).
// - Non-ASCII text: NON_ASCII_PLACES (Zürich, São Paulo, Kraków, Ōsaka, 東京, Ærøskøbing) as event
//   locations (NON_ASCII_EVENT_IDS), contact and organisation cities and organisation names; presenters
//   named José, Zoë, Søren, Łukasz, 山田 太郎; one emoji (🎉, outside the BMP: a surrogate pair in
//   JavaScript, four bytes in UTF-8) in EMOJI_EVENT_ID's Description; one contact's city in
//   decomposed form (DECOMPOSED_CITY_CONTACT_ID: 'Zu\u0308rich', which `eq 'Zürich'` does not match);
//   city names in other cases and with a trailing space ('SYDNEY', 'sydney', 'Sydney ').
// - Apostrophes, which end an OData string literal: O'Brien (APOSTROPHE_CONTACT_ID's Email,
//   APOSTROPHE_ORGANISATION_ID's Name), St John's Wood (APOSTROPHE_EVENT_ID's LocationName), "Writer's
//   Workshop".
// - LIKE's wildcards, which contains/startswith must escape: `100% hands-on` and the Code
//   `snake_case_workshop` (LIKE_WILDCARD_EVENT_ID, and its event template).
// - XML's special characters < > & " ' and the CDATA terminator ]]>: XML_SPECIAL_EVENT_ID's
//   Description and LocationName, XML_SPECIAL_ORGANISATION_ID's Name — all characters XML 1.0 can
//   carry once escaped.
// - Characters XML 1.0 cannot carry at all (not even as character references) but PostgreSQL text
//   can: NON_XML_CHARACTERS (U+0001, U+0008, U+000B, U+001F, U+FFFE, U+FFFF) in HOSTILE_EVENT_ID's
//   Description and HOSTILE_CONTACT_ID's PostalAddress_City. Never U+0000 (PostgreSQL text refuses
//   it) and never a lone surrogate (UTF-8 cannot encode one).
// - Limits reached exactly: LONG_NAME_PRESENTER_ID's FullName is 128 characters (FirstName 63,
//   LastName 64), LONG_NAME_VENUE_ID's Name 256 — both with non-ASCII letters, so their UTF-8 is
//   longer than their character count.
// - Time: UTC offsets negative and not whole hours (-300, -210, -180, 330, 345, 570), three zones
//   sharing +60 and events at 08:30 in Sydney or Auckland, which is the previous day in UTC; audit
//   instants with milliseconds; IMPORT_BATCH's 60 contacts share one CreatedDateTime and
//   LastModifiedDateTime (ties a keyset page must break by the key).
// - Sizes that make paging matter: BUSY_EVENT_ID has BUSY_EVENT_REGISTRATIONS registrations, more
//   than one default page of 100; EMPTY_CATEGORY_ID has no items; UNPROMOTED_VENUE_ID is promoted in
//   no region (Regions []); about a quarter of the presenters are not public.
// - Values that look like numbers but are text: postcodes with a leading zero (UNPROMOTED_VENUE_ID's '0800').

import type { Region } from './tables.js';

// ---------------------------------------------------------------------------------------------
// Named values: where the hostile values are, so tests and documentation can point at them.

export const DEMO_SEED = 0x5eed2012;
/** The data's "now": events that ended before it are Completed, and every audit instant precedes it. */
export const REFERENCE_DATE = '2012-06-01T00:00:00.000Z';

/** Characters PostgreSQL text holds but XML 1.0 cannot carry in any form. */
export const NON_XML_CHARACTERS = '\u0001\u0008\u000B\u001F\uFFFE\uFFFF';
/** XML's special characters and the CDATA terminator. */
export const XML_SPECIAL_TEXTS = ['<', '>', '&', '"', "'", ']]>'] as const;

export const HOSTILE_EVENT_ID = 42;
export const HOSTILE_EVENT_DESCRIPTION =
  `Imported from the legacy system: <b>bold</b> & "quoted" 'text' ]]> with control characters ` +
  `[\u0001][\u0008][\u000B][\u001F] and non-characters [\uFFFE][\uFFFF].`;
export const HOSTILE_CONTACT_ID = 42;
export const HOSTILE_CONTACT_CITY = 'Wellington\u000B (imported\u0001 from\u0008 fax\u001F) \uFFFE\uFFFF';

export const XML_SPECIAL_EVENT_ID = 7;
export const XML_SPECIAL_EVENT_DESCRIPTION = `Q&A: "Tips & tricks" for <Excel> users — it's easier than it looks; ]]> ends a CDATA section.`;
export const XML_SPECIAL_EVENT_LOCATION = `Smith & Jones' "Training Rooms" <Level 2> ]]>`;
export const XML_SPECIAL_ORGANISATION_ID = 13;
export const XML_SPECIAL_ORGANISATION_NAME = `Smith & Jones' <Consulting> "Advisory" Pty Ltd ]]>`;

export const EMOJI_EVENT_ID = 100;
export const EMOJI_EVENT_DESCRIPTION = 'End-of-year celebration 🎉 with canapés, a quiz & prizes.';

export const LIKE_WILDCARD_EVENT_ID = 64;
export const LIKE_WILDCARD_CODE = 'snake_case_workshop';
export const LIKE_WILDCARD_DESCRIPTION = '100% hands-on: naming things in snake_case, camelCase & kebab-case.';

export const APOSTROPHE_EVENT_ID = 5;
export const APOSTROPHE_CONTACT_ID = 5;
export const APOSTROPHE_ORGANISATION_ID = 5;
export const DECOMPOSED_CITY_CONTACT_ID = 6;

export const NON_ASCII_PLACES = ['Zürich', 'São Paulo', 'Kraków', 'Ōsaka', '東京', 'Ærøskøbing'] as const;
/** The events held in NON_ASCII_PLACES, in that order (more are spread at random). */
export const NON_ASCII_EVENT_IDS = [10, 11, 12, 13, 14, 15] as const;

export const BUSY_EVENT_ID = 200;
export const BUSY_EVENT_REGISTRATIONS = 120;

export const LONG_NAME_PRESENTER_ID = 80;
export const LONG_NAME_VENUE_ID = 30;
export const UNPROMOTED_VENUE_ID = 29;
export const EMPTY_CATEGORY_ID = 12;
/** Contacts imported together: one CreatedDateTime and LastModifiedDateTime for all of them. */
export const IMPORT_BATCH = { firstContactID: 201, lastContactID: 260, instant: '2010-07-01T00:00:00.000Z' } as const;

export const DEMO_SIZES = { events: 640, contacts: 1000, organisations: 120, presenters: 80, venues: 30 } as const;

// ---------------------------------------------------------------------------------------------
// The rows: one interface per table, its keys exactly the table's columns.

interface Audit {
  CreatedDateTime: Date;
  LastModifiedDateTime: Date;
}

export interface TimeZoneRow extends Audit {
  TimeZoneID: number;
  Name: string;
  TzNames: string[] | null;
  UtcOffset: number | null;
}

export interface EventTemplateRow extends Audit {
  EventTemplateID: number;
  Code: string | null;
  Name: string;
}

export interface OrganisationRow extends Audit {
  OrganisationID: number;
  Name: string | null;
  PostalAddress_City: string | null;
  PostalAddress_Country: string | null;
}

export interface ContactRow extends Audit {
  ContactID: number;
  Email: string | null;
  Status: string | null;
  PostalAddress_City: string | null;
  PostalAddress_Country: string | null;
  OrganisationID: number | null;
}

export interface EventRow extends Audit {
  EventID: number;
  UniqueIdentifier: string;
  Code: string | null;
  StartDateTime: Date;
  FinishDateTime: Date | null;
  Description: string | null;
  LocationName: string | null;
  Status: string | null;
  EventTemplateID: number | null;
  TimeZoneID: number;
  UtcOffsetMinutes: number;
}

export interface EventSessionRow extends Audit {
  EventSessionID: number;
  EventID: number;
  Status: string;
  StartDateTime: Date;
  FinishDateTime: Date | null;
  PresenterContactID: number | null;
  /** Its event's offset: a session is where its event is. */
  UtcOffsetMinutes: number;
}

export interface RegistrationRow extends Audit {
  RegistrationID: number;
  EventID: number;
  ContactID: number;
  Status: string;
}

export interface VenueRow {
  VenueID: number;
  Name: string;
  LocationName: string | null;
  GeoData_PointLatitude: number | null;
  GeoData_PointLongitude: number | null;
  PhysicalAddress_StreetLine1: string | null;
  PhysicalAddress_StreetLine2: string | null;
  PhysicalAddress_StreetLine3: string | null;
  PhysicalAddress_StreetLine4: string | null;
  PhysicalAddress_Suburb: string | null;
  PhysicalAddress_City: string | null;
  PhysicalAddress_State: string | null;
  PhysicalAddress_PostCode: string | null;
  PhysicalAddress_Country: string | null;
  FacilityInfo_Directions_ContentType: string | null;
  FacilityInfo_Directions_Text: string | null;
  FacilityInfo_Parking_ContentType: string | null;
  FacilityInfo_Parking_Text: string | null;
  ViewUri: string | null;
  Regions: Region[];
}

export interface VenueRoomRow extends Audit {
  VenueRoomID: number;
  VenueID: number;
  Name: string | null;
  Capacity: number | null;
}

export interface PresenterRow {
  PresenterID: number;
  FullName: string;
  FirstName: string | null;
  LastName: string | null;
  ViewUri: string | null;
  Profile_ProfessionalProfile_ContentType: string | null;
  Profile_ProfessionalProfile_Text: string | null;
  Profile_Qualifications_ContentType: string | null;
  Profile_Qualifications_Text: string | null;
  Profile_Interests_ContentType: string | null;
  Profile_Interests_Text: string | null;
  SocialNetworkInfo_NetworkAID: string | null;
  SocialNetworkInfo_NetworkBID: string | null;
  SocialNetworkInfo_NetworkCID: string | null;
  SocialNetworkInfo_NetworkDID: string | null;
  IsPublic: boolean;
  Regions: Region[];
}

export interface TemplateCategoryRow {
  CategoryID: number;
  ParentID: number | null;
  Name: string;
}

export interface AdvertisedPresenter {
  PresenterID: number;
  Name: string;
  ViewUri?: string;
}

export interface Credit {
  Type: string;
  Value: number;
}

export interface TemplateCategoryItemRow {
  ItemID: number;
  CategoryID: number;
  EventTemplateID: number | null;
  Title: string;
  Uri: string;
  Summary: string | null;
  SequenceIndex: number;
  Code: string | null;
  AdvertisedDuration: string | null;
  AdvertisedPresenters: AdvertisedPresenter[] | null;
  Tags: string[] | null;
  Credits: Credit[] | null;
  RegisterInterestUri: string | null;
  RegisterPrivateInterestUri: string | null;
  Regions: Region[];
}

export interface AdvertisedOffer {
  OfferID: number;
  IsDiscountOffer: boolean;
  OfferAmount: {
    CurrencyCode: string;
    AmountTaxExclusive: number;
    AmountTaxInclusive: number;
    FormattedAmountTaxExclusive: string;
    FormattedAmountTaxInclusive: string;
    TaxRate: { ShortName: string; Name: string; RatePercent: number };
  };
}

export interface TemplateItemOfferRow {
  ItemID: number;
  Region: Region;
  BestAdvertisedOffers: AdvertisedOffer[];
}

/** A user before hashing: seed.ts stores the salted hash of Password, never the password. */
export interface DemoUser {
  Name: string;
  Password: string;
  Collections: string[];
}

/** One array of rows per table, under the table's name. */
export interface DemoData {
  time_zones: TimeZoneRow[];
  event_templates: EventTemplateRow[];
  organisations: OrganisationRow[];
  contacts: ContactRow[];
  events: EventRow[];
  event_sessions: EventSessionRow[];
  registrations: RegistrationRow[];
  venues: VenueRow[];
  venue_rooms: VenueRoomRow[];
  presenters: PresenterRow[];
  template_categories: TemplateCategoryRow[];
  template_category_items: TemplateCategoryItemRow[];
  template_item_offers: TemplateItemOfferRow[];
  users: DemoUser[];
}

// ---------------------------------------------------------------------------------------------
// Random numbers and time.

/** mulberry32: a small 32-bit seeded generator, the same on every platform. */
class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** A number in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) | 0;
    let t = Math.imul(this.state ^ (this.state >>> 15), 1 | this.state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  chance(probability: number): boolean {
    return this.next() < probability;
  }

  pick<T>(items: readonly T[]): T {
    return at(items, Math.floor(this.next() * items.length));
  }

  weighted<T>(choices: readonly (readonly [T, number])[]): T {
    const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
    let remaining = this.next() * total;
    for (const [choice, weight] of choices) {
      remaining -= weight;
      if (remaining < 0) return choice;
    }
    return at(choices, choices.length - 1)[0];
  }

  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [at(copy, j), at(copy, i)];
    }
    return copy;
  }

  sample<T>(items: readonly T[], count: number): T[] {
    return this.shuffle(items).slice(0, count);
  }

  /** An instant in [from, to), to the millisecond. */
  between(fromMs: number, toMs: number): number {
    return fromMs + Math.floor(this.next() * (toMs - fromMs));
  }
}

/** The generator of one table: the seed mixed with the table's name (FNV-1a). */
function randomFor(table: string): Random {
  let hash = 0x811c9dc5 ^ DEMO_SEED;
  for (const char of table) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 0x01000193);
  return new Random(hash);
}

function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new RangeError(`No item at index ${index} of ${items.length}`);
  return item;
}

const range = (first: number, last: number): number[] => Array.from({ length: last - first + 1 }, (_, i) => first + i);

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const REFERENCE_MS = Date.parse(REFERENCE_DATE);
const utc = (year: number, month: number, day: number): number => Date.UTC(year, month - 1, day);

/** A creation instant in [from, to) and a modification at or after it, before `to`: a fifth of the rows were never modified. */
function auditBetween(random: Random, fromMs: number, toMs: number): Audit {
  const created = random.between(fromMs, toMs);
  const modified = random.chance(0.2) ? created : random.between(created, toMs);
  return { CreatedDateTime: new Date(created), LastModifiedDateTime: new Date(modified) };
}

/** A version 4 GUID in lowercase: 122 random bits, the version nibble 4 and the variant bits 10. */
function guid(random: Random): string {
  const bytes = Array.from({ length: 16 }, () => random.int(0, 255));
  bytes[6] = (at(bytes, 6) & 0x0f) | 0x40;
  bytes[8] = (at(bytes, 8) & 0x3f) | 0x80;
  const hex = bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** Lowercase ASCII letters and digits joined by '-', for URIs and e-mail domains. */
function slug(text: string): string {
  return asciiFold(text)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** Latin letters without their accents (ø, æ, ł and ß have no decomposition, so they are mapped). */
function asciiFold(text: string): string {
  const letters: Record<string, string> = { ø: 'o', Ø: 'O', æ: 'ae', Æ: 'Ae', ł: 'l', Ł: 'L', ß: 'ss' };
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[øØæÆłŁß]/g, (c) => letters[c] ?? c);
}

const escapeHtml = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const SITE = 'https://demo.example.com';
const XHTML = 'application/xhtml';

// ---------------------------------------------------------------------------------------------
// Time zones and places.

const TIME_ZONES: readonly (readonly [id: number, name: string, tzNames: readonly string[], utcOffset: number])[] = [
  [1, '(UTC-05:00) Eastern Time (US & Canada)', ['America/New_York', 'America/Toronto', 'America/Detroit'], -300],
  [2, '(UTC-03:30) Newfoundland', ['America/St_Johns'], -210],
  [3, '(UTC-03:00) Brasilia', ['America/Sao_Paulo'], -180],
  [4, '(UTC) Dublin, Edinburgh, Lisbon, London', ['Europe/London', 'Europe/Dublin', 'Europe/Lisbon'], 0],
  [
    5,
    '(UTC+01:00) Amsterdam, Berlin, Bern, Rome, Stockholm, Vienna',
    ['Europe/Berlin', 'Europe/Zurich', 'Europe/Amsterdam', 'Europe/Rome', 'Europe/Stockholm', 'Europe/Vienna'],
    60,
  ],
  [
    6,
    '(UTC+01:00) Brussels, Copenhagen, Madrid, Paris',
    ['Europe/Paris', 'Europe/Brussels', 'Europe/Copenhagen', 'Europe/Madrid'],
    60,
  ],
  [
    7,
    '(UTC+01:00) Sarajevo, Skopje, Warsaw, Zagreb',
    ['Europe/Warsaw', 'Europe/Sarajevo', 'Europe/Skopje', 'Europe/Zagreb'],
    60,
  ],
  [8, '(UTC+05:30) Chennai, Kolkata, Mumbai, New Delhi', ['Asia/Kolkata', 'Asia/Calcutta'], 330],
  [9, '(UTC+05:45) Kathmandu', ['Asia/Kathmandu'], 345],
  [10, '(UTC+09:00) Osaka, Sapporo, Tokyo', ['Asia/Tokyo'], 540],
  [11, '(UTC+09:30) Adelaide', ['Australia/Adelaide'], 570],
  [
    12,
    '(UTC+10:00) Canberra, Melbourne, Sydney',
    ['Australia/Sydney', 'Australia/Melbourne', 'Australia/Canberra'],
    600,
  ],
  [13, '(UTC+12:00) Auckland, Wellington', ['Pacific/Auckland'], 720],
];

function timeZones(): TimeZoneRow[] {
  const random = randomFor('time_zones');
  // Installed with the platform; a few renamed or re-listed later.
  return TIME_ZONES.map(([id, name, tzNames, utcOffset]) => ({
    TimeZoneID: id,
    Name: name,
    TzNames: [...tzNames],
    UtcOffset: utcOffset,
    ...auditBetween(random, utc(2008, 1, 1), utc(2008, 1, 2)),
  }));
}

const offsetOf = (timeZoneID: number): number =>
  at(
    TIME_ZONES.filter(([id]) => id === timeZoneID),
    0,
  )[3];

interface Place {
  city: string;
  country: string | null;
  timeZoneID: number;
  /** Three letters for event codes. */
  code: string;
  /** How often events, contacts and organisations are there. */
  weight: number;
}

const PLACES: readonly Place[] = [
  { city: 'Sydney', country: 'Australia', timeZoneID: 12, code: 'SYD', weight: 20 },
  { city: 'Melbourne', country: 'Australia', timeZoneID: 12, code: 'MEL', weight: 16 },
  { city: 'Canberra', country: 'Australia', timeZoneID: 12, code: 'CBR', weight: 5 },
  { city: 'Adelaide', country: 'Australia', timeZoneID: 11, code: 'ADL', weight: 7 },
  { city: 'Auckland', country: 'New Zealand', timeZoneID: 13, code: 'AKL', weight: 11 },
  { city: 'Wellington', country: 'New Zealand', timeZoneID: 13, code: 'WLG', weight: 7 },
  { city: 'Christchurch', country: 'New Zealand', timeZoneID: 13, code: 'CHC', weight: 4 },
  { city: 'London', country: 'United Kingdom', timeZoneID: 4, code: 'LON', weight: 4 },
  { city: "St John's Wood", country: 'United Kingdom', timeZoneID: 4, code: 'SJW', weight: 1 },
  { city: 'Zürich', country: 'Switzerland', timeZoneID: 5, code: 'ZRH', weight: 1 },
  { city: 'Ærøskøbing', country: 'Denmark', timeZoneID: 6, code: 'AER', weight: 1 },
  { city: 'Kraków', country: 'Poland', timeZoneID: 7, code: 'KRK', weight: 1 },
  { city: 'Mumbai', country: 'India', timeZoneID: 8, code: 'BOM', weight: 2 },
  { city: 'Kathmandu', country: 'Nepal', timeZoneID: 9, code: 'KTM', weight: 1 },
  { city: '東京', country: 'Japan', timeZoneID: 10, code: 'TYO', weight: 1 },
  { city: 'Ōsaka', country: 'Japan', timeZoneID: 10, code: 'OSA', weight: 1 },
  { city: 'São Paulo', country: 'Brazil', timeZoneID: 3, code: 'SAO', weight: 1 },
  { city: 'Toronto', country: 'Canada', timeZoneID: 1, code: 'YYZ', weight: 2 },
  { city: 'New York', country: 'United States', timeZoneID: 1, code: 'NYC', weight: 2 },
  { city: "St. John's", country: 'Canada', timeZoneID: 2, code: 'YYT', weight: 1 },
];
/** Webinars: run from Sydney, held nowhere. */
const ONLINE: Place = { city: 'Online', country: null, timeZoneID: 12, code: 'WEB', weight: 2 };

const placeNamed = (city: string): Place =>
  at(
    PLACES.filter((p) => p.city === city),
    0,
  );
const weightedPlaces = PLACES.map((p) => [p, p.weight] as const);

// ---------------------------------------------------------------------------------------------
// Event templates and the category tree that advertises them.

type Format = 'webinar' | 'half-day' | '1 day' | '2 days' | '3 days';

/** How long each format runs, and at which local times (minutes after midnight) it may start. */
const FORMATS: Record<
  Format,
  { days: number; minutesPerDay: number; localStarts: readonly number[]; advertised: string }
> = {
  webinar: {
    days: 1,
    minutesPerDay: 90,
    localStarts: [10 * 60, 11 * 60, 12 * 60 + 30, 14 * 60],
    advertised: '90 minutes',
  },
  'half-day': { days: 1, minutesPerDay: 210, localStarts: [9 * 60, 13 * 60], advertised: '3.5 hours' },
  '1 day': { days: 1, minutesPerDay: 450, localStarts: [8 * 60 + 30, 9 * 60], advertised: '1 day' },
  '2 days': { days: 2, minutesPerDay: 480, localStarts: [8 * 60 + 30, 9 * 60], advertised: '2 days' },
  '3 days': { days: 3, minutesPerDay: 480, localStarts: [9 * 60], advertised: '3 days' },
};

interface TemplateSpec {
  id: number;
  code: string | null;
  name: string;
  /** The categories that list it (none: not advertised). */
  categories: readonly number[];
  format: Format;
  /** Price in Australian dollars, tax exclusive. */
  price: number;
}

const TEMPLATES: readonly TemplateSpec[] = [
  { id: 1, code: 'FAC101', name: 'Facilitation Skills', categories: [10], format: '1 day', price: 695 },
  { id: 2, code: 'LEAD100', name: 'Leadership Essentials', categories: [1], format: '2 days', price: 1490 },
  { id: 3, code: 'LEAD200', name: 'Leading High-Performance Teams', categories: [1], format: '2 days', price: 1650 },
  { id: 4, code: 'COACH110', name: 'Coaching for Managers', categories: [2, 3], format: '1 day', price: 795 },
  { id: 5, code: 'TTT100', name: 'Train the Trainer', categories: [10], format: '3 days', price: 1995 },
  { id: 6, code: 'PM101', name: 'Project Management Fundamentals', categories: [1], format: '2 days', price: 1250 },
  { id: 7, code: 'PM201', name: 'Agile Project Delivery', categories: [5], format: '2 days', price: 1350 },
  { id: 8, code: 'XL101', name: 'Excel Essentials', categories: [7], format: '1 day', price: 395 },
  {
    id: 9,
    code: 'XL201',
    name: 'Advanced Excel: PivotTables & Power Query',
    categories: [7],
    format: '1 day',
    price: 495,
  },
  { id: 10, code: 'PY101', name: 'Python for Analysts', categories: [6, 7], format: '2 days', price: 1000 },
  {
    id: 11,
    code: LIKE_WILDCARD_CODE,
    name: 'Naming Things: snake_case, camelCase & Friends',
    categories: [5],
    format: 'half-day',
    price: 295,
  },
  { id: 12, code: 'SQL101', name: 'SQL Fundamentals', categories: [7], format: '1 day', price: 650 },
  { id: 13, code: 'DATA200', name: 'Data Visualisation', categories: [7], format: '1 day', price: 695 },
  { id: 14, code: 'FA101', name: 'Provide First Aid', categories: [9], format: '1 day', price: 165 },
  { id: 15, code: 'CPR100', name: 'Provide CPR', categories: [9], format: 'half-day', price: 75 },
  {
    id: 16,
    code: 'WHS101',
    name: 'Workplace Health & Safety Induction',
    categories: [8],
    format: 'half-day',
    price: 195,
  },
  { id: 17, code: 'FW100', name: 'Fire Warden Training', categories: [8], format: 'half-day', price: 145 },
  { id: 18, code: 'MH100', name: 'Mental Health First Aid', categories: [9, 1], format: '2 days', price: 350 },
  { id: 19, code: 'COMM100', name: 'Business Writing', categories: [10], format: '1 day', price: 595 },
  { id: 20, code: 'COMM110', name: "Writer's Workshop", categories: [10], format: '1 day', price: 495 },
  { id: 21, code: 'COMM200', name: 'Presentation Skills', categories: [10], format: '1 day', price: 695 },
  { id: 22, code: 'NEG100', name: 'Negotiation Skills', categories: [1], format: '1 day', price: 795 },
  { id: 23, code: 'CS100', name: 'Customer Service Excellence', categories: [3], format: '1 day', price: 450 },
  { id: 24, code: 'TIME100', name: 'Time Management', categories: [10], format: 'half-day', price: 295 },
  { id: 25, code: 'CONF100', name: 'Managing Conflict at Work', categories: [3], format: '1 day', price: 595 },
  { id: 26, code: 'HR100', name: 'Recruitment & Selection', categories: [3], format: '1 day', price: 650 },
  { id: 27, code: 'HR200', name: 'Performance Conversations', categories: [2], format: 'half-day', price: 350 },
  { id: 28, code: 'FIN100', name: 'Finance for Non-Finance Managers', categories: [1], format: '1 day', price: 750 },
  { id: 29, code: 'FIN200', name: 'Budgeting & Forecasting', categories: [7], format: '1 day', price: 750 },
  { id: 30, code: 'COMP100', name: 'Privacy & Data Protection', categories: [11], format: 'webinar', price: 99 },
  {
    id: 31,
    code: 'COMP110',
    name: 'Anti-Money Laundering Essentials',
    categories: [11],
    format: 'webinar',
    price: 149,
  },
  { id: 32, code: 'DEI100', name: 'Inclusive Leadership', categories: [1, 11], format: 'half-day', price: 395 },
  { id: 33, code: 'SALES100', name: 'Consultative Selling', categories: [10], format: '2 days', price: 1290 },
  { id: 34, code: 'MKT100', name: 'Digital Marketing Basics', categories: [4], format: '1 day', price: 595 },
  { id: 35, code: 'WEB100', name: "Free Webinar: What's New in 2012", categories: [4], format: 'webinar', price: 0 },
  { id: 36, code: 'TDD100', name: 'Test-Driven Development', categories: [5], format: '2 days', price: 1450 },
  { id: 37, code: 'GIT100', name: 'Version Control with Git', categories: [5], format: '1 day', price: 550 },
  { id: 38, code: 'ITIL100', name: 'ITIL® Foundation', categories: [4], format: '3 days', price: 2450 },
  { id: 39, code: null, name: 'In-house Custom Program', categories: [], format: '1 day', price: 0 },
  { id: 40, code: '', name: 'Lunch & Learn', categories: [10], format: 'webinar', price: 25 },
];

const templateById = (id: number): TemplateSpec =>
  at(
    TEMPLATES.filter((t) => t.id === id),
    0,
  );

function eventTemplates(): EventTemplateRow[] {
  const random = randomFor('event_templates');
  return TEMPLATES.map((t) => ({
    EventTemplateID: t.id,
    Code: t.code,
    Name: t.name,
    ...auditBetween(random, utc(2009, 1, 1), utc(2011, 1, 1)),
  }));
}

const CATEGORIES: readonly TemplateCategoryRow[] = [
  { CategoryID: 1, ParentID: null, Name: 'Leadership & Management' },
  { CategoryID: 2, ParentID: 1, Name: 'Coaching' },
  { CategoryID: 3, ParentID: 1, Name: 'Frontline Managers' },
  { CategoryID: 4, ParentID: null, Name: 'Technology' },
  { CategoryID: 5, ParentID: 4, Name: 'Software Development' },
  { CategoryID: 6, ParentID: 5, Name: 'Python' },
  { CategoryID: 7, ParentID: 4, Name: 'Data & Analytics' },
  { CategoryID: 8, ParentID: null, Name: 'Health & Safety' },
  { CategoryID: 9, ParentID: 8, Name: 'First Aid' },
  { CategoryID: 10, ParentID: null, Name: 'Professional Development' },
  { CategoryID: 11, ParentID: 10, Name: 'Compliance' },
  { CategoryID: EMPTY_CATEGORY_ID, ParentID: null, Name: 'Archived Programs' },
];

/** The plain links among the category items: no template behind them. */
const LINKS: readonly (readonly [categoryID: number, title: string, uri: string, regions: readonly Region[]])[] = [
  [1, 'Leadership program brochure (PDF)', `${SITE}/files/leadership-2012.pdf`, ['au', 'nz']],
  [1, 'Corporate & in-house packages', `${SITE}/corporate?type=in-house&ref=catalogue`, ['au', 'nz']],
  [1, 'Request in-house training', `${SITE}/enquiries/in-house`, ['au']],
  [2, 'Meet our coaches', `${SITE}/presenters/`, ['au', 'nz']],
  [3, 'Frontline manager pathway', `${SITE}/pathways/frontline-managers`, ['au']],
  [4, 'Technology course calendar', `${SITE}/calendar?category=technology`, ['au', 'nz']],
  [4, 'System requirements for webinars', `${SITE}/help/webinars`, ['au', 'nz']],
  [5, 'Developer meetup: Sydney', 'https://meetup.example.org/sydney-dev', ['au']],
  [6, 'Python documentation', 'https://docs.python.org/3/', ['au', 'nz']],
  [7, 'Sample data sets', `${SITE}/files/sample-data.zip`, ['au', 'nz']],
  [8, 'Safe Work Australia', 'https://www.safeworkaustralia.gov.au/', ['au']],
  [8, 'WorkSafe New Zealand', 'https://www.worksafe.govt.nz/', ['nz']],
  [9, 'First aid refresher reminders', `${SITE}/reminders/first-aid`, ['au', 'nz']],
  [9, 'Which first aid course do I need?', `${SITE}/help/first-aid-courses`, ['au', 'nz']],
  [10, 'Course calendar', `${SITE}/calendar`, ['au', 'nz']],
  [10, 'Terms & conditions', `${SITE}/terms`, ['au', 'nz']],
  [10, 'Frequently asked questions', `${SITE}/faq`, ['au', 'nz']],
  [11, 'Compliance training FAQ', `${SITE}/faq/compliance`, ['nz']],
];

const TAGS = ['leadership', 'beginner', 'advanced', 'online', 'face-to-face', 'accredited', 'CPD', 'new', 'popular'];

const SUMMARIES = [
  'A practical introduction with plenty of exercises.',
  'For experienced practitioners who want to go further.',
  'Nationally recognised; assessment included.',
  'Tools you can use at work the next day.',
  'Small groups, expert trainers, real case studies.',
];

/** The category items: each template in each category that lists it, and the plain links; SequenceIndex orders each category. */
function categoryItems(presenters: readonly PresenterRow[]): TemplateCategoryItemRow[] {
  const random = randomFor('template_category_items');
  const items: TemplateCategoryItemRow[] = [];
  for (const category of CATEGORIES) {
    const entries = [
      ...TEMPLATES.filter((t) => t.categories.includes(category.CategoryID)).map((t) =>
        templateItem(random, category.CategoryID, t, presenters),
      ),
      ...LINKS.filter(([categoryID]) => categoryID === category.CategoryID).map(([categoryID, title, uri, regions]) =>
        linkItem(random, categoryID, title, uri, regions),
      ),
    ];
    random.shuffle(entries).forEach((entry, index) => {
      items.push({ ...entry, ItemID: items.length + 1, SequenceIndex: index + 1 });
    });
  }
  return items;
}

type UnplacedItem = Omit<TemplateCategoryItemRow, 'ItemID' | 'SequenceIndex'>;

function templateItem(
  random: Random,
  categoryID: number,
  template: TemplateSpec,
  presenters: readonly PresenterRow[],
): UnplacedItem {
  const regions = random.weighted<Region[]>([
    [['au', 'nz'], 5],
    [['au'], 3.5],
    [['nz'], 1.5],
  ]);
  const eligible = presenters.filter((p) => p.IsPublic && p.Regions.some((r) => regions.includes(r)));
  const advertised = random
    .sample(
      eligible,
      random.weighted([
        [0, 1],
        [1, 3],
        [2, 3],
        [3, 2],
      ] as const),
    )
    .map((p) => ({
      PresenterID: p.PresenterID,
      Name: p.FullName,
      ...(p.ViewUri === null ? {} : { ViewUri: p.ViewUri }),
    }));
  const tags = random.sample(TAGS, random.int(0, 3));
  const cpd = random.pick([0.5, 1.5, 3, 7]);
  const credits = random.weighted<Credit[] | null>([
    [null, 3],
    [[{ Type: 'CPD points', Value: cpd }], 5],
    [
      [
        { Type: 'CPD points', Value: cpd },
        { Type: 'Hours', Value: FORMATS[template.format].days * 7 },
      ],
      2,
    ],
  ]);
  const page = `${SITE}/courses/${template.id}/${slug(template.name)}`;
  return {
    CategoryID: categoryID,
    EventTemplateID: template.id,
    Title: template.name,
    Uri: page,
    Summary: random.chance(0.7) ? random.pick(SUMMARIES) : null,
    Code: template.code,
    AdvertisedDuration: FORMATS[template.format].advertised,
    // "Empty or null properties are left out": an empty collection is stored as NULL, like a missing one.
    AdvertisedPresenters: advertised.length === 0 ? null : advertised,
    Tags: tags.length === 0 ? null : tags,
    Credits: credits,
    RegisterInterestUri: random.chance(0.4) ? `${page}/interest` : null,
    RegisterPrivateInterestUri: random.chance(0.25) ? `${page}/interest?private=true` : null,
    Regions: regions,
  };
}

function linkItem(
  random: Random,
  categoryID: number,
  title: string,
  uri: string,
  regions: readonly Region[],
): UnplacedItem {
  return {
    CategoryID: categoryID,
    EventTemplateID: null,
    Title: title,
    Uri: uri,
    Summary: random.chance(0.3) ? 'More information on our website.' : null,
    Code: null,
    AdvertisedDuration: null,
    AdvertisedPresenters: null,
    Tags: null,
    Credits: null,
    RegisterInterestUri: null,
    RegisterPrivateInterestUri: null,
    Regions: [...regions],
  };
}

// ---------------------------------------------------------------------------------------------
// Offers: the best advertised offers of each template item in each region it is listed in.

const TAX_RATES: Record<Region, { currency: string; ratePercent: number; exchange: number }> = {
  au: { currency: 'AUD', ratePercent: 10, exchange: 1 },
  nz: { currency: 'NZD', ratePercent: 15, exchange: 1.25 },
};

/** '$1,234.50': dollars with thousands separators and two decimals, from whole cents. */
function formatCents(cents: number): string {
  const dollars = Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `$${dollars}.${(cents % 100).toString().padStart(2, '0')}`;
}

/** An amount in whole cents, the tax computed on cents so that no binary fraction creeps in. */
function offerAmount(region: Region, exclusiveCents: number): AdvertisedOffer['OfferAmount'] {
  const { currency, ratePercent } = TAX_RATES[region];
  const inclusiveCents = Math.round((exclusiveCents * (100 + ratePercent)) / 100);
  return {
    CurrencyCode: currency,
    AmountTaxExclusive: exclusiveCents / 100,
    AmountTaxInclusive: inclusiveCents / 100,
    FormattedAmountTaxExclusive: formatCents(exclusiveCents),
    FormattedAmountTaxInclusive: formatCents(inclusiveCents),
    TaxRate: { ShortName: 'GST', Name: 'Goods and Services Tax', RatePercent: ratePercent },
  };
}

function itemOffers(items: readonly TemplateCategoryItemRow[]): TemplateItemOfferRow[] {
  const random = randomFor('template_item_offers');
  // An offer belongs to a template in a region: a template listed in two categories shows the same offers twice.
  const offersByTemplate = new Map<string, AdvertisedOffer[]>();
  let nextOfferID = 5001;
  const offersOf = (templateID: number, region: Region): AdvertisedOffer[] => {
    const key = `${templateID}/${region}`;
    const known = offersByTemplate.get(key);
    if (known !== undefined) return known;
    // Prices in whole dollars, converted and rounded to five dollars in New Zealand.
    const price = Math.round((templateById(templateID).price * TAX_RATES[region].exchange) / 5) * 5;
    const offers: AdvertisedOffer[] = [
      { OfferID: nextOfferID++, IsDiscountOffer: false, OfferAmount: offerAmount(region, price * 100) },
    ];
    if (price > 0 && random.chance(0.4)) {
      // An early-bird discount of 10%, to the cent.
      offers.unshift({ OfferID: nextOfferID++, IsDiscountOffer: true, OfferAmount: offerAmount(region, price * 90) });
    }
    offersByTemplate.set(key, offers);
    return offers;
  };
  return items.flatMap((item) => {
    const templateID = item.EventTemplateID;
    if (templateID === null) return [];
    return item.Regions.map((region) => ({
      ItemID: item.ItemID,
      Region: region,
      BestAdvertisedOffers: offersOf(templateID, region),
    }));
  });
}

// ---------------------------------------------------------------------------------------------
// People: organisations, contacts and presenters.

const FIRST_NAMES = [
  'James',
  'Olivia',
  'Liam',
  'Charlotte',
  'Noah',
  'Amelia',
  'William',
  'Isla',
  'Jack',
  'Mia',
  'Oliver',
  'Ava',
  'Thomas',
  'Grace',
  'Lucas',
  'Chloe',
  'Aroha',
  'Tama',
  'Mere',
  'Wiremu',
  'Priya',
  'Rahul',
  'Mei',
  'Hiroshi',
  'Ana',
  'Sean',
  'Fatima',
  'David',
  'Sarah',
  'Michael',
];
const LAST_NAMES = [
  'Smith',
  'Jones',
  'Williams',
  'Brown',
  'Wilson',
  'Taylor',
  'Nguyen',
  'Anderson',
  'Thompson',
  'Walker',
  'Harris',
  'Lee',
  'Martin',
  'Ngata',
  'Kowalski',
  'Patel',
  'Singh',
  'Chen',
  'Murphy',
  'MacDonald',
  'Campbell',
  'Kelly',
  'Roberts',
  'King',
];
/** Presenters' names, richer than the contacts' e-mail addresses can show. */
const PRESENTER_FIRST_NAMES = [
  ...FIRST_NAMES,
  'José',
  'Zoë',
  'Søren',
  'Łukasz',
  'Renée',
  'Siobhán',
  'Ngāio',
  'João',
  'Bjørn',
  'François',
];
const PRESENTER_LAST_NAMES = [
  ...LAST_NAMES,
  "O'Brien",
  "D'Souza",
  'Müller',
  'Te Whata',
  'Fernández',
  'Nakamura',
  'van der Berg',
  'Østergaard',
  'Nguyễn',
];

const ORGANISATION_PREFIXES = [
  'Harbour',
  'Southern Cross',
  'Blue Gum',
  'Kauri',
  'Tasman',
  'Pacific',
  'Red Centre',
  'Coral Coast',
  'Summit',
  'Ironbark',
  'Wattle',
  'Riverbend',
  'Greenfield',
  'Northshore',
  'Silver Fern',
  'Koru',
];
const ORGANISATION_TRADES = [
  'Logistics',
  'Health',
  'Engineering',
  'Consulting',
  'Software',
  'Finance',
  'Education',
  'Energy',
  'Retail',
  'Legal',
  'Construction',
  'Media',
  'Insurance',
  'Hospitality',
];
const ORGANISATION_SUFFIXES = ['Pty Ltd', 'Ltd', 'Group', 'Holdings', 'Limited', '& Co.', 'Partners'];

/** Organisations at fixed IDs, for the hostile values the header lists. */
const SPECIAL_ORGANISATIONS: ReadonlyMap<number, readonly [name: string | null, city: string]> = new Map([
  [APOSTROPHE_ORGANISATION_ID, ["O'Brien & Sons Pty Ltd", 'Sydney']],
  [XML_SPECIAL_ORGANISATION_ID, [XML_SPECIAL_ORGANISATION_NAME, 'Melbourne']],
  [20, ['Zürich Lernwerkstatt AG', 'Zürich']],
  [21, ['São Paulo Treinamentos Ltda', 'São Paulo']],
  [22, ['Kraków Szkolenia Sp. z o.o.', 'Kraków']],
  [23, ['東京研修株式会社', '東京']],
  [24, ['Ōsaka Learning KK', 'Ōsaka']],
  [25, ['Ærøskøbing Kursuscenter ApS', 'Ærøskøbing']],
  [30, ['100% Fitness Ltd', 'Auckland']],
  [31, ['Under_Score Software Ltd', 'Wellington']],
  [40, [null, 'Sydney']],
  [41, ['', 'Melbourne']],
] as const);

function organisations(): OrganisationRow[] {
  const random = randomFor('organisations');
  const taken = new Set<string>();
  return range(1, DEMO_SIZES.organisations).map((id) => {
    const special = SPECIAL_ORGANISATIONS.get(id);
    let name: string | null;
    let place: Place;
    if (special !== undefined) {
      [name, place] = [special[0], placeNamed(special[1])];
    } else {
      do {
        name = `${random.pick(ORGANISATION_PREFIXES)} ${random.pick(ORGANISATION_TRADES)} ${random.pick(ORGANISATION_SUFFIXES)}`;
      } while (taken.has(name));
      place = random.weighted(weightedPlaces);
    }
    if (name !== null) taken.add(name);
    const unknownCity = special === undefined && random.chance(0.05);
    return {
      OrganisationID: id,
      Name: name,
      PostalAddress_City: unknownCity ? null : place.city,
      PostalAddress_Country: place.country,
      ...auditBetween(random, utc(2007, 1, 1), utc(2011, 6, 1)),
    };
  });
}

/** The part of an e-mail address a name gives: ASCII letters, apostrophes kept (o'brien@ is a valid address). */
const emailPart = (name: string): string =>
  asciiFold(name)
    .toLowerCase()
    .replace(/[^a-z0-9']/g, '');

/** Contacts at fixed IDs whose addresses carry hostile values (the header lists them). */
const SPECIAL_CONTACT_ADDRESSES: ReadonlyMap<
  number,
  Pick<ContactRow, 'PostalAddress_City' | 'PostalAddress_Country'>
> = new Map([
  [HOSTILE_CONTACT_ID, { PostalAddress_City: HOSTILE_CONTACT_CITY, PostalAddress_Country: 'New Zealand' }],
  [DECOMPOSED_CITY_CONTACT_ID, { PostalAddress_City: 'Zürich'.normalize('NFD'), PostalAddress_Country: 'Switzerland' }],
]);

function contacts(orgs: readonly OrganisationRow[]): ContactRow[] {
  const random = randomFor('contacts');
  const taken = new Set<string>();
  const importInstant = new Date(IMPORT_BATCH.instant);
  return range(1, DEMO_SIZES.contacts).map((id) => {
    const apostrophe = id === APOSTROPHE_CONTACT_ID;
    const organisation = apostrophe
      ? at(orgs, APOSTROPHE_ORGANISATION_ID - 1)
      : random.chance(0.75)
        ? random.pick(orgs)
        : null;
    const [first, last] = apostrophe ? ['Sean', "O'Brien"] : [random.pick(FIRST_NAMES), random.pick(LAST_NAMES)];
    const address = emailAddress(random, first, last, organisation, taken);
    const email = apostrophe
      ? address
      : random.weighted<string | null>([
          [address, 96],
          ['', 2],
          [null, 2],
        ]);
    const place =
      organisation !== null && random.chance(0.6) ? placeOfOrganisation(organisation) : random.weighted(weightedPlaces);

    // Most contacts predate the events (an existing customer base); the rest joined since.
    const inBatch = id >= IMPORT_BATCH.firstContactID && id <= IMPORT_BATCH.lastContactID;
    const audit = inBatch
      ? { CreatedDateTime: importInstant, LastModifiedDateTime: importInstant }
      : random.chance(0.7)
        ? auditBetween(random, utc(2008, 1, 1), utc(2011, 1, 1))
        : auditBetween(random, utc(2011, 1, 1), REFERENCE_MS);
    return {
      ContactID: id,
      Email: email,
      Status: random.weighted<string | null>([
        ['Active', 85],
        ['Inactive', 12],
        [null, 3],
      ]),
      PostalAddress_City: typedCity(random, place),
      PostalAddress_Country: place?.country ?? null,
      ...SPECIAL_CONTACT_ADDRESSES.get(id),
      OrganisationID: organisation?.OrganisationID ?? null,
      ...audit,
    };
  });
}

/** first.last@ the organisation's domain (or a mail provider's), numbered when taken; now and then typed with capitals. */
function emailAddress(
  random: Random,
  first: string,
  last: string,
  organisation: OrganisationRow | null,
  taken: Set<string>,
): string {
  const domain =
    organisation === null
      ? random.pick(['mail.example.net', 'inbox.example.org', 'example.com'])
      : `${slug(organisation.Name ?? '') || `org${organisation.OrganisationID}`}.example.com`;
  const name = `${emailPart(first)}.${emailPart(last)}`;
  let address = `${name}@${domain}`;
  for (let n = 2; taken.has(address); n++) address = `${name}${n}@${domain}`;
  taken.add(address);
  return random.chance(0.03) ? `${first}.${last}@${domain.toUpperCase()}` : address;
}

function placeOfOrganisation(organisation: OrganisationRow): Place | null {
  return PLACES.find((p) => p.city === organisation.PostalAddress_City) ?? null;
}

/** A city as people type it: now and then in capitals, in lowercase or with a trailing space; sometimes not at all. */
function typedCity(random: Random, place: Place | null): string | null {
  if (place === null || random.chance(0.05)) return null;
  return random.weighted([
    [place.city, 90],
    [place.city.toUpperCase(), 4],
    [place.city.toLowerCase(), 4],
    [`${place.city} `, 2],
  ]);
}

const PROFESSIONAL_PROFILES = [
  (p: PresenterName) => `<p>Certified <b>trainer</b> &amp; coach with ${p.years} years in ${p.field}.</p>`,
  (p: PresenterName) =>
    `<p>${escapeHtml(p.first)} has led more than ${p.years * 20} workshops across Australia &amp; New Zealand.</p><ul><li>Former ${p.field} manager</li><li>Accredited facilitator</li></ul>`,
  (p: PresenterName) =>
    `<p>Consultant &amp; author.</p><p><img src="${SITE}/img/presenters/${p.id}.jpg" alt="${escapeHtml(p.full)}" /></p>`,
];
const QUALIFICATIONS = [
  '<ul><li>Cert IV in Training &amp; Assessment (TAE40110)</li><li>MBA</li></ul>',
  '<table><tr><th>Qualification</th><th>Year</th></tr><tr><td>BSc (Hons)</td><td>1998</td></tr><tr><td>Graduate Certificate in Adult Education</td><td>2004</td></tr></table>',
  '<p>Chartered Accountant (CA ANZ)</p>',
];
const INTERESTS = [
  '<p>Sailing, <i>jazz</i> &amp; long-distance running.</p>',
  '<p>Mentoring new trainers; <a href="https://blog.example.org/">writes a blog</a>.</p>',
  '<p>Gardening &lt;and&gt; birdwatching.</p>',
];
const FIELDS = ['finance', 'software', 'health care', 'retail', 'government', 'education'];

interface PresenterName {
  id: number;
  first: string;
  full: string;
  years: number;
  field: string;
}

/** Presenters at fixed IDs whose names break the usual "First Last". */
const SPECIAL_PRESENTERS: ReadonlyMap<number, readonly [full: string, first: string | null, last: string | null]> =
  new Map([
    [7, ['山田 太郎', '太郎', '山田']], // family name first
    [13, ['Teuila', 'Teuila', null]], // one name only
    [
      LONG_NAME_PRESENTER_ID,
      [
        'Adolph Blaine Charles David Earl Frederick Gerald Hubert Irving Wolfeschlegelsteinhausenbergerdorff-Śmigielska-Ōtomo-Ngata-Smith',
        'Adolph Blaine Charles David Earl Frederick Gerald Hubert Irving',
        'Wolfeschlegelsteinhausenbergerdorff-Śmigielska-Ōtomo-Ngata-Smith',
      ],
    ],
  ] as const);

function presenters(): PresenterRow[] {
  const random = randomFor('presenters');
  const ids = range(1, DEMO_SIZES.presenters);
  const hidden = new Set(
    random.sample(
      ids.filter((id) => id !== LONG_NAME_PRESENTER_ID),
      Math.round(ids.length / 4),
    ),
  );
  const taken = new Set<string>();
  return ids.map((id) => {
    const special = SPECIAL_PRESENTERS.get(id);
    let first: string | null;
    let last: string | null;
    let full: string;
    if (special !== undefined) {
      [full, first, last] = special;
    } else {
      do {
        [first, last] = [random.pick(PRESENTER_FIRST_NAMES), random.pick(PRESENTER_LAST_NAMES)];
      } while (taken.has(`${first} ${last}`));
      full = `${first} ${last}`;
    }
    taken.add(full);
    const name: PresenterName = {
      id,
      first: first ?? full,
      full,
      years: random.int(3, 25),
      field: random.pick(FIELDS),
    };
    const hasProfile = random.chance(0.8);
    const hasSocial = random.chance(0.7);
    const text = (present: boolean, html: string): readonly [string | null, string | null] =>
      present ? [XHTML, html] : [null, null];
    const [professionalType, professional] = text(
      hasProfile && random.chance(0.85),
      random.pick(PROFESSIONAL_PROFILES)(name),
    );
    const [qualificationsType, qualifications] = text(hasProfile && random.chance(0.55), random.pick(QUALIFICATIONS));
    // Interests are sometimes plain text: "usually application/xhtml", not always.
    const plainInterests = random.chance(0.2);
    const [interestsType, interests] =
      hasProfile && random.chance(0.45)
        ? plainInterests
          ? ['text/plain', 'Cycling; cooking; birdwatching']
          : [XHTML, random.pick(INTERESTS)]
        : [null, null];
    const handle = slug(full).replace(/-/g, '') || `presenter${id}`;
    // Each network's identifier when the presenter has one; now and then '' (which interface B leaves out).
    const network = (value: string): string | null =>
      hasSocial && random.chance(0.6) ? (random.chance(0.1) ? '' : value) : null;
    return {
      PresenterID: id,
      FullName: full,
      FirstName: first,
      LastName: last,
      ViewUri: random.chance(0.35) ? null : `${SITE}/presenters/${id}/${slug(full) || id}`,
      Profile_ProfessionalProfile_ContentType: professionalType,
      Profile_ProfessionalProfile_Text: professional,
      Profile_Qualifications_ContentType: qualificationsType,
      Profile_Qualifications_Text: qualifications,
      Profile_Interests_ContentType: interestsType,
      Profile_Interests_Text: interests,
      SocialNetworkInfo_NetworkAID: network(`@${handle.slice(0, 15)}`),
      SocialNetworkInfo_NetworkBID: network(String(100000000 + random.int(0, 899999999))),
      SocialNetworkInfo_NetworkCID: network(`in/${slug(full) || id}`),
      SocialNetworkInfo_NetworkDID: network(`${handle}${random.int(1, 99)}`),
      IsPublic: !hidden.has(id),
      Regions:
        id === LONG_NAME_PRESENTER_ID
          ? ['au']
          : random.weighted<Region[]>([
              [['au'], 45],
              [['nz'], 20],
              [['au', 'nz'], 35],
            ]),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Venues and their rooms.

interface VenueCity {
  city: string;
  suburb: string;
  state: string | null;
  postCode: string;
  country: string;
  region: Region;
  latitude: number;
  longitude: number;
  streets: readonly string[];
  weight: number;
}

const VENUE_CITIES: readonly VenueCity[] = [
  {
    city: 'Sydney',
    suburb: 'Sydney',
    state: 'NSW',
    postCode: '2000',
    country: 'Australia',
    region: 'au',
    latitude: -33.8688,
    longitude: 151.2093,
    streets: ['George Street', 'Pitt Street', 'Kent Street'],
    weight: 6,
  },
  {
    city: 'Melbourne',
    suburb: 'Southbank',
    state: 'VIC',
    postCode: '3006',
    country: 'Australia',
    region: 'au',
    latitude: -37.8136,
    longitude: 144.9631,
    streets: ['Collins Street', 'Flinders Lane', 'City Road'],
    weight: 5,
  },
  {
    city: 'Canberra',
    suburb: 'Civic',
    state: 'ACT',
    postCode: '2601',
    country: 'Australia',
    region: 'au',
    latitude: -35.2809,
    longitude: 149.13,
    streets: ['Northbourne Avenue'],
    weight: 2,
  },
  {
    city: 'Adelaide',
    suburb: 'Adelaide',
    state: 'SA',
    postCode: '5000',
    country: 'Australia',
    region: 'au',
    latitude: -34.9285,
    longitude: 138.6007,
    streets: ['King William Street'],
    weight: 2,
  },
  {
    city: 'Darwin',
    suburb: 'Darwin City',
    state: 'NT',
    postCode: '0800',
    country: 'Australia',
    region: 'au',
    latitude: -12.4634,
    longitude: 130.8456,
    streets: ['Mitchell Street'],
    weight: 1,
  },
  {
    city: 'Auckland',
    suburb: 'Auckland Central',
    state: null,
    postCode: '1010',
    country: 'New Zealand',
    region: 'nz',
    latitude: -36.8485,
    longitude: 174.7633,
    streets: ['Queen Street', 'Customs Street'],
    weight: 4,
  },
  {
    city: 'Wellington',
    suburb: 'Te Aro',
    state: null,
    postCode: '6011',
    country: 'New Zealand',
    region: 'nz',
    latitude: -41.2865,
    longitude: 174.7762,
    streets: ['Lambton Quay', 'Cuba Street'],
    weight: 3,
  },
  {
    city: 'Christchurch',
    suburb: 'Christchurch Central',
    state: null,
    postCode: '8011',
    country: 'New Zealand',
    region: 'nz',
    latitude: -43.5321,
    longitude: 172.6362,
    streets: ['Cashel Street'],
    weight: 1,
  },
];

const VENUE_PREFIXES = [
  'Harbourview',
  'Riverside',
  'Parkside',
  'Central',
  'Waterfront',
  'Gallery',
  'Summit',
  'Heritage',
  'Eastside',
  'Quayside',
];
const VENUE_KINDS = ['Conference Centre', 'Training Rooms', 'Business Centre', 'Function Centre', 'Learning Hub'];
const DIRECTIONS = [
  '<p>Take the lift to Level 12; reception is on the left.</p>',
  '<p>Five minutes from the station: turn right at the <b>Town Hall</b> exit.</p><ol><li>Cross the square</li><li>Enter by the glass doors</li></ol>',
  '<p>Enter from the laneway &amp; ring the bell.</p>',
];
const PARKING = [
  '<p>Secure parking at the <b>Wilson</b> car park: $25/day &amp; early-bird rates.</p>',
  '<p>Limited street parking; we recommend public transport.</p>',
];

const LONG_VENUE_NAME =
  'Wellington Harbourside Māori & Pacific Arts Conference, Exhibition and Professional Development Centre of Aotearoa New Zealand — incorporating the Tāmaki Makaurau Training Annex, the Whanganui-a-Tara Learning Rooms and the Ōtautahi Seminar Suite on Level 3';

const round6 = (x: number): number => Math.round(x * 1e6) / 1e6;

const ONLINE_VENUE_ID = DEMO_SIZES.venues - 2;

/** A venue that is nowhere: no map data, no address. */
const NOWHERE = {
  GeoData_PointLatitude: null,
  GeoData_PointLongitude: null,
  PhysicalAddress_StreetLine1: null,
  PhysicalAddress_StreetLine2: null,
  PhysicalAddress_StreetLine3: null,
  PhysicalAddress_StreetLine4: null,
  PhysicalAddress_Suburb: null,
  PhysicalAddress_City: null,
  PhysicalAddress_State: null,
  PhysicalAddress_PostCode: null,
  PhysicalAddress_Country: null,
} as const satisfies Partial<VenueRow>;

function venues(): VenueRow[] {
  const random = randomFor('venues');
  const taken = new Set<string>();
  const cityVenue = (id: number, city: VenueCity, name: string, knownAddress = false): VenueRow => {
    const hasAddress = knownAddress || random.chance(0.9);
    const onLevel = random.chance(0.4);
    const street = `${random.int(1, 400)} ${random.pick(city.streets)}`;
    const address = (value: string | null): string | null => (hasAddress ? value : null);
    const hasGeo = random.chance(0.8);
    const directions = random.chance(0.6) ? random.pick(DIRECTIONS) : null;
    const parking = random.chance(0.5) ? random.pick(PARKING) : null;
    return {
      VenueID: id,
      Name: name,
      LocationName: random.chance(0.8) ? city.city : `${city.city} CBD`,
      GeoData_PointLatitude: hasGeo ? round6(city.latitude + (random.next() - 0.5) * 0.04) : null,
      GeoData_PointLongitude: hasGeo ? round6(city.longitude + (random.next() - 0.5) * 0.04) : null,
      PhysicalAddress_StreetLine1: address(onLevel ? `Level ${random.int(1, 30)}` : street),
      PhysicalAddress_StreetLine2: address(onLevel ? street : null),
      PhysicalAddress_StreetLine3: null,
      PhysicalAddress_StreetLine4: null,
      PhysicalAddress_Suburb: address(city.suburb),
      PhysicalAddress_City: address(city.city),
      PhysicalAddress_State: address(city.state),
      PhysicalAddress_PostCode: address(city.postCode),
      PhysicalAddress_Country: address(city.country),
      FacilityInfo_Directions_ContentType: directions === null ? null : XHTML,
      FacilityInfo_Directions_Text: directions,
      FacilityInfo_Parking_ContentType: parking === null ? null : XHTML,
      FacilityInfo_Parking_Text: parking,
      ViewUri: random.chance(0.6) ? `${SITE}/venues/${id}/${slug(name)}` : null,
      Regions: random.chance(0.1) ? ['au', 'nz'] : [city.region],
    };
  };
  const rows = range(1, DEMO_SIZES.venues - 3).map((id) => {
    const city = random.weighted(VENUE_CITIES.map((c) => [c, c.weight] as const));
    let name: string;
    do {
      name = `${random.pick(VENUE_PREFIXES)} ${random.pick(VENUE_KINDS)}`;
      if (taken.has(name)) name = `${name} ${city.city}`;
    } while (taken.has(name));
    taken.add(name);
    return cityVenue(id, city, name);
  });
  const sydney = at(VENUE_CITIES, 0);
  const wellington = at(
    VENUE_CITIES.filter((c) => c.city === 'Wellington'),
    0,
  );
  const darwin = at(
    VENUE_CITIES.filter((c) => c.city === 'Darwin'),
    0,
  );
  const online: VenueRow = {
    ...cityVenue(ONLINE_VENUE_ID, sydney, 'Online (virtual classroom)'),
    ...NOWHERE,
    LocationName: 'Online',
    FacilityInfo_Directions_ContentType: XHTML,
    FacilityInfo_Directions_Text: `<p>The joining link arrives by e-mail the day before; see <a href="${SITE}/help/webinars">system requirements</a>.</p>`,
    FacilityInfo_Parking_ContentType: null,
    FacilityInfo_Parking_Text: null,
    Regions: ['au', 'nz'],
  };
  // In Darwin, whose postcode starts with a zero.
  const unpromoted: VenueRow = {
    ...cityVenue(UNPROMOTED_VENUE_ID, darwin, 'Old Customs House Training Rooms (closed)', true),
    Regions: [],
  };
  const long: VenueRow = {
    ...cityVenue(LONG_NAME_VENUE_ID, wellington, LONG_VENUE_NAME),
    // The one venue with every address line.
    PhysicalAddress_StreetLine1: 'Building C',
    PhysicalAddress_StreetLine2: 'Level 3, Suite 301',
    PhysicalAddress_StreetLine3: 'Whairepo Lagoon Precinct',
    PhysicalAddress_StreetLine4: '1 Taranaki Street',
    PhysicalAddress_Suburb: 'Te Aro',
    PhysicalAddress_City: 'Wellington',
    PhysicalAddress_PostCode: '6011',
    PhysicalAddress_Country: 'New Zealand',
  };
  return [...rows, online, unpromoted, long];
}

const ROOM_NAMES = [
  'Boardroom',
  'Training Room 1',
  'Training Room 2',
  'Auditorium',
  'Seminar Room A',
  'Seminar Room B',
  'Harbour Room',
  'Room 1.01',
  'Breakout Space',
];

function venueRooms(venueRows: readonly VenueRow[]): VenueRoomRow[] {
  const random = randomFor('venue_rooms');
  const rows: VenueRoomRow[] = [];
  for (const venue of venueRows) {
    for (const name of random.sample(ROOM_NAMES, random.int(1, 5))) {
      const capacity =
        name === 'Auditorium' ? random.int(120, 400) : name === 'Boardroom' ? random.int(8, 20) : random.int(12, 60);
      rows.push({
        VenueRoomID: rows.length + 1,
        VenueID: venue.VenueID,
        Name: venue.VenueID === ONLINE_VENUE_ID ? `Virtual ${name}` : name,
        Capacity: random.chance(0.05) ? null : capacity,
        ...auditBetween(random, utc(2009, 1, 1), REFERENCE_MS),
      });
    }
  }
  return rows;
}

// ---------------------------------------------------------------------------------------------
// Events, their sessions and registrations.

const FIRST_EVENT_DAY = utc(2011, 1, 3);
const LAST_EVENT_DAY = utc(2013, 12, 20);

const DESCRIPTION_LINES = [
  'Morning tea and lunch provided.',
  'Bring your own laptop.',
  'Places are limited — register early.',
  'Includes a printed workbook.',
  'Suitable for beginners.',
  'Follow-up coaching call included.',
  'Wheelchair-accessible venue.',
  'Certificate of attendance provided.',
  '100% hands-on: no slides, all practice.',
];

/** Where events are held by force, for the hostile values the header lists; the others are drawn at random. */
const FORCED_PLACES: ReadonlyMap<number, Place> = new Map<number, Place>([
  [APOSTROPHE_EVENT_ID, placeNamed("St John's Wood")],
  ...NON_ASCII_EVENT_IDS.map((id, i): [number, Place] => [id, placeNamed(at(NON_ASCII_PLACES, i))]),
]);

/** The day an event starts: a weekday, and a Monday to Wednesday when it runs over several days. */
function eventDay(random: Random, days: number): number {
  let day = FIRST_EVENT_DAY + random.int(0, (LAST_EVENT_DAY - FIRST_EVENT_DAY) / DAY) * DAY;
  const weekday = new Date(day).getUTCDay();
  if (weekday === 6) day += 2 * DAY;
  else if (weekday === 0) day += DAY;
  else if (days > 1 && weekday >= 4) day -= (weekday - 1) * DAY;
  return day;
}

function events(): EventRow[] {
  const random = randomFor('events');
  return range(1, DEMO_SIZES.events).map((id) => {
    const template =
      id === LIKE_WILDCARD_EVENT_ID ? templateById(11) : random.chance(0.02) ? null : random.pick(TEMPLATES);
    const webinar = template?.format === 'webinar';
    const forced = FORCED_PLACES.get(id);
    // Webinars are mostly online; now and then one is presented to a room somewhere.
    const place =
      forced ??
      (webinar && random.chance(0.8) ? ONLINE : random.weighted([...weightedPlaces, [ONLINE, ONLINE.weight] as const]));
    const format = FORMATS[template?.format ?? (place === ONLINE ? 'webinar' : '1 day')];
    const offset = offsetOf(place.timeZoneID);

    // Local business hours in the event's zone (a fixed offset: daylight saving is left out).
    const localStart = eventDay(random, format.days) + random.pick(format.localStarts) * MINUTE;
    const start = localStart - offset * MINUTE;
    const finish = start + (format.days - 1) * DAY + format.minutesPerDay * MINUTE;
    const finishKnown = random.chance(0.98);

    // Scheduled weeks or months ahead; but nothing is created after the reference date.
    let created = start - random.int(14, 200) * DAY - random.int(0, DAY - 1);
    if (created > REFERENCE_MS - DAY) created = REFERENCE_MS - random.int(1, 120) * DAY - random.int(0, DAY - 1);
    const modified = random.chance(0.2) ? created : random.between(created, REFERENCE_MS);

    const ended = (finishKnown ? finish : start) < REFERENCE_MS;
    const status = random.weighted<string | null>([
      [ended ? 'Completed' : 'Active', 965],
      ['Cancelled', 30],
      [null, 5],
    ]);

    const lines = random.sample(DESCRIPTION_LINES, random.int(1, 2)).join(' ');
    const description = random.weighted<string | null>([
      [`${template?.name ?? 'Custom program'}. ${lines}`, 84],
      [null, 15],
      ['', 1],
    ]);
    const month = new Date(localStart).toISOString().slice(2, 7).replace('-', '');
    const code = template?.code ? `${template.code}-${place.code}-${month}` : `EVT-${id}`;
    const local = place.country === 'Australia' || place.country === 'New Zealand';
    const location = forced === undefined && local && random.chance(0.15) ? `${place.city} CBD` : place.city;

    return {
      EventID: id,
      UniqueIdentifier: guid(random),
      Code: random.weighted<string | null>([
        [code, 96],
        ['', 3],
        [null, 1],
      ]),
      StartDateTime: new Date(start),
      FinishDateTime: finishKnown ? new Date(finish) : null,
      Description: description,
      LocationName: forced === undefined && random.chance(0.01) ? null : location,
      Status: status,
      CreatedDateTime: new Date(created),
      LastModifiedDateTime: new Date(modified),
      EventTemplateID: template?.id ?? null,
      TimeZoneID: place.timeZoneID,
      UtcOffsetMinutes: offset,
    };
  });
}

/** The hostile texts the header lists, written over the events that carry them. */
function withHostileTexts(rows: EventRow[]): EventRow[] {
  const overrides: ReadonlyMap<number, Partial<EventRow>> = new Map([
    [HOSTILE_EVENT_ID, { Description: HOSTILE_EVENT_DESCRIPTION }],
    [XML_SPECIAL_EVENT_ID, { Description: XML_SPECIAL_EVENT_DESCRIPTION, LocationName: XML_SPECIAL_EVENT_LOCATION }],
    [EMOJI_EVENT_ID, { Description: EMOJI_EVENT_DESCRIPTION }],
    [LIKE_WILDCARD_EVENT_ID, { Code: LIKE_WILDCARD_CODE, Description: LIKE_WILDCARD_DESCRIPTION }],
    [APOSTROPHE_EVENT_ID, { LocationName: "St John's Wood" }],
  ]);
  return rows.map((row) => ({ ...row, ...overrides.get(row.EventID) }));
}

const SESSIONS_PER_EVENT = [
  [0, 20],
  [1, 20],
  [2, 30],
  [3, 18],
  [4, 12],
] as const;

function eventSessions(eventRows: readonly EventRow[], trainers: readonly number[]): EventSessionRow[] {
  const random = randomFor('event_sessions');
  const rows: EventSessionRow[] = [];
  for (const event of eventRows) {
    const count = random.weighted(SESSIONS_PER_EVENT);
    const start = event.StartDateTime.getTime();
    const finish = event.FinishDateTime?.getTime() ?? null;
    // The event's days, each from its start time of day for as long as the first day runs.
    const days = finish === null ? 1 : Math.floor((finish - start) / DAY) + 1;
    const dayLength = finish === null ? 8 * HOUR : finish - start - (days - 1) * DAY;
    for (let k = 0; k < count; k++) {
      const day = Math.floor((k * days) / count);
      const onDay = range(0, count - 1).filter((j) => Math.floor((j * days) / count) === day);
      const slot = onDay.indexOf(k);
      const slotLength = Math.floor(dayLength / onDay.length);
      const sessionStart = start + day * DAY + slot * slotLength;
      const sessionFinish = finish === null ? null : sessionStart + slotLength;
      const created =
        event.CreatedDateTime.getTime() +
        random.between(0, Math.min(2 * DAY, REFERENCE_MS - event.CreatedDateTime.getTime()));
      const ended = (sessionFinish ?? sessionStart) < REFERENCE_MS;
      const status = event.Status === 'Cancelled' || random.chance(0.03) ? 'Cancelled' : ended ? 'Completed' : 'Active';
      rows.push({
        EventSessionID: rows.length + 1,
        EventID: event.EventID,
        Status: status,
        StartDateTime: new Date(sessionStart),
        FinishDateTime: sessionFinish === null ? null : new Date(sessionFinish),
        // A session may not have its presenter yet.
        PresenterContactID: random.chance(0.85) ? random.pick(trainers) : null,
        UtcOffsetMinutes: event.UtcOffsetMinutes,
        CreatedDateTime: new Date(created),
        LastModifiedDateTime: new Date(random.chance(0.3) ? created : random.between(created, REFERENCE_MS)),
      });
    }
  }
  return rows;
}

/** Contacts at events: each registration made between the event's creation and its start (or the reference date), by a contact who existed then. */
function registrations(eventRows: readonly EventRow[], contactRows: readonly ContactRow[]): RegistrationRow[] {
  const random = randomFor('registrations');
  const byCreation = [...contactRows].sort(
    (a, b) => a.CreatedDateTime.getTime() - b.CreatedDateTime.getTime() || a.ContactID - b.ContactID,
  );
  const existingAt = (instant: number): number => {
    let count = 0;
    while (count < byCreation.length && at(byCreation, count).CreatedDateTime.getTime() <= instant) count++;
    return count;
  };
  const unnumbered: Omit<RegistrationRow, 'RegistrationID'>[] = [];
  for (const event of eventRows) {
    const wanted = event.EventID === BUSY_EVENT_ID ? BUSY_EVENT_REGISTRATIONS : random.int(0, 9);
    const from = event.CreatedDateTime.getTime();
    const until = Math.min(event.StartDateTime.getTime(), REFERENCE_MS);
    const registered = new Set<number>();
    for (let attempt = 0; registered.size < wanted && attempt < wanted * 20; attempt++) {
      const created = random.between(from, until);
      const existing = existingAt(created);
      if (existing === 0) continue;
      const contact = at(byCreation, random.int(0, existing - 1)).ContactID;
      if (registered.has(contact)) continue;
      registered.add(contact);
      const ended = event.Status === 'Completed';
      unnumbered.push({
        EventID: event.EventID,
        ContactID: contact,
        Status: random.weighted(
          ended
            ? [
                ['Completed', 85],
                ['Cancelled', 8],
                ['Active', 7],
              ]
            : [
                ['Active', 90],
                ['Cancelled', 10],
              ],
        ),
        CreatedDateTime: new Date(created),
        LastModifiedDateTime: new Date(random.chance(0.5) ? created : random.between(created, REFERENCE_MS)),
      });
    }
  }
  // Numbered in the order they were made, as the platform would have.
  unnumbered.sort(
    (a, b) =>
      a.CreatedDateTime.getTime() - b.CreatedDateTime.getTime() || a.EventID - b.EventID || a.ContactID - b.ContactID,
  );
  return unnumbered.map((row, i) => ({ RegistrationID: i + 1, ...row }));
}

/** The contacts who present sessions: sixty of the longest-standing ones. */
function trainerIDs(contactRows: readonly ContactRow[]): number[] {
  return [...contactRows]
    .sort((a, b) => a.CreatedDateTime.getTime() - b.CreatedDateTime.getTime() || a.ContactID - b.ContactID)
    .slice(0, 60)
    .map((c) => c.ContactID);
}

// ---------------------------------------------------------------------------------------------

const USERS: readonly DemoUser[] = [
  { Name: 'admin', Password: 'admin-demo', Collections: ['*'] },
  { Name: 'events-only', Password: 'events-demo', Collections: ['events'] },
];

/** The demo data: the same rows on every call. */
export function demoData(): DemoData {
  const organisationRows = organisations();
  const contactRows = contacts(organisationRows);
  const eventRows = withHostileTexts(events());
  const presenterRows = presenters();
  const items = categoryItems(presenterRows);
  const venueRows = venues();
  return {
    time_zones: timeZones(),
    event_templates: eventTemplates(),
    organisations: organisationRows,
    contacts: contactRows,
    events: eventRows,
    event_sessions: eventSessions(eventRows, trainerIDs(contactRows)),
    registrations: registrations(eventRows, contactRows),
    venues: venueRows,
    venue_rooms: venueRooms(venueRows),
    presenters: presenterRows,
    template_categories: CATEGORIES.map((c) => ({ ...c })),
    template_category_items: items,
    template_item_offers: itemOffers(items),
    users: USERS.map((u) => ({ ...u, Collections: [...u.Collections] })),
  };
}
