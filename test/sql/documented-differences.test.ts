// The rules that leave a differential's rows uncompared read inside lambdas: their probes are
// filters of the tests' own making over each lambda's scope (lambda-scopes.ts), compiled as made.

import { expect, it } from 'vitest';
import { check } from '../../src/types/check.js';
import { lambdaTestSchema, testSchema } from '../support/arbitraries.js';
import { documentedDifference } from './documented-differences.js';
import {
  mysql as mysqlDialect,
  postgres as postgresDialect,
  sqlite as sqliteDialect,
} from '../../src/backends/sql/index.js';
import type { EngineSetup } from './engines.js';

const mysql = { name: 'mysql', exactDecimals: true, dialect: mysqlDialect } as EngineSetup;
const sqlite = { name: 'sqlite', exactDecimals: false, dialect: sqliteDialect } as EngineSetup;
const postgres = { name: 'postgres', exactDecimals: true, dialect: postgresDialect } as EngineSetup;

it.each([
  [1e308, true],
  [1, false],
])('a Double product that overflows inside nested lambdas (a price of %d) is decided: %s', (price, differs) => {
  const text = 'Orders/any(o: o/Lines/any(l: l/Price mul 1e308 gt 0))';
  const rows = [{ Id: 1, Orders: [{ Id: 1, Lines: [{ Qty: 1, Sku: 'a', Price: price }] }] }];
  expect(documentedDifference(mysql, text, check(text, lambdaTestSchema), rows, true)).toBe(differs);
});

// A counterexample of the value differential: the negation of Int64's least value is exact in the
// reference (its text 9223372036854775808) and a REAL on SQLite (9.2233720368547758e+18).
it.each([
  ['-(-9223372036854775808)', 'sqlite', true],
  ['-(-9223372036854775807)', 'sqlite', false],
  ['-(-9223372036854775808)', 'postgres', false],
] as const)('an Int64 result beyond Int64 (%s) is decided on %s: %s', (expression, engine, differs) => {
  const text = `cast(${expression}, Edm.String) eq null`;
  const rows = [{ Id: 1, Int64Req: '0' }];
  const setup = engine === 'sqlite' ? sqlite : postgres;
  expect(documentedDifference(setup, text, check(text, testSchema), rows, true)).toBe(differs);
});

// A counterexample of the value differential (seed 791774617 at 400 runs): PostgreSQL divides
// to a scale of its own (docs/semantics.md, "SQL backends: differences"), 19 significant digits
// of 1/2147483648 where the reference keeps 34; a quotient PostgreSQL gives exactly is compared.
it.each([
  ['(Id add (Int16 divby Int32Req)) add -cast(Id, Edm.Decimal)', 2147483647, true],
  ['(Id add (Int16 divby Int32Req)) add -cast(Id, Edm.Decimal)', 8, false],
] as const)(
  'a quotient at PostgreSQL’s division scale (%s for Int32Req = %d) is decided: %s',
  (expression, divisor, differs) => {
    const text = `cast(${expression}, Edm.String) eq null`;
    const rows = [{ Id: 0, Int16: 1, Int32Req: divisor }];
    expect(documentedDifference(postgres, text, check(text, testSchema), rows, true)).toBe(differs);
  },
);
