// service/dist/main.js in a process of its own, as `npm start` runs it: started on a free port,
// its banner awaited, its output kept, stopped by a signal.

import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export const MAIN = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

export interface Started {
  readonly child: ChildProcess;
  readonly base: string;
  readonly output: () => string;
}

/** Starts main.js on a free port and waits for its banner. */
export async function start(env: Record<string, string> = {}): Promise<Started> {
  const child = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const base = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no banner within 60 s:\n${output}`)), 60_000);
    const look = (): void => {
      const match = /Interface A \(XML, HTTP Basic\): (http:\/\/127\.0\.0\.1:\d+)\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]!);
      }
    };
    child.stdout!.on('data', look);
    child.once('exit', (code) => reject(new Error(`main.js exited with ${code}:\n${output}`)));
  });
  return { child, base, output: () => output };
}

/** Runs main.js to its exit (one that cannot start): its exit code and everything it wrote. */
export function exited(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const child = spawn(process.execPath, [MAIN], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('close', (code) => resolve({ code, output })));
}

/** Resolves once the output shows the pattern (the process's log is where a signal's effect shows). */
export async function waitFor(output: () => string, pattern: RegExp): Promise<void> {
  for (let waited = 0; !pattern.test(output()); waited += 20) {
    if (waited > 10_000) throw new Error(`no ${pattern} in:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The exit of the process after the signal: its code, or the signal that ended it. */
export function stopped(child: ChildProcess, signal: NodeJS.Signals): Promise<number | string | null> {
  return new Promise((resolve) => {
    child.once('exit', (code, by) => resolve(code ?? by));
    child.kill(signal);
  });
}
