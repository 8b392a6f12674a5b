// The demo data: deterministic, of the sizes the service is demonstrated with, referentially whole,
// carrying the hostile values its header promises — and surviving a trip into PGlite and back.

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// The run's provided values (pgliteSnapshot) are declared with the global setup.
import type {} from '../../test/global-setup.js';
import { openPglite } from '../src/database.js';
import type { Database } from '../src/database.js';
import {
  APOSTROPHE_CONTACT_ID,
  APOSTROPHE_EVENT_ID,
  APOSTROPHE_ORGANISATION_ID,
  BUSY_EVENT_ID,
  BUSY_EVENT_REGISTRATIONS,
  DECOMPOSED_CITY_CONTACT_ID,
  EMOJI_EVENT_ID,
  EMPTY_CATEGORY_ID,
  HOSTILE_CONTACT_CITY,
  HOSTILE_CONTACT_ID,
  HOSTILE_EVENT_DESCRIPTION,
  HOSTILE_EVENT_ID,
  IMPORT_BATCH,
  LIKE_WILDCARD_CODE,
  LIKE_WILDCARD_EVENT_ID,
  LONG_NAME_PRESENTER_ID,
  LONG_NAME_VENUE_ID,
  NON_ASCII_EVENT_IDS,
  NON_ASCII_PLACES,
  NON_XML_CHARACTERS,
  REFERENCE_DATE,
  UNPROMOTED_VENUE_ID,
  XML_SPECIAL_EVENT_ID,
  XML_SPECIAL_ORGANISATION_ID,
  XML_SPECIAL_TEXTS,
  demoData,
} from '../src/demo-data.js';
import type { DemoData } from '../src/demo-data.js';
import { verifyPassword } from '../src/passwords.js';
import { createDemoDatabase, isSeeded } from '../src/seed.js';
import { TABLES } from '../src/tables.js';

const data = demoData();
const REFERENCE_MS = Date.parse(REFERENCE_DATE);
const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

type TableName = Exclude<keyof DemoData, 'users'>;
const TABLE_NAMES = Object.keys(data).filter((name): name is TableName => name !== 'users');

/** The row of `rows` whose `key` is `id`, or a failed expectation. */
function byId<T extends object>(rows: readonly T[], key: keyof T, id: unknown): T {
  const row = rows.find((r) => r[key] === id);
  expect(row, `${String(key)} ${String(id)}`).toBeDefined();
  return row as T;
}

function idsOf<T>(rows: readonly T[], key: keyof T): Set<unknown> {
  return new Set(rows.map((r) => r[key]));
}

function expectUnique(values: readonly unknown[], what: string): void {
  expect(new Set(values).size, what).toBe(values.length);
}

/** Every string anywhere in a value, with where it was found. */
function* strings(value: unknown, path: string): Generator<[path: string, text: string]> {
  if (typeof value === 'string') yield [path, value];
  else if (Array.isArray(value)) for (const [i, v] of value.entries()) yield* strings(v, `${path}[${i}]`);
  else if (typeof value === 'object' && value !== null && !(value instanceof Date))
    for (const [k, v] of Object.entries(value)) yield* strings(v, `${path}.${k}`);
}

/** The columns of each CREATE TABLE of tables.ts: its quoted identifiers. */
function tableColumns(): Map<string, Set<string>> {
  const tables = new Map<string, Set<string>>();
  for (const statement of TABLES) {
    const name = /^CREATE TABLE (\w+)/.exec(statement)?.[1];
    if (name !== undefined) tables.set(name, new Set([...statement.matchAll(/"(\w+)"/g)].map((m) => m[1] ?? '')));
  }
  return tables;
}

const localMinutes = (instant: Date, offset: number): number =>
  ((((instant.getTime() + offset * MINUTE) % DAY) + DAY) % DAY) / MINUTE;

