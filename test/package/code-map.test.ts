// The README's code map ("Where the code is") names every folder of src/ (and each backend's), so a
// folder cannot be added without saying what it holds.

import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const src = new URL('../../src/', import.meta.url);
const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const map = readme.slice(readme.indexOf('## Where the code is'));

const folders = (url: URL, prefix: string): string[] =>
  readdirSync(url, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `${prefix}${entry.name}/`);

it('names every folder of src/ and of src/backends/', () => {
  const all = [...folders(src, 'src/'), ...folders(new URL('backends/', src), 'src/backends/')];
  expect(all).toContain('src/backends/sql/');
  const named = [...map.matchAll(/\bsrc\/[\w/-]*\//g)].map((m) => m[0]);
  expect(all.filter((folder) => !named.some((n) => n.startsWith(folder)))).toEqual([]);
});
