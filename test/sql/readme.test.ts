// The README's server quick start, run on the README's own schema: the filter it checks compiles on
// every backend, and the SQL and parameters it shows are what compileSql gives.

import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { check } from '../../src/index.js';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { compileMongo } from '../../src/backends/mongo/index.js';
import { compileSql, postgres } from '../../src/backends/sql/index.js';
import { README_CONTACT as Contact } from '../support/readme-schema.js';

const README = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
const FILTER = "Status eq 'Active' and substringof('ann', tolower(Email))";

it('checks the filter the README shows, and shows the SQL compileSql gives for it', () => {
  expect(README).toContain(`  filter = check(${JSON.stringify(FILTER)}, Contact);`);
  const filter = check(FILTER, Contact);
  const { sql, params } = compileSql(filter, { dialect: postgres });
  expect(README).toContain(`// ${sql}   ${JSON.stringify(params)}\n`);
  const rows = [
    { ContactID: 1, Status: 'Active', Email: 'Anna@example.org' },
    { ContactID: 2, Status: 'Active', Email: 'bob@example.org' },
    { ContactID: 3, Status: 'Closed', Email: 'ann@example.org' },
  ];
  expect(rows.filter(compilePredicate(filter)).map((r) => r.ContactID)).toEqual([1]);
  expect(compileMongo(filter)).toHaveProperty('$and');
});
