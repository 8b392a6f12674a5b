// docs/csdl-writer.md's example, run as written (its imports bound to this package's modules), and
// held to what the page says of its documents.

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { defineModel } from '../../src/index.js';
import { metadataEtag, metadataJson, metadataXml } from '../../src/metadata/index.js';

const DOCS = readFileSync(new URL('../../docs/csdl-writer.md', import.meta.url), 'utf8');
const start = DOCS.indexOf('```ts\n') + 6;
const block = DOCS.slice(start, DOCS.indexOf('```\n', start));

it("docs/csdl-writer.md's example writes what the page says", () => {
  const body = block.replace(/^import .*$/gm, '');
  const run = new Function(
    'defineModel',
    'metadataXml',
    'metadataJson',
    'metadataEtag',
    `${body}\nreturn { xml, json, etag };`,
  ) as (...entries: unknown[]) => { xml: string; json: Record<string, Record<string, unknown>>; etag: string };
  const { xml, json, etag } = run(defineModel, metadataXml, metadataJson, metadataEtag);
  expect(xml).not.toContain('Email');
  expect(xml).toContain('<NavigationPropertyBinding Path="Friends" Target="People"/>');
  expect(xml).toContain('<Annotations Target="Social.Container/People">');
  expect(json.Social!.$Annotations).toEqual({
    'Social.Container/People': { '@Org.OData.Capabilities.V1.SortRestrictions': { NonSortableProperties: ['Name'] } },
  });
  expect(JSON.stringify(json)).not.toContain('Email');
  expect(etag).toMatch(/^"[0-9a-f]{64}"$/);
});
