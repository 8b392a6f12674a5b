// `--metadata <file> --entity-set <name>`: the commands read an entity set of a service's
// `$metadata` in place of a schema, in the service's OData version, under the rules it states.

import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const fixture = (name: string): string => fileURLToPath(new URL(`../csdl/fixtures/${name}`, import.meta.url));
const TRIPPIN = fixture('trippin.xml');
const GWSAMPLE = fixture('gwsample-basic-v2.xml');

describe('--metadata and --entity-set', () => {
  it('check a filter against an entity set of the document', async () => {
    const result = await runCli([
      'check',
      "Friends/any(f: f/FirstName eq 'Scott')",
      '--metadata',
      TRIPPIN,
      '--entity-set',
      'People',
    ]);
    expect(result).toMatchObject({ code: 0, err: '' });
    expect(result.out.split('\n')[0]).toBe("Friends/any(f: f/FirstName eq 'Scott')");
  });

  it("check in the service's OData version unless --odata-version says another", async () => {
    // TripPin is OData 4.0, which has no `in`.
    const refused = await runCli(['check', "UserName in ('a')", '--metadata', TRIPPIN, '--entity-set', 'People']);
    expect(refused.code).toBe(2);
    expect(refused.err).toMatch(/not_in_version|came with OData 4\.01/);
    const given = await runCli([
      'check',
      "UserName in ('a')",
      '--metadata',
      TRIPPIN,
      '--entity-set',
      'People',
      '--odata-version',
      '4.01',
    ]);
    expect(given.code).toBe(0);
  });

  it('hold the rules the document states (sap:filterable)', async () => {
    const result = await runCli(['check', "Name eq 'x'", '--metadata', GWSAMPLE, '--entity-set', 'ProductSet']);
    expect(result.code).toBe(2);
    expect(result.err).toMatch(/cannot be used in a filter/);
    const sql = await runCli(['sql', "Category eq 'Notebooks'", '--metadata', GWSAMPLE, '--entity-set', 'ProductSet']);
    expect(sql.code).toBe(0);
  });

  it('are usage errors when missing, doubled, misspelt or unreadable', async () => {
    const cases: [string[], RegExp][] = [
      [['--metadata', TRIPPIN], /missing --entity-set/],
      [['--entity-set', 'People'], /--entity-set names an entity set of --metadata/],
      [['--metadata', TRIPPIN, '--entity-set', 'Peple'], /did you mean 'People'/],
      [['--metadata', TRIPPIN, '--entity-set', 'People', '--schema', 'VenueRoom'], /give one/],
      [['--metadata', '/nonexistent/metadata.xml', '--entity-set', 'People'], /no readable file/],
      [['--metadata', fixture('README.md'), '--entity-set', 'People'], /--metadata .*README\.md: The document/],
    ];
    for (const [options, message] of cases) {
      const result = await runCli(['check', 'x eq 1', ...options]);
      expect(result.code, options.join(' ')).toBe(64);
      expect(result.err, options.join(' ')).toMatch(message);
    }
  });
});
