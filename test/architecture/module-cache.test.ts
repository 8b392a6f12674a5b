// The module cache (vitest.config.ts, `fsModuleCache`): vitest keys a cached module by its own
// text, but its transform also reads the nearest tsconfig.json (the compiler options its
// TypeScript is compiled with) and the package manifests (where an import of a package's own name
// leads). Each of them is in the key, so an edit of one is seen on the next run. The modules of
// vitest's own process are not kept (a stack mapped through one read back ended the run).

import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { expect, it } from 'vitest';
import { TRANSFORM_INPUTS, transformInputsKey } from '../../vitest.config.js';

const ROOT = resolve(import.meta.dirname, '../..');

/** The project's package.json and tsconfig.json files, outside what is installed or built. */
function manifests(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const path = join(directory, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', '.git'].includes(entry.name) || entry.name.startsWith('.') ? [] : manifests(path);
    return entry.name === 'package.json' || entry.name === 'tsconfig.json' ? [relative(ROOT, path)] : [];
  });
}

type KeyOf = (module: { environment: { name: string } }) => unknown;

it("keys the cached modules by every package.json and tsconfig.json, and keeps none of vitest's own process", () => {
  expect([...TRANSFORM_INPUTS].sort()).toEqual(manifests(ROOT).sort());
  let key: KeyOf | undefined;
  const plugin = transformInputsKey();
  (plugin.configureVitest as (context: object) => void)({
    experimental_defineCacheKeyGenerator: (generate: KeyOf) => (key = generate),
  });
  const texts = TRANSFORM_INPUTS.map((file) => readFileSync(join(ROOT, file), 'utf8'));
  expect(key?.({ environment: { name: 'ssr' } })).toBe(texts.join('\0'));
  expect(key?.({ environment: { name: '__vitest__' } })).toBe(false);
});
