// The typed-result table (test/support/typed-result-table.ts) on the SQL dialects: an
// implementation's fragment is one value, not rows, so a path after a call returning a structure
// or a collection, a type-cast segment among it, is refused by name on every dialect
// (docs/semantics.md, "SQL backends: differences").

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { typedResultCases, typedResultRegistry, typedResultSchema } from '../support/typed-result-table.js';
import { thrownFilterError } from '../support/thrown.js';
import { ENGINES } from './engines.js';

describe.each(ENGINES.map((setup) => [setup.dialect.name, setup.dialect] as const))(
  '%s: a typed result read by a path',
  (name, dialect) => {
    it.each(typedResultCases.map((c) => [c.filter] as const))('refuses %s', (filter) => {
      const typed = check(filter, typedResultSchema);
      expect(
        thrownFilterError(() => compileSql(typed, { dialect, table: 'employees', functions: typedResultRegistry })),
      ).toMatchObject({ kind: 'unsupported', construct: 'function_result', target: name });
    });
  },
);
