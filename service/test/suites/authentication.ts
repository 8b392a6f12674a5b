// The edges of HTTP Basic authentication over HTTP: a NUL in a name or a password, a password
// changed while its old header is remembered, and a user sending many spellings of their own
// header, which must not make the service forget (or hash again) anyone's verified credentials.

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/database.js';
import { hashPassword } from '../../src/passwords.js';
import { A, get, startService } from '../support/service.js';
import type { Running } from '../support/service.js';

const basic = (credentials: string): string => `Basic ${Buffer.from(credentials).toString('base64')}`;

export function authenticationSuite(engine: string, open: () => Promise<Database>): void {
  describe(`authentication edges on ${engine}`, () => {
    let s: Running;
    beforeAll(async () => {
      s = await startService(await open());
    });
    afterAll(async () => s?.stop());

    const status = async (authorization: string): Promise<number> =>
      (await get(s.base, `${A}events/?top=1`, { headers: { Authorization: authorization } })).status;

    it('refuses a NUL in the name or the password with 401, trailing NULs included', async () => {
      expect(await status(basic('admin:admin-demo'))).toBe(200);
      for (const credentials of [
        'adm\u0000in:admin-demo',
        'admin\u0000:admin-demo',
        '\u0000:x',
        'admin:admin-demo\u0000',
        'admin:admin-demo\u0000\u0000\u0000',
        'events-only:events-demo\u0000',
      ])
        expect(await status(basic(credentials)), JSON.stringify(credentials)).toBe(401);
      expect(s.log.some((line) => line.startsWith('error '))).toBe(false);
    });

    it('stops trusting a remembered header as soon as the password changes', async () => {
      const [before] = await s.db.query('SELECT "Salt", "Hash" FROM users WHERE "Name" = $1', ['events-only']);
      expect(await status(basic('events-only:events-demo'))).toBe(200);
      const { salt, hash } = await hashPassword('changed-password');
      await s.db.query('UPDATE users SET "Salt" = $1, "Hash" = $2 WHERE "Name" = $3', [salt, hash, 'events-only']);
      try {
        expect(await status(basic('events-only:events-demo'))).toBe(401);
        expect(await status(basic('events-only:changed-password'))).toBe(200);
      } finally {
        await s.db.query('UPDATE users SET "Salt" = $1, "Hash" = $2 WHERE "Name" = $3', [
          before!.Salt,
          before!.Hash,
          'events-only',
        ]);
      }
      expect(await status(basic('events-only:events-demo'))).toBe(200);
    });

    it('takes 100 spellings of one header as one: no password hashed again, nobody forgotten', async () => {
      expect(await status(basic('events-only:events-demo'))).toBe(200);
      expect(await status(basic('admin:admin-demo'))).toBe(200);
      const checks = s.service.authenticator.checks;
      // Both users' passwords were hashed once at least, since the service started.
      expect(checks).toBeGreaterThanOrEqual(2);
      const token = Buffer.from('admin:admin-demo').toString('base64');
      const spellings = Array.from({ length: 100 }, (_, i) => {
        const scheme = [...'Basic'].map((c, j) => ((i >> j) & 1 ? c.toUpperCase() : c.toLowerCase())).join('');
        return `${scheme}${' '.repeat(1 + (i >> 5))}${token}`;
      });
      expect(new Set(spellings).size).toBe(100);
      for (let i = 0; i < spellings.length; i += 20)
        expect(await Promise.all(spellings.slice(i, i + 20).map(status))).toEqual(Array(20).fill(200));
      expect(await status(basic('events-only:events-demo'))).toBe(200);
      expect(s.service.authenticator.checks).toBe(checks);
    });
  });
}
