// The floors of src/ (DESIGN.md, "Conventions"): imports run down only, and no files import each
// other in a loop. Both are read from the source text, so a new import that breaks them fails here.

import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = resolve(import.meta.dirname, '../../src');

/**
 * The floors, bottom first: a file may import its own floor's files and those of floors below.
 * A folder (or a file at the top of src/) stands on the floor that names it.
 */
const FLOORS: readonly (readonly string[])[] = [
  ['errors.ts', 'assert-never.ts', 'dispatch.ts', 'language'],
  ['semantics'],
  ['syntax', 'generated'],
  ['types', 'model'],
  ['lower'],
  ['backends'],
  ['query'],
  ['client', 'cli', 'cli.ts', 'index.ts', 'examples', 'server', 'metadata', 'csdl', 'catalogue'],
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|js)$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/** The files of src/ a file imports (type-only imports too: they tie the files as much). */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specifiers = [
    ...text.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?from\s*'(\.[^']+)'|import\s*\(\s*'(\.[^']+)'\s*\)/gm),
  ];
  return specifiers.map((m) => resolve(dirname(file), (m[1] ?? m[2])!).replace(/\.js$/, '.ts'));
}

function floorOf(file: string): number {
  const top = relative(SRC, file).split('/')[0]!;
  const floor = FLOORS.findIndex((names) => names.includes(top));
  if (floor < 0) throw new Error(`src/${top} stands on no floor: add it to FLOORS`);
  return floor;
}

const files = sourceFiles(SRC);
const graph = new Map(files.map((file) => [file, importsOf(file).filter((target) => files.includes(target))]));
const name = (file: string): string => relative(SRC, file);

/** Tarjan's strongly connected components: each a set of files that import each other in a loop. */
function stronglyConnected(nodes: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of nodes.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      components.push(component);
    }
  };
  for (const v of nodes.keys()) if (!index.has(v)) visit(v);
  return components;
}

describe('the import graph of src/', () => {
  it('reads the imports of every file', () => {
    // The reader must see the imports that exist: the parser's entry and a backend import others.
    expect(graph.get(join(SRC, 'syntax/parse.ts'))?.length).toBeGreaterThan(0);
    expect(graph.get(join(SRC, 'backends/sql/compile.ts'))?.length).toBeGreaterThan(3);
  });

  it('runs down the floors only', () => {
    const upward = [...graph].flatMap(([file, targets]) =>
      targets.filter((target) => floorOf(target) > floorOf(file)).map((target) => `${name(file)} -> ${name(target)}`),
    );
    expect(upward).toEqual([]);
  });

  it('has no import cycle', () => {
    const cycles = stronglyConnected(graph)
      .filter((component) => component.length > 1)
      .map((component) => component.map(name).sort());
    expect(cycles).toEqual([]);
  });

  it('keeps language/ free of every stage', () => {
    const language = [...graph].filter(([file]) => floorOf(file) === 0);
    expect(language.length).toBeGreaterThan(5);
    for (const [file, targets] of language)
      for (const target of targets)
        expect(`${name(file)} -> ${name(target)}`).toMatch(/-> (language\/|errors|assert-never|dispatch)/);
  });
});
