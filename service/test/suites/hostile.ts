// Hostile requests over HTTP: huge, malformed and oddly encoded options, deep nesting, credentials
// of every wrong shape, random option strings. Each ends in a documented 4xx (or a 200), never a
// 500, and the server keeps serving.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/database.js';
import { A, B, get, startService } from '../support/service.js';
import type { Running } from '../support/service.js';
import { parseXml } from '../support/xml-tree.js';
import { runs } from '../../../test/support/test-size.js';

export function hostileSuite(engine: string, open: () => Promise<Database>): void {
  describe(`hostile requests on ${engine}`, () => {
    let s: Running;
    beforeAll(async () => {
      s = await startService(await open());
    });
    afterAll(async () => s?.stop());

    const expectStatus = async (
      path: string,
      allowed: readonly number[],
      user: 'admin' | undefined = 'admin',
    ): Promise<number> => {
      const response = await get(s.base, path, { ...(user ? { user } : {}), headers: { Accept: '*/*' } });
      expect(allowed, `${response.status} for ${path.slice(0, 200)}: ${response.text.slice(0, 300)}`).toContain(
        response.status,
      );
      if (response.headers['content-type']?.toString().startsWith('application/xml')) parseXml(response.text);
      if (response.headers['content-type']?.toString().startsWith('application/json')) JSON.parse(response.text);
      return response.status;
    };

    it('takes a 64 KB filter, and refuses a longer, larger or deeper one with 400', async () => {
      const text = `Code eq '${"it''s ".repeat(5_000)}' or contains(Description, '${'%_é'.repeat(8_500)}') or EventID in (${Array.from({ length: 2_000 }, (_, i) => i).join(',')})`;
      expect(text.length).toBeGreaterThan(64_000);
      expect(text.length).toBeLessThanOrEqual(65_536);
      expect(await expectStatus(`${A}events/?top=250&filter=${encodeURIComponent(text)}`, [200])).toBe(200);
      // 64 KB of `EventID eq 1 or EventID eq 2 or …` is more nodes than a filter may have (10,000).
      const terms = Array.from({ length: 4_000 }, (_, i) => `EventID eq ${i}`).join(' or ');
      expect(await expectStatus(`${A}events/?filter=${encodeURIComponent(terms)}`, [400])).toBe(400);
      await expectStatus(`${A}events/?filter=${encodeURIComponent(`Code eq '${'x'.repeat(70_000)}'`)}`, [400]);
      await expectStatus(`${A}events/?filter=${'('.repeat(5000)}true${')'.repeat(5000)}`, [400]);
      await expectStatus(`${A}events/?filter=${encodeURIComponent('not '.repeat(3000))}true`, [400]);
      // Beyond what a request line may hold: the HTTP layer's own 431.
      await expectStatus(`${A}events/?filter=${'%41'.repeat(100_000)}`, [431]);
      expect(s.log.some((line) => line.includes('unreadable request') && line.endsWith(' 431'))).toBe(true);
    });

    it('refuses malformed and oddly encoded options with 400, and reads odd but valid ones', async () => {
      for (const [search, status] of [
        ['filter=%E0%A4%A', 400],
        ['filter=%FF%FE', 400],
        ['filter=Code%20eq%20%27a%00b%27', 400],
        ['filter=Code%20eq%20%27%C3%A9', 400],
        ['top=1&top=2', 400],
        ['top=99999999999999999999', 400],
        ['top=1e3', 400],
        ['top=%201', 400],
        ['skip=-0', 400],
        ['filter=', 400],
        ['expand=', 400],
        ['expand=Event/', 400],
        ['expand=Event//TimeZone', 400],
        [`expand=${'Event/TimeZone,'.repeat(2000)}`, 400],
        [`filter=${encodeURIComponent("Code eq 'it's'")}`, 400],
        [Array.from({ length: 500 }, (_, i) => `o${i}=1`).join('&'), 400],
        [`filter=${encodeURIComponent('EventID eq 1 or ')}%`, 400],
        [`filter=${encodeURIComponent("Code eq 'it''s' and LocationName ne '%'")}`, 200],
        [`filter=${encodeURIComponent("substringof('%', Code) and substringof('_', Code)")}`, 200],
        [`expand=${'Event/TimeZone,'.repeat(200)}Event`, 200],
        [`FILTER=${encodeURIComponent("status eq 'Active'")}&Top=2`, 400],
        [`FILTER=${encodeURIComponent("Status eq 'Active'")}&Top=2`, 200],
      ] as const) {
        await expectStatus(`${A}events/?${search}`, [status]);
      }
    });

    it('keeps to its own paths whatever the path holds', async () => {
      for (const path of [
        '/demo/api/2012-02-01/auth/resources/../../../etc/passwd',
        '/%2e%2e/api/2012-02-01/auth/resources/',
        '/%ZZ/api/2012-02-01/auth/resources/events/',
        `${A}events/1/2/`,
        `${A}events//`,
        `${B}presenters/1/2`,
        '/',
        '/api',
        `${A}events/%31/`,
      ]) {
        await expectStatus(path, [400, 404]);
      }
    });

    it('ends every random request in a 200 or a 4xx, and keeps serving', async () => {
      const value = fc.oneof(
        fc.string({ maxLength: 40 }),
        fc.constantFrom(
          "Status eq 'Active'",
          'EventID gt 5',
          'Sessions/any(s: s/Status eq null)',
          'Event/TimeZone',
          'Event',
          '-1',
          '0',
          '250',
          '251',
          "'",
          '(',
          '%',
          'Event/Sessions/Presenter',
          'presenterid,Profile',
          'json',
          'cb',
          'au',
          'nz',
          '1,2,3',
        ),
      );
      const name = fc.constantFrom(
        'filter',
        'expand',
        'skip',
        'top',
        'Filter',
        'TOP',
        'fields',
        'format',
        'callback',
        'region',
        'categoryIDs',
        'includeTotalCount',
        'orderby',
        '$filter',
        'x',
      );
      const search = fc
        .array(fc.tuple(name, value), { maxLength: 5 })
        .map((pairs) => pairs.map(([n, v]) => `${n}=${encodeURIComponent(v)}`).join('&'));
      const path = fc.constantFrom(
        `${A}events/`,
        `${A}registrations/`,
        `${A}events/1/`,
        `${B}presenters/`,
        `${B}venues/`,
        `${B}timezones/`,
        `${B}eventtemplatecategoryitems/`,
        `${B}presenters/5`,
      );
      await fc.assert(
        fc.asyncProperty(path, search, async (p, q) => {
          await expectStatus(`${p}?${q}`, [200, 400, 403, 404, 406]);
        }),
        { numRuns: runs(150, 2000) },
      );
      expect(s.log.filter((line) => / 5\d\d \d+B /.test(line))).toEqual([]);
      await expectStatus(`${A}events/?top=1`, [200]);
    });
  });
}
