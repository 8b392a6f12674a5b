// The entry points stay apart: the core imports no backend and no backend imports another, so a
// client that bundles only `odata-filter` gets only the core. Checked on the import graph of src/.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = fileURLToPath(new URL('../../src/', import.meta.url));
const packageJson = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
  exports: Record<string, { default?: string; types?: string }>;
};

/** Every module reachable from `entry` through relative imports (static and `import type` alike). */
function reachable(entry: string): Set<string> {
  const seen = new Set<string>();
  const stack = [entry];
  while (stack.length > 0) {
    const file = stack.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from|import)\s*\(?\s*'(\.{1,2}\/[^']+)'/g)) {
      const target = join(dirname(file), match[1]!).replace(/\.js$/, '.ts');
      if (!target.includes('/generated/')) stack.push(target);
    }
  }
  return new Set([...seen].map((f) => relative(src, f)));
}

const BACKENDS = ['memory', 'sql', 'mongo'] as const;

describe('entry points', () => {
  it('the core reaches no backend module', () => {
    const core = [...reachable(join(src, 'index.ts'))];
    expect(core.filter((f) => f.startsWith('backends/'))).toEqual([]);
    expect(core).toContain('types/check.ts'); // the walk did follow imports
  });

  it.each(BACKENDS)('the %s backend reaches no other backend', (name) => {
    const modules = [...reachable(join(src, 'backends', name, 'index.ts'))];
    const others = modules.filter((f) => f.startsWith('backends/') && !f.startsWith(`backends/${name}/`));
    expect(others).toEqual([]);
  });

  it('the query entry reaches no backend module, and is exported from its built entry', () => {
    const modules = [...reachable(join(src, 'query', 'index.ts'))];
    expect(modules.filter((f) => f.startsWith('backends/'))).toEqual([]);
    expect(modules).toContain('query/parse-query.ts');
    expect(packageJson.exports['./query']).toEqual({
      types: './dist/query/index.d.ts',
      default: './dist/query/index.js',
    });
  });

  it('the client entry reaches no backend and no query module, and is exported from its built entry', () => {
    const modules = [...reachable(join(src, 'client', 'index.ts'))];
    expect(modules.filter((f) => f.startsWith('backends/') || f.startsWith('query/'))).toEqual([]);
    expect(modules).toContain('client/template.ts');
    expect(packageJson.exports['./client']).toEqual({
      types: './dist/client/index.d.ts',
      default: './dist/client/index.js',
    });
  });

  it('the metadata entry reaches no backend module, and is exported from its built entry', () => {
    const modules = [...reachable(join(src, 'metadata', 'index.ts'))];
    expect(modules.filter((f) => f.startsWith('backends/'))).toEqual([]);
    expect(modules).toContain('metadata/csdl-plan.ts');
    expect(packageJson.exports['./metadata']).toEqual({
      types: './dist/metadata/index.d.ts',
      default: './dist/metadata/index.js',
    });
  });

  it('the csdl entry reaches no backend module, and no other entry reaches it or its XML parser', () => {
    const modules = [...reachable(join(src, 'csdl', 'index.ts'))];
    expect(modules.filter((f) => f.startsWith('backends/'))).toEqual([]);
    expect(modules).toContain('csdl/from-metadata.ts');
    expect(packageJson.exports['./csdl']).toEqual({ types: './dist/csdl/index.d.ts', default: './dist/csdl/index.js' });
    for (const entry of ['index.ts', 'query/index.ts', 'client/index.ts', 'metadata/index.ts', 'server/index.ts'])
      expect(
        [...reachable(join(src, entry))].filter((f) => f.startsWith('csdl/')),
        entry,
      ).toEqual([]);
    // saxes is imported by the csdl entry's files only.
    const importers = (readdirSync(src, { recursive: true }) as string[])
      .filter((f) => f.endsWith('.ts') && /from 'saxes'/.test(readFileSync(join(src, f), 'utf8')))
      .map((f) => dirname(f));
    expect(importers.length).toBeGreaterThan(0);
    expect(importers.filter((dir) => dir !== 'csdl')).toEqual([]);
  });

  it('the catalogue entry is exported from its built entry, and no other entry reaches it', () => {
    expect([...reachable(join(src, 'catalogue', 'index.ts'))]).toContain('catalogue/catalogue-model.ts');
    expect(packageJson.exports['./catalogue']).toEqual({
      types: './dist/catalogue/index.d.ts',
      default: './dist/catalogue/index.js',
    });
    for (const entry of ['index.ts', 'query/index.ts', 'client/index.ts', 'metadata/index.ts', 'server/index.ts'])
      expect(
        [...reachable(join(src, entry))].filter((f) => f.startsWith('catalogue/')),
        entry,
      ).toEqual([]);
  });

  it("no library entry reaches the example service's model, which its own entry exports", () => {
    for (const entry of [
      'index.ts',
      'query/index.ts',
      'client/index.ts',
      'metadata/index.ts',
      'csdl/index.ts',
      ...BACKENDS.map((b) => `backends/${b}/index.ts`),
    ])
      expect(
        [...reachable(join(src, entry))].filter((f) => f.startsWith('examples/')),
        entry,
      ).toEqual([]);
    expect([...reachable(join(src, 'examples', 'events', 'index.ts'))]).toContain('examples/events/policies.ts');
    expect(packageJson.exports['./examples/events']).toEqual({
      types: './dist/examples/events/index.d.ts',
      default: './dist/examples/events/index.js',
    });
  });

  it.each(BACKENDS)('package.json exports ./%s from its built entry', (name) => {
    expect(packageJson.exports[`./${name}`]).toEqual({
      types: `./dist/backends/${name}/index.d.ts`,
      default: `./dist/backends/${name}/index.js`,
    });
  });
});
