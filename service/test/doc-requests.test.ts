// The three example requests of docs/service.md ("Example requests"), sent to the service (its
// links written for http://127.0.0.1:8080, where `npm start` listens): each answer is the page's,
// word for word (the page indents XML; the service writes it on one line).

import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedDemoPglite } from './support/demo-pglite.js';
import type { Database } from '../src/database.js';
import { createService } from '../src/server.js';
import type { Service } from '../src/server.js';
import { get } from './support/service.js';

const DOC = readFileSync(new URL('../../docs/service.md', import.meta.url), 'utf8');
const PUBLIC = 'http://127.0.0.1:8080';

/** The page's output block right after the curl line that requests the path. */
function shownAnswer(curl: string): string {
  const at = DOC.indexOf(`$ ${curl}\n`);
  expect(at, `docs/service.md shows: $ ${curl}`).toBeGreaterThan(0);
  const block = /```(?:xml|json)\n([\s\S]*?)```/.exec(DOC.slice(at))!;
  return block[1]!.replace(/>\s*\n\s*</g, '><').trim();
}

describe('the example requests of docs/service.md', () => {
  let service: Service;
  let db: Database;
  let base: string;
  beforeAll(async () => {
    db = await sharedDemoPglite();
    service = createService({ db, publicUrl: PUBLIC });
    base = await service.listen(0);
  });
  afterAll(async () => {
    await service?.close();
    await db?.close();
  });

  it.each([
    [
      'events-only',
      'events-demo',
      '/demo/api/2012-02-01/auth/resources/events/?filter=LocationName%20eq%20%27Z%C3%BCrich%27&top=2',
      200,
    ],
    [
      undefined,
      undefined,
      '/api/2012-02-01/pub/resources/timezones/?format=json&top=3&fields=Name,UtcOffset,TzNames&includeTotalCount=true',
      200,
    ],
    ['admin', 'admin-demo', '/demo/api/2012-02-01/auth/resources/events/?filter=Staus%20eq%20%27Active%27', 400],
  ] as const)('%s %s %s', async (name, password, path, status) => {
    const curl = `curl -s ${name === undefined ? '' : `-u ${name}:${password} `}'${PUBLIC}${path}'`;
    const response = await get(
      base,
      path,
      name === undefined ? { headers: { Accept: '*/*' } } : { user: [name, password!], headers: { Accept: '*/*' } },
    );
    expect(response.status).toBe(status);
    expect(response.text).toBe(shownAnswer(curl));
  });
});
