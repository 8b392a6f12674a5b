import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
const root = '/work/main/';
const entry = "export { parse, print, check } from './dist/index.js';\nexport { filter, where, and, or, not, writeQuery, readQuery } from './dist/client/index.js';\n";
async function size(stub) {
  const plugin = { name: 'stub', setup(b) { b.onLoad({ filter: /dist\/.*\.js$/ }, (args) => { const k = args.path.replace(/.*dist\//, ''); if (stub[k] !== undefined) return { contents: stub[k], loader: 'js' }; return undefined; }); } };
  const result = await build({ stdin: { contents: entry, resolveDir: root, sourcefile: 'e.js' }, bundle: true, minify: true, format: 'esm', platform: 'browser', write: false, plugins: [plugin], logLevel: 'silent' });
  const code = result.outputFiles[0].contents;
  return [code.length, gzipSync(code, { level: 9 }).length];
}
console.log('all', await size({}));
console.log('no fast path', await size({ 'syntax/fast-path.js': 'export function parseFast(){return undefined}' }));
console.log('no generated parser', await size({ 'generated/parser.js': 'export function parse(){} export class SyntaxError{} export const StartRules=[]' }));
console.log('no builder', await size({ 'client/builder.js': 'export function where(){} export function and(){} export function or(){} export function not(){}' }));
