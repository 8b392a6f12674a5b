// CommonJS consumers: every entry of the built package loads through require() (Node 20.19+
// loads ESM without top-level await that way), and a CommonJS TypeScript project with
// `module: nodenext` type-checks against it and runs. Each runs in a child process against a
// consumer directory whose node_modules/odata-filter links to this package, so the `exports` map
// of package.json is what resolves the names. npm test builds dist/ before it runs the tests.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = fileURLToPath(new URL('../../node_modules/typescript/bin/tsc', import.meta.url));
const packageJson = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, unknown>;
};

/** For each entry point: the names to import and one use of them, which prints a known line. */
const USES: Readonly<Record<string, { readonly names: string; readonly use: string; readonly prints: string }>> = {
  '.': { names: 'parse, print, check, defineModel, modelOf', use: "print(parse('A  EQ 1'))", prints: 'A eq 1' },
  './memory': {
    names: 'compilePredicate',
    use: "[{ Capacity: 80 }, { Capacity: 5 }].filter(compilePredicate(check('Capacity gt 50', VenueRoom))).length",
    prints: '1',
  },
  './sql': {
    names: 'compileSql, sqlite',
    use: "compileSql(check('Capacity gt 50', VenueRoom), { dialect: sqlite }).params.length",
    prints: '1',
  },
  './mongo': {
    names: 'compileMongo',
    use: "JSON.stringify(compileMongo(check('Capacity gt 50', VenueRoom)))",
    prints: '{"Capacity":{"$gt":50}}',
  },
  './query': {
    names: 'parseQuery',
    use: "parseQuery('top=5', { schema: VenueRoom, key: ['VenueRoomID'], policy: SERVICE_INTERFACE_A }).top",
    prints: '5',
  },
  './client': {
    names: 'filter, writeQuery',
    use: 'writeQuery({ filter: filter(VenueRoom)`Name eq ${"it\'s"}`, top: 5 })',
    prints: "?$filter=Name%20eq%20'it''s'&$top=5",
  },
  './metadata': {
    names: 'metadataXml, metadataEtag',
    use: "metadataEtag(metadataXml(modelOf(VenueRoom).model, { keys: { 'Default.VenueRoom': ['VenueRoomID'] } })).length",
    prints: '66',
  },
  './csdl': {
    names: 'fromMetadata',
    use: "fromMetadata(metadataXml(defineModel({ namespace: 'N', entityTypes: { T: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false } } } }, entitySets: { Ts: { type: 'T' } } }))).model.entitySets.has('Ts')",
    prints: 'true',
  },
  './server': {
    names: 'odataEndpoint, arraySource',
    use: "typeof odataEndpoint({ model: defineModel({ namespace: 'N', entityTypes: { T: { key: ['Id'], properties: { Id: { type: 'Edm.Int32', nullable: false } } } }, entitySets: { Ts: { type: 'T' } } }), entitySets: { Ts: { source: arraySource([]) } } })",
    prints: 'function',
  },
  './catalogue': {
    names: 'pascalCase',
    use: "pascalCase('order_lines')",
    prints: 'OrderLines',
  },
  './examples/events': {
    names: 'VenueRoom, SERVICE_INTERFACE_A, SERVICE_SCHEMAS',
    use: "`${SERVICE_SCHEMAS.get('VenueRoom') === VenueRoom} ${SERVICE_INTERFACE_A.maxTop}`",
    prints: 'true 250',
  },
};

const specifier = (entry: string): string => (entry === '.' ? 'odata-filter' : `odata-filter/${entry.slice(2)}`);
const expected = Object.values(USES)
  .map((u) => `${u.prints}\n`)
  .join('');

/** A CommonJS consumer project with this package installed under node_modules. */
function consumer(): string {
  const dir = mkdtempSync(join(tmpdir(), 'odata-filter-cjs-'));
  mkdirSync(join(dir, 'node_modules'));
  symlinkSync(root, join(dir, 'node_modules', 'odata-filter'), 'dir');
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'commonjs' }));
  return dir;
}

describe('CommonJS consumers', () => {
  it('the uses cover every code entry point of package.json', () => {
    expect(Object.keys(USES).sort()).toEqual(
      Object.keys(packageJson.exports)
        .filter((e) => e !== './package.json')
        .sort(),
    );
  });

  it('require() every entry of the built package and use it', () => {
    const dir = consumer();
    const lines = Object.entries(USES).map(
      ([entry, { names }]) => `const { ${names} } = require(${JSON.stringify(specifier(entry))});`,
    );
    const uses = Object.values(USES).map((u) => `console.log(${u.use});`);
    writeFileSync(join(dir, 'consumer.cjs'), [...lines, ...uses].join('\n'));
    const pkg = execFileSync(process.execPath, ['-e', "console.log(require('odata-filter/package.json').name)"], {
      cwd: dir,
      encoding: 'utf8',
    });
    expect(pkg).toBe('odata-filter\n');
    expect(execFileSync(process.execPath, [join(dir, 'consumer.cjs')], { cwd: dir, encoding: 'utf8' })).toBe(expected);
  });

  it('a CommonJS TypeScript project with module nodenext type-checks, compiles to require() and runs', () => {
    const dir = consumer();
    writeFileSync(
      join(dir, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: { module: 'nodenext', moduleResolution: 'nodenext', strict: true, outDir: 'out', types: [] },
        files: ['consumer.ts'],
      }),
    );
    const lines = Object.entries(USES).map(
      ([entry, { names }]) => `import { ${names} } from ${JSON.stringify(specifier(entry))};`,
    );
    const uses = Object.values(USES).map((u) => `console.log(${u.use});`);
    writeFileSync(join(dir, 'consumer.ts'), [...lines, ...uses].join('\n'));
    execFileSync(process.execPath, [tsc, '-p', dir], { cwd: dir, encoding: 'utf8' });
    const compiled = readFileSync(join(dir, 'out', 'consumer.js'), 'utf8');
    expect(compiled).toContain('require("odata-filter/sql")');
    expect(execFileSync(process.execPath, [join(dir, 'out', 'consumer.js')], { cwd: dir, encoding: 'utf8' })).toBe(
      expected,
    );
  });
});
