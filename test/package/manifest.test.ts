// What the published package holds and does on install: the MIT licence its manifest names, the
// built entry points, no install-time script (the build runs on `prepack`, before packing), and
// runtime dependencies that are exactly the packages its code imports.

import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const root = new URL('../../', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('package.json', root), 'utf8')) as {
  license: string;
  keywords?: string[];
  dependencies?: Record<string, string>;
  scripts: Record<string, string>;
  exports: Record<string, string | Record<string, string>>;
};

// The scripts npm runs in a consumer's install (and `prepare` in a git install's too).
const INSTALL_SCRIPTS = ['preinstall', 'install', 'postinstall', 'prepare', 'preprepare', 'postprepare'];

describe('package manifest', () => {
  it('runs no script on install and builds before packing', () => {
    expect(Object.keys(manifest.scripts).filter((s) => INSTALL_SCRIPTS.includes(s))).toEqual([]);
    expect(manifest.scripts.prepack).toBe('npm run build');
  });

  it('ships the MIT licence it declares', () => {
    expect(manifest.license).toBe('MIT');
    const license = readFileSync(new URL('LICENSE', root), 'utf8');
    expect(license).toMatch(/^MIT License\n\nCopyright \(c\) 2026 the odata-filter authors\n/);
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
    expect(manifest.keywords).toEqual(expect.arrayContaining(['odata', 'filter']));
  });

  it('packs the licence, the README and every file the exports name', () => {
    // --ignore-scripts: list what would be packed without running prepack's build here.
    const [pack] = JSON.parse(
      execFileSync('npm', ['pack', '--dry-run', '--ignore-scripts', '--json'], {
        cwd: root,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }),
    ) as [{ files: { path: string }[] }];
    const files = new Set(pack.files.map((f) => f.path));
    const exported = Object.values(manifest.exports)
      .flatMap((e) => (typeof e === 'string' ? [e] : Object.values(e)))
      .map((p) => p.replace(/^\.\//, ''));
    for (const path of ['LICENSE', 'README.md', 'package.json', 'dist/cli.js', ...exported])
      expect(files, path).toContain(path);
    expect([...files].filter((f) => f.startsWith('test/') || f.startsWith('src/'))).toEqual([]);
    // The compiler's record of the last build (tsconfig.build.json, incremental) is no part of the package.
    expect([...files].filter((f) => f.endsWith('.tsbuildinfo'))).toEqual([]);
  });

  it('depends at run time on exactly the packages its source imports', () => {
    const source = new URL('src/', root);
    const files = (readdirSync(source, { recursive: true }) as string[]).filter((f) => /\.ts$/.test(f));
    const imported = new Set<string>();
    for (const file of files) {
      const text = readFileSync(new URL(file, source), 'utf8');
      for (const [, specifier] of text.matchAll(/^(?:import|export)\b[^'"]*?from\s+'([^'.][^']*)'/gm)) {
        if (specifier!.startsWith('node:')) continue;
        const parts = specifier!.split('/');
        imported.add(specifier!.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]!);
      }
    }
    expect(imported.size).toBeGreaterThan(0);
    expect(Object.keys(manifest.dependencies ?? {}).sort()).toEqual([...imported].sort());
  });
});
