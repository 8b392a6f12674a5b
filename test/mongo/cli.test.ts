// `odata-filter mongo`: the document as Extended JSON, errors as the other commands give them.

import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = runCli;

describe('odata-filter mongo', () => {
  it('prints the document with Extended JSON dates', async () => {
    const { code, out } = await run([
      'mongo',
      "Status eq 'Active' and CreatedDateTime gt 2012-01-01T00:00:00Z",
      '--schema',
      'Event',
    ]);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      Status: 'Active',
      CreatedDateTime: { $gt: { $date: '2012-01-01T00:00:00.000Z' } },
    });
  });
  it('answers a bad filter with exit code 2 and needs a schema', async () => {
    expect((await run(['mongo', 'Nope eq 1', '--schema', 'Event'])).code).toBe(2);
    expect((await run(['mongo', "Status eq 'x'"])).code).toBe(64);
  });
});
