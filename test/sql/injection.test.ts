// Adversarial strings in every string-literal position: each engine returns exactly the reference's
// rows and the table is unchanged afterwards.

import { describe, expect, it } from 'vitest';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';
import { engineFor, ENGINES } from './engines.js';

const schema = defineSchema({
  name: 'T',
  properties: { Id: { type: 'Edm.Int32', nullable: false }, Name: 'Edm.String', Note: 'Edm.String' },
});

const HOSTILE = [
  "'; DROP TABLE items; --",
  "x' OR '1'='1",
  '" OR 1=1 --',
  '`; DELETE FROM items; #',
  '\\',
  "\\'; DROP TABLE items; --",
  '%',
  '_',
  '!',
  '!%',
  '\\%',
  '$1',
  '?',
  '/* */',
  'a%b_c\\d!e',
  '😀%',
];

const rows = [
  { Id: 1, Name: "'; DROP TABLE items; --", Note: '%' },
  { Id: 2, Name: 'plain', Note: '_' },
  { Id: 3, Name: 'a%b_c\\d!e', Note: null },
  { Id: 4, Name: null, Note: '\\' },
  { Id: 5, Name: '😀%x', Note: '!' },
  { Id: 6, Name: 'ab', Note: '?' },
];

const positions = (v: string): string[] => {
  const q = `'${v.replace(/'/g, "''")}'`;
  return [
    `Name eq ${q}`,
    `Name ne ${q}`,
    `Name lt ${q}`,
    `Name in (${q}, 'plain')`,
    `startswith(Name, ${q})`,
    `endswith(Name, ${q})`,
    `contains(Name, ${q})`,
    `substringof(${q}, Name)`,
    `indexof(Name, ${q}) ge 0`,
    `replace(Name, ${q}, ${q}) eq Name`,
    `concat(Name, ${q}) eq ${q}`,
    `not startswith(Note, ${q})`,
  ];
};

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: adversarial strings`, () => {
    const engine = engineFor(setup, schema, rows);

    const cases = HOSTILE.flatMap(positions);
    it.each(cases)('%s', async (filter) => {
      const typed = check(filter, schema);
      const predicate = compilePredicate(typed);
      const expected = rows.filter((r) => predicate(r)).map((r) => r.Id);
      expect(await engine().ids(compileSql(typed, { dialect: setup.dialect }))).toEqual(expected);
    });

    it('leaves the table as it was', async () => {
      expect(await engine().ids({ sql: '1 = 1', params: [] })).toEqual([1, 2, 3, 4, 5, 6]);
    });
  });
}
