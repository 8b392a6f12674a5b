// compileSql never lets anything but a FilterError escape for a checked filter: a stack overflow
// in a renderer becomes a 'limit' error, and so does SQL longer than maxSqlLength.

import { describe, expect, it } from 'vitest';
import { compileSql, DEFAULT_MAX_SQL_LENGTH, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import type { Dialect } from '../../src/backends/sql/index.js';
import { check } from '../../src/check.js';
import { FilterError } from '../../src/errors.js';
import { defineSchema } from '../../src/schema.js';

const schema = defineSchema({ name: 'T', properties: { D: 'Edm.Double', I: 'Edm.Int32', S: 'Edm.String' } });

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (error) {
    return error;
  }
  return undefined;
}

describe('the compile guard', () => {
  it('turns a stack overflow in a renderer into a FilterError of kind limit', () => {
    const deep = (n: number): number => deep(n + 1) + 1;
    const overflowing: Dialect = { ...postgres, functions: { ...postgres.functions, length: () => { deep(0); return postgres.functions['length']!([]); } } };
    const error = thrown(() => compileSql(check('length(S) eq 1', schema), { dialect: overflowing }));
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).kind).toBe('limit');
    expect((error as FilterError).message).toMatch(/too large to compile/);
  });

  it('lets other errors through unchanged', () => {
    const failing: Dialect = { ...postgres, functions: { ...postgres.functions, length: () => { throw new TypeError('boom'); } } };
    expect(() => compileSql(check('length(S) eq 1', schema), { dialect: failing })).toThrow(TypeError);
  });
});

describe('maxSqlLength', () => {
  it('defaults to 100,000 characters', () => {
    expect(DEFAULT_MAX_SQL_LENGTH).toBe(100_000);
    const long = Array.from({ length: 6000 }, (_, i) => `I eq ${i}`).join(' or ');
    const error = thrown(() => compileSql(check(long, schema, { maxNodes: 100_000, maxLength: 200_000 }), { dialect: postgres }));
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).kind).toBe('limit');
    expect((error as FilterError).message).toMatch(/compiles to \d+ characters of SQL for postgres; the limit \(maxSqlLength\) is 100000/);
  });

  it.each([postgres, sqlite, mysql])('refuses SQL longer than the option on %s, naming the length', (dialect) => {
    const typed = check("S eq 'a' and I gt 1", schema);
    const { sql } = compileSql(typed, { dialect });
    expect(compileSql(typed, { dialect, maxSqlLength: sql.length }).sql).toBe(sql);
    const error = thrown(() => compileSql(typed, { dialect, maxSqlLength: sql.length - 1 }));
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).kind).toBe('limit');
    expect((error as FilterError).message).toContain(`compiles to ${sql.length} characters`);
    expect((error as FilterError).message).toContain(`is ${sql.length - 1}`);
  });
});
