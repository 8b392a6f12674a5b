// Compiled SQL grows linearly with the filter: a rendering that needs an operand more than once
// names it once (a correlated scalar subquery on PostgreSQL and SQLite) unless it is atomic, so
// chains and nestings of every arithmetic operator and function stay within PER_LEVEL characters
// per level; on MySQL/MariaDB (no outer column in a derived table) the name is a JSON_TABLE column.

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import type { Dialect } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { DEEP_SCHEMA as schema, SHAPES } from './deep-shapes.js';

const DEPTHS = Array.from({ length: 30 }, (_, i) => i + 1);

/**
 * Characters of SQL per level of nesting, from the data: the largest level is a PostgreSQL Double
 * division (1,023 characters at depth 1: its overflow and underflow tests read both operands' bits and
 * compare integers); SQLite's largest is a date part from epoch milliseconds (about 1,000).
 */
const PER_LEVEL: { readonly [dialect: string]: number } = { postgres: 1100, sqlite: 1200, mysql: 1200 };

function compileLength(filter: string, dialect: Dialect): number | FilterError {
  try {
    // Size is what is measured here, not the string cost limit (docs/semantics.md, section 7).
    return compileSql(check(filter, schema, { maxStringCost: Infinity }), { dialect, maxSqlLength: Infinity }).sql
      .length;
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
}

/**
 * Where the dialect computes integers exactly only within some digits (MySQL: DECIMAL(65,0)), a
 * product of depth + 1 factors that can leave them is refused at compile time: the largest
 * magnitude of n Int32 factors is (2^31)^n, of n Int64 factors (2^63)^n.
 */
function refusedProduct(name: string, depth: number, dialect: Dialect): boolean {
  const match = /^([IL]) mul /.exec(name);
  if (!match || dialect.maxIntegerDigits === undefined) return false;
  const factor = match[1] === 'I' ? 2n ** 31n : 2n ** 63n;
  return factor ** BigInt(depth + 1) >= 10n ** BigInt(dialect.maxIntegerDigits);
}

describe.each([postgres, sqlite, mysql])('SQL size on $name', (dialect) => {
  it.each(Object.keys(SHAPES))('%s', (name) => {
    const shape = SHAPES[name]!;
    for (const depth of DEPTHS) {
      const text = shape(depth);
      const length = compileLength(text, dialect);
      if (refusedProduct(name, depth, dialect)) {
        expect(length, text).toBeInstanceOf(FilterError);
        expect((length as FilterError).kind, text).toBe('unsupported');
        expect((length as FilterError).message, text).toMatch(
          /beyond the 65 digits the mysql SQL dialect computes exactly/,
        );
        continue;
      }
      expect(length, text).not.toBeInstanceOf(FilterError);
      expect(length as number, text).toBeLessThanOrEqual(PER_LEVEL[dialect.name]! * depth);
    }
  });
});
