// `odata-filter sql`: prints the WHERE expression and the parameters; bad input exits non-zero.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = runCli;

describe('odata-filter sql', () => {
  it('prints PostgreSQL by default', async () => {
    const r = await run(['sql', "Status eq 'Active'", '--schema', 'Event']);
    expect(r).toEqual({ code: 0, out: `("Status" = $1::text)\n["Active"]\n`, err: '' });
  });
  it('prints the chosen dialect', async () => {
    const r = await run(['sql', "Status eq 'Active'", '--schema', 'Event', '--dialect', 'mysql']);
    expect(r.out).toBe('(`Status` = ? AND CAST(`Status` AS BINARY) = CAST(? AS BINARY))\n["Active","Active"]\n');
  });
  it("prints a Binary's parameter as base64url text, or MySQL's hexadecimal", async () => {
    const schema = join(mkdtempSync(join(tmpdir(), 'odata-sql-')), 'schema.json');
    writeFileSync(schema, JSON.stringify({ name: 'T', properties: { Hash: 'Edm.Binary' } }));
    const postgres = await run(['sql', "Hash eq binary'-_8='", '--schema', schema, '--json']);
    expect(JSON.parse(postgres.out)).toEqual({ sql: '("Hash" = $1::bytea)', params: ['-_8='] });
    const mysql = await run(['sql', "Hash eq X'FBFF'", '--schema', schema, '--dialect', 'mysql']);
    expect(mysql.out).toBe('(`Hash` = UNHEX(?))\n["fbff"]\n');
  });
  it('refuses an unknown dialect', async () => {
    const r = await run(['sql', "Status eq 'Active'", '--schema', 'Event', '--dialect', 'oracle']);
    expect(r.code).toBe(64);
    expect(r.err).toContain('--dialect must be one of postgres, sqlite, mysql');
  });
  it('reports a bad filter with a caret', async () => {
    const r = await run(['sql', 'Nope eq 1', '--schema', 'Event']);
    expect(r.code).toBe(2);
    expect(r.err).toContain('^');
  });

  it('prints the expression and the parameters as one JSON object with --json', async () => {
    const r = await run([
      'sql',
      "Name eq 'A' and Capacity gt 50",
      '--schema',
      'VenueRoom',
      '--dialect',
      'sqlite',
      '--json',
    ]);
    const plain = await run(['sql', "Name eq 'A' and Capacity gt 50", '--schema', 'VenueRoom', '--dialect', 'sqlite']);
    expect(r.code).toBe(0);
    const [sql, params] = plain.out.split('\n');
    expect(JSON.parse(r.out)).toEqual({ sql, params: JSON.parse(params!) });
  });
  it('writes Int64 parameters as exact strings in --json', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-sql-'));
    const schema = join(dir, 'schema.json');
    writeFileSync(schema, JSON.stringify({ name: 'T', properties: { Big: 'Edm.Int64' } }));
    const r = await run(['sql', 'Big eq 9223372036854775807', '--schema', schema, '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.out).params).toContain('9223372036854775807');
  });

  it('reads where the data is from --storage: the row table and each collection', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-sql-'));
    const storage = join(dir, 'storage.json');
    writeFileSync(
      storage,
      JSON.stringify({
        table: 'e',
        collections: { Sessions: { table: 'sessions', foreignKey: 'event_id', key: 'EventID' } },
      }),
    );
    const r = await run(['sql', "Sessions/any(s: s/Status eq 'Active')", '--schema', 'Event', '--storage', storage]);
    expect(r).toEqual({
      code: 0,
      out: `EXISTS (SELECT 1 FROM sessions AS c1 WHERE c1."event_id" = e."EventID" AND (c1."Status" = $1::text))\n["Active"]\n`,
      err: '',
    });
    // Without it, the collection's storage is unknown: the compiler names the option.
    const bare = await run(['sql', "Sessions/any(s: s/Status eq 'Active')", '--schema', 'Event']);
    expect(bare.code).toBe(2);
    expect(bare.err).toContain("options.collections['Sessions']");
  });
  it('refuses a --storage file that is not a storage object', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-sql-'));
    const cases: [string, string][] = [
      ['[1]', 'expected a JSON object'],
      ['{"table": "e", "dialect": "mysql"}', "unknown key 'dialect'"],
      ['{', 'JSON'],
    ];
    for (const [text, words] of cases) {
      const file = join(dir, 'bad.json');
      writeFileSync(file, text);
      const r = await run(['sql', "Status eq 'x'", '--schema', 'Event', '--storage', file]);
      expect(r.code).toBe(64);
      expect(r.err).toContain(words);
    }
    const missing = await run(['sql', "Status eq 'x'", '--schema', 'Event', '--storage', join(dir, 'nope.json')]);
    expect(missing.code).toBe(64);
    expect(missing.err).toContain('is not a readable file');
  });
});
