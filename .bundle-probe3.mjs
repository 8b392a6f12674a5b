import { build, transform } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
const entry = "export { parse, print, check } from './dist/index.js';\nexport { filter, where, and, or, not, writeQuery, readQuery } from './dist/client/index.js';\n";
const result = await build({ stdin: { contents: entry, resolveDir: '/work/main/', sourcefile: 'e.js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, metafile: true, logLevel: 'silent' });
const rows = [];
for (const f of Object.keys(result.metafile.inputs)) {
  if (!f.startsWith('dist')) continue;
  const { code } = await transform(readFileSync('/work/main/' + f, 'utf8'), { minify: true, format: 'esm' });
  rows.push([gzipSync(code, { level: 9 }).length, code.length, f]);
}
rows.sort((a, b) => b[0] - a[0]);
let t = 0; for (const r of rows) { t += r[0]; console.log(r.join('\t')); } console.log('sum gz', t);
