// `odata-filter eval` through main(argv, io): JSON lines and arrays, stdin and files, bad lines.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/cli.js';

const run = runCli;

const rows = [
  { RoomID: 1, Name: 'Atrium', Capacity: 80 },
  { RoomID: 2, Name: 'Boardroom', Capacity: 12 },
  { RoomID: 3, Name: null, Capacity: null },
];

describe('odata-filter eval', () => {
  it('streams JSON lines from stdin and prints the matching rows', async () => {
    const input = rows.map((r) => JSON.stringify(r)).join('\n');
    const { code, out, err } = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom'], input);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out).toBe(`${JSON.stringify(rows[0])}\n`);
  });

  it('reads a JSON array from a file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'odata-eval-'));
    const file = join(dir, 'rows.json');
    writeFileSync(file, JSON.stringify(rows, null, 2));
    const { code, out } = await run(['eval', 'not (Capacity gt 50)', '--schema', 'VenueRoom', file]);
    expect(code).toBe(0);
    expect(out.trim().split('\n').map((l) => JSON.parse(l).RoomID)).toEqual([2, 3]);
  });

  it('reports bad lines with their numbers and goes on', async () => {
    const input = ['{"RoomID":1,"Capacity":80}', '{oops', '', '{"RoomID":4,"Capacity":"many"}', '{"RoomID":5,"Capacity":99}'].join('\n');
    const { code, out, err } = await run(['eval', 'Capacity gt 50', '--schema', 'VenueRoom'], input);
    expect(code).toBe(1);
    expect(out.trim().split('\n').map((l) => JSON.parse(l).RoomID)).toEqual([1, 5]);
    expect(err).toMatch(/^line 2: not JSON/m);
    expect(err).toMatch(/^line 4: Row value at 'Capacity' is not an Edm.Int32: "many"/m);
  });

  it('answers a bad filter with exit code 2 and a usage error with 64', async () => {
    expect((await run(['eval', 'Capacity gt', '--schema', 'VenueRoom'])).code).toBe(2);
    expect((await run(['eval', 'Capacity gt 5'])).code).toBe(64);
  });
});
