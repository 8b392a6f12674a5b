// Interface B over HTTP (sections 2.3–2.7, 4.2, 7, 8): the envelope, fields, defaults and limits,
// regions and categories, content negotiation, JSONP, 405, gzip and maintenance.

import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, Row } from '../../src/database.js';
import { B, get, startService } from '../support/service.js';
import type { Running } from '../support/service.js';

interface Envelope {
  StartIndex: number;
  Count: number;
  TotalCount?: number;
  Items: Record<string, unknown>[];
}

export function publicSuite(engine: string, open: () => Promise<Database>): void {
  describe(`interface B on ${engine}`, () => {
    let s: Running;
    const query = (sql: string, params: unknown[] = []): Promise<readonly Row[]> => s.db.query(sql, params);
    const json = async <T = Envelope>(
      path: string,
      headers: Record<string, string> = { Accept: 'application/json' },
    ): Promise<T> => {
      const response = await get(s.base, path, { headers });
      expect(response.status, response.text).toBe(200);
      expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
      return JSON.parse(response.text) as T;
    };
    const refusal = async (path: string, status: number, code: string): Promise<string> => {
      const response = await get(s.base, path, { headers: { Accept: 'application/json' } });
      expect(response.status, response.text).toBe(status);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(response.text) as { Code: string; Message: string };
      expect(body.Code).toBe(code);
      return body.Message;
    };

    beforeAll(async () => {
      s = await startService(await open());
    });
    afterAll(async () => s?.stop());

    it('lists public presenters of the default region, 20 at a time, with the default fields and no empty ones', async () => {
      const page = await json(`${B}presenters/`);
      const rows = await query(
        `SELECT "PresenterID", "FullName", "ViewUri" FROM presenters WHERE "IsPublic" AND "Regions" ? 'au' ORDER BY "PresenterID"`,
      );
      expect(page.StartIndex).toBe(0);
      expect(page.Count).toBe(20);
      expect(page).not.toHaveProperty('TotalCount');
      expect(page.Items).toEqual(
        rows
          .slice(0, 20)
          .map((r) =>
            r.ViewUri === null || r.ViewUri === ''
              ? { PresenterID: r.PresenterID, FullName: r.FullName }
              : { PresenterID: r.PresenterID, FullName: r.FullName, ViewUri: r.ViewUri },
          ),
      );
      expect(page.Items.some((i) => !('ViewUri' in i))).toBe(true);
      const counted = await json(`${B}presenters/?skip=5&top=3&includeTotalCount=true`);
      expect(counted).toMatchObject({ StartIndex: 5, Count: 3, TotalCount: rows.length });
      expect(counted.Items.map((i) => i.PresenterID)).toEqual(rows.slice(5, 8).map((r) => r.PresenterID));
      const hidden = await query('SELECT "PresenterID" FROM presenters WHERE NOT "IsPublic"');
      const all = await json(`${B}presenters/?top=200`);
      expect(all.Items.map((i) => i.PresenterID)).not.toContain(hidden[0]!.PresenterID);
    });

    it('reads fields in any case, nests structures, and refuses an unknown field', async () => {
      const page = await json(`${B}presenters/?fields=presenterid,PROFILE,socialNetworkInfo&top=200`);
      const rows = await query(`SELECT * FROM presenters WHERE "IsPublic" AND "Regions" ? 'au' ORDER BY "PresenterID"`);
      page.Items.forEach((item, i) => {
        const row = rows[i]!;
        expect(item.PresenterID).toBe(row.PresenterID);
        const profile = item.Profile as Record<string, { ContentType?: string; Text?: string }> | undefined;
        if (row.Profile_Interests_Text === null) expect(profile?.Interests?.Text).toBeUndefined();
        else expect(profile!.Interests!.Text).toBe(row.Profile_Interests_Text);
        expect(Object.keys(item).every((k) => ['PresenterID', 'Profile', 'SocialNetworkInfo'].includes(k))).toBe(true);
      });
      expect(page.Items.some((i) => 'Profile' in i) && page.Items.some((i) => !('Profile' in i))).toBe(true);
      expect(await refusal(`${B}presenters/?fields=PresenterID,Nope`, 400, 'BadRequest')).toMatch(/Nope/);
      expect(await refusal(`${B}presenters/?top=201`, 400, 'BadRequest')).toMatch(/200/);
      expect(await refusal(`${B}presenters/?filter=PresenterID%20eq%201`, 400, 'BadRequest')).toMatch(/filter/);
    });

    it('restricts presenters and venues to the region asked for, and refuses an unknown region', async () => {
      for (const region of ['au', 'nz']) {
        const page = await json(`${B}venues/?region=${region}&top=200`);
        const rows = await query(`SELECT "VenueID" FROM venues WHERE "Regions" ? $1 ORDER BY "VenueID"`, [region]);
        expect(page.Items.map((i) => i.VenueID)).toEqual(rows.map((r) => r.VenueID));
      }
      expect(await refusal(`${B}venues/?region=xx`, 400, 'BadRequest')).toMatch(/region/);
      expect(await refusal(`${B}timezones/?region=au`, 400, 'BadRequest')).toMatch(/region/);
    });

    it('serves single records by id, 404 for one the public may not see', async () => {
      const [open] = await query(
        'SELECT "PresenterID", "FullName" FROM presenters WHERE "IsPublic" ORDER BY 1 LIMIT 1',
      );
      expect(await json(`${B}presenters/${open!.PresenterID}?fields=FullName`)).toEqual({
        FullName: open!.FullName,
      });
      const [closed] = await query('SELECT "PresenterID" FROM presenters WHERE NOT "IsPublic" LIMIT 1');
      await refusal(`${B}presenters/${closed!.PresenterID}`, 404, 'NotFound');
      await refusal(`${B}presenters/0`, 404, 'NotFound');
      await refusal(`${B}presenters/abc`, 404, 'NotFound');
      // A single record has no pages: the message lists what it takes, not top or skip.
      expect(await refusal(`${B}presenters/${open!.PresenterID}?skip=1`, 400, 'BadRequest')).toBe(
        "Unknown option 'skip'; a single record takes 'fields', 'format', 'callback'",
      );
      await refusal(`${B}nothing/`, 404, 'NotFound');
      const [zone] = await query('SELECT * FROM time_zones ORDER BY 1 LIMIT 1');
      expect(await json(`${B}timezones/${zone!.TimeZoneID}/?fields=TzNames,UtcOffset,Name`)).toEqual({
        TzNames: zone!.TzNames,
        UtcOffset: zone!.UtcOffset,
        Name: zone!.Name,
      });
      const [venue] = await query('SELECT "VenueID", "Name" FROM venues ORDER BY 1 LIMIT 1');
      expect((await json<Record<string, unknown>>(`${B}venues/${venue!.VenueID}`)).Name).toBe(venue!.Name);
    });

    it('lists category items of the categories asked for, templates and links told apart, offers of the region', async () => {
      const [category] = await query(
        'SELECT "CategoryID" FROM template_category_items GROUP BY 1 HAVING count(*) > 1 AND count("EventTemplateID") < count(*) ORDER BY 1 LIMIT 1',
      );
      const id = category!.CategoryID as number;
      const page = await json(
        `${B}eventtemplatecategoryitems/?categoryIDs=${id}&fields=CategoryID,EventTemplateID,Title,Uri,BestAdvertisedOffers&top=200`,
      );
      const rows = await query(
        `SELECT * FROM template_category_items WHERE "CategoryID" = $1 AND "Regions" ? 'au' ORDER BY "Uri"`,
        [id],
      );
      expect(page.Items.map((i) => i.Title)).toEqual(rows.map((r) => r.Title));
      for (const item of page.Items) {
        expect(item.CategoryID).toBe(id);
        if (item.EventTemplateID === undefined) expect(item).not.toHaveProperty('BestAdvertisedOffers');
      }
      const defaults = await json(`${B}eventtemplatecategoryitems/`);
      expect(defaults.Items.every((i) => Object.keys(i).sort().join() === 'Title,Uri')).toBe(true);
      const currencies = async (region: string): Promise<Set<unknown>> => {
        const items = (
          await json(`${B}eventtemplatecategoryitems/?region=${region}&fields=BestAdvertisedOffers&top=200`)
        ).Items;
        return new Set(
          items.flatMap((i) =>
            ((i.BestAdvertisedOffers as { OfferAmount: { CurrencyCode: string } }[] | undefined) ?? []).map(
              (o) => o.OfferAmount.CurrencyCode,
            ),
          ),
        );
      };
      expect([...(await currencies('au'))]).toEqual(['AUD']);
      expect([...(await currencies('nz'))]).toEqual(['NZD']);
      expect(await refusal(`${B}eventtemplatecategoryitems/?categoryIDs=1,x`, 400, 'BadRequest')).toMatch(
        /categoryIDs/,
      );
      // The name in the case the document's example writes it.
      const lower = await json(`${B}eventtemplatecategoryitems/?categoryids=${id}&fields=CategoryID&top=200`);
      expect(lower.Items.every((i) => i.CategoryID === id)).toBe(true);
      expect(lower.Count).toBe(rows.length);
      expect(await json(`${B}presenters/?includeTotalCount=false`)).not.toHaveProperty('TotalCount');
      await refusal(`${B}eventtemplatecategoryitems/1`, 404, 'NotFound');
    });

    it("answers the document's example request for category items, its ViewUri ignored", async () => {
      const [category] = await query('SELECT "CategoryID" FROM template_category_items ORDER BY 1 LIMIT 1');
      const id = category!.CategoryID as number;
      const asked = await json(`${B}eventtemplatecategoryitems/?categoryids=${id}&fields=Title,Uri,ViewUri&top=200`);
      expect(asked).toEqual(await json(`${B}eventtemplatecategoryitems/?categoryids=${id}&fields=Title,Uri&top=200`));
      expect(asked.Items.length).toBeGreaterThan(0);
      // Alone, it leaves the default fields; any other name the items do not have is still refused.
      expect(await json(`${B}eventtemplatecategoryitems/?fields=viewuri`)).toEqual(
        await json(`${B}eventtemplatecategoryitems/`),
      );
      expect(await refusal(`${B}eventtemplatecategoryitems/?fields=Title,Nope`, 400, 'BadRequest')).toMatch(/Nope/);
      // Where ViewUri is a field, it is read.
      expect((await json(`${B}venues/?fields=ViewUri&top=200`)).Items.some((i) => 'ViewUri' in i)).toBe(true);
    });

    it("ignores jQuery's cache-buster `_`, and refuses other unknown options", async () => {
      expect(await json(`${B}timezones/?_=1700000000000`)).toEqual(await json(`${B}timezones/`));
      const [zone] = await query('SELECT "TimeZoneID" FROM time_zones ORDER BY 1 LIMIT 1');
      await json(`${B}timezones/${zone!.TimeZoneID}?_=1`);
      expect(await refusal(`${B}timezones/?__=1`, 400, 'BadRequest')).toMatch(/Unknown option '__'/);
    });

    it('negotiates: format=json or an Accept allowing JSON; otherwise 406 with an empty body', async () => {
      for (const headers of [{}, { Accept: 'text/html' }, { Accept: 'application/json;q=0, */*' }] as Record<
        string,
        string
      >[]) {
        const response = await get(s.base, `${B}timezones/`, { headers });
        expect(response.status).toBe(406);
        expect(response.raw.length).toBe(0);
      }
      await json(`${B}timezones/?format=json`, {});
      await json(`${B}timezones/?format=json`, { Accept: 'text/html' });
      await json(`${B}timezones/`, { Accept: '*/*' });
      await json(`${B}timezones/`, { Accept: 'text/html, application/json;q=0.1' });
    });

    it('answers JSONP for a plain callback, status 200 even for a failure, and refuses any other callback', async () => {
      const call = async (path: string): Promise<unknown> => {
        const response = await get(s.base, path, { headers: { Accept: '*/*' } });
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
        let received: unknown;
        runInNewContext(response.text, { app: { on: { data: (value: unknown) => (received = value) } } });
        return received;
      };
      expect(await call(`${B}timezones/?callback=app.on.data&top=2`)).toMatchObject({ StartIndex: 0, Count: 2 });
      expect(await call(`${B}timezones/?callback=app.on.data&top=999`)).toMatchObject({
        Success: false,
        Code: 'BadRequest',
      });
      expect(await call(`${B}nothing/?callback=app.on.data`)).toMatchObject({ Success: false, Code: 'NotFound' });
      for (const callback of [
        'alert(1)//',
        'a b',
        '<script>',
        'x;y',
        'x.',
        '.x',
        '1x',
        'a'.repeat(129),
        '',
        'x\u2028y',
        'ẞ',
      ]) {
        const response = await get(s.base, `${B}timezones/?callback=${encodeURIComponent(callback)}`, {
          headers: { Accept: '*/*' },
        });
        expect(response.status, callback).toBe(400);
        expect(response.headers['content-type']).toMatch(/^application\/json/);
      }
    });

    it('refuses POST, PUT and DELETE with 405 and Allow', async () => {
      for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
        for (const path of [`${B}presenters/`, `${B}presenters/1`, '/demo/api/2012-02-01/auth/resources/events/']) {
          const response = await get(s.base, path, { method, headers: { Accept: 'application/json' } });
          expect(response.status).toBe(405);
          expect(response.headers.allow).toBe('GET, HEAD');
        }
      }
    });

    it('compresses with gzip when asked, and answers HEAD without a body', async () => {
      const plain = await get(s.base, `${B}presenters/?top=50`, { headers: { Accept: 'application/json' } });
      const zipped = await get(s.base, `${B}presenters/?top=50`, {
        headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip, deflate' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.raw.length).toBeLessThan(plain.raw.length);
      expect(zipped.text).toBe(plain.text);
      expect(Number(zipped.headers['content-length'])).toBe(zipped.raw.length);
      const refused = await get(s.base, `${B}presenters/?top=50`, {
        headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip;q=0' },
      });
      expect(refused.headers['content-encoding']).toBeUndefined();
      expect(zipped.headers.vary).toBe('Accept, Accept-Encoding');
      // Interface A, and a short body, alike.
      const xmlZipped = await get(s.base, '/demo/api/2012-02-01/auth/resources/events/?top=1', {
        user: 'admin',
        headers: { 'Accept-Encoding': 'gzip' },
      });
      expect(xmlZipped.headers['content-encoding']).toBe('gzip');
      expect(xmlZipped.text).toMatch(/^<\?xml/);
      const short = await get(s.base, `${B}timezones/1?fields=UtcOffset`, {
        headers: { Accept: 'application/json', 'Accept-Encoding': 'gzip' },
      });
      expect(short.headers['content-encoding']).toBe('gzip');
      expect(JSON.parse(short.text)).toHaveProperty('UtcOffset');
      const head = await get(s.base, `${B}presenters/`, { method: 'HEAD', headers: { Accept: 'application/json' } });
      expect(head.status).toBe(200);
      expect(head.raw.length).toBe(0);
    });

    it('answers a fault of the server with 500 InternalServerError, as JSONP with status 200, and logs it', async () => {
      // A fault of the code, not the database's state (which is a 503: database-faults.test.ts).
      const within = s.db.within;
      const broken = async (): Promise<never> => {
        throw new TypeError('the database went away');
      };
      (s.db as { within: typeof within }).within = () => ({ query: broken, exec: broken });
      try {
        expect(await refusal(`${B}venues/`, 500, 'InternalServerError')).not.toMatch(/database/);
        const response = await get(s.base, `${B}venues/?callback=cb`, { headers: { Accept: '*/*' } });
        expect(response.status).toBe(200);
        expect(response.headers['content-type']).toBe('application/javascript; charset=utf-8');
        expect(response.text).toMatch(
          /^\/\*\*\/cb\(\{"Success":false,"Code":"InternalServerError","Message":"[^"]+"\}\);$/,
        );
        const xml = await get(s.base, '/demo/api/2012-02-01/auth/resources/events/?top=1', { user: 'admin' });
        expect(xml.status).toBe(500);
        expect(xml.text).toContain('<Code>InternalServerError</Code>');
      } finally {
        (s.db as { within: typeof within }).within = within;
      }
      // Logged, at most once per kind of error in 10 s.
      expect(s.log.filter((line) => line.includes('the database went away'))).toHaveLength(1);
      await json(`${B}venues/`);
    });

    it('answers 503 with an empty text/plain body while in maintenance, then serves again', async () => {
      s.service.maintenance = true;
      try {
        for (const path of [`${B}presenters/`, `${B}presenters/?callback=cb`, '/demo/api/2012-02-01/auth/resources/']) {
          const response = await get(s.base, path, { headers: { Accept: 'application/json' } });
          expect(response.status).toBe(503);
          expect(response.headers['content-type']).toMatch(/^text\/plain/);
          expect(response.raw.length).toBe(0);
        }
      } finally {
        s.service.maintenance = false;
      }
      await json(`${B}presenters/`);
    });
  });
}
