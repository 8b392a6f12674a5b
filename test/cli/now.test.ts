// `--now <date-time>`: the instant now() stands for on the command line, so that the output of a
// relative filter can be reproduced; text that is no date-time is a usage error.

import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = (...argv: string[]) => runCli(argv);

describe('odata-filter --now', () => {
  it('binds the instant a relative filter stands for in sql', async () => {
    const r = await run(
      'sql',
      "CreatedDateTime ge now() sub duration'P7D'",
      '--schema',
      'Contact',
      '--now',
      '2012-12-10T00:00:00Z',
    );
    expect(r).toEqual({
      code: 0,
      out: '("CreatedDateTime" >= $1::timestamptz)\n["2012-12-03 00:00:00.000+00"]\n',
      err: '',
    });
  });

  it('gives mongo and eval the same instant', async () => {
    const mongo = await run(
      'mongo',
      'CreatedDateTime lt now()',
      '--schema',
      'Contact',
      '--now',
      '2012-12-10T00:00:00+01:00',
    );
    expect(mongo.code).toBe(0);
    expect(mongo.out).toContain('2012-12-09T23:00:00.000Z');
    const rows = '{"CreatedDateTime": "2012-12-09T22:59:59Z"}\n{"CreatedDateTime": "2012-12-09T23:00:00Z"}\n';
    const evaluated = await runCli(
      ['eval', 'CreatedDateTime lt now()', '--schema', 'Contact', '--now', '2012-12-10T00:00:00+01:00'],
      rows,
    );
    expect(evaluated).toEqual({ code: 0, out: '{"CreatedDateTime": "2012-12-09T22:59:59Z"}\n', err: '' });
  });

  it('refuses text that is no date-time', async () => {
    const r = await run('sql', 'CreatedDateTime lt now()', '--schema', 'Contact', '--now', 'yesterday');
    expect(r.code).toBe(64);
    expect(r.err).toContain("--now takes a date-time such as 2012-12-03T07:16:23Z, not 'yesterday'");
  });
});
