// The first relation a checked filter reads, found from the typed tree alone (each lambda's and
// `$count`'s collection carries its property), for tests that predict compileMongo's refusal
// (docs/mongo.md, "Errors") rather than read it back.

import type { TypedExpr, TypedFilter } from '../../src/types/typed.js';
import { childrenOfTyped } from '../../src/types/typed.js';

export interface RelationRead {
  /** The relation's property path from the row, through the collections of the lambdas around it (`C0/K0`). */
  readonly path: string;
  /** The span of the lambda, `$count` or `x in C` that reads it. */
  readonly start: number;
  readonly end: number;
}

/**
 * The leftmost lambda, `$count` or `x in C` over a to-many relation, undefined when there is none.
 * The generators' schemas hold relations only as collections: a single-valued relation (a
 * structure marked `relation: true`) is not looked for.
 */
export function firstRelationRead(filter: TypedFilter): RelationRead | undefined {
  // Depth first, operands in source order: the first found starts leftmost, and an enclosing
  // lambda comes before the ones in its body.
  const walk = (node: TypedExpr, variables: ReadonlyMap<string, readonly string[]>): RelationRead | undefined => {
    if (node.kind === 'lambda' || node.kind === 'count') {
      const { source, path: steps, property } = node.collection;
      const path = [...(source.kind === 'row' ? [] : (variables.get(source.name) ?? [])), ...steps];
      if (property.relation) return { path: path.join('/'), start: node.start, end: node.end };
      if (node.kind === 'lambda' && node.variable !== undefined)
        variables = new Map([...variables, [node.variable, path]]);
    }
    for (const child of childrenOfTyped(node)) {
      const found = walk(child, variables);
      if (found !== undefined) return found;
    }
    return undefined;
  };
  return walk(filter.root, new Map());
}
