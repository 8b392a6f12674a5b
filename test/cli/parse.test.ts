// `odata-filter parse`: canonical output, --json tree (Int64 as strings), and a bad filter
// rendered with a caret on stderr with exit code 2 — through main() and once through dist/cli.js.

import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = runCli;

describe('odata-filter parse', () => {
  it.each([
    ["Status  EQ 'Active'   AND year(StartDateTime) eq 2012", "Status eq 'Active' and year(StartDateTime) eq 2012"],
    ['(a or b) and c', '(a or b) and c'],
    ["SubstringOf('ann',ToLower(Email))", "substringof('ann', tolower(Email))"],
    [
      "Sessions/any(s:s/Tags/all(t:t ne $it/Name)) and Tags/$count gt 1 and 'x' in Tags",
      "Sessions/any(s: s/Tags/all(t: t ne $it/Name)) and Tags/$count gt 1 and 'x' in Tags",
    ],
  ])('prints %j canonically', async (filter, canonical) => {
    expect(await run(['parse', filter])).toEqual({ code: 0, out: `${canonical}\n`, err: '' });
  });

  it('prints the tree with --json, Int64 values as strings', async () => {
    const { code, out } = await run(['parse', '--json', 'Id eq 9223372036854775807']);
    expect(code).toBe(0);
    expect(JSON.parse(out)).toEqual({
      kind: 'compare',
      op: 'eq',
      left: { kind: 'member', segments: [{ name: 'Id', start: 0, end: 2 }], start: 0, end: 2 },
      right: {
        kind: 'number',
        type: 'Edm.Int64',
        raw: '9223372036854775807',
        value: '9223372036854775807',
        start: 6,
        end: 25,
      },
      start: 0,
      end: 25,
    });
  });

  it('prints a lambda, $count and in a collection with --json, an empty any() without variable or body', async () => {
    const { code, out } = await run(['parse', '--json', 'T/any(t: t in $it/U) or T/any() or T/$count']);
    expect(code).toBe(0);
    const member = (names: string[], start: number) => {
      let at = start;
      const segments = names.map((name) => ({ name, start: at, end: (at += name.length + 1) - 1 }));
      return { kind: 'member', segments, start, end: at - 1 };
    };
    expect(JSON.parse(out)).toEqual({
      kind: 'logical',
      op: 'or',
      operands: [
        {
          kind: 'lambda',
          op: 'any',
          collection: member(['T'], 0),
          opSpan: { start: 2, end: 5 },
          variable: { name: 't', start: 6, end: 7 },
          body: {
            kind: 'inCollection',
            operand: member(['t'], 9),
            collection: member(['$it', 'U'], 14),
            start: 9,
            end: 19,
          },
          start: 0,
          end: 20,
        },
        {
          kind: 'lambda',
          op: 'any',
          collection: member(['T'], 24),
          opSpan: { start: 26, end: 29 },
          start: 24,
          end: 31,
        },
        { kind: 'count', collection: member(['T'], 35), start: 35, end: 43 },
      ],
      start: 0,
      end: 43,
    });
  });

  it('renders a bad filter with a caret on stderr and exits 2', async () => {
    const { code, out, err } = await run(['parse', 'Status eq ) and x']);
    expect({ code, out }).toEqual({ code: 2, out: '' });
    expect(err).toBe("Unexpected ')' at position 10; expected an expression\n  Status eq ) and x\n            ^\n");
  });

  it('reports a missing filter as a usage error', async () => {
    const { code, err } = await run(['parse']);
    expect(code).toBe(64);
    expect(err).toContain('parse needs a filter');
  });

  it('takes a filter that starts with - after --, and says so', async () => {
    expect(await run(['parse', '--', '-5 lt Price'])).toEqual({ code: 0, out: '-5 lt Price\n', err: '' });
    expect(await run(['check', '--schema', 'VenueRoom', '--', '-5 lt Capacity'])).toMatchObject({
      code: 0,
      out: '-5 lt Capacity\n(-5:Int32 lt Capacity:Int32)\n',
    });
    const { code, err } = await run(['parse', '-5 lt Price']);
    expect(code).toBe(64);
    expect(err).toContain(`Put it after '--' (the options before it), as in: odata-filter parse -- "-5 lt Price"`);
    // The whole filter, quoted as a shell reads it back, wherever it stands among the options.
    expect(await run(['check', '--schema', 'VenueRoom', "-Capacity lt 5 and Name eq 'a\"b'"])).toEqual({
      code: 64,
      out: '',
      err: [
        `The filter "-Capacity lt 5 and Name eq 'a\\"b'" starts with '-', which reads as an option.`,
        `Put it after '--' (the options before it), as in: odata-filter check -- "-Capacity lt 5 and Name eq 'a\\"b'"`,
        `or in parentheses, which do not change it: odata-filter check "(-Capacity lt 5 and Name eq 'a\\"b')"`,
        'Usage: odata-filter check "<filter>" --schema <name-or-file> [--alias <name>=<value>]... [--odata-version <version>] [--json]',
        '',
      ].join('\n'),
    });
    // A short option that is none is parseArgs' own message.
    expect((await run(['parse', '-x', 'a'])).err).toContain("Unknown option '-x'");
    const help = await run(['--help']);
    expect(help.code).toBe(0);
    expect(help.out).toContain(`A filter that starts with '-' goes after '--'`);
  });

  const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));
  // npm test builds before it runs the tests, so dist/cli.js is there.
  it('works through the built dist/cli.js', () => {
    expect(execFileSync(process.execPath, [cli, 'parse', 'a MUL 2 ADD 1'], { encoding: 'utf8' })).toBe(
      'a mul 2 add 1\n',
    );
    const bad = spawnSync(process.execPath, [cli, 'parse', "Name eq 'open"], { encoding: 'utf8' });
    expect({ status: bad.status, stdout: bad.stdout, stderr: bad.stderr }).toEqual({
      status: 2,
      stdout: '',
      stderr: "Unterminated string literal at position 8\n  Name eq 'open\n          ^~~~~\n",
    });
  });

  it('runs through a bin link of any name, and not when imported', () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-bin-'));
    const link = join(dir, 'filter-tool');
    symlinkSync(cli, link);
    expect(execFileSync(process.execPath, [link, 'parse', 'a MUL 2'], { encoding: 'utf8' })).toBe('a mul 2\n');
    const imported = spawnSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(pathToFileURL(cli).href)}); console.log('imported')`,
        'parse',
        'x',
      ],
      { encoding: 'utf8' },
    );
    expect({ status: imported.status, stdout: imported.stdout }).toEqual({ status: 0, stdout: 'imported\n' });
  });
});
