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
    const r = await run(['sql', "Name eq 'A' and Capacity gt 50", '--schema', 'VenueRoom', '--dialect', 'sqlite', '--json']);
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
});
