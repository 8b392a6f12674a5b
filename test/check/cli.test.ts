// `odata-filter check` through main(argv, io): typed output, every issue with a caret line, exit codes.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = (...argv: string[]) => runCli(argv);

describe('odata-filter check', () => {
  it('prints the canonical and typed forms of a well-typed filter', async () => {
    const r = await run('check', 'Capacity GT 50 AND round(Capacity) eq 5', '--schema', 'VenueRoom');
    expect(r).toEqual({
      code: 0,
      out: 'Capacity gt 50 and round(Capacity) eq 5\n((Capacity:Int32 gt 50:Int32) and (round(convert(Capacity:Int32):Decimal):Decimal eq 5m:Decimal))\n',
      err: '',
    });
  });

  it('prints literals as OData writes them: a date-time as its instant, not epoch milliseconds', async () => {
    const r = await run('check', 'StartDateTime gt 2012-01-01T01:00:00+01:00', '--schema', 'Event');
    expect(r).toEqual({
      code: 0,
      out: 'StartDateTime gt 2012-01-01T01:00:00+01:00\n(StartDateTime:DateTimeOffset gt 2012-01-01T00:00:00.000Z:DateTimeOffset)\n',
      err: '',
    });
    // For an earlier version, in that version's forms.
    const v3 = await run(
      'check',
      "StartDateTime gt datetimeoffset'2012-01-01T00:00:00Z'",
      '--schema',
      'Event',
      '--odata-version',
      '3.0',
    );
    expect(v3.out.split('\n')[1]).toBe(
      "(StartDateTime:DateTimeOffset gt datetimeoffset'2012-01-01T00:00:00Z':DateTimeOffset)",
    );
  });

  it('accepts a shipped schema name in any case', async () => {
    expect((await run('check', "Status eq 'Active'", '--schema', 'contact')).code).toBe(0);
  });

  it('prints the typed tree as JSON with --json', async () => {
    const r = await run('check', 'Event/EventID eq 7', '--schema', 'Registration', '--json');
    expect(r.code).toBe(0);
    const tree = JSON.parse(r.out) as { kind: string; left: { path: string[]; type: string } };
    expect(tree.kind).toBe('compare');
    expect(tree.left.path).toEqual(['Event', 'EventID']);
    expect(tree.left.type).toBe('Edm.Int32');
  });

  it("prints a structure's null test with its members", async () => {
    const r = await run('check', 'null ne Presenter', '--schema', 'EventSession', '--json');
    expect(r.code).toBe(0);
    const tree = JSON.parse(r.out) as {
      kind: string;
      op: string;
      path: string[];
      property: { properties: Record<string, { type: string }> };
    };
    expect([tree.kind, tree.op, tree.path]).toEqual(['structureNull', 'ne', ['Presenter']]);
    expect(Object.keys(tree.property.properties)).toEqual(['ContactID', 'Email']);
  });

  it('prints every issue with a caret line and exits 2', async () => {
    const r = await run('check', "Stauts eq 'x' and ContactID eq 'a'", '--schema', 'Contact');
    expect(r.code).toBe(2);
    expect(r.out).toBe('');
    expect(r.err).toBe(
      [
        "Property 'Stauts' does not exist on Contact. Did you mean 'Status'?",
        "  Stauts eq 'x' and ContactID eq 'a'",
        '  ^~~~~~',
        "Cannot compare ContactID (Edm.Int32) with 'a' (Edm.String)",
        "  Stauts eq 'x' and ContactID eq 'a'",
        '                    ^~~~~~~~~~~~~~~~',
        '',
      ].join('\n'),
    );
  });

  it('reports a syntax error the same way', async () => {
    const r = await run('check', 'Status eq', '--schema', 'Contact');
    expect(r.code).toBe(2);
    expect(r.err).toMatch(/^Unexpected end of input at position 9/);
  });

  it('reads a schema from a JSON file in the defineSchema shape', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-filter-'));
    const file = join(dir, 'room.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'Room',
        properties: { Seats: 'Edm.Int16', Wing: { properties: { Code: 'Edm.String' } } },
      }),
    );
    const ok = await run('check', "Seats gt 10 and Wing/Code eq 'A'", '--schema', file);
    expect(ok.out).toBe(
      "Seats gt 10 and Wing/Code eq 'A'\n((Seats:Int16 gt 10:Int16) and (Wing/Code:String eq 'A':String))\n",
    );
    const bad = await run('check', 'Sets gt 10', '--schema', file);
    expect(bad.code).toBe(2);
    expect(bad.err).toContain("Property 'Sets' does not exist on Room. Did you mean 'Seats'?");
  });

  it.each([
    [['check', 'x eq 1'], /missing --schema/],
    [['check', '--schema', 'Contact'], /check needs a filter/],
    [['check', 'x eq 1', '--schema', 'Nope'], /neither a shipped schema \(Event, Contact, .*\) nor a readable file/],
  ])('exits 64 on a usage error: %j', async (argv, message) => {
    const r = await run(...argv);
    expect(r.code).toBe(64);
    expect(r.err).toMatch(message);
  });

  it('exits 64 on a schema file that is not a valid definition', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-filter-'));
    const file = join(dir, 'bad.json');
    writeFileSync(file, JSON.stringify({ name: 'Bad', properties: { 'A/B': 'Edm.String' } }));
    const r = await run('check', 'x eq 1', '--schema', file);
    expect(r.code).toBe(64);
    expect(r.err).toContain("Schema 'Bad', property 'A/B': a property name cannot contain '/'");
  });

  it('stops reading a schema file beyond its bound: --schema /dev/zero ends', async () => {
    const r = await run('check', 'x eq 1', '--schema', '/dev/zero');
    expect(r.code).toBe(64);
    expect(r.err).toContain(
      '--schema /dev/zero: the file is larger than 8388608 bytes, the most a schema file may have',
    );
  });
});
