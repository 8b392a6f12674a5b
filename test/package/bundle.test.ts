// What a browser client bundles for parse, check, print and the client kit: the core and client
// entries, built from dist/ as a bundler would (esbuild, minified, for the browser). It must hold
// no backend and no query-option code; its gzipped size is reported (docs/client.md, "Size").

import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));

it('bundles the core and client entries without any backend or query-option module', async () => {
  const result = await build({
    stdin: {
      contents: "export { parse, print, check } from './dist/index.js';\nexport { filter, writeQuery, readQuery } from './dist/client/index.js';\n",
      resolveDir: root,
      sourcefile: 'client-entry.js',
    },
    bundle: true,
    minify: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  const inputs = Object.keys(result.metafile.inputs);
  expect(inputs.some((f) => f.includes('dist/client/template.js'))).toBe(true);
  expect(inputs.filter((f) => /dist\/(backends|query)\//.test(f))).toEqual([]);
  const code = result.outputFiles[0]!.contents;
  const gzipped = gzipSync(code, { level: 9 }).length;
  console.log(`core + client bundle: ${code.length} bytes minified, ${gzipped} bytes gzipped`);
  expect(gzipped).toBeGreaterThan(0);
});
