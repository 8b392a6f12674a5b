// A collection argument in SQL (docs/semantics.md, "SQL backends: differences"): refused by name for
// every dialect, whatever the argument, before the implementation the registry gives is called.

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres, sqlite, sqlText } from '../../src/backends/sql/index.js';
import { check, defineFunctions } from '../../src/index.js';
import { collectionParameterSchema } from '../support/collection-parameter-table.js';
import { everyDialect } from '../support/function-table.js';
import { thrownFilterError } from '../support/thrown.js';

describe('a collection passed to a function in SQL', () => {
  let called = 0;
  const functions = defineFunctions({
    'Bag.Tally': {
      sql: everyDialect(() => {
        called++;
        return sqlText("'x'");
      }),
    },
  });

  it.each([postgres, sqlite, mysql])('is refused by $name, naming the construct', (dialect) => {
    for (const filter of [
      "Bag.Tally(Of=Scores) eq 'x'",
      "Bag.Tally(Of=[1,2]) eq 'x'",
      "Bag.Tally(Of=[]) eq 'x'",
      "Bag.Tally(Of=null) eq 'x'",
      'Bag.Tally(Of=Home/Marks) eq Bag.Tally(Of=Scores)',
      // A collection of structures, written or a path's.
      `Bag.Route(Of=[{"Place":"a","Tint":null,"At":{"X":1}}]) eq 'x'`,
      "Bag.Route(Of=Stops) eq 'x'",
      // A call's result, an alias.
      "Bag.Tally(Of=Bag.Some()) eq 'x'",
      "Bag.Tally(Of=@a) eq 'x'",
    ]) {
      const typed = check(filter, collectionParameterSchema, { aliases: { a: '[1]' } });
      const error = thrownFilterError(() => compileSql(typed, { dialect, table: 't', functions }));
      expect([error.kind, error.construct, error.target]).toEqual(['unsupported', 'function_parameter', dialect.name]);
      expect(filter.slice(error.start, error.end)).toMatch(/^Bag\.(Tally|Route)\(Of=.*\)$/);
      expect(error.message).toContain('a collection');
    }
    expect(called).toBe(0);
  });
});
