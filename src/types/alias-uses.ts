// Where a filter's parameter aliases stand and the type each place gives them: what a row
// filter's parameters (`OwnerID eq @user`) and the holes of a filter template
// (filter(Contact)`Status eq ${status}`) learn before their values are written as literals of
// those types (src/types/value-literal.ts). The places are learnt by checking the filter with every
// alias null, which takes the type of wherever it stands (and stands, while learning, for any value
// of it: checkPlaces()).

import { childrenOf } from '../syntax/ast.js';
import type { Expr } from '../syntax/ast.js';
import { parse } from '../syntax/parse.js';
import { checkPlaces } from './check.js';
import type { CheckOptions } from './check.js';
import type { Schema } from './schema.js';
import type { TypedExpr } from './typed.js';
import { childrenOfTyped } from './typed.js';
import type { ValueUse } from './value-literal.js';

/** The nodes a filter's aliases became: the literals (or nulls) whose span starts with `@`. */
export function aliasNodes(root: TypedExpr, text: string): TypedExpr[] {
  const found: TypedExpr[] = [];
  const stack: TypedExpr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...childrenOfTyped(node));
    if ((node.kind === 'null' || node.kind === 'literal') && text[node.start] === '@') found.push(node);
  }
  return found;
}

/** What aliasUses() learns: each alias's type, and the aliases used at places of two types. */
export interface AliasUses {
  readonly uses: ReadonlyMap<string, ValueUse>;
  /** The aliases that are the list of an `in` (their use is their items' type). */
  readonly lists: ReadonlySet<string>;
  /** An alias at places of two types, with the first place's type and the other's (and where that one is). */
  readonly conflicts: readonly {
    readonly name: string;
    readonly first: ValueUse;
    readonly other: ValueUse;
    readonly start: number;
    readonly end: number;
  }[];
}

/**
 * The aliases of a filter and the type each has where it stands — for an alias that is the list
 * of `in` (named in `lists`), the type of its items. Throws check()'s FilterError when the filter,
 * its aliases null (or a list of one null), does not check.
 */
export function aliasUses(
  text: string,
  schema: Schema,
  options: CheckOptions = {},
  lists: ReadonlySet<string> = new Set(),
): AliasUses {
  const names = new Set<string>();
  const stack: Expr[] = [parse(text, options)];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (node.kind === 'alias') names.add(node.name);
    stack.push(...childrenOf(node));
  }
  const root = checkPlaces(text, schema, {
    ...options,
    aliases: Object.fromEntries([...names].map((n) => [n, lists.has(n) ? '(null)' : 'null'])),
  });
  const uses = new Map<string, ValueUse>();
  const listed = new Set<string>();
  const walk: TypedExpr[] = [root];
  while (walk.length > 0) {
    const node = walk.pop()!;
    if (node.kind === 'in')
      for (const item of node.list) if (text[item.start] === '@') listed.add(text.slice(item.start + 1, item.end));
    walk.push(...childrenOfTyped(node));
  }
  const conflicts: { name: string; first: ValueUse; other: ValueUse; start: number; end: number }[] = [];
  for (const node of aliasNodes(root, text).sort((a, b) => a.start - b.start)) {
    if (node.kind !== 'null') continue;
    const name = text.slice(node.start + 1, node.end);
    const use = { type: node.type, enum: node.enum };
    const earlier = uses.get(name);
    if (earlier === undefined) uses.set(name, use);
    else if (earlier.type !== use.type || earlier.enum !== use.enum)
      conflicts.push({ name, first: earlier, other: use, start: node.start, end: node.end });
  }
  return { uses, lists: listed, conflicts };
}
