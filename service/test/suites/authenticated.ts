// Interface A over HTTP (sections 2.1, 2.2, 4.1, 5, 7): the representations read by a real XML
// parser, paging by next links, expansion, authentication and permissions, and every refusal.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Row } from '../../src/database.js';
import { A, get, startService } from '../support/service.js';
import type { Running } from '../support/service.js';
import { child, childrenNamed, linksOf, parseXml } from '../support/xml-tree.js';
import type { XmlTree } from '../support/xml-tree.js';
import { BUSY_EVENT_ID, BUSY_EVENT_REGISTRATIONS, HOSTILE_EVENT_ID } from '../../src/demo-data.js';

const SCHEMA = 'http://schemas.example.com/events/2012/02';
const EVENT_LINKS = [
  'self',
  'EventTemplate',
  'Logistics',
  'Sessions',
  'RegistrationSettings',
  'Registrations',
  'PublicationSettings',
  'PublicationStatus',
  'TimeZone',
  'WebsiteRegister',
];
const EVENT_FIELDS = [
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
];

/** The ids of a collection response's item Links, in order. */
function ids(collection: XmlTree, type = 'Event'): number[] {
  return linksOf(collection, `${SCHEMA}/${type}`).map((l) => Number(/\/(\d+)\/$/.exec(l.attributes.href!)![1]));
}

/** What XML 1.0 cannot carry, as the service writes it. */
const inXml = (text: string): string => text.replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g, '\uFFFD');

