// The rules that leave a differential's rows uncompared read inside lambdas: their probes are
// filters of the tests' own making over each lambda's scope (lambda-scopes.ts), compiled as made.

import { expect, it } from 'vitest';
import { check } from '../../src/types/check.js';
import { lambdaTestSchema } from '../support/arbitraries.js';
import { documentedDifference } from './documented-differences.js';
import { mysql as mysqlDialect } from '../../src/backends/sql/index.js';
import type { EngineSetup } from './engines.js';

const mysql = { name: 'mysql', exactDecimals: true, dialect: mysqlDialect } as EngineSetup;

it.each([
  [1e308, true],
  [1, false],
])('a Double product that overflows inside nested lambdas (a price of %d) is decided: %s', (price, differs) => {
  const text = 'Orders/any(o: o/Lines/any(l: l/Price mul 1e308 gt 0))';
  const rows = [{ Id: 1, Orders: [{ Id: 1, Lines: [{ Qty: 1, Sku: 'a', Price: price }] }] }];
  expect(documentedDifference(mysql, text, check(text, lambdaTestSchema), rows, true)).toBe(differs);
});
