#!/usr/bin/env node
// Prints the test files of a vitest JSON report by time, slowest first, and marks each one over
// its budget (docs/testing.md, "Time budgets"). A report, not a test: timings depend on the
// machine and what else runs on it, so nothing fails on them.
//
//   npx vitest run --reporter=json --outputFile=report.json && node scripts/test-times.js report.json

import { readFileSync } from 'node:fs';
import { relative } from 'node:path';

/** Seconds a test file may take at the default size on two idle cores. */
const BUDGET_SECONDS = 5;

const [file] = process.argv.slice(2);
if (file === undefined) {
  console.error('usage: node scripts/test-times.js <vitest JSON report>');
  process.exit(2);
}
const report = JSON.parse(readFileSync(file, 'utf8'));
const files = report.testResults
  .map((result) => ({
    name: relative(process.cwd(), result.name),
    // From its first test's start to its last test's end; the imports it shares with other files are not in it.
    wall: (result.endTime - result.startTime) / 1000,
  }))
  .sort((a, b) => b.wall - a.wall);
const total = files.reduce((sum, f) => sum + f.wall, 0);
console.log(`${files.length} files, ${total.toFixed(0)} s in all; budget ${BUDGET_SECONDS} s a file`);
for (const f of files) {
  if (f.wall < 1) continue;
  const over = f.wall > BUDGET_SECONDS ? '  over budget' : '';
  console.log(`${f.wall.toFixed(1).padStart(7)} s  ${f.name}${over}`);
}
