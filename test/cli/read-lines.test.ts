// readLines: lines split as node:readline splits them, in any chunking, and a line longer than the
// bound reported by its number without being built.

import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { readLines } from '../../src/cli/read-lines.js';
import type { Line } from '../../src/cli/read-lines.js';

async function lines(chunks: readonly (string | Uint8Array)[], maxLength = 100): Promise<Line[]> {
  const out: Line[] = [];
  for await (const line of readLines(Readable.from(chunks), maxLength)) out.push(line);
  return out;
}

describe('readLines', () => {
  it('splits at \\n, \\r\\n and \\r, across chunk boundaries', async () => {
    const expected = [
      { number: 1, text: 'a' },
      { number: 2, text: 'b' },
      { number: 3, text: 'c' },
      { number: 4, text: '' },
      { number: 5, text: 'd' },
    ];
    expect(await lines(['a\nb\r\nc\r\rd'])).toEqual(expected);
    expect(await lines(['a\nb\r', '\nc\r', '\rd\n'])).toEqual(expected);
    const text = 'a\nb\r\nc\r\rd';
    for (let cut = 0; cut <= text.length; cut++)
      expect(await lines([text.slice(0, cut), text.slice(cut)]), `cut at ${cut}`).toEqual(expected);
  });

  it('decodes UTF-8 split between chunks', async () => {
    const bytes = new TextEncoder().encode('é😀\nx');
    expect(await lines([bytes.slice(0, 1), bytes.slice(1, 4), bytes.slice(4)])).toEqual([
      { number: 1, text: 'é😀' },
      { number: 2, text: 'x' },
    ]);
  });

  it('reports a line longer than the bound and goes on with the next', async () => {
    expect(await lines(['12345\n123456', '789\n12'], 5)).toEqual([
      { number: 1, text: '12345' },
      { number: 2, tooLong: true },
      { number: 3, text: '12' },
    ]);
    expect(await lines(['x'.repeat(7)], 5)).toEqual([{ number: 1, tooLong: true }]);
  });
});
