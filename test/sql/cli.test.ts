// `odata-filter sql`: prints the WHERE expression and the parameters; bad input exits non-zero.

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { main } from '../../src/cli.js';

async function run(args: string[]): Promise<{ code: number; out: string; err: string }> {
  const out = new PassThrough();
  const err = new PassThrough();
  let o = '';
  let e = '';
  out.on('data', (c) => (o += c));
  err.on('data', (c) => (e += c));
  const code = await main(args, { out, err, stdin: new PassThrough() } as never);
  return { code, out: o, err: e };
}

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
});
