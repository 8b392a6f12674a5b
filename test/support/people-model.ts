// The model of a small social service: every kind of named type, keys, facets, partners, a
// derived entity type, bindings and a singleton. test/model/ reads it with defineModel(), and
// test/metadata/ writes it as a `$metadata` document.

import type { ModelDefinition } from '../../src/index.js';

export const people = {
  namespace: 'Social',
  enumTypes: { Mood: { members: { Calm: 0, Cross: 1 } }, 'Sales.Color': { members: { Red: 1, Blue: 2 }, flags: true } },
  typeDefinitions: { Handle: { underlyingType: 'Edm.String', maxLength: 40 } },
  complexTypes: {
    Address: { properties: { City: 'Edm.String', Zip: { type: 'Edm.String', maxLength: 10 } } },
    Place: { properties: { Home: 'Address', Previous: { type: 'Address', collection: true } } },
  },
  entityTypes: {
    Person: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int32', nullable: false },
        Name: 'Edm.String',
        Handle: 'Handle',
        Mood: 'Mood',
        Colors: { type: 'Sales.Color', collection: true, nullable: false },
        Place: 'Place',
        Balance: { type: 'Edm.Decimal', precision: 12, scale: 2 },
      },
      navigation: {
        Friends: { type: 'Person', collection: true, partner: 'Friends' },
        BestFriend: { type: 'Person' },
        Posts: { type: 'Post', collection: true, partner: 'Author' },
      },
    },
    Post: {
      key: ['Id'],
      properties: {
        Id: { type: 'Edm.Int64', nullable: false },
        Title: 'Edm.String',
        Rank: { type: 'Edm.Int32', nullable: false },
      },
      navigation: { Author: { type: 'Person', nullable: false, partner: 'Posts' } },
    },
    Employee: {
      baseType: 'Person',
      properties: { Salary: 'Edm.Decimal' },
      navigation: { Manager: { type: 'Employee' } },
    },
  },
  entitySets: {
    People: { type: 'Person', bindings: { Friends: 'People', BestFriend: 'People', Posts: 'Posts' } },
    Posts: { type: 'Post', bindings: { Author: 'People' } },
    Staff: { type: 'Employee', bindings: { Manager: 'Staff', Friends: 'People' } },
  },
  singletons: { Me: { type: 'Person', bindings: { Friends: 'People' } } },
} as const satisfies ModelDefinition;
