import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { readFileSync } from 'node:fs';
const entry = "export { parse, print, check } from './dist/index.js';\nexport { filter, where, and, or, not, writeQuery, readQuery } from './dist/client/index.js';\n";
async function size(edit) {
  const plugin = { name: 'edit', setup(b) { b.onLoad({ filter: /dist\/.*\.js$/ }, (args) => { const k = args.path.replace(/.*dist\//, ''); const src = readFileSync(args.path, 'utf8'); const out = edit(k, src); return out === src ? undefined : { contents: out, loader: 'js' }; }); } };
  const result = await build({ stdin: { contents: entry, resolveDir: '/work/main/', sourcefile: 'e.js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, plugins: [plugin], logLevel: 'silent' });
  const code = result.outputFiles[0].contents;
  return [code.length, gzipSync(code, { level: 9 }).length];
}
const noFast = (k, s) => k === 'syntax/fast-path.js' ? 'export function parseFast(){return undefined}' : s;
const noDocs = (k, s) => k === 'types/functions.js' ? s.replace(/summary: (`[^`]*`|'(?:[^'\\]|\\.)*'|"[^"]*")/g, "summary: ''").replace(/example: (`[^`]*`|'(?:[^'\\]|\\.)*'|"[^"]*")/g, "example: ''").replace(/, '[^']{20,}'\)/g, ", '')").replace(/, '[^']{20,}', /g, ", '', ") : s;
console.log('all', await size((k, s) => s));
console.log('no fast', await size(noFast));
console.log('no docs', await size(noDocs));
console.log('both', await size((k, s) => noDocs(k, noFast(k, s))));
