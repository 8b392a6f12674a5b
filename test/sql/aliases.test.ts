// A parameter alias compiles as the literal it stands for: a bound parameter, never text spliced
// into the SQL, with the value typed as the literal would be where the alias stands.

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { defineSchema } from '../../src/types/schema.js';

const schema = defineSchema({
  name: 'Event',
  properties: { Status: 'Edm.String', Capacity: 'Edm.Int32', Price: 'Edm.Decimal' },
});

describe('SQL: parameter aliases', () => {
  it.each([postgres, sqlite, mysql])(
    'binds the value of an alias as the literal in its place would be (%#)',
    (dialect) => {
      const aliased = compileSql(
        check('Price gt @p and Status eq @s', schema, { aliases: { p: '5', s: "'Active'" } }),
        { dialect },
      );
      const written = compileSql(check("Price gt 5 and Status eq 'Active'", schema), { dialect });
      expect(aliased).toEqual(written);
    },
  );

  it('keeps a hostile value a parameter', () => {
    const { sql, params } = compileSql(check('Status eq @s', schema, { aliases: { s: "'x''); DROP TABLE t; --'" } }), {
      dialect: postgres,
    });
    expect(sql).toBe('("Status" = $1::text)');
    expect(params).toEqual(["x'); DROP TABLE t; --"]);
  });

  it('types a value by where it stands: 5 against a Decimal column is a Decimal parameter', () => {
    const { sql, params } = compileSql(check('Price gt @p', schema, { aliases: { p: '5' } }), { dialect: postgres });
    expect({ sql, params }).toEqual({ sql: '("Price" > $1::numeric)', params: ['5'] });
  });
});
