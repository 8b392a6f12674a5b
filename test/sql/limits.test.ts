// compileSql never lets anything but a FilterError escape for a checked filter: a stack overflow
// in a renderer becomes a 'limit' error, and so does SQL longer than maxSqlLength.

import { describe, expect, it } from 'vitest';
import { compileSql, DEFAULT_MAX_SQL_LENGTH, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import { subqueryNesting } from '../../src/backends/sql/compile.js';
import type { Dialect } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { defineSchema } from '../../src/types/schema.js';
import { thrown } from '../support/thrown.js';

const schema = defineSchema({ name: 'T', properties: { D: 'Edm.Double', I: 'Edm.Int32', S: 'Edm.String' } });

describe('the compile guard', () => {
  it('turns a stack overflow in a renderer into a FilterError of kind limit', () => {
    const deep = (n: number): number => deep(n + 1) + 1;
    const overflowing: Dialect = {
      ...postgres,
      functions: {
        ...postgres.functions,
        length: () => {
          deep(0);
          return postgres.functions.length!([]);
        },
      },
    };
    const error = thrown(() => compileSql(check('length(S) eq 1', schema), { dialect: overflowing }));
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).kind).toBe('limit');
    expect((error as FilterError).message).toMatch(/too large to compile/);
  });

  it('lets other errors through unchanged', () => {
    const failing: Dialect = {
      ...postgres,
      functions: {
        ...postgres.functions,
        length: () => {
          throw new TypeError('boom');
        },
      },
    };
    expect(() => compileSql(check('length(S) eq 1', schema), { dialect: failing })).toThrow(TypeError);
  });
});

describe('maxSqlLength', () => {
  it('defaults to 100,000 characters', () => {
    expect(DEFAULT_MAX_SQL_LENGTH).toBe(100_000);
    // Order comparisons stay a chain (equalities of one member would be one shorter `IN` list).
    const long = Array.from({ length: 6000 }, (_, i) => `I gt ${i}`).join(' or ');
    const error = thrown(() =>
      compileSql(check(long, schema, { maxNodes: 100_000, maxLength: 200_000 }), { dialect: postgres }),
    );
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).kind).toBe('limit');
    expect((error as FilterError).message).toMatch(
      /compiles to \d+ characters of SQL for postgres; the limit \(maxSqlLength\) is 100000/,
    );
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

describe('the engines’ nesting limits', () => {
  const sum = (n: number): string => `${Array(n).fill('D').join(' add ')} gt 0`;
  it('MySQL: SQL nesting more than 50 subqueries is a limit FilterError (MariaDB refuses 64)', () => {
    expect(() => compileSql(check(sum(50), schema), { dialect: mysql })).not.toThrow();
    const error = thrown(() => compileSql(check(sum(53), schema), { dialect: mysql }));
    expect(error).toMatchObject({
      kind: 'limit',
      message: 'Filter compiles to SQL nesting 51 subqueries for mysql; at most 50 are allowed',
    });
  });
  it('PostgreSQL: more than 64 nested subqueries is a limit FilterError', () => {
    expect(() => compileSql(check(sum(32), schema), { dialect: postgres })).not.toThrow();
    expect(thrown(() => compileSql(check(sum(34), schema), { dialect: postgres }))).toMatchObject({
      kind: 'limit',
      message: expect.stringMatching(/nesting 6[5-9] subqueries for postgres; at most 64/),
    });
  });
  it('SQLite: a filter more than 80 levels deep is a limit FilterError (expressions nest at most 1,000 deep there)', () => {
    const nested = (n: number): string => `${'trim('.repeat(n)}S${')'.repeat(n)} eq 'a'`;
    expect(() => compileSql(check(nested(78), schema), { dialect: sqlite })).not.toThrow();
    expect(thrown(() => compileSql(check(nested(79), schema), { dialect: sqlite }))).toMatchObject({
      kind: 'limit',
      message: 'Filter nests 81 levels deep; the sqlite SQL dialect compiles at most 80',
    });
  });
  it('counts subqueries in the SQL text, skipping quoted text', () => {
    expect(subqueryNesting(`(SELECT a FROM (SELECT ')(SELECT ' AS "(SELECT " OFFSET 0) AS _f1)`)).toBe(2);
    expect(subqueryNesting('(a + (b))')).toBe(0);
  });
});
