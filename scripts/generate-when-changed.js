#!/usr/bin/env node
// Runs `npm run generate` unless the generated parser is newer than everything it is made from
// (the grammar, the trimming script, peggy itself): a build after an edit of src/ alone then
// spends no time regenerating the same parser. `npm run generate` always regenerates.

import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const SOURCES = ['grammar/filter.peggy', 'scripts/trim-parser.js', 'node_modules/peggy/package.json', 'package.json'];
const OUTPUTS = ['src/generated/parser.js', 'src/generated/parser.d.ts'];

const modified = (file) => {
  try {
    return statSync(new URL(file, `file://${root}`)).mtimeMs;
  } catch {
    return undefined;
  }
};
const newestSource = Math.max(...SOURCES.map((file) => modified(file) ?? Number.POSITIVE_INFINITY));
const oldestOutput = Math.min(...OUTPUTS.map((file) => modified(file) ?? Number.NEGATIVE_INFINITY));
if (oldestOutput <= newestSource) {
  const { status } = spawnSync('npm', ['run', 'generate', '--silent'], { cwd: root, stdio: 'inherit' });
  process.exit(status ?? 1);
}
