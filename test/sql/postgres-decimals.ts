// Where PostgreSQL computes a Decimal other than the reference, by the rules of docs/semantics.md
// ("SQL backends: differences"), decided from the reference's own values: the reference rounds a
// Decimal result beyond 1,000 significant digits (section 4), PostgreSQL's numeric keeps it exact.
// The differential tests leave those filters out on PostgreSQL (test/sql/boundaries.test.ts pins
// an example). Its division precision is its own, and is not decided here.

import { Decimal } from 'decimal.js';
import type { TypedExpr, TypedFilter } from '../../src/typed.js';
import { evaluateOracleValue } from '../support/oracle.js';
import { typedNodesOf } from '../support/trees.js';

/** Exact for every sum, product and remainder of two values of the model (a million digits). */
const Exact = Decimal.clone({ precision: 1_000_000, modulo: Decimal.ROUND_DOWN, minE: -9e15, maxE: 9e15 });

const EXACT_OPERATIONS: { readonly [op: string]: (a: Decimal, b: Decimal) => Decimal } = {
  add: (a, b) => new Exact(a).plus(b),
  sub: (a, b) => new Exact(a).minus(b),
  mul: (a, b) => new Exact(a).times(b),
  mod: (a, b) => new Exact(a).mod(b),
};

/** Whether some Decimal `add`, `sub`, `mul` or `mod` of the filter needs more than 1,000 significant digits on some row. */
export function postgresDecimalDiffers(typed: TypedFilter, rows: readonly object[]): boolean {
  const nodes = typedNodesOf(typed.root).filter((n) => n.kind === 'arithmetic' && n.type === 'Edm.Decimal' && n.op in EXACT_OPERATIONS);
  return nodes.some((node) => rows.some((row) => beyondThousandDigits(node as TypedExpr & { kind: 'arithmetic' }, row)));
}

function beyondThousandDigits(node: TypedExpr & { kind: 'arithmetic' }, row: object): boolean {
  const a = evaluateOracleValue(node.left, row) as Decimal | null;
  const b = evaluateOracleValue(node.right, row) as Decimal | null;
  if (a === null || b === null || (node.op === 'mod' && b.isZero())) return false;
  return EXACT_OPERATIONS[node.op]!(a, b).sd() > 1000;
}
