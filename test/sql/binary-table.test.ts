// The binary evaluation table (docs/semantics.md §6) on the three engines: binaries as bytea,
// BLOB and LONGBLOB (docs/sql.md), bound as bytes (PostgreSQL, SQLite) or as hexadecimal text
// (MySQL), the collection in a child table. A Binary's text needs a base64 function SQLite does
// not have, and JSON holds no bytes: both are refused by name.

import { describe, expect, it } from 'vitest';
import { childTables } from './child-tables.js';
import { compileSql } from '../../src/backends/sql/index.js';
import type { CollectionStorage } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { binaryCases, binaryRows, binarySchema, binaryTextCases } from '../support/binary-table.js';
import { loadWithChildTables } from './child-tables.js';
import { engineFor, ENGINES } from './engines.js';
import { thrownFilterError } from '../support/thrown.js';

for (const setup of ENGINES)
  describe.skipIf(!setup.available())(`${setup.name}: the binary evaluation table`, () => {
    const engine = engineFor(setup);
    let collections: CollectionStorage;

    it.each(binaryCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
      collections ??= await loadWithChildTables(engine(), binarySchema, binaryRows);
      const compiled = compileSql(check(filter, binarySchema), { dialect: setup.dialect, table: 'items', collections });
      expect(await engine().ids(compiled)).toEqual(ids);
    });

    it.each(binaryTextCases.map((c) => [c.filter, c.ids] as const))('%s', async (filter, ids) => {
      collections ??= await loadWithChildTables(engine(), binarySchema, binaryRows);
      const compile = () => compileSql(check(filter, binarySchema), { dialect: setup.dialect, table: 'items' });
      if (setup.name === 'sqlite') {
        expect(thrownFilterError(compile)).toMatchObject({
          kind: 'unsupported',
          construct: 'cast(Edm.Binary, Edm.String)',
          target: 'sqlite',
        });
        return;
      }
      expect(await engine().ids(compile())).toEqual(ids);
    });
  });

describe('a binary in a JSON column', () => {
  const { collections } = childTables(binarySchema, binaryRows, true);
  it.each(ENGINES.map((setup) => [setup.name, setup] as const))('is refused on %s', (_name, setup) => {
    const typed = check("Bins/any(b: b eq X'00')", binarySchema);
    expect(
      thrownFilterError(() => compileSql(typed, { dialect: setup.dialect, table: 'items', collections })),
    ).toMatchObject({ kind: 'unsupported', construct: 'binary in JSON', target: setup.name, start: 12, end: 13 });
    // The collection itself, which holds no value a filter reads, is no binary.
    expect(() =>
      compileSql(check('Bins/any()', binarySchema), { dialect: setup.dialect, table: 'items', collections }),
    ).not.toThrow();
  });
});
