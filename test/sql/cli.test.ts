// `odata-filter sql`: prints the WHERE expression and the parameters; bad input exits non-zero.

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
});
