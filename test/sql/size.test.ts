// Compiled SQL grows linearly with the filter: a rendering that needs an operand more than once
// names it once (a correlated scalar subquery on PostgreSQL and SQLite) unless it is atomic, so
// chains and nestings of every arithmetic operator and function stay within PER_LEVEL characters
// per level; on MySQL/MariaDB (no outer column in a derived table) the name is a JSON_TABLE column.

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres, sqlite } from '../../src/backends/sql/index.js';
import type { Dialect } from '../../src/backends/sql/index.js';
import { check } from '../../src/check.js';
import { FilterError } from '../../src/errors.js';
import { defineSchema } from '../../src/schema.js';

const schema = defineSchema({
  name: 'T',
  properties: { I: 'Edm.Int32', L: 'Edm.Int64', M: 'Edm.Decimal', D: 'Edm.Double', S: 'Edm.String', T: 'Edm.DateTimeOffset' },
});

const DEPTHS = Array.from({ length: 30 }, (_, i) => i + 1);
const repeat = (n: number, f: (inner: string) => string, leaf: string): string => {
  let text = leaf;
  for (let i = 1; i < n; i++) text = f(text);
  return text;
};

/** Name → filter of nesting depth n. */
const SHAPES: { [name: string]: (n: number) => string } = {};
for (const op of ['add', 'sub', 'mul', 'div', 'mod']) {
  for (const x of ['I', 'L', 'M', 'D']) {
    SHAPES[`${x} ${op} chain`] = (n) => `${Array(n + 1).fill(x).join(` ${op} `)} gt 0`;
    SHAPES[`${x} ${op} nested right`] = (n) => `${repeat(n + 1, (t) => `${x} ${op} (${t})`, x)} gt 0`;
  }
}
for (const f of ['tolower', 'toupper', 'trim']) SHAPES[f] = (n) => `${repeat(n + 1, (t) => `${f}(${t})`, 'S')} eq 'a'`;
for (const f of ['round', 'floor', 'ceiling']) {
  SHAPES[`${f} Double`] = (n) => `${repeat(n + 1, (t) => `${f}(${t})`, 'D')} eq 1`;
  SHAPES[`${f} Decimal`] = (n) => `${repeat(n + 1, (t) => `${f}(${t})`, 'M')} eq 1`;
}
SHAPES['concat left'] = (n) => `${repeat(n + 1, (t) => `concat(${t}, S)`, 'S')} eq 'a'`;
SHAPES['concat right'] = (n) => `${repeat(n + 1, (t) => `concat(S, ${t})`, 'S')} eq 'a'`;
SHAPES['replace string'] = (n) => `${repeat(n + 1, (t) => `replace(${t}, S, S)`, 'S')} eq 'a'`;
SHAPES['replace search'] = (n) => `${repeat(n + 1, (t) => `replace(S, ${t}, S)`, 'S')} eq 'a'`;
SHAPES['replace replacement'] = (n) => `${repeat(n + 1, (t) => `replace(S, S, ${t})`, 'S')} eq 'a'`;
SHAPES['substring string'] = (n) => `${repeat(n + 1, (t) => `substring(${t}, I, I)`, 'S')} eq 'a'`;
SHAPES['substring start'] = (n) => `${repeat(n + 1, (t) => `length(substring(S, ${t}))`, 'I')} eq 1`;
SHAPES['substring length'] = (n) => `${repeat(n + 1, (t) => `length(substring(S, I, ${t}))`, 'I')} eq 1`;
SHAPES['length'] = (n) => `${repeat(n + 1, (t) => `length(substring(S, ${t}))`, 'I')} eq 1`;
SHAPES['indexof'] = (n) => `${repeat(n + 1, (t) => `indexof(substring(S, ${t}), S)`, 'I')} eq 1`;
for (const f of ['startswith', 'endswith', 'contains']) SHAPES[f] = (n) => `${f}(${repeat(n + 1, (t) => `concat(${t}, S)`, 'S')}, ${repeat(n + 1, (t) => `concat(S, ${t})`, 'S')})`;
SHAPES['substringof'] = (n) => `substringof(${repeat(n + 1, (t) => `trim(${t})`, 'S')}, ${repeat(n + 1, (t) => `concat(S, ${t})`, 'S')})`;
for (const part of ['year', 'month', 'day', 'hour', 'minute', 'second']) SHAPES[part] = (n) => `${Array(n).fill(`${part}(T)`).join(' add ')} gt 0`;
SHAPES['datetimeoffset'] = (n) => `${repeat(n + 1, (t) => `datetimeoffset(${t})`, 'T')} lt T`;
SHAPES['in'] = (n) => `(${Array(n).fill('I').join(' add ')}) in (1, 2, null)`;

/**
 * Characters of SQL per level of nesting, from the data: the largest level is a PostgreSQL Double
 * division (930 characters at depth 1: its overflow and underflow tests read both operands' bits and
 * compare integers); SQLite's largest is a date part from epoch milliseconds (about 1,000).
 */
const PER_LEVEL: { readonly [dialect: string]: number } = { postgres: 950, sqlite: 1200, mysql: 1200 };

function compileLength(filter: string, dialect: Dialect): number | FilterError {
  try {
    return compileSql(check(filter, schema), { dialect, maxSqlLength: Infinity }).sql.length;
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
        expect((length as FilterError).message, text).toMatch(/beyond the 65 digits the mysql SQL dialect computes exactly/);
        continue;
      }
      expect(length, text).not.toBeInstanceOf(FilterError);
      expect(length as number, text).toBeLessThanOrEqual(PER_LEVEL[dialect.name]! * depth);
    }
  });
});
