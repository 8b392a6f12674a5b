// A structure argument in SQL (docs/semantics.md, "SQL backends: differences"): refused by name for
// every dialect, before the implementation the registry gives is called.

import { describe, expect, it } from 'vitest';
import { compileSql, mysql, postgres, sqlite, sqlText } from '../../src/backends/sql/index.js';
import { check, defineFunctions } from '../../src/index.js';
import { structureParameterSchema } from '../support/structure-parameter-table.js';
import { everyDialect } from '../support/function-table.js';
import { thrownFilterError } from '../support/thrown.js';

describe('a structure passed to a function in SQL', () => {
  let called = 0;
  const functions = defineFunctions({
    'Trip.Describe': {
      sql: everyDialect(() => {
        called++;
        return sqlText("'x'");
      }),
    },
  });

  it.each([postgres, sqlite, mysql])('is refused by $name, naming the construct', (dialect) => {
    for (const filter of [
      "Trip.Describe(At=Home) eq 'x'",
      `Trip.Describe(At={"City":null,"Zip":null,"Geo":null}) eq 'x'`,
      "Trip.Describe(At=Trip.Somewhere()) eq 'x'",
    ]) {
      const error = thrownFilterError(() =>
        compileSql(check(filter, structureParameterSchema), { dialect, table: 't', functions }),
      );
      expect([error.kind, error.construct, error.target]).toEqual(['unsupported', 'function_parameter', dialect.name]);
      expect([filter.slice(error.start, error.end)]).toEqual([filter.slice(0, filter.indexOf(' eq'))]);
    }
    expect(called).toBe(0);
  });
});
