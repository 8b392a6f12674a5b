// What the types promise of a model, pinned: a view of an entity set is a Schema and goes wherever
// one does — the checker, every backend, the query layer, the client kit and the editor.
// Checked by `npm run typecheck` and by vitest's typecheck mode; nothing here runs.

import { describe, expectTypeOf, it } from 'vitest';
import { check, defineModel, type Model, type Schema, schemaOf, modelOf } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql, sqlite } from '../../src/backends/sql/index.js';
import { complete, filter, where } from '../../src/client/index.js';
import { parseQuery, type QueryResource } from '../../src/query/index.js';

const model = defineModel({
  namespace: 'N',
  entityTypes: {
    Person: {
      key: ['Id'],
      properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String' },
      navigation: { Friends: { type: 'Person', collection: true } },
    },
  },
  entitySets: { People: { type: 'Person' } },
});
const People = schemaOf(model, 'People');

describe('a view of a model', () => {
  it('is a Schema', () => {
    expectTypeOf(model).toEqualTypeOf<Model>();
    expectTypeOf(People).toEqualTypeOf<Schema>();
    expectTypeOf(modelOf(People).model).toEqualTypeOf<Model>();
  });

  it('goes wherever a schema goes', () => {
    const checked = check("Friends/any(f: f/Name eq 'Ann')", People);
    compilePredicate(checked);
    compileSql(checked, { dialect: sqlite });
    compileMongo(checked);
    const resource: QueryResource = {
      schema: People,
      key: ['Id'],
      policy: { spelling: 'odata', defaultTop: 10, maxTop: 50 },
    };
    parseQuery('$top=5', resource);
    filter(People)`Name eq ${'Ann'}`;
    where(People, (row) => (row as { Name: { eq(v: string): never } }).Name.eq('Ann'));
    complete('Na', 2, People);
  });
});
