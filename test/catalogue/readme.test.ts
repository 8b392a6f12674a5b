// The README's quick start over a database's catalogue, run as written against the built package:
// a table declared once, in SQL, served with its rows keyed by property.

import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { afterAll, expect, it } from 'vitest';
import { readmeBlock, runServerBlock } from '../support/readme-block.js';

const block = readmeBlock('### Serve the tables of a database');
const sqlJs = pathToFileURL(createRequire(import.meta.url).resolve('sql.js')).href;
const { server, base } = await runServerBlock(block, { 'sql.js': sqlJs });
afterAll(() => server.close());

it('serves the table the README creates, filtered and ordered, in at most 15 lines', async () => {
  expect(block.split('\n').filter((line) => line.trim() !== '').length).toBeLessThanOrEqual(15);
  const response = await fetch(`${base}/Products?$filter=Price gt 2&$orderby=ProductId desc`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as { value: unknown[] };
  expect(body.value).toEqual([{ ProductId: 3, Name: 'Pad', Price: 4.25 }]);
});
