// Deeply nested filters run on the engines: every shape of deep-shapes.ts at depth 30 (the SQL is
// linear in size, size.test.ts) must also be planned and run in linear work. A rendering that let
// the planner copy a named operand into each use, or an engine evaluate one twice (MySQL's NULLIF),
// would take 2^30 steps here; the test's time limit stops it. The ids are the reference's except
// where a documented difference applies (see differential.prop.test.ts), so only completion is held.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/check.js';
import { FilterError } from '../../src/errors.js';
import { DEEP_SCHEMA, SHAPES } from './deep-shapes.js';
import { engineFor, ENGINES } from './engines.js';

const DEPTH = 30;
const ROWS = [
  { Id: 1, I: 3, L: 5n, M: '1.5', D: 2.5, S: 'ab', T: new Date(0) },
  { Id: 2, I: -7, L: -9223372036854775808n, M: '-12345678901234567890.5', D: -1e300, S: 'a%_\\😀', T: new Date(253402300799999) },
  { Id: 3, I: null, L: null, M: null, D: null, S: null, T: null },
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: filters nested ${DEPTH} deep`, () => {
    const engine = engineFor(setup, DEEP_SCHEMA, ROWS);
    for (const [name, make] of Object.entries(SHAPES)) {
      it(name, async () => {
        let compiled;
        try {
          compiled = compileSql(check(make(DEPTH), DEEP_SCHEMA), { dialect: setup.dialect });
        } catch (error) {
          // A documented refusal (MySQL's integer range, the SQL length limit) is not a run.
          expect(error).toBeInstanceOf(FilterError);
          return;
        }
        const ids = await engine().ids(compiled);
        expect(ids.every((id) => ROWS.some((row) => row.Id === id))).toBe(true);
      });
    }
  });
}
