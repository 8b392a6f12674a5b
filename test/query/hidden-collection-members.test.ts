// A member the rules hide inside a collection of structures ('Notes/Secret': { select: false }) is
// in no row: without a projection, with `*`, and with the collection named whole. In memory the
// elements lose it; PostgreSQL and SQLite rebuild the JSON without it, elements and order kept;
// MySQL/MariaDB and MongoDB refuse the projection by name (issue 26, finding 3).

import { describe, expect, it } from 'vitest';
import { applyQuery } from '../../src/backends/memory/index.js';
import { compileMongoQuery } from '../../src/backends/mongo/index.js';
import { compileSqlQuery } from '../../src/backends/sql/index.js';
import { parseQuery } from '../../src/query/index.js';
import type { QueryResource } from '../../src/query/index.js';
import type { CollectionProperty, StructuredProperty } from '../../src/types/schema.js';
import { defineSchema } from '../../src/types/schema.js';
import { engineFor, ENGINES } from '../sql/engines.js';
import { thrownFilterError } from '../support/thrown.js';

const schema = defineSchema({
  name: 'Doc',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Notes: {
      collection: {
        properties: {
          Text: 'Edm.String',
          Secret: 'Edm.String',
          Meta: { properties: { Author: 'Edm.String', Token: 'Edm.String' } },
        },
      },
    },
  },
});
const resource: QueryResource = {
  schema,
  key: ['Id'],
  policy: { spelling: 'odata', defaultTop: 10, maxTop: 10 },
  rules: { 'Notes/Secret': { select: false }, 'Notes/Meta/Token': { select: false } },
};

const rows = [
  {
    Id: 1,
    Notes: [
      { Text: 'a', Secret: 's1', Meta: { Author: 'x', Token: 't1' } },
      null,
      { Text: 'b', Secret: null, Meta: null },
    ],
  },
  { Id: 2, Notes: [] },
  { Id: 3, Notes: null },
  // No array, so no collection: nothing it holds shows.
  { Id: 4, Notes: { Text: 'c', Secret: 's4' } },
];
const visible = [
  { Id: 1, Notes: [{ Text: 'a', Meta: { Author: 'x' } }, null, { Text: 'b', Meta: null }] },
  { Id: 2, Notes: [] },
  { Id: 3, Notes: null },
  { Id: 4, Notes: null },
];

const QUERIES = ['$orderby=Id', '$select=*&$orderby=Id', '$select=Id,Notes&$orderby=Id'];

describe('a member the rules hide inside a collection of structures', () => {
  it.each(QUERIES)('is in no row in memory: %s', (query) => {
    expect(applyQuery(rows, parseQuery(query, resource)).items).toEqual(visible);
  });

  it('leaves the rows themselves as they were', () => {
    applyQuery(rows, parseQuery('$orderby=Id', resource));
    expect((rows[0]!.Notes as unknown[])[0]).toEqual({ Text: 'a', Secret: 's1', Meta: { Author: 'x', Token: 't1' } });
  });

  it.each(QUERIES)('makes MongoDB refuse the projection by name: %s', (query) => {
    const error = thrownFilterError(() => compileMongoQuery(parseQuery(query, resource)));
    expect([error.kind, error.construct]).toEqual(['unsupported', 'select_hidden_member']);
    expect(error.message).not.toMatch(/Secret|Token/);
  });
});

const notes = schema.properties.get('Notes') as CollectionProperty;
const columns = [
  { name: 'Id', path: ['Id'], type: 'Edm.Int32' as const },
  { name: 'Notes', path: ['Notes'], type: 'Json' as const, element: notes.element as StructuredProperty },
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: a member the rules hide inside a JSON collection`, () => {
    const engine = engineFor(setup);
    const options = { dialect: setup.dialect, from: 'docs', table: 'docs', collections: { Notes: { json: 'Notes' } } };

    it.each(QUERIES)(setup.name === 'mysql' ? 'is refused by name: %s' : 'is in no row: %s', async (query) => {
      const plan = parseQuery(query, resource);
      if (setup.name === 'mysql') {
        const error = thrownFilterError(() => compileSqlQuery(plan, options));
        expect([error.kind, error.construct]).toEqual(['unsupported', 'select_hidden_member']);
        expect(error.message).not.toMatch(/Secret|Token/);
        return;
      }
      // The loader writes arrays only: the row whose value is no array goes in as JSON text.
      await engine().loadTable('docs', columns, rows.slice(0, 3));
      await engine().query(`INSERT INTO docs VALUES (4, '{"Text": "c", "Secret": "s4"}')`);
      const { sql, params } = compileSqlQuery(plan, options).data;
      const got = (await engine().query(sql, params)).map((row) => ({
        Id: Number(row.Id),
        Notes: typeof row.Notes === 'string' ? JSON.parse(row.Notes) : row.Notes,
      }));
      expect(got).toEqual(visible);
    });
  });
}
