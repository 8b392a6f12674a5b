// Builds the playground page into playground/dist/: its code bundled by esbuild (the package by
// its public entries, which resolve to dist/ — run `npm run build` first), the HTML and the
// stylesheet copied. Nothing in it is fetched from the network when the page is opened.

import { copyFile, mkdir, rm } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = fileURLToPath(new URL('.', import.meta.url));
export const OUT_DIR = fileURLToPath(new URL('./dist/', import.meta.url));

/** Builds the page; returns the directory it is in. */
export async function buildPlayground() {
  await rm(OUT_DIR, { recursive: true, force: true });
  await mkdir(OUT_DIR, { recursive: true });
  await build({
    entryPoints: [`${here}src/main.ts`],
    outfile: `${OUT_DIR}main.js`,
    bundle: true,
    // A classic deferred script, so that the page also opens as a file (a module script would not).
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    legalComments: 'linked',
    logLevel: 'warning',
  });
  await copyFile(`${here}index.html`, `${OUT_DIR}index.html`);
  await copyFile(`${here}style.css`, `${OUT_DIR}style.css`);
  return OUT_DIR;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = await buildPlayground();
  console.log(`playground built in ${dir}; serve that directory and open index.html`);
}
