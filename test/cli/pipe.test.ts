// A reader that closes the pipe early (`odata-filter eval … | head -1`): the command ends quietly
// with status 0, as Unix tools do, instead of an unhandled EPIPE. Through dist/cli.js and a real
// pipe; npm test builds before it runs the tests.

import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const cli = fileURLToPath(new URL('../../dist/cli.js', import.meta.url));

/** Far more matching rows than a pipe buffers, so that writing goes on after the reader is gone. */
function manyRows(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'odata-pipe-')), 'rows.jsonl');
  const lines: string[] = [];
  for (let i = 0; i < 50_000; i++) lines.push(JSON.stringify({ RoomID: i, Name: `Room ${i}`, Capacity: 80 }));
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('odata-filter on a pipe closed early', () => {
  it('exits 0 without a word when the reader has gone (head -1)', async () => {
    const file = manyRows();
    // The shell reports the command's own status on stderr; head's is the pipeline's.
    const script = `("$NODE" "$CLI" eval "Capacity gt 50" --schema VenueRoom < "$ROWS"; echo "status $?" >&2) | head -1`;
    const child = spawn('sh', ['-c', script], {
      env: { ...process.env, NODE: process.execPath, CLI: cli, ROWS: file },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect({ code, out, err }).toEqual({
      code: 0,
      out: '{"RoomID":0,"Name":"Room 0","Capacity":80}\n',
      err: 'status 0\n',
    });
  });

  it('exits 0 when the reading end is closed after the first chunk', async () => {
    const rows = openSync(manyRows(), 'r');
    const child = spawn(process.execPath, [cli, 'eval', 'Capacity gt 50', '--schema', 'VenueRoom'], {
      stdio: [rows, 'pipe', 'pipe'],
    });
    const { stdout, stderr } = child as typeof child & { stdout: Readable; stderr: Readable };
    let err = '';
    stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
    stdout.once('data', () => stdout.destroy());
    const code = await new Promise((resolve) => child.on('close', resolve));
    closeSync(rows);
    expect({ code, err }).toEqual({ code: 0, err: '' });
  });
});
