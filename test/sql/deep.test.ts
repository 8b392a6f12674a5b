// Deeply nested filters run on the engines: every shape of deep-shapes.ts 30 deep (the SQL is
// linear in size, size.test.ts) must also be planned and run in linear work, and as deep as the
// parser allows it must run or be refused with a FilterError, never fail in the database. A
// rendering that let the planner copy a named operand into each use (PostgreSQL ran out of
// memory), or an engine evaluate one twice (MySQL's NULLIF), would take 2^30 steps: MariaDB's
// query runs under the test's time limit; PGlite and sql.js run in this process, where the run
// itself would not end. The ids are the reference's except where a documented difference applies
// (see differential.prop.test.ts), so only completion is held.

import { describe, expect, it } from 'vitest';
import { compileSql } from '../../src/backends/sql/index.js';
import { check } from '../../src/types/check.js';
import { FilterError } from '../../src/errors.js';
import { DEEP_SCHEMA, SHAPES } from './deep-shapes.js';
import { engineFor, ENGINES } from './engines.js';

const DEPTH = 30;

/** Nesting is what is tested here, not the string cost limit (docs/semantics.md, section 7). */
const UNLIMITED_COST = { maxStringCost: Infinity };

/** The deepest n whose filter the parser accepts with its default limits (depth 100). */
function deepest(make: (n: number) => string): number {
  for (let n = 99; n > DEPTH; n--) {
    try {
      check(make(n), DEEP_SCHEMA, UNLIMITED_COST);
      return n;
    } catch {
      // beyond a parse limit: try shallower
    }
  }
  return DEPTH;
}

const ROWS = [
  { Id: 1, I: 3, L: 5n, M: '1.5', D: 2.5, S: 'ab', T: new Date(0) },
  {
    Id: 2,
    I: -7,
    L: -9223372036854775808n,
    M: '-12345678901234567890.5',
    D: -1e300,
    S: 'a%_\\😀',
    T: new Date(253402300799999),
  },
  { Id: 3, I: null, L: null, M: null, D: null, S: null, T: null },
];

for (const setup of ENGINES) {
  describe.skipIf(!setup.available())(`${setup.name}: filters nested ${DEPTH} deep`, () => {
    const engine = engineFor(setup, DEEP_SCHEMA, ROWS);
    for (const [name, make] of Object.entries(SHAPES)) {
      it(`${name}, ${DEPTH} deep`, async () => {
        let compiled;
        try {
          compiled = compileSql(check(make(DEPTH), DEEP_SCHEMA, UNLIMITED_COST), { dialect: setup.dialect });
        } catch (error) {
          // A documented refusal (MySQL's integer range) is not a run.
          expect(error).toMatchObject({ kind: 'unsupported' });
          return;
        }
        const ids = await engine().ids(compiled);
        expect(ids.every((id) => ROWS.some((row) => row.Id === id))).toBe(true);
      });
      // As deep as the parser allows: the SQL runs, or the compiler refuses it (a FilterError of
      // kind 'limit' where the engine would fail on its nesting); never a database error.
      it(`${name}, as deep as the parser allows`, async () => {
        let compiled;
        try {
          compiled = compileSql(check(make(deepest(make)), DEEP_SCHEMA, UNLIMITED_COST), { dialect: setup.dialect });
        } catch (error) {
          expect(error).toBeInstanceOf(FilterError);
          return;
        }
        await engine().ids(compiled);
      });
    }
  });
}
