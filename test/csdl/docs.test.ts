// docs/metadata.md's example, run as written (its imports bound to this package's modules), and
// held to what the page says it returns.

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { fromMetadata } from '../../src/csdl/index.js';
import { check, schemaOf } from '../../src/index.js';

const DOCS = readFileSync(new URL('../../docs/metadata.md', import.meta.url), 'utf8');
const start = DOCS.indexOf('```ts\n') + 6;
const block = DOCS.slice(start, DOCS.indexOf('```\n', start));

it("docs/metadata.md's example reads what the page says", () => {
  const body = block.replace(/^import .*$/gm, '');
  const run = new Function(
    'check',
    'schemaOf',
    'fromMetadata',
    `${body}\nreturn { version, rules, report, People };`,
  ) as (...entries: unknown[]) => ReturnType<typeof fromMetadata> & { People: ReturnType<typeof schemaOf> };
  const { version, rules, report, People } = run(check, schemaOf, fromMetadata);
  expect(version).toBe('4.0');
  expect(rules).toEqual({ People: { Age: { sort: false } } });
  expect(report).toEqual([expect.objectContaining({ kind: 'unrepresentable', name: 'Trippin.Person/Photo', line: 8 })]);
  expect(() => check('Photo eq null', People, { version })).toThrow(/cannot be used in a filter/);
});
