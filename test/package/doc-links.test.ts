// The documentation's links resolve: every relative Markdown link of the README, the changelog and
// docs/ names a file that exists, and its `#anchor` a heading of that file; every `docs/….md` the
// prose names exists too.

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const PAGES = [
  'README.md',
  'CHANGELOG.md',
  ...readdirSync(join(root, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .map((f) => `docs/${f}`),
];

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces as hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const text = readFileSync(join(root, file), 'utf8');
  return new Set([...text.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1]!)));
}

describe('documentation links', () => {
  it('the pages are found', () => {
    expect(PAGES).toContain('docs/language.md');
    expect(PAGES.length).toBeGreaterThan(10);
  });

  it.each(PAGES)('%s: every relative link names a file, and a heading of it', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    const links = [...text.matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((l) => !/^[a-z]+:/.test(l));
    for (const link of links) {
      const [path, anchor] = link.split('#') as [string, string | undefined];
      const target = path === '' ? page : relative(root, join(dirname(join(root, page)), path));
      expect(existsSync(join(root, target)), `${page}: ${link}`).toBe(true);
      if (anchor !== undefined) expect(anchorsOf(target), `${page}: ${link}`).toContain(anchor);
    }
  });

  it.each(PAGES)('%s: every docs/….md it names exists', (page) => {
    const text = readFileSync(join(root, page), 'utf8');
    for (const [name] of text.matchAll(/\bdocs\/[\w-]+\.md\b/g))
      expect(existsSync(join(root, name)), `${page}: ${name}`).toBe(true);
  });
});
