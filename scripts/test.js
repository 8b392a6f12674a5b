#!/usr/bin/env node
// `npm test`: the builds the tests run against, then the tests with the lint and the type checks
// beside them. Arguments are passed to vitest (`npm test -- test/parse`).
//
// The checks need nothing the tests make, and the tests nothing the checks make; one after the
// other they were some 15 s before the first test, while vitest's start and its first imports
// leave the two cores partly idle. So the builds run first (dist/ and the service's dist/, which
// the tests import and start), then vitest with its output as it comes, and beside it the checks,
// their output held. A check that fails ends the run at once, its output printed, so a lint or
// type error is reported as soon as it is found, not after minutes of tests; the tests' own
// failures are vitest's to report.

import { spawn } from 'node:child_process';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
/** The project's own binaries first, as npm puts them for its scripts. */
const env = { ...process.env, PATH: `${join(root, 'node_modules', '.bin')}${delimiter}${process.env.PATH ?? ''}` };

/** What the tests import: the package's dist/ and the service's (its main.js is started as a user starts it). */
const BUILDS = [
  ['the package build', 'npm', ['run', 'build', '--silent']],
  ["the service's build", 'tsc', ['-p', 'service/tsconfig.build.json']],
];

/** What runs beside the tests. */
const CHECKS = [
  ['lint and format (biome)', 'biome', ['check', '.']],
  ['types of src/ and test/', 'tsc', ['-p', 'tsconfig.json', '--noEmit']],
  ['types of the service and its tests', 'tsc', ['-p', 'service/tsconfig.json']],
  ['types of the playground', 'tsc', ['-p', 'playground/tsconfig.json']],
];

/**
 * Starts a command in a process group of its own (so that ending it ends its children: vitest's
 * workers, the servers they started), its output passed through, or held where `quiet`.
 */
function start(command, args, { quiet }) {
  const began = Date.now();
  const child = spawn(command, args, {
    cwd: root,
    env,
    detached: true,
    stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit',
  });
  let output = '';
  if (quiet) {
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
  }
  const done = new Promise((resolve) => {
    child.on('error', (error) => resolve({ code: 1, output: `${output}${error.message}\n`, seconds: 0 }));
    child.on('close', (code, signal) =>
      resolve({ code: code ?? (signal ? 1 : 0), output, seconds: (Date.now() - began) / 1000 }),
    );
  });
  return { child, done };
}

/** Ends a started command and everything it started. */
function end({ child }) {
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // It has ended already.
  }
}

for (const [name, command, args] of BUILDS) {
  const { code } = await start(command, args, { quiet: false }).done;
  if (code !== 0) {
    console.error(`npm test: ${name} failed; no test ran`);
    process.exit(code);
  }
}

const tests = start('vitest', ['run', ...process.argv.slice(2)], { quiet: false });
// Ctrl-C reaches this process only (the others are in groups of their own): it ends them too.
for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    end(tests);
    process.exit(130);
  });
const passed = [];
await Promise.all(
  CHECKS.map(async ([name, command, args]) => {
    const { code, output, seconds } = await start(command, args, { quiet: true }).done;
    if (code === 0) {
      passed.push(`${name} (${seconds.toFixed(1)} s)`);
      return;
    }
    end(tests);
    console.error(`\nnpm test: ${name} FAILED, so the tests were stopped:\n${output}`);
    process.exit(1);
  }),
);
const { code } = await tests.done;
console.log(`npm test: passed beside the tests: ${passed.join(', ')}`);
process.exit(code);
