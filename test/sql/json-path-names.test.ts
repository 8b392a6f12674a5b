// A tree built or altered by hand can name a member anything; a name that reaches a JSON path in
// SQL text is checked where it is written (src/backends/sql/json-path.ts). A filter that reads
// such a member of a collection in a JSON column is refused by name, on every dialect, and never
// compiles to SQL that holds the name.

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import type { TypedFilter } from '../../src/types/typed.js';
import { defineSchema } from '../../src/types/schema.js';
import { thrownFilterError } from '../support/thrown.js';

const base = defineSchema({
  name: 'T',
  properties: {
    Id: { type: 'Edm.Int32', nullable: false },
    Notes: { collection: { properties: { Ok: 'Edm.String', Name: 'Edm.String' } } },
  },
});

/**
 * The checked filter `Notes/any(n: n/Name eq 'x')` with the member's name replaced by `name`, as a
 * tree built or altered by hand may have it (the parser reads identifiers only).
 */
function readingMemberNamed(name: string): TypedFilter {
  const typed = check("Notes/any(n: n/Name eq 'x')", base);
  const rename = (value: unknown, inPath = false): unknown => {
    if (Array.isArray(value)) return value.map((v) => (inPath && v === 'Name' ? name : rename(v)));
    if (value === null || typeof value !== 'object' || value instanceof Map) return value;
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rename(v, k === 'path')]));
  };
  return { ...typed, root: rename(typed.root) as TypedFilter['root'] };
}

const HOSTILE = [
  "a'b",
  'a"b',
  "a'; DROP TABLE t; --",
  'a$b',
  'a.b',
  'a[0]',
  'a\u0000b',
  'a/b',
  'a,b',
  'a}b',
  'a\\b',
  '',
  // Reserved words: PostgreSQL reads an unquoted null in a path array as a null element.
  'null',
  'NULL',
  'true',
];

describe('member names in JSON paths', () => {
  for (const dialect of [postgres, sqlite, mysql]) {
    it.each(HOSTILE)(`${dialect.name}: %j is refused, never written`, (name) => {
      const typed = readingMemberNamed(name);
      const error = thrownFilterError(() =>
        compileSql(typed, { dialect, table: 't', collections: { Notes: { json: 'notes' } } }),
      );
      // A checked filter altered to read a member no filter can name is none check() could make:
      // refused before any SQL is written (docs/trees.md).
      expect(error.issues.map((issue) => issue.code)).toEqual(['malformed_tree']);
    });

    it(`${dialect.name}: an identifier is written as it is`, () => {
      const typed = check("Notes/any(n: n/Name eq 'x')", base);
      const { sql } = compileSql(typed, { dialect, table: 't', collections: { Notes: { json: 'notes' } } });
      expect(sql).toContain('Name');
    });
  }
});
