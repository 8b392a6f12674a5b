// A structure compared with null on every engine. Flattened columns hold no structure of its own,
// so a present structure whose members are all NULL reads as null there, where the reference
// reads it as present (docs/sql.md, "Columns"; docs/semantics.md, "SQL backends: differences").
// Every other row agrees with the reference.

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'S',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Address: { properties: { City: 'Edm.String', Geo: { properties: { Lat: 'Edm.Double' } } } },
    // A present Manager always has its Id: that column alone decides.
    Manager: { properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String' } },
    // Never null: FALSE for `eq null`, even where its columns are all NULL (rows 2 and 4).
    Owner: { nullable: false, properties: { Name: 'Edm.String' } },
  },
});

const ROWS = [
  { Id: 1, Address: { City: 'Paris', Geo: { Lat: 1.5 } }, Manager: { Id: 7, Name: 'Ann' }, Owner: { Name: 'Bo' } },
  { Id: 2, Address: null, Manager: null, Owner: {} },
  { Id: 3, Owner: { Name: 'Cy' } },
  // Present, every member missing or null: not null in the reference, null in the columns.
  { Id: 4, Address: {}, Manager: { Id: 8 }, Owner: { Name: null } },
  { Id: 5, Address: { City: null, Geo: { Lat: null } }, Manager: { Id: 9, Name: null }, Owner: { Name: 'Di' } },
  { Id: 6, Address: { City: 'Lyon', Geo: null }, Owner: { Name: 'Ed' } },
];

/** [filter, the reference's ids, the ids every SQL engine returns]. */
const CASES: readonly (readonly [string, readonly number[], readonly number[]])[] = [
  ['Address eq null', [2, 3], [2, 3, 4, 5]],
  ['Address ne null', [1, 4, 5, 6], [1, 6]],
  ['Address/Geo eq null', [2, 3, 4, 6], [2, 3, 4, 5, 6]],
  ['Address/Geo ne null', [1, 5], [1]],
  // Where a member is required or the structure is, the columns tell: no difference.
  ['Manager eq null', [2, 3, 6], [2, 3, 6]],
  ['null ne Manager', [1, 4, 5], [1, 4, 5]],
  ['Owner eq null', [], []],
  ['Owner ne null', [1, 2, 3, 4, 5, 6], [1, 2, 3, 4, 5, 6]],
  // A structure's value (docs/semantics.md §16) asks the structure present: one of null members
  // matches no row of columns, and a null nested member meets the null test's difference.
  ['Address eq {"City":null,"Geo":null}', [4], []],
  ['Address ne {"City":null,"Geo":null}', [1, 2, 3, 5, 6], [1, 2, 3, 4, 5, 6]],
  ['Address eq {"City":null,"Geo":{"Lat":null}}', [5], []],
  ['Address in [{"City":"Lyon","Geo":null}, null]', [2, 3, 6], [2, 3, 4, 5, 6]],
  ['Manager eq {"Id":9,"Name":null}', [5], [5]],
];

describe('the reference', () => {
  it.each(CASES)('%s', (filter, reference) => {
    const matches = compilePredicate(check(filter, schema));
    expect(ROWS.filter((r) => matches(r)).map((r) => r.Id)).toEqual(reference);
  });
});

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: a structure compared with null`, () => {
    const engine = engineFor(setup, schema, ROWS);
    it.each(CASES)('%s', async (filter, _reference, ids) => {
      expect(await engine().ids(compileSql(check(filter, schema), { dialect: setup.dialect }))).toEqual(ids);
    });
  });
}
