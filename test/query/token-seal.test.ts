// Sealed keyset tokens (docs/query.md, "Keyset pages"): a token shows none of the values it
// carries, is read only for the resource and order it was written for, with the same row filters'
// parameters, under the configured key
// (or the key it replaces, until its time), and a next link of one process is read by another.

import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import { TokenSeal } from '../../src/query/token-seal.js';
import { testSchema } from '../support/arbitraries.js';
import { thrownFilterError } from '../support/thrown.js';

const KEY = 'the key of every process of this service, 32+ chars';
const resource = (keyset: QueryResource['policy']['keyset']): QueryResource => ({
  schema: testSchema,
  key: ['Id'],
  rules: { String: { select: false } },
  policy: { spelling: 'odata', defaultTop: 1, maxTop: 10, keyset },
});
const SECRET = 'secret-078-05-1120';
const rows = [
  { Id: 1, String: SECRET },
  { Id: 2, String: 'z-other' },
];

const bytesOf = (token: string): string =>
  Buffer.from(token.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('latin1');

describe('keyset tokens', () => {
  it('show no value of the keys they carry, whatever the encoding looked for', () => {
    const page = applyQuery(rows, parseQuery('$orderby=String', resource({ key: KEY })));
    expect(page.items.map((r) => r.Id)).toEqual([1]);
    const token = page.skipToken!;
    for (const seen of [token, bytesOf(token), decodeURIComponent(token)]) {
      expect(seen).not.toContain(SECRET);
      expect(seen).not.toContain('078-05');
    }
    // Two tokens of the same row differ: the values' equality does not show either.
    expect(applyQuery(rows, parseQuery('$orderby=String', resource({ key: KEY }))).skipToken).not.toBe(token);
  });

  it('are read by another process with the same key, and by none with another', () => {
    const token = applyQuery(rows, parseQuery('$orderby=String', resource({ key: KEY }))).skipToken!;
    const elsewhere = resource({ key: new TextEncoder().encode(KEY) });
    expect(applyQuery(rows, parseQuery(`$orderby=String&$skiptoken=${token}`, elsewhere)).items).toEqual([{ Id: 2 }]);
    const other = resource({ key: 'another key of at least thirty-two characters' });
    expect(
      thrownFilterError(() => parseQuery(`$orderby=String&$skiptoken=${token}`, other)).issues.map((i) => i.code),
    ).toEqual(['invalid_option_value']);
  });

  it('are read under the key a new one replaces until its time, and not after', () => {
    const token = applyQuery(rows, parseQuery('$orderby=String', resource({ key: KEY }))).skipToken!;
    const rotated = (until: Date) =>
      resource({ key: 'the new key of this service, 32 characters+', previousKey: { key: KEY, until } });
    const query = `$orderby=String&$skiptoken=${token}`;
    expect(applyQuery(rows, parseQuery(query, rotated(new Date(Date.now() + 60_000)))).items).toEqual([{ Id: 2 }]);
    expect(
      thrownFilterError(() => parseQuery(query, rotated(new Date(Date.now() - 1)))).issues.map((i) => i.code),
    ).toEqual(['invalid_option_value']);
  });

  it('are refused for another order or collection, and when changed in any byte', () => {
    const token = applyQuery(rows, parseQuery('$orderby=String', resource({ key: KEY }))).skipToken!;
    const refused = (query: string, at = resource({ key: KEY })) =>
      thrownFilterError(() => parseQuery(query, at)).issues.map((i) => i.code);
    expect(refused(`$orderby=String desc&$skiptoken=${token}`)).toEqual(['invalid_option_value']);
    expect(refused(`$skiptoken=${token}`)).toEqual(['invalid_option_value']);
    const renamed = { ...resource({ key: KEY }), schema: { ...testSchema, name: 'Other' } };
    expect(refused(`$orderby=String&$skiptoken=${token}`, renamed)).toEqual(['invalid_option_value']);
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    for (let i = 0; i < token.length; i++) {
      const changed = alphabet[(alphabet.indexOf(token[i]!) + 1) % 64];
      const tampered = token.slice(0, i) + changed + token.slice(i + 1);
      expect(new TokenSeal({ key: KEY }, 'test').open(tampered, 'x')).toBeUndefined();
      expect(refused(`$orderby=String&$skiptoken=${tampered}`)).toEqual(['invalid_option_value']);
    }
  });

  it("are refused to a request made with other row filters' parameters", () => {
    const tenants = { ...resource({ key: KEY }), rowFilter: 'Id ge @from' };
    const token = applyQuery(rows, parseQuery('$orderby=String', tenants, { parameters: { from: 1 } })).skipToken!;
    const query = `$orderby=String&$skiptoken=${token}`;
    expect(applyQuery(rows, parseQuery(query, tenants, { parameters: { from: 1 } })).items).toEqual([{ Id: 2 }]);
    for (const parameters of [{ from: 2 }, { from: 1, other: 'x' }] as Record<string, number | string>[])
      expect(
        thrownFilterError(() => parseQuery(query, tenants, { parameters })).issues.map((i) => i.code),
        JSON.stringify(parameters),
      ).toEqual(['invalid_option_value']);
  });

  it.each([
    [true, 'keyset pages need the key their tokens are sealed with'],
    [{ key: 'short' }, 'keyset.key must be a secret of at least 32 bytes'],
    [{ key: new Uint8Array(31) }, 'keyset.key must be a secret of at least 32 bytes'],
    [{ key: KEY, previousKey: { key: KEY, until: 'tomorrow' } }, 'keyset.previousKey.until must be a valid Date'],
    [{ key: KEY, previousKey: { key: 'short', until: new Date() } }, 'keyset.previousKey.key must be a secret'],
  ])("refuse the policy's keyset %j as the server's mistake", (keyset, message) => {
    expect(() => parseQuery('', resource(keyset as never))).toThrow(TypeError);
    expect(() => parseQuery('', resource(keyset as never))).toThrow(message);
  });

  it('keep the key out of the plan as JSON shows it', () => {
    const plan = parseQuery('$orderby=String', resource({ key: KEY }));
    expect(JSON.stringify(plan)).not.toContain(KEY.slice(0, 10));
  });
});
