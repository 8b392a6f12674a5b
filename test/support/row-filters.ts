// Row filters over the lambda test schema (docs/query.md, "Row filters"): predicates for the
// rows, the orders and the lines, requests whose lambdas meet them, and the reference — the rows
// with what each row filter excludes removed beforehand.

import fc from 'fast-check';
import { compilePredicate } from '../../src/backends/memory/index.js';
import { check } from '../../src/index.js';
import type { Schema, StructuredProperty } from '../../src/types/schema.js';
import { arbFilterText, lambdaTestSchema } from './arbitraries.js';

/** The element schema of a relation of the lambda test schema, for filters over its rows. */
function elementSchema(schema: Schema, path: readonly string[], name: string): Schema {
  let properties = schema.properties;
  for (const segment of path) {
    const property = properties.get(segment)!;
    properties = (
      property.kind === 'collection' ? (property.element as StructuredProperty) : (property as StructuredProperty)
    ).properties;
  }
  return { name, properties };
}

export const ORDER = elementSchema(lambdaTestSchema, ['Orders'], 'Order');
export const LINE = elementSchema(lambdaTestSchema, ['Orders', 'Lines'], 'Line');

export type Row = Record<string, unknown>;

/** The rows as a row filter leaves them: lines it excludes removed, then orders (read with their kept lines), then rows (with their kept orders). */
export function prefiltered(rows: readonly Row[], filters: { root?: string; orders?: string; lines?: string }): Row[] {
  const keep = (text: string | undefined, schema: Schema) =>
    text === undefined ? () => true : compilePredicate(check(text, schema));
  const [root, orders, lines] = [
    keep(filters.root, lambdaTestSchema),
    keep(filters.orders, ORDER),
    keep(filters.lines, LINE),
  ];
  return rows
    .map((row) => {
      if (!Array.isArray(row.Orders)) return row;
      // Only a row filter removes an element: without one, even a null element (where elements are values, embedded) stays.
      const kept = (row.Orders as (Row | null)[]).map((order) =>
        filters.lines !== undefined && order !== null && Array.isArray(order.Lines)
          ? { ...order, Lines: (order.Lines as unknown[]).filter((line) => line !== null && lines(line)) }
          : order,
      );
      return {
        ...row,
        Orders: filters.orders === undefined ? kept : kept.filter((order) => order !== null && orders(order)),
      };
    })
    .filter((row) => root(row));
}

/** Predicates over an order and over a line, `$` standing for the variable's path (nothing in a row filter): some null where a member is. */
export const ORDER_PREDICATES = [
  '$Id gt 0',
  '$Id mod 2 eq 0',
  '$Total gt 0',
  '$Status ne null',
  '$Due eq null',
  'not ($Total lt 0)',
  '$Lines/any(l: l/Qty gt 0)',
  '$Lines/all(l: l/Price lt 10)',
  '$Lines/any()',
  '$Lines/$count gt 1',
  '$Lines/$count eq 0',
];
export const LINE_PREDICATES = ['$Qty gt 0', '$Sku ne null', '$Price gt 1.5', 'not ($Qty lt 0)', '$Qty eq null'];
export const at = (predicate: string, prefix: string): string => predicate.replace(/\$(?!count)/g, prefix);

export const arbLambda: fc.Arbitrary<string> = fc.oneof(
  fc
    .tuple(fc.constantFrom('any', 'all'), fc.constantFrom(...ORDER_PREDICATES))
    .map(([op, p]) => `Orders/${op}(o: ${at(p, 'o/')})`),
  fc
    .tuple(fc.constantFrom('any', 'all'), fc.constantFrom('any', 'all'), fc.constantFrom(...LINE_PREDICATES))
    .map(([op, inner, p]) => `Orders/${op}(o: o/Lines/${inner}(l: ${at(p, 'l/')}))`),
  fc.constant('Orders/any()'),
  // A count of a restricted relation counts only the rows its row filter keeps.
  fc.constantFrom(0, 1, 2).map((n) => `(Orders/$count ${n === 0 ? 'eq' : 'ge'} ${n})`),
  fc.constantFrom('eq 0', 'gt 1').map((test) => `Orders/any(o: o/Lines/$count ${test})`),
);
/** A request's filter of lambdas over the orders and their lines: one, or two with `not` between. */
export const arbLambdaRequest: fc.Arbitrary<string> = fc.oneof(
  arbLambda,
  fc.tuple(arbLambda, fc.constantFrom('and', 'or'), arbLambda).map(([a, op, b]) => `${a} ${op} not ${b}`),
);

export const arbRequestFilter: fc.Arbitrary<string> = fc.oneof(
  arbLambdaRequest,
  arbFilterText(lambdaTestSchema, { lambdas: true, maxDepth: 3 }),
);
export const arbRowFilter = (predicates: readonly string[], schema: Schema): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.constantFrom(...predicates.map((p) => at(p, ''))),
    arbFilterText(schema, { lambdas: true, maxDepth: 3 }),
  );
