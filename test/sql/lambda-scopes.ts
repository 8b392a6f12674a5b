// A filter's lambda bodies as filters over the row, so that what is decided node by node from the
// reference's values (mysql-decimals.ts, postgres-decimals.ts, the differential property's Double
// overflow) reaches inside lambdas: each body, its range variables read from fields of the row
// that bind them, over the rows extended with every binding of their elements.

import { childrenOfTyped, mapChildrenOfTyped } from '../../src/types/typed.js';
import type { TypedCollection, TypedExpr, TypedFilter, TypedSource } from '../../src/types/typed.js';

/** One body (or the filter itself) and the rows, each with one binding of the variables it reads. */
export interface LambdaScope {
  readonly filter: TypedFilter;
  readonly rows: readonly object[];
}

/** The row field that binds a variable: no property name starts with `@`. */
const fieldOf = (variable: string): string => `@${variable}`;

/**
 * The filter and each lambda body in it, nested ones too. In each, a lambda of its own is false:
 * its body is a scope of its own, and no node decided on (a Decimal or Double one) holds a Boolean.
 */
export function lambdaScopes(typed: TypedFilter, rows: readonly object[]): LambdaScope[] {
  const scopes: LambdaScope[] = [];
  const visit = (root: TypedExpr, bound: readonly object[]): void => {
    scopes.push({ filter: { ...typed, root: bindVariables(root) }, rows: bound });
    for (const lambda of outermostLambdas(root)) {
      if (lambda.body === undefined || lambda.variable === undefined) continue;
      const field = fieldOf(lambda.variable);
      visit(
        lambda.body,
        bound.flatMap((row) => elementsOf(lambda.collection, row).map((element) => ({ ...row, [field]: element }))),
      );
    }
  };
  visit(typed.root, rows);
  return scopes;
}

type Lambda = Extract<TypedExpr, { kind: 'lambda' }>;

/** The lambdas of a tree that no other lambda of it holds. */
function outermostLambdas(node: TypedExpr): Lambda[] {
  if (node.kind === 'lambda') return [node];
  return childrenOfTyped(node).flatMap(outermostLambdas);
}

/** A collection's elements on a row that binds its source: none where it is null or missing. */
function elementsOf(collection: TypedCollection, row: object): readonly unknown[] {
  let value: unknown =
    collection.source.kind === 'row' ? row : (row as Record<string, unknown>)[fieldOf(collection.source.name)];
  for (const name of collection.path) {
    if (value === null || typeof value !== 'object') return [];
    value = (value as Record<string, unknown>)[name];
  }
  return Array.isArray(value) ? value.map((element: unknown) => element ?? null) : [];
}

/** A path's source and segments with a variable read from the row's field that binds it. */
function bound(source: TypedSource, path: readonly string[]): { source: TypedSource; path: readonly string[] } {
  return source.kind === 'row' ? { source, path } : { source: { kind: 'row' }, path: [fieldOf(source.name), ...path] };
}

/** The tree with every variable read from the row, and every lambda in it false. */
function bindVariables(node: TypedExpr): TypedExpr {
  switch (node.kind) {
    case 'literal':
    case 'null':
      return node;
    case 'member':
    case 'structureNull':
      return { ...node, ...bound(node.source, node.path) };
    case 'count':
      return { ...node, collection: { ...node.collection, ...bound(node.collection.source, node.collection.path) } };
    case 'lambda':
      return { kind: 'literal', type: 'Edm.Boolean', value: false, start: node.start, end: node.end };
    default:
      return mapChildrenOfTyped(node, bindVariables);
  }
}