describe('the demo data', () => {
  it('is the same on every call', () => {
    expect(demoData()).toEqual(data);
  });

  it('gives each table rows whose keys are exactly its columns', () => {
    const columns = tableColumns();
    expect(new Set([...TABLE_NAMES, 'users'])).toEqual(new Set(columns.keys()));
    for (const table of TABLE_NAMES) {
      const expected = [...(columns.get(table) ?? [])].sort();
      for (const row of data[table]) expect(Object.keys(row).sort(), table).toEqual(expected);
    }
    // Users are stored hashed: seed.ts turns Password into Salt and Hash.
    expect([...(columns.get('users') ?? [])].sort()).toEqual(['Collections', 'Hash', 'Name', 'Salt']);
    for (const user of data.users) expect(Object.keys(user).sort()).toEqual(['Collections', 'Name', 'Password']);
  });

  it('has the sizes the service is demonstrated with', () => {
    expect(data.events).toHaveLength(640);
    expect(data.contacts).toHaveLength(1000);
    expect(data.registrations.length).toBeGreaterThanOrEqual(2700);
    expect(data.registrations.length).toBeLessThanOrEqual(3300);
    expect(data.event_templates).toHaveLength(40);
    expect(data.time_zones.length).toBeGreaterThanOrEqual(10);
    expect(data.time_zones.length).toBeLessThanOrEqual(15);
    expect(data.organisations).toHaveLength(120);
    expect(data.event_sessions.length).toBeGreaterThanOrEqual(1000);
    expect(data.event_sessions.length).toBeLessThanOrEqual(1400);
    expect(data.venues).toHaveLength(30);
    expect(data.venue_rooms.length).toBeGreaterThanOrEqual(70);
    expect(data.venue_rooms.length).toBeLessThanOrEqual(110);
    expect(data.presenters).toHaveLength(80);
    expect(data.template_categories.length).toBeGreaterThanOrEqual(8);
    expect(data.template_categories.length).toBeLessThanOrEqual(14);
    expect(data.template_category_items.length).toBeGreaterThanOrEqual(50);
    expect(data.template_category_items.length).toBeLessThanOrEqual(70);
    expect(data.users.map((u) => u.Name)).toEqual(['admin', 'events-only']);
  });

  it('keeps keys unique and every reference pointing at a row', () => {
    expectUnique(
      data.time_zones.map((r) => r.TimeZoneID),
      'TimeZoneID',
    );
    expectUnique(
      data.event_templates.map((r) => r.EventTemplateID),
      'EventTemplateID',
    );
    expectUnique(
      data.organisations.map((r) => r.OrganisationID),
      'OrganisationID',
    );
    expectUnique(
      data.contacts.map((r) => r.ContactID),
      'ContactID',
    );
    expectUnique(
      data.events.map((r) => r.EventID),
      'EventID',
    );
    expectUnique(
      data.events.map((r) => r.UniqueIdentifier),
      'UniqueIdentifier',
    );
    expectUnique(
      data.event_sessions.map((r) => r.EventSessionID),
      'EventSessionID',
    );
    expectUnique(
      data.registrations.map((r) => r.RegistrationID),
      'RegistrationID',
    );
    expectUnique(
      data.registrations.map((r) => `${r.EventID}/${r.ContactID}`),
      'a contact registered twice at one event',
    );
    expectUnique(
      data.venues.map((r) => r.VenueID),
      'VenueID',
    );
    expectUnique(
      data.venue_rooms.map((r) => r.VenueRoomID),
      'VenueRoomID',
    );
    expectUnique(
      data.presenters.map((r) => r.PresenterID),
      'PresenterID',
    );
    expectUnique(
      data.template_categories.map((r) => r.CategoryID),
      'CategoryID',
    );
    expectUnique(
      data.template_category_items.map((r) => r.ItemID),
      'ItemID',
    );
    expectUnique(
      data.template_item_offers.map((r) => `${r.ItemID}/${r.Region}`),
      'offer (ItemID, Region)',
    );
    expectUnique(
      data.users.map((r) => r.Name),
      'user Name',
    );
    expect(data.events.map((e) => e.EventID)).toEqual(Array.from({ length: 640 }, (_, i) => i + 1));

    const zones = idsOf(data.time_zones, 'TimeZoneID');
    const templates = idsOf(data.event_templates, 'EventTemplateID');
    const organisations = idsOf(data.organisations, 'OrganisationID');
    const contacts = idsOf(data.contacts, 'ContactID');
    const events = idsOf(data.events, 'EventID');
    const venues = idsOf(data.venues, 'VenueID');
    const categories = idsOf(data.template_categories, 'CategoryID');
    const items = idsOf(data.template_category_items, 'ItemID');
    const presenters = idsOf(data.presenters, 'PresenterID');
    const refersTo = (ids: Set<unknown>, value: unknown, nullable: boolean, what: string): void => {
      if (value === null && nullable) return;
      expect(ids.has(value), `${what} ${String(value)}`).toBe(true);
    };
    for (const c of data.contacts) refersTo(organisations, c.OrganisationID, true, 'contact organisation');
    for (const e of data.events) {
      refersTo(templates, e.EventTemplateID, true, 'event template');
      refersTo(zones, e.TimeZoneID, false, 'event time zone');
    }
    for (const s of data.event_sessions) {
      refersTo(events, s.EventID, false, 'session event');
      refersTo(contacts, s.PresenterContactID, true, 'session presenter');
    }
    for (const r of data.registrations) {
      refersTo(events, r.EventID, false, 'registration event');
      refersTo(contacts, r.ContactID, false, 'registration contact');
    }
    for (const r of data.venue_rooms) refersTo(venues, r.VenueID, false, 'room venue');
    for (const c of data.template_categories) refersTo(categories, c.ParentID, true, 'parent category');
    for (const i of data.template_category_items) {
      refersTo(categories, i.CategoryID, false, 'item category');
      refersTo(templates, i.EventTemplateID, true, 'item template');
      for (const p of i.AdvertisedPresenters ?? []) refersTo(presenters, p.PresenterID, false, 'advertised presenter');
    }
    for (const o of data.template_item_offers) refersTo(items, o.ItemID, false, 'offer item');
  });

  it('keeps every audit instant before the reference date, and modification at or after creation', () => {
    for (const table of TABLE_NAMES) {
      for (const row of data[table] as readonly object[]) {
        if (!('CreatedDateTime' in row) || !('LastModifiedDateTime' in row)) continue;
        const created = (row.CreatedDateTime as Date).getTime();
        const modified = (row.LastModifiedDateTime as Date).getTime();
        expect(created, table).toBeLessThanOrEqual(modified);
        expect(modified, table).toBeLessThan(REFERENCE_MS);
      }
    }
    const batch = data.contacts.filter(
      (c) => c.ContactID >= IMPORT_BATCH.firstContactID && c.ContactID <= IMPORT_BATCH.lastContactID,
    );
    expect(new Set(batch.map((c) => c.LastModifiedDateTime.toISOString()))).toEqual(new Set([IMPORT_BATCH.instant]));
  });

  it('times events in local business hours of their time zone, between 2011 and 2013', () => {
    const zones = new Map(data.time_zones.map((z) => [z.TimeZoneID, z]));
    for (const e of data.events) {
      expect(e.UniqueIdentifier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(e.UtcOffsetMinutes).toBe(zones.get(e.TimeZoneID)?.UtcOffset);
      expect(e.StartDateTime.getTime()).toBeGreaterThanOrEqual(Date.parse('2011-01-01T00:00:00Z'));
      expect(e.StartDateTime.getTime()).toBeLessThan(Date.parse('2014-01-01T00:00:00Z'));
      const local = localMinutes(e.StartDateTime, e.UtcOffsetMinutes);
      expect(local).toBeGreaterThanOrEqual(8 * 60);
      expect(local).toBeLessThanOrEqual(14 * 60);
      if (e.FinishDateTime !== null) expect(e.FinishDateTime.getTime()).toBeGreaterThan(e.StartDateTime.getTime());
      expect(e.CreatedDateTime.getTime()).toBeLessThan(e.StartDateTime.getTime());
      const end = (e.FinishDateTime ?? e.StartDateTime).getTime();
      if (e.Status === 'Completed') expect(end).toBeLessThan(REFERENCE_MS);
      if (e.Status === 'Active') expect(end).toBeGreaterThanOrEqual(REFERENCE_MS);
    }
    const count = (status: string | null): number => data.events.filter((e) => e.Status === status).length;
    expect(count('Active') + count('Completed')).toBeGreaterThan(0.9 * data.events.length);
    expect(count('Completed')).toBeGreaterThan(100);
    expect(count('Active')).toBeGreaterThan(100);
    expect(data.events.some((e) => e.FinishDateTime === null)).toBe(true);
    expect(data.events.some((e) => e.EventTemplateID === null)).toBe(true);
    // Morning in Sydney or Auckland is the previous day in UTC.
    expect(
      data.events.some(
        (e) =>
          e.StartDateTime.getUTCDate() !==
          new Date(e.StartDateTime.getTime() + e.UtcOffsetMinutes * MINUTE).getUTCDate(),
      ),
    ).toBe(true);
  });

  it('has time zones with tz names, display names matching their offsets, and offsets that are negative or not whole hours', () => {
    for (const z of data.time_zones) {
      const match = /^\(UTC(?:([+-])(\d\d):(\d\d))?\) \S/.exec(z.Name);
      expect(match, z.Name).not.toBeNull();
      const [, sign, hours, minutes] = match ?? [];
      const offset = sign === undefined ? 0 : (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
      expect(z.UtcOffset, z.Name).toBe(offset);
      expect(z.TzNames?.length).toBeGreaterThan(0);
      for (const tz of z.TzNames ?? []) expect(tz).toMatch(/^[A-Z][A-Za-z_]+\/[A-Za-z_]+$/);
    }
    const offsets = data.time_zones.map((z) => z.UtcOffset);
    for (const awkward of [-300, -210, 330, 345, 570, 600]) expect(offsets).toContain(awkward);
    expect(data.time_zones.map((z) => z.Name)).toContain('(UTC+10:00) Canberra, Melbourne, Sydney');
  });

  it('gives events 0 to 4 sessions within the event, most with a presenter', () => {
    const events = new Map(data.events.map((e) => [e.EventID, e]));
    const perEvent = new Map<number, number>();
    for (const s of data.event_sessions) {
      perEvent.set(s.EventID, (perEvent.get(s.EventID) ?? 0) + 1);
      const event = events.get(s.EventID);
      expect(s.StartDateTime.getTime()).toBeGreaterThanOrEqual(event?.StartDateTime.getTime() ?? Infinity);
      if (s.FinishDateTime !== null) {
        expect(s.FinishDateTime.getTime()).toBeGreaterThan(s.StartDateTime.getTime());
        expect(s.FinishDateTime.getTime()).toBeLessThanOrEqual(event?.FinishDateTime?.getTime() ?? -Infinity);
      }
    }
    expect(Math.max(...perEvent.values())).toBe(4);
    expect(perEvent.size).toBeLessThan(data.events.length);
    const withPresenter = data.event_sessions.filter((s) => s.PresenterContactID !== null).length;
    expect(withPresenter).toBeGreaterThan(0.7 * data.event_sessions.length);
    expect(withPresenter).toBeLessThan(data.event_sessions.length);
  });

  it('registers contacts between an event being created and its start, after the contact existed', () => {
    const events = new Map(data.events.map((e) => [e.EventID, e]));
    const contacts = new Map(data.contacts.map((c) => [c.ContactID, c]));
    for (const r of data.registrations) {
      const created = r.CreatedDateTime.getTime();
      expect(created).toBeGreaterThanOrEqual(events.get(r.EventID)?.CreatedDateTime.getTime() ?? Infinity);
      expect(created).toBeLessThanOrEqual(events.get(r.EventID)?.StartDateTime.getTime() ?? -Infinity);
      expect(created).toBeGreaterThanOrEqual(contacts.get(r.ContactID)?.CreatedDateTime.getTime() ?? Infinity);
    }
    expect(data.registrations.filter((r) => r.EventID === BUSY_EVENT_ID)).toHaveLength(BUSY_EVENT_REGISTRATIONS);
  });

  it('has presenters public and not, in one region or both, with and without their optional parts', () => {
    const { presenters } = data;
    const hidden = presenters.filter((p) => !p.IsPublic).length;
    expect(hidden).toBeGreaterThanOrEqual(15);
    expect(hidden).toBeLessThanOrEqual(25);
    for (const p of presenters) {
      expect(p.Regions.length).toBeGreaterThan(0);
      for (const r of p.Regions) expect(['au', 'nz']).toContain(r);
      expect([...p.FullName].length).toBeLessThanOrEqual(128);
      expect([...(p.FirstName ?? '')].length).toBeLessThanOrEqual(64);
      expect([...(p.LastName ?? '')].length).toBeLessThanOrEqual(64);
    }
    expect(presenters.some((p) => p.Regions.length === 2)).toBe(true);
    expect(presenters.some((p) => p.Regions.join() === 'au')).toBe(true);
    expect(presenters.some((p) => p.Regions.join() === 'nz')).toBe(true);
    const withoutViewUri = presenters.filter((p) => p.ViewUri === null).length;
    expect(withoutViewUri).toBeGreaterThanOrEqual(18);
    expect(withoutViewUri).toBeLessThanOrEqual(36);
    expect(
      presenters.some(
        (p) =>
          p.Profile_ProfessionalProfile_Text === null &&
          p.Profile_Qualifications_Text === null &&
          p.Profile_Interests_Text === null,
      ),
    ).toBe(true);
    const networks = (p: (typeof presenters)[number]) => [
      p.SocialNetworkInfo_NetworkAID,
      p.SocialNetworkInfo_NetworkBID,
      p.SocialNetworkInfo_NetworkCID,
      p.SocialNetworkInfo_NetworkDID,
    ];
    expect(presenters.some((p) => networks(p).every((n) => n === null))).toBe(true);
    expect(presenters.some((p) => networks(p).includes(''))).toBe(true);
    expect(
      presenters.some(
        (p) =>
          p.Profile_ProfessionalProfile_ContentType === 'application/xhtml' &&
          p.Profile_ProfessionalProfile_Text?.includes('&amp;'),
      ),
    ).toBe(true);
    // A content type goes with its text, and nothing else does.
    for (const p of presenters) {
      expect(p.Profile_ProfessionalProfile_ContentType === null).toBe(p.Profile_ProfessionalProfile_Text === null);
      expect(p.Profile_Qualifications_ContentType === null).toBe(p.Profile_Qualifications_Text === null);
      expect(p.Profile_Interests_ContentType === null).toBe(p.Profile_Interests_Text === null);
    }
    const long = byId(presenters, 'PresenterID', LONG_NAME_PRESENTER_ID);
    expect(long.FullName).toHaveLength(128);
    expect(long.FullName).toBe(`${long.FirstName} ${long.LastName}`);
  });

  it('has venues with rooms, one at the name limit and one promoted nowhere', () => {
    const long = byId(data.venues, 'VenueID', LONG_NAME_VENUE_ID);
    expect(long.Name).toHaveLength(256);
    expect(Buffer.byteLength(long.Name)).toBeGreaterThan(256);
    expect(byId(data.venues, 'VenueID', UNPROMOTED_VENUE_ID).Regions).toEqual([]);
    const withRooms = idsOf(data.venue_rooms, 'VenueID');
    for (const v of data.venues) expect(withRooms.has(v.VenueID)).toBe(true);
    expect(data.venues.some((v) => v.PhysicalAddress_PostCode?.startsWith('0'))).toBe(true);
  });

  it('arranges the category items as a tree of templates and plain links, ordered within each category', () => {
    const categories = new Map(data.template_categories.map((c) => [c.CategoryID, c]));
    for (const c of data.template_categories) {
      // Following the parents ends at a root: no cycles.
      const seen = new Set<number>();
      for (let at: number | null = c.CategoryID; at !== null; at = categories.get(at)?.ParentID ?? null) {
        expect(seen.has(at)).toBe(false);
        seen.add(at);
      }
    }
    expect(data.template_categories.some((c) => c.ParentID === null)).toBe(true);
    expect(data.template_category_items.some((i) => i.CategoryID === EMPTY_CATEGORY_ID)).toBe(false);
    for (const category of categories.keys()) {
      const indexes = data.template_category_items.filter((i) => i.CategoryID === category).map((i) => i.SequenceIndex);
      expect(indexes.sort((a, b) => a - b)).toEqual(indexes.map((_, i) => i + 1));
    }
    const templates = data.template_category_items.filter((i) => i.EventTemplateID !== null);
    const links = data.template_category_items.filter((i) => i.EventTemplateID === null);
    expect(templates.length).toBeGreaterThan(30);
    expect(links.length).toBeGreaterThan(10);
    for (const link of links) {
      expect([link.Code, link.AdvertisedPresenters, link.Tags, link.Credits, link.AdvertisedDuration]).toEqual([
        null,
        null,
        null,
        null,
        null,
      ]);
    }
    const presenters = new Map(data.presenters.map((p) => [p.PresenterID, p]));
    for (const item of data.template_category_items) {
      expect([...item.Title].length).toBeLessThanOrEqual(128);
      expect(item.Regions.length).toBeGreaterThan(0);
      expect(item.Tags).not.toEqual([]);
      expect(item.AdvertisedPresenters).not.toEqual([]);
      for (const advertised of item.AdvertisedPresenters ?? []) {
        const presenter = presenters.get(advertised.PresenterID);
        expect(presenter?.IsPublic).toBe(true);
        expect(advertised.Name).toBe(presenter?.FullName);
        expect(advertised.ViewUri).toBe(presenter?.ViewUri ?? undefined);
        expect('ViewUri' in advertised).toBe(presenter?.ViewUri !== null);
      }
    }
    expect(templates.some((i) => i.Tags === null)).toBe(true);
    expect(templates.some((i) => i.Credits?.some((c) => c.Type === 'CPD points' && c.Value === 1.5))).toBe(true);
    expect(templates.some((i) => i.AdvertisedPresenters?.some((p) => p.ViewUri === undefined))).toBe(true);
  });

  it('offers each template item in each of its regions, in that region’s currency and tax', () => {
    const offers = new Map(data.template_item_offers.map((o) => [`${o.ItemID}/${o.Region}`, o]));
    const expected = data.template_category_items
      .filter((i) => i.EventTemplateID !== null)
      .flatMap((i) => i.Regions.map((r) => `${i.ItemID}/${r}`));
    expect([...offers.keys()].sort()).toEqual(expected.sort());
    const money = (amount: number): string =>
      `$${amount.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
    for (const o of data.template_item_offers) {
      expect(o.BestAdvertisedOffers.length).toBeGreaterThan(0);
      for (const { OfferAmount: amount } of o.BestAdvertisedOffers) {
        expect(amount.CurrencyCode).toBe(o.Region === 'au' ? 'AUD' : 'NZD');
        expect(amount.TaxRate).toEqual({
          ShortName: 'GST',
          Name: 'Goods and Services Tax',
          RatePercent: o.Region === 'au' ? 10 : 15,
        });
        const exclusiveCents = Math.round(amount.AmountTaxExclusive * 100);
        expect(Math.round(amount.AmountTaxInclusive * 100)).toBe(
          Math.round((exclusiveCents * (100 + amount.TaxRate.RatePercent)) / 100),
        );
        expect(amount.FormattedAmountTaxExclusive).toBe(money(amount.AmountTaxExclusive));
        expect(amount.FormattedAmountTaxInclusive).toBe(money(amount.AmountTaxInclusive));
      }
    }
    expect(
      data.template_item_offers.flatMap((o) => o.BestAdvertisedOffers).some((offer) => offer.IsDiscountOffer),
    ).toBe(true);
    expect(
      data.template_item_offers
        .flatMap((o) => o.BestAdvertisedOffers)
        .some((offer) => offer.OfferAmount.FormattedAmountTaxInclusive === '$1,100.00'),
    ).toBe(true);
  });

  it('carries the hostile values its header lists', () => {
    const hostile = byId(data.events, 'EventID', HOSTILE_EVENT_ID);
    expect(hostile.Description).toBe(HOSTILE_EVENT_DESCRIPTION);
    for (const c of NON_XML_CHARACTERS) expect(HOSTILE_EVENT_DESCRIPTION).toContain(c);
    for (const c of NON_XML_CHARACTERS) expect(HOSTILE_CONTACT_CITY).toContain(c);
    expect(byId(data.contacts, 'ContactID', HOSTILE_CONTACT_ID).PostalAddress_City).toBe(HOSTILE_CONTACT_CITY);

    const xmlEvent = byId(data.events, 'EventID', XML_SPECIAL_EVENT_ID);
    const xmlOrganisation = byId(data.organisations, 'OrganisationID', XML_SPECIAL_ORGANISATION_ID);
    for (const text of [xmlEvent.Description, xmlEvent.LocationName, xmlOrganisation.Name]) {
      for (const special of XML_SPECIAL_TEXTS) expect(text).toContain(special);
      expect(text).not.toMatch(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/);
    }

    expect(byId(data.events, 'EventID', EMOJI_EVENT_ID).Description).toContain('🎉');
    const wildcard = byId(data.events, 'EventID', LIKE_WILDCARD_EVENT_ID);
    expect(wildcard.Code).toBe(LIKE_WILDCARD_CODE);
    expect(wildcard.Description).toContain('100% hands-on');
    expect(data.event_templates.some((t) => t.Code === 'snake_case_workshop')).toBe(true);

    expect(byId(data.events, 'EventID', APOSTROPHE_EVENT_ID).LocationName).toBe("St John's Wood");
    expect(byId(data.contacts, 'ContactID', APOSTROPHE_CONTACT_ID).Email?.toLowerCase()).toContain("o'brien");
    expect(byId(data.organisations, 'OrganisationID', APOSTROPHE_ORGANISATION_ID).Name).toContain("O'Brien");

    NON_ASCII_EVENT_IDS.forEach((id, i) => {
      expect(byId(data.events, 'EventID', id).LocationName).toBe(NON_ASCII_PLACES[i]);
    });
    for (const place of NON_ASCII_PLACES) {
      expect(
        data.contacts.some((c) => c.PostalAddress_City === place) ||
          data.organisations.some((o) => o.PostalAddress_City === place),
      ).toBe(true);
    }
    const decomposed = byId(data.contacts, 'ContactID', DECOMPOSED_CITY_CONTACT_ID).PostalAddress_City;
    expect(decomposed).not.toBe('Zürich');
    expect(decomposed?.normalize('NFC')).toBe('Zürich');

    expect(data.events.some((e) => e.Code === '')).toBe(true);
    expect(data.events.some((e) => e.Code === null)).toBe(true);
    expect(data.events.some((e) => e.Description === null)).toBe(true);
    expect(data.contacts.some((c) => c.Email === '')).toBe(true);
    expect(data.contacts.some((c) => c.Email === null)).toBe(true);
    expect(data.organisations.some((o) => o.Name === '')).toBe(true);
    expect(data.organisations.some((o) => o.Name === null)).toBe(true);
  });

  it('holds no character PostgreSQL text or UTF-8 refuses: no U+0000, no lone surrogate', () => {
    const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
    const all = [...strings(data, 'data')];
    expect(all.length).toBeGreaterThan(10_000);
    expect(all.filter(([, text]) => text.includes('\u0000') || loneSurrogate.test(text)).map(([path]) => path)).toEqual(
      [],
    );
  });
});

describe('the demo data on PGlite', () => {
  let db: Database;

  beforeAll(async () => {
    // A new database, started from the run's snapshot of one instead of running initdb again.
    const blank = inject('pgliteSnapshot');
    db = await openPglite(undefined, typeof blank === 'string' ? { loadDataDir: new Blob([readFileSync(blank)]) } : {});
    expect(await isSeeded(db)).toBe(false);
    await createDemoDatabase(db);
  });

  afterAll(async () => {
    await db?.close();
  });

  it('knows it is seeded', async () => {
    expect(await isSeeded(db)).toBe(true);
  });

  it('stores every generated row', async () => {
    for (const table of [...TABLE_NAMES, 'users' as const]) {
      const [row] = await db.query(`SELECT count(*)::int AS n FROM ${table}`);
      expect(row?.n, table).toBe(data[table].length);
    }
  });

  it('reads the hostile texts back byte for byte', async () => {
    const [event] = await db.query(
      `SELECT "Description", convert_to("Description", 'UTF8') AS bytes FROM events WHERE "EventID" = $1`,
      [HOSTILE_EVENT_ID],
    );
    expect(event?.Description).toBe(HOSTILE_EVENT_DESCRIPTION);
    expect(Buffer.from(event?.bytes as Uint8Array).equals(Buffer.from(HOSTILE_EVENT_DESCRIPTION, 'utf8'))).toBe(true);
    const [contact] = await db.query(`SELECT "PostalAddress_City" FROM contacts WHERE "ContactID" = $1`, [
      HOSTILE_CONTACT_ID,
    ]);
    expect(contact?.PostalAddress_City).toBe(HOSTILE_CONTACT_CITY);
    const [emoji] = await db.query(`SELECT "Description" FROM events WHERE "EventID" = $1`, [EMOJI_EVENT_ID]);
    expect(emoji?.Description).toBe(byId(data.events, 'EventID', EMOJI_EVENT_ID).Description);
  });

  it('reads instants, GUIDs and JSON back as they were generated', async () => {
    const [event] = await db.query(`SELECT * FROM events WHERE "EventID" = $1`, [XML_SPECIAL_EVENT_ID]);
    const expected = byId(data.events, 'EventID', XML_SPECIAL_EVENT_ID);
    expect(event).toEqual({ ...expected });
    const offer = data.template_item_offers[0];
    const [stored] = await db.query(
      `SELECT "BestAdvertisedOffers" FROM template_item_offers WHERE "ItemID" = $1 AND "Region" = $2`,
      [offer?.ItemID, offer?.Region],
    );
    expect(stored?.BestAdvertisedOffers).toEqual(offer?.BestAdvertisedOffers);
    // An empty collection is SQL NULL, never a JSON null or [].
    const [tags] = await db.query(
      `SELECT count(*) FILTER (WHERE "Tags" IS NULL)::int AS missing, count(*) FILTER (WHERE jsonb_typeof("Tags") <> 'array')::int AS odd FROM template_category_items`,
    );
    expect(tags).toEqual({ missing: data.template_category_items.filter((i) => i.Tags === null).length, odd: 0 });
  });

  it('stores users as salted hashes that accept their password only', async () => {
    const [admin] = await db.query(`SELECT "Salt", "Hash", "Collections" FROM users WHERE "Name" = 'admin'`);
    const stored = { salt: String(admin?.Salt), hash: String(admin?.Hash) };
    expect(admin?.Collections).toEqual(['*']);
    expect(await verifyPassword('admin-demo', stored)).toBe(true);
    expect(await verifyPassword('wrong', stored)).toBe(false);
    const [eventsOnly] = await db.query(`SELECT "Salt", "Hash", "Collections" FROM users WHERE "Name" = 'events-only'`);
    expect(eventsOnly?.Collections).toEqual(['events']);
    expect(
      await verifyPassword('events-demo', { salt: String(eventsOnly?.Salt), hash: String(eventsOnly?.Hash) }),
    ).toBe(true);
  });
});
