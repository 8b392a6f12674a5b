// The documented differences of the SQL engines from the reference (docs/semantics.md, "SQL
// backends: differences"), decided from a filter and the reference's values on the loaded rows,
// and the rows every engine can store: what the differential properties leave uncompared.

import fc from 'fast-check';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { readsFinerText } from '../support/finer-texts.js';
import { rememberFilter } from '../../src/types/made-filters.js';
import type { TypedExpr, TypedFilter } from '../../src/types/typed.js';
import type { Schema } from '../../src/types/schema.js';
import { arbRows, type ArbOptions, type Row } from '../support/arbitraries.js';
import { typedNodesOf } from '../support/trees.js';
import type { EngineSetup } from './engines.js';
import { lambdaScopes } from './lambda-scopes.js';
import { mysqlDecimalDiffers } from './mysql-decimals.js';
import { postgresDecimalDiffers } from './postgres-decimals.js';

/**
 * The documented input restrictions (docs/semantics.md, "SQL backends: differences"), each pinned
 * by a table case in differences.test.ts:
 * - PostgreSQL and SQLite cannot hold U+0000 in text: rows lose that character, and a filter
 *   literal holding it is rejected as 'unsupported'.
 * - SQLite has no exact decimal type (Decimal is REAL): a filter with any Decimal-typed
 *   sub-expression is not compared there.
 * - tolower/toupper follow each engine's case tables, which differ from JavaScript's beyond ASCII,
 *   so a filter that maps case is compared only when the rows and the filter are ASCII; a third
 *   of the row sets are ASCII-only so that those filters are exercised too.
 * - MySQL/MariaDB compute integers in DECIMAL(65,0): an integer expression whose static range can
 *   pass 65 digits is rejected as 'unsupported' (the message names the digits).
 * - MySQL/MariaDB have no infinity: a Double result that overflows is the largest double there,
 *   so a filter is not compared where the reference computes ±INF in its Double arithmetic on the
 *   loaded rows (decided from the reference's values; rows and literals hold no infinity there).
 * - MySQL/MariaDB compute Decimals in nine words of nine digits: where a product could pass
 *   them a factor beyond ±10^35 is clamped, and where the operands' digits need more words the
 *   lowest are dropped; a filter is not compared where either happens on the loaded rows (decided
 *   from the reference's values by mysql-decimals.ts).
 * - PostgreSQL's numeric is exact where the reference rounds a Decimal result to 1,000
 *   significant digits: a filter is not compared where a result needs more on the loaded rows
 *   (decided from the reference's values by postgres-decimals.ts).
 * - The engines' time values are whole milliseconds: a String with digits beyond the millisecond
 *   read as an instant, time of day or duration is null there, where the reference reads its
 *   value; a filter is not compared where one of its casts reads such a text on the loaded rows
 *   (decided from the reference's values).
 * - A structure, or a collection's structured element in a child table, has no column of its
 *   own: one whose member columns are all null is null there. A filter is held to the
 *   reference's ids for itself rewritten so (stored-structure-null.ts), not left out.
 * Each rule decided from the reference's values on nodes applies inside lambda bodies too, over
 * every binding of their variables (lambda-scopes.ts).
 * A filter that is not compared still runs, and must not fail.
 */
