// Runs the CLI in-process through main(argv, io) with captured streams, for the CLI tests.

import { PassThrough, Readable } from 'node:stream';
import { main } from '../../src/cli.js';

export interface CliResult {
  readonly code: number;
  readonly out: string;
  readonly err: string;
}

/** Runs `odata-filter <argv…>` with `input` on stdin; returns the exit code and both outputs. */
export async function runCli(argv: readonly string[], input = ''): Promise<CliResult> {
  const out = new PassThrough();
  const err = new PassThrough();
  let outText = '';
  let errText = '';
  out.on('data', (chunk: Buffer) => (outText += chunk.toString()));
  err.on('data', (chunk: Buffer) => (errText += chunk.toString()));
  const code = await main([...argv], { out, err, stdin: Readable.from([input]) } as unknown as Parameters<
    typeof main
  >[1]);
  return { code, out: outText, err: errText };
}
