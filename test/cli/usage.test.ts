// The command line's own rules, for every command: stray arguments (an unquoted filter) are a
// usage error, `-` reads the filter from stdin, --help per command, --version.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = runCli;
const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

// Each command with the options that make a filter run, so that only the arguments are at fault.
const COMMANDS: readonly (readonly [string, readonly string[]])[] = [
  ['parse', []],
  ['check', ['--schema', 'VenueRoom']],
  ['eval', ['--schema', 'VenueRoom']],
  ['sql', ['--schema', 'VenueRoom']],
  ['mongo', ['--schema', 'VenueRoom']],
];

describe('odata-filter arguments', () => {
  it.each(COMMANDS)('%s: an unquoted filter is a usage error that says to quote it', async (command, options) => {
    const r = await run([command, 'Capacity', 'gt', '50', 'x.json', ...options]);
    expect({ code: r.code, out: r.out }).toEqual({ code: 64, out: '' });
    expect(r.err).toContain(`${command} takes `);
    expect(r.err).toContain('but was given 4: Capacity gt 50 x.json');
    expect(r.err).toContain('Quote a filter that has spaces, so that it is one argument');
    expect(r.err).toContain(`Usage: odata-filter ${command} "<filter>"`);
  });

  it('suggests the quoted filter where the command takes only the filter', async () => {
    const r = await run(['parse', 'Status', 'eq', 'Active']);
    expect(r.code).toBe(64);
    expect(r.err).toContain('as in: odata-filter parse "Status eq Active"\n');
  });

  it('eval takes the filter and one file, no more', async () => {
    const r = await run(['eval', 'Capacity gt 50', 'a.json', 'b.json', '--schema', 'VenueRoom']);
    expect(r.code).toBe(64);
    expect(r.err).toContain('eval takes at most 2 arguments, the filter and a file, but was given 3');
  });

  it.each(COMMANDS)('%s --help lists every option it takes and exits 0', async (command) => {
    const r = await run([command, '--help']);
    expect({ code: r.code, err: r.err }).toEqual({ code: 0, err: '' });
    expect(r.out).toMatch(new RegExp(`^Usage: odata-filter ${command} "<filter>"`));
    const options = [...r.out.matchAll(/^ {2}(--[a-z-]+|-h, --help|<filter>|file)\b/gm)].map((m) => m[1]);
    const usage = r.out.split('\n')[0]!;
    for (const option of usage.matchAll(/--[a-z-]+/g)) expect(options).toContain(option[0]);
    expect(options).toContain('-h, --help');
    expect((await run([command, '-h'])).out).toBe(r.out);
  });

  it('--help names the per-command help and --version', async () => {
    const r = await run(['--help']);
    expect(r.out).toContain('odata-filter <command> --help');
    expect(r.out).toContain('odata-filter --version');
  });

  it('--version prints the package version', async () => {
    expect(await run(['--version'])).toEqual({ code: 0, out: `${version}\n`, err: '' });
  });
});

describe('odata-filter: - reads the filter from stdin', () => {
  it('takes the whole of stdin as the filter, less one line break at the end', async () => {
    expect(await run(['parse', '-'], `Name eq 'it''s "quoted"'\n`)).toEqual({
      code: 0,
      out: `Name eq 'it''s "quoted"'\n`,
      err: '',
    });
    expect(await run(['parse', '-'], 'a  EQ 1\r\n')).toEqual({ code: 0, out: 'a eq 1\n', err: '' });
    expect(await run(['check', '-', '--schema', 'VenueRoom'], 'Capacity gt 50')).toMatchObject({
      code: 0,
      out: 'Capacity gt 50\n(Capacity:Int32 gt 50:Int32)\n',
    });
  });

  it('reports a bad filter from stdin like any other', async () => {
    const r = await run(['parse', '-'], 'Status eq )\n');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^Unexpected '\)' at position 10/);
  });

  it('stops reading a stdin longer than any filter', async () => {
    const r = await run(['parse', '-'], 'a'.repeat(1_000_000));
    expect(r).toEqual({
      code: 2,
      out: '',
      err: 'The filter on stdin has more than 65538 characters; a filter has at most 65536\n',
    });
  });

  it('eval: - as the file is stdin; the filter and the rows cannot both be', async () => {
    const rows = '{"RoomID":1,"Capacity":80}\n{"RoomID":2,"Capacity":8}\n';
    expect(await run(['eval', 'Capacity gt 50', '-', '--schema', 'VenueRoom'], rows)).toEqual({
      code: 0,
      out: '{"RoomID":1,"Capacity":80}\n',
      err: '',
    });
    const both = await run(['eval', '-', '--schema', 'VenueRoom'], rows);
    expect(both.code).toBe(64);
    expect(both.err).toContain('the filter and the rows cannot both come from stdin');
    expect((await run(['eval', '-', '-', '--schema', 'VenueRoom'], rows)).code).toBe(64);
  });
});