const CASE_MAPPING = /\bto(lower|upper)\s*\(/i;
const NON_ASCII = /[^\x00-\x7f]/;

function hasType(node: TypedExpr, type: string): boolean {
  return typedNodesOf(node).some((n) => n.type === type);
}

/** Double-typed arithmetic and negation nodes: where an IEEE result can overflow to ±INF. */
function doubleArithmetic(node: TypedExpr): TypedExpr[] {
  return typedNodesOf(node).filter(
    (n) => (n.kind === 'arithmetic' || n.kind === 'negate') && (n.type === 'Edm.Double' || n.type === 'Edm.Single'),
  );
}

/**
 * Whether the reference computes ±INF in some Double arithmetic of the filter on some row. Where
 * rows and literals hold no infinity (MySQL/MariaDB: none can be stored or written), that is an
 * overflow, which MariaDB answers with the largest double instead: decided from the reference's
 * own values, by compiling `node eq INF or node eq -INF` for each such node.
 */
function overflowsDouble(typed: TypedFilter, rows: readonly object[]): boolean {
  return doubleArithmetic(typed.root).some((node) =>
    holdsOnSomeRow(typed, rows, node, [
      ['eq', Infinity],
      ['eq', -Infinity],
    ]),
  );
}

/**
 * Whether some Int64 arithmetic or negation of the filter leaves Int64 on some row (the reference
 * computes it exactly; SQLite turns it into a REAL, docs/semantics.md, "SQL backends: differences"):
 * decided from the reference's own values, by compiling `node gt MAX or node lt MIN` for each such
 * node (`--9223372036854775808`, a counterexample of the value differential).
 */
function leavesInt64(typed: TypedFilter, rows: readonly object[]): boolean {
  return typedNodesOf(typed.root).some(
    (node) =>
      (node.kind === 'arithmetic' || node.kind === 'negate') &&
      node.type === 'Edm.Int64' &&
      holdsOnSomeRow(typed, rows, node, [
        ['gt', 2n ** 63n - 1n],
        ['lt', -(2n ** 63n)],
      ]),
  );
}

/**
 * Whether `node op1 c1 or node op2 c2 …` holds on some row, each constant of the node's type. A
 * probe of the test's own making, which may read a lambda's variable outside its lambda (the memory
 * compiler binds none there): taken as made, not read as a caller's hand-built tree.
 */
function holdsOnSomeRow(
  typed: TypedFilter,
  rows: readonly object[],
  node: TypedExpr,
  comparisons: readonly (readonly ['eq' | 'gt' | 'lt', unknown])[],
): boolean {
  const span = { start: node.start, end: node.end };
  const root: TypedExpr = {
    kind: 'logical',
    op: 'or',
    type: 'Edm.Boolean',
    operands: comparisons.map(([op, value]) => ({
      kind: 'compare',
      op,
      type: 'Edm.Boolean',
      left: node,
      right: { kind: 'literal', type: node.type, value, ...span } as TypedExpr,
      ...span,
    })),
    ...span,
  };
  const holds = compilePredicate(rememberFilter({ ...typed, root } as TypedFilter));
  return rows.some((row) => holds(row));
}

function mapStrings(value: unknown, f: (s: string) => string): unknown {
  if (typeof value === 'string') return f(value);
  if (Array.isArray(value)) return value.map((element) => mapStrings(element, f));
  if (value && typeof value === 'object' && !(value instanceof Date) && !(value instanceof Uint8Array)) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mapStrings(v, f)]));
  }
  return value;
}

/** Random rows the engines can store: without U+0000, and a third of the row sets ASCII-only. */
export function arbStorableRows(schema: Schema, options: ArbOptions): fc.Arbitrary<Row[]> {
  return fc
    .tuple(arbRows(schema, options), fc.nat(2))
    .map(([rows, kind]) =>
      rows.map(
        (row) =>
          mapStrings(row, (s) => (kind === 0 ? s.replace(/[^\x00-\x7f]/gu, '?') : s).replace(/\u0000/g, '')) as Row,
      ),
    );
}

export const isAscii = (rows: readonly object[]): boolean =>
  !rows.some((row) => NON_ASCII.test(JSON.stringify(row, (_k, v) => (typeof v === 'bigint' ? String(v) : v))));

/** Whether a documented difference leaves the filter's ids uncompared on the engine, on these rows. */
export function documentedDifference(
  setup: EngineSetup,
  text: string,
  typed: TypedFilter,
  rows: readonly object[],
  asciiRows: boolean,
): boolean {
  const scopes = (): ReturnType<typeof lambdaScopes> => lambdaScopes(typed, rows);
  return (
    (CASE_MAPPING.test(text) && (!asciiRows || NON_ASCII.test(text))) ||
    (!setup.exactDecimals && hasType(typed.root, 'Edm.Decimal')) ||
    (setup.name === 'mysql' &&
      scopes().some((s) => mysqlDecimalDiffers(s.filter, s.rows) || overflowsDouble(s.filter, s.rows))) ||
    (setup.name === 'postgres' && scopes().some((s) => postgresDecimalDiffers(s.filter, s.rows, { division: true }))) ||
    (setup.name === 'sqlite' && scopes().some((s) => leavesInt64(s.filter, s.rows))) ||
    scopes().some((s) => readsFinerText(s.filter, s.rows, setup.dialect.timeUnit))
  );
}