export function authenticatedSuite(engine: string, open: () => Promise<Database>): void {
  describe(`interface A on ${engine}`, () => {
    let s: Running;
    const query = (sql: string, params: unknown[] = []): Promise<readonly Row[]> => s.db.query(sql, params);
    const xml = async (path: string, user: 'admin' | 'events-only' = 'admin'): Promise<XmlTree> => {
      const response = await get(s.base, path, { user });
      expect(response.status, response.text).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/xml/);
      return parseXml(response.text);
    };
    const refusal = async (
      path: string,
      status: number,
      code: string,
      user: 'admin' | 'events-only' = 'admin',
    ): Promise<string> => {
      const response = await get(s.base, path, { user });
      expect(response.status, response.text).toBe(status);
      const error = parseXml(response.text);
      expect(error.name).toBe('ApiException');
      expect(child(error, 'Code').text).toBe(code);
      return child(error, 'Message').text;
    };

    beforeAll(async () => {
      s = await startService(await open());
    });
    afterAll(async () => s?.stop());

    it('lists every collection in the root collection, with a self link', async () => {
      const root = await xml(A);
      expect(root.name).toBe('Resources');
      expect(linksOf(root, 'self').map((l) => l.attributes.href)).toEqual([`${s.base}${A}`]);
      const collections = root.children.filter((l) => l.attributes.rel !== 'self');
      expect(collections.map((l) => l.attributes.href)).toEqual(
        [
          'events',
          'contacts',
          'registrations',
          'eventtemplates',
          'venuerooms',
          'organisations',
          'eventsessions',
          'timezones',
        ].map((c) => `${s.base}${A}${c}/`),
      );
      expect(
        collections.every(
          (l) =>
            l.attributes.rel === `${SCHEMA}/related/${l.attributes.title}` && l.attributes.type === 'application/xml',
        ),
      ).toBe(true);
    });

    it('answers a collection with item Links: 100 by default, then a next link that moves skip on', async () => {
      const path = `${A}events/`;
      const events = await xml(path);
      expect(events.name).toBe('Events');
      expect(linksOf(events, 'self')[0]!.attributes).toEqual({
        rel: 'self',
        type: 'application/xml',
        href: `${s.base}${path}`,
      });
      const all = (await query('SELECT "EventID" FROM events ORDER BY "EventID"')).map((r) => r.EventID);
      expect(ids(events)).toEqual(all.slice(0, 100));
      const item = linksOf(events, `${SCHEMA}/Event`)[0]!;
      expect(item.attributes).toEqual({
        rel: `${SCHEMA}/Event`,
        type: 'application/xml',
        title: 'Event',
        href: `${s.base}${A}events/${all[0]}/`,
      });
      expect(item.children).toEqual([]);
      expect(linksOf(events, 'next').map((l) => l.attributes)).toEqual([
        { rel: 'next', type: 'application/xml', href: `${s.base}${path}?skip=100` },
      ]);
    });

    it('writes links from its own address, whatever Host the request names', async () => {
      const response = await get(s.base, `${A}events/?top=1`, { user: 'admin', headers: { Host: 'evil.example' } });
      const events = parseXml(response.text);
      expect(events.children.map((l) => l.attributes.href!.slice(0, s.base.length))).toEqual(
        events.children.map(() => s.base),
      );
    });

    it('pages by skip and top (skip=30&top=10 is page 4), with no next link after the last row', async () => {
      const all = (await query('SELECT "EventID" FROM events ORDER BY "EventID"')).map((r) => r.EventID);
      expect(ids(await xml(`${A}events/?skip=30&top=10`))).toEqual(all.slice(30, 40));
      const last = await xml(`${A}events/?skip=${all.length - 5}&top=10`);
      expect(ids(last)).toEqual(all.slice(-5));
      expect(linksOf(last, 'next')).toEqual([]);
      expect(ids(await xml(`${A}events/?top=250`))).toHaveLength(250);
      // A page of none has no next page: it would be itself.
      const none = await xml(`${A}events/?top=0&skip=3`);
      expect(ids(none)).toEqual([]);
      expect(linksOf(none, 'next')).toEqual([]);
      expect(await refusal(`${A}events/?top=251`, 400, 'BadRequest')).toMatch(/250/);
    });

    it('returns every matching event exactly once by following next links, the filter and expansion repeated', async () => {
      const filter = "Status eq 'Active' and (substringof('a', LocationName) or Sessions/any(s: s/Status eq 'Active'))";
      let path: string | undefined = `${A}events/?filter=${encodeURIComponent(filter)}&top=37&expand=Event/TimeZone`;
      const seen: number[] = [];
      let pages = 0;
      while (path !== undefined) {
        const page = await xml(path);
        for (const l of linksOf(page, `${SCHEMA}/Event`)) {
          const event = child(l, 'Event');
          seen.push(Number(child(event, 'EventID').text));
          expect(child(event, 'Status').text).toBe('Active');
        }
        const next = linksOf(page, 'next')[0]?.attributes.href;
        path = next === undefined ? undefined : next.slice(s.base.length);
        pages += 1;
      }
      const expected = await query(
        `SELECT e."EventID" FROM events e WHERE e."Status" = 'Active' AND (strpos(e."LocationName", 'a') > 0 OR EXISTS (SELECT 1 FROM event_sessions x WHERE x."EventID" = e."EventID" AND x."Status" = 'Active')) ORDER BY e."EventID"`,
      );
      expect(seen).toEqual(expected.map((r) => r.EventID));
      expect(pages).toBe(Math.max(1, Math.ceil(expected.length / 37)));
    });

    it('represents an expanded Event with the fields and links of section 2.2', async () => {
      const [row] = await query(
        'SELECT * FROM events WHERE "Description" IS NOT NULL AND "Code" <> \'\' AND "EventTemplateID" IS NOT NULL ORDER BY "EventID" LIMIT 1',
      );
      const id = row!.EventID as number;
      const events = await xml(`${A}events/?filter=${encodeURIComponent(`EventID eq ${id}`)}&expand=Event`);
      const event = child(linksOf(events, `${SCHEMA}/Event`)[0]!, 'Event');
      const fields = event.children.filter((c) => c.name !== 'Link');
      expect(fields.map((f) => f.name)).toEqual(EVENT_FIELDS.filter((f) => row![f] !== null && row![f] !== ''));
      expect(child(event, 'UniqueIdentifier').text).toBe(row!.UniqueIdentifier);
      const offset = row!.UtcOffsetMinutes as number;
      const start = child(event, 'StartDateTime').text;
      expect(start).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?[+-]\d\d:\d\d$/);
      expect(Date.parse(start)).toBe((row!.StartDateTime as Date).getTime());
      const sign = offset < 0 ? '-' : '+';
      expect(start.slice(-6)).toBe(
        `${sign}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`,
      );
      expect(child(event, 'CreatedDateTime').text).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/);
      expect(Date.parse(child(event, 'LastModifiedDateTime').text)).toBe((row!.LastModifiedDateTime as Date).getTime());
      const links = linksOf(event);
      expect(links.map((l) => l.attributes.title ?? l.attributes.rel)).toEqual(EVENT_LINKS);
      const self = `${s.base}${A}events/${id}/`;
      expect(links[0]!.attributes).toEqual({ rel: 'self', type: 'application/xml', href: self });
      expect(links[1]!.attributes).toEqual({
        rel: `${SCHEMA}/related/EventTemplate`,
        type: 'application/xml',
        title: 'EventTemplate',
        href: `${s.base}${A}eventtemplates/${row!.EventTemplateID}/`,
      });
      expect(links[3]!.attributes.href).toBe(`${self}sessions/`);
      expect(links[8]!.attributes.href).toBe(`${s.base}${A}timezones/${row!.TimeZoneID}/`);
      expect(links[9]!.attributes).toEqual({
        rel: 'related',
        type: 'text/html',
        title: 'WebsiteRegister',
        href: `https://www.example.com/demo/register?sgid=${row!.UniqueIdentifier}`,
      });
    });

    it('leaves out an empty Code and a missing Description', async () => {
      const [row] = await query(`SELECT "EventID" FROM events WHERE "Code" = '' AND "Description" IS NULL LIMIT 1`);
      expect(row).toBeDefined();
      const event = await xml(`${A}events/${row!.EventID}/`);
      expect(event.name).toBe('Event');
      expect(childrenNamed(event, 'Code')).toEqual([]);
      expect(childrenNamed(event, 'Description')).toEqual([]);
    });

    it('inlines expanded relations inside their Links, through slash paths', async () => {
      const events = await xml(`${A}events/?top=20&expand=Event/TimeZone,Event/Sessions/Presenter`);
      let sessions = 0;
      for (const l of linksOf(events, `${SCHEMA}/Event`)) {
        const event = child(l, 'Event');
        const id = Number(child(event, 'EventID').text);
        const [row] = await query(
          'SELECT z."Name" FROM events e JOIN time_zones z ON z."TimeZoneID" = e."TimeZoneID" WHERE e."EventID" = $1',
          [id],
        );
        expect(child(child(linksOf(event, `${SCHEMA}/related/TimeZone`)[0]!, 'TimeZone'), 'Name').text).toBe(row!.Name);
        const inline = child(linksOf(event, `${SCHEMA}/related/Sessions`)[0]!, 'Sessions');
        const expected = await query(
          'SELECT "EventSessionID", "PresenterContactID" FROM event_sessions WHERE "EventID" = $1 ORDER BY "EventSessionID"',
          [id],
        );
        expect(ids(inline, 'EventSession')).toEqual(expected.map((r) => r.EventSessionID));
        for (const [i, sessionLink] of linksOf(inline, `${SCHEMA}/EventSession`).entries()) {
          const session = child(sessionLink, 'EventSession');
          // A session's times are at its event's offset, as the event's are.
          expect(child(session, 'StartDateTime').text.slice(-6)).toBe(child(event, 'StartDateTime').text.slice(-6));
          const presenter = linksOf(session, `${SCHEMA}/related/Presenter`);
          const contact = expected[i]!.PresenterContactID;
          if (contact === null) expect(presenter).toEqual([]);
          else expect(child(child(presenter[0]!, 'Contact'), 'ContactID').text).toBe(String(contact));
          sessions += 1;
        }
        // Not expanded: a link only.
        expect(linksOf(event, `${SCHEMA}/related/Registrations`)[0]!.children).toEqual([]);
      }
      expect(sessions).toBeGreaterThan(0);
    });

    it('filters through relations and lambdas as the SQL written by hand does', async () => {
      const [template] = await query(
        'SELECT "Code" FROM event_templates WHERE "Code" IS NOT NULL ORDER BY "EventTemplateID" LIMIT 1',
      );
      const filter = `EventTemplate/Code eq '${String(template!.Code).replace(/'/g, "''")}' or Registrations/any(r: r/Contact/PostalAddress/City eq 'Zürich')`;
      const got = ids(await xml(`${A}events/?top=250&filter=${encodeURIComponent(filter)}`));
      const expected = await query(
        `SELECT e."EventID" FROM events e LEFT JOIN event_templates t ON t."EventTemplateID" = e."EventTemplateID"
         WHERE t."Code" = $1 OR EXISTS (SELECT 1 FROM registrations r JOIN contacts c ON c."ContactID" = r."ContactID" WHERE r."EventID" = e."EventID" AND c."PostalAddress_City" = 'Zürich')
         ORDER BY e."EventID" LIMIT 250`,
        [template!.Code],
      );
      expect(got).toEqual(expected.map((r) => r.EventID));
      expect(got.length).toBeGreaterThan(0);
    });

    it('expands a registration’s contact and its event’s sessions', async () => {
      const registrations = await xml(
        `${A}registrations/?top=5&expand=Registration/Contact,Registration/Event/Sessions`,
      );
      const links = linksOf(registrations, `${SCHEMA}/Registration`);
      expect(links).toHaveLength(5);
      for (const l of links) {
        const registration = child(l, 'Registration');
        const id = Number(child(registration, 'RegistrationID').text);
        const [row] = await query('SELECT "ContactID", "EventID" FROM registrations WHERE "RegistrationID" = $1', [id]);
        expect(child(child(linksOf(registration, `${SCHEMA}/related/Contact`)[0]!, 'Contact'), 'ContactID').text).toBe(
          String(row!.ContactID),
        );
        const event = child(linksOf(registration, `${SCHEMA}/related/Event`)[0]!, 'Event');
        expect(child(event, 'EventID').text).toBe(String(row!.EventID));
        const sessions = await query(
          'SELECT "EventSessionID" FROM event_sessions WHERE "EventID" = $1 ORDER BY "EventSessionID"',
          [row!.EventID],
        );
        expect(ids(child(linksOf(event, `${SCHEMA}/related/Sessions`)[0]!, 'Sessions'), 'EventSession')).toEqual(
          sessions.map((r) => r.EventSessionID),
        );
      }
    });

    it('writes well-formed XML whatever the data holds: markup escaped, characters XML cannot carry replaced', async () => {
      const [row] = await query('SELECT "Description", "LocationName" FROM events WHERE "EventID" = $1', [
        HOSTILE_EVENT_ID,
      ]);
      const response = await get(s.base, `${A}events/${HOSTILE_EVENT_ID}/`, { user: 'admin' });
      expect(response.status).toBe(200);
      const event = parseXml(response.text);
      expect(child(event, 'Description').text).toBe(inXml(String(row!.Description)));
      expect(child(event, 'LocationName').text).toBe(inXml(String(row!.LocationName)));
      expect(String(row!.Description)).toMatch(/[\u0001\uFFFE]/);
      expect(response.text).not.toMatch(/[\u0001\u0008\u000B\u001F\uFFFE\uFFFF]/);
      // Every event, expanded, parses.
      parseXml((await get(s.base, `${A}events/?top=250&skip=0&expand=Event`, { user: 'admin' })).text);
      parseXml((await get(s.base, `${A}contacts/?top=250&expand=Contact`, { user: 'admin' })).text);
      parseXml((await get(s.base, `${A}organisations/?top=250&expand=Organisation`, { user: 'admin' })).text);
    });

    it('serves each collection and its members', async () => {
      for (const [collection, type, element] of [
        ['contacts', 'Contact', 'Contacts'],
        ['registrations', 'Registration', 'Registrations'],
        ['eventtemplates', 'EventTemplate', 'EventTemplates'],
        ['venuerooms', 'VenueRoom', 'VenueRooms'],
        ['organisations', 'Organisation', 'Organisations'],
        ['eventsessions', 'EventSession', 'EventSessions'],
        ['timezones', 'TimeZone', 'TimeZones'],
      ] as const) {
        const list = await xml(`${A}${collection}/?top=3`);
        expect(list.name).toBe(element);
        const first = ids(list, type)[0]!;
        const member = await xml(`${A}${collection}/${first}/`);
        expect(member.name).toBe(type);
        expect(linksOf(member, 'self')[0]!.attributes.href).toBe(`${s.base}${A}${collection}/${first}/`);
      }
      expect(ids(await xml(`${A}venuerooms/?filter=Capacity%20gt%20100&top=250`), 'VenueRoom')).toEqual(
        (await query('SELECT "VenueRoomID" FROM venue_rooms WHERE "Capacity" > 100 ORDER BY 1')).map(
          (r) => r.VenueRoomID,
        ),
      );
    });

    it('serves an event’s sessions and registrations at the addresses its Links give, paged and filtered', async () => {
      const event = await xml(`${A}events/${BUSY_EVENT_ID}/`);
      const href = linksOf(event, `${SCHEMA}/related/Registrations`)[0]!.attributes.href!;
      expect(href).toBe(`${s.base}${A}events/${BUSY_EVENT_ID}/registrations/`);
      const seen: number[] = [];
      let path: string | undefined = href.slice(s.base.length);
      while (path !== undefined) {
        const page = await xml(path);
        expect(page.name).toBe('Registrations');
        seen.push(...ids(page, 'Registration'));
        path = linksOf(page, 'next')[0]?.attributes.href?.slice(s.base.length);
      }
      const expected = await query('SELECT "RegistrationID" FROM registrations WHERE "EventID" = $1 ORDER BY 1', [
        BUSY_EVENT_ID,
      ]);
      expect(seen).toEqual(expected.map((r) => r.RegistrationID));
      expect(seen).toHaveLength(BUSY_EVENT_REGISTRATIONS);
      const filtered = await xml(
        `${A}events/${BUSY_EVENT_ID}/registrations/?filter=${encodeURIComponent("Status eq 'Active'")}&top=250&expand=Registration/Contact`,
      );
      const active = await query(
        `SELECT "RegistrationID" FROM registrations WHERE "EventID" = $1 AND "Status" = 'Active' ORDER BY 1`,
        [BUSY_EVENT_ID],
      );
      expect(ids(filtered, 'Registration')).toEqual(active.map((r) => r.RegistrationID));
      expect(
        linksOf(filtered, `${SCHEMA}/Registration`).every((l) => child(l, 'Registration').name === 'Registration'),
      ).toBe(true);
      const [withSessions] = await query(
        'SELECT "EventID", count(*)::integer AS n FROM event_sessions GROUP BY 1 ORDER BY 2 DESC, 1 LIMIT 1',
      );
      expect(ids(await xml(`${A}events/${withSessions!.EventID}/sessions/`), 'EventSession')).toHaveLength(
        withSessions!.n as number,
      );
      await refusal(`${A}events/999999/sessions/`, 404, 'NotFound');
      await refusal(`${A}events/1/logistics/`, 404, 'NotFound');
      await refusal(`${A}contacts/1/sessions/`, 404, 'NotFound');
      await refusal(`${A}events/1/registrations/`, 403, 'SecurityException', 'events-only');
    });

    it('refuses without credentials (401 with a Basic challenge) and with wrong ones', async () => {
      for (const user of [undefined, ['admin', 'wrong'], ['nobody', 'admin-demo'], ['admin', '']] as const) {
        const response = await get(s.base, `${A}events/`, user === undefined ? {} : { user });
        expect(response.status).toBe(401);
        expect(response.headers['www-authenticate']).toMatch(/^Basic realm="[^"]+"/);
        expect(child(parseXml(response.text), 'Code').text).toBe('AuthenticationException');
      }
      for (const header of [
        'Basic',
        'Basic !!!',
        'Bearer abc',
        `Basic ${Buffer.from('no-colon').toString('base64')}`,
        `Basic ${'A'.repeat(5000)}`,
      ]) {
        expect((await get(s.base, `${A}events/`, { headers: { Authorization: header } })).status).toBe(401);
      }
    });

    it('keeps a user to the collections they may read (403 SecurityException), expansions included', async () => {
      expect(ids(await xml(`${A}events/?top=5`, 'events-only'))).toHaveLength(5);
      await refusal(`${A}contacts/`, 403, 'SecurityException', 'events-only');
      await refusal(`${A}contacts/1/`, 403, 'SecurityException', 'events-only');
      await refusal(`${A}events/?expand=Event/Registrations`, 403, 'SecurityException', 'events-only');
      await refusal(`${A}events/?expand=Event/Sessions/Presenter`, 403, 'SecurityException', 'events-only');
      const events = await xml(`${A}events/?top=5&expand=Event`, 'events-only');
      expect(linksOf(events, `${SCHEMA}/Event`)).toHaveLength(5);
      // Nor can a filter read through a relation to what the user may not read: it would tell which contacts exist.
      const [contact] = await query(
        `SELECT c."Email" FROM contacts c JOIN registrations r ON r."ContactID" = c."ContactID" WHERE c."Email" LIKE '%@%' LIMIT 1`,
      );
      for (const filter of [
        `Registrations/any(r: r/Contact/Email eq '${String(contact!.Email).replace(/'/g, "''")}')`,
        'Registrations/$count gt 3',
        'Sessions/any(s: s/Presenter/Email ne null)',
        "EventTemplate/Code eq 'X'",
        'TimeZone/UtcOffset eq 600',
        "Status eq 'Active' and not Sessions/all(s: s/Status eq 'Active')",
      ]) {
        // The message says it is a permission, naming the collection the relation leads to.
        expect(
          await refusal(`${A}events/?filter=${encodeURIComponent(filter)}`, 403, 'SecurityException', 'events-only'),
        ).toMatch(/^You may not read the collection '[a-z]+', which '[A-Za-z]+' in option 'filter' leads to$/);
        expect((await get(s.base, `${A}events/?filter=${encodeURIComponent(filter)}`, { user: 'admin' })).status).toBe(
          200,
        );
      }
      expect(
        await refusal(
          `${A}events/?filter=${encodeURIComponent('Registrations/$count gt 3 and Sessions/any(s: s/Presenter/Email ne null)')}`,
          403,
          'SecurityException',
          'events-only',
        ),
      ).toBe(
        "You may not read the collection 'registrations', which 'Registrations' in option 'filter' leads to; " +
          "You may not read the collection 'eventsessions', which 'Sessions' in option 'filter' leads to",
      );
      await refusal(`${A}events/1/?filter=x`, 400, 'BadRequest', 'events-only');
      // A member has no pages: the message lists what it takes.
      expect(await refusal(`${A}events/1/?top=1`, 400, 'BadRequest', 'events-only')).toBe(
        "Unknown option 'top'; a single record takes 'expand'",
      );
      expect(
        ids(await xml(`${A}events/?filter=${encodeURIComponent("Status eq 'Active'")}&top=3`, 'events-only')),
      ).toHaveLength(3);
    });

    it('answers 406 to an Accept without XML, and XML to */* or none', async () => {
      const refused = await get(s.base, `${A}events/`, { user: 'admin', headers: { Accept: 'application/json' } });
      expect(refused.status).toBe(406);
      expect(refused.raw.length).toBe(0);
      expect(
        (await get(s.base, `${A}events/`, { user: 'admin', headers: { Accept: 'application/xml;q=0, */*' } })).status,
      ).toBe(406);
      for (const accept of ['*/*', 'application/xml', 'text/html, application/*;q=0.5']) {
        expect((await get(s.base, `${A}events/?top=1`, { user: 'admin', headers: { Accept: accept } })).status).toBe(
          200,
        );
      }
    });

    it('answers a bad option with 400 BadRequest naming the problem', async () => {
      expect(
        await refusal(`${A}events/?filter=${encodeURIComponent("Status eq 'Active' and")}`, 400, 'BadRequest'),
      ).toMatch(/filter/i);
      expect(await refusal(`${A}events/?filter=Nope%20eq%201`, 400, 'BadRequest')).toMatch(/Nope/);
      expect(await refusal(`${A}events/?top=-1`, 400, 'BadRequest')).toMatch(/top/);
      expect(await refusal(`${A}events/?skip=x`, 400, 'BadRequest')).toMatch(/skip/);
      expect(await refusal(`${A}events/?orderby=Code`, 400, 'BadRequest')).toMatch(/orderby/);
      expect(await refusal(`${A}events/?expand=Event/Nope`, 400, 'BadRequest')).toMatch(/Nope/);
      expect(
        await refusal(`${A}registrations/?expand=Registration/Event/Sessions/Presenter/X`, 400, 'BadRequest'),
      ).toMatch(/X/);
      expect(await refusal(`${A}events/1/?filter=Code%20eq%20'x'`, 400, 'BadRequest')).toMatch(/filter/);
      // A member has no pages: the message lists what it takes instead.
      for (const option of ['skip=1', 'top=0', 'TOP=1'])
        expect(await refusal(`${A}events/1/?${option}`, 400, 'BadRequest')).toBe(
          `Unknown option '${option.slice(0, option.indexOf('='))}'; a single record takes 'expand'`,
        );
    });

    it('answers 404 NotFound for a member, a collection or a platform that does not exist', async () => {
      await refusal(`${A}events/999999/`, 404, 'NotFound');
      await refusal(`${A}events/abc/`, 404, 'NotFound');
      await refusal(`${A}events/99999999999/`, 404, 'NotFound');
      await refusal(`${A}nothing/`, 404, 'NotFound');
      await refusal(`/other/api/2012-02-01/auth/resources/events/`, 404, 'NotFound');
    });
  });
}
