// `--odata-version <version>`: parse writes the canonical form in the version's forms, and every
// command that checks refuses what came later; a version that is none is a usage error.

import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = (...argv: string[]) => runCli(argv);

describe('odata-filter --odata-version', () => {
  it("prints the canonical form in the version's forms", async () => {
    expect(
      await run('parse', "contains(Code, 'a') and Start gt 2012-01-01T00:00:00Z", '--odata-version', '3.0'),
    ).toEqual({
      code: 0,
      out: "substringof('a', Code) and Start gt datetimeoffset'2012-01-01T00:00:00Z'\n",
      err: '',
    });
    expect((await run('parse', "contains(Code, 'a')")).out).toBe("contains(Code, 'a')\n");
  });

  it('refuses what the version cannot express, as a bad filter, with --json too', async () => {
    for (const json of [[], ['--json']]) {
      const r = await run('parse', 'Tags/any(t: t eq 1)', '--odata-version', '2.0', ...json);
      expect(r.code).toBe(2);
      expect(r.err).toContain('2.0');
    }
    expect((await run('parse', 'Tags/any(t: t eq 1)', '--odata-version', '3.0', '--json')).code).toBe(0);
  });

  it('names the option in the usage of every command', async () => {
    for (const command of ['parse', 'check', 'eval', 'sql', 'mongo'])
      expect((await run(command, '--help')).out.split('\n')[0]).toContain('[--odata-version <version>]');
  });

  it('checks for the version in every command that checks', async () => {
    for (const command of ['check', 'sql', 'mongo']) {
      const r = await run(command, 'Capacity in (10, 20)', '--schema', 'VenueRoom', '--odata-version', '4.0');
      expect([command, r.code]).toEqual([command, 2]);
      expect(r.err).toContain("The 'in' operator came with OData 4.01, after 4.0");
      expect(
        (await run(command, 'Capacity eq 10 or Capacity eq 20', '--schema', 'VenueRoom', '--odata-version', '4.0'))
          .code,
      ).toBe(0);
    }
    const evaluated = await runCli(
      ['eval', 'Capacity in (10, 20)', '--schema', 'VenueRoom', '--odata-version', '4.0'],
      '{"Capacity": 10}\n',
    );
    expect([evaluated.code, evaluated.err.includes("The 'in' operator came with OData 4.01")]).toEqual([2, true]);
    expect(await run('check', "substringof('a', Name)", '--schema', 'VenueRoom', '--odata-version', '2.0')).toEqual({
      code: 0,
      out: "substringof('a', Name)\nsubstringof('a':String, Name:String):Boolean\n",
      err: '',
    });
  });

  it('takes only a version the package knows', async () => {
    const r = await run('parse', 'a eq 1', '--odata-version', '5');
    expect(r.code).toBe(64);
    expect(r.err).toContain("--odata-version takes one of 2.0, 3.0, 4.0, 4.01, not '5'");
  });
});
