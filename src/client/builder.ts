// build(schema, (row) => …): a filter built by methods on a schema's properties instead of written
// as text (docs/client.md, "The typed builder"). The operands (src/client/operands.ts) make the
// syntax tree directly, each value held with the type of its place; build() writes each value as a
// literal of that type with the one value binder (src/types/value-literal.ts). No text is written
// or read, and neither the parser nor the checker is imported, so a client that builds and prints
// filters bundles neither. The tree is one parse() makes of its printed text, and is remembered as
// such (src/syntax/made-trees.ts), so that print() and check() take it at once; printing
// (printBuilt, or print) and checking (check) are steps the caller chooses, and where()
// (src/client/where.ts) takes both.

import { isFilterError } from '../errors.js';
import type { FilterError, FilterIssue } from '../errors.js';
import type { AliasExpr, Expr, Literal } from '../syntax/ast.js';
import { rememberTree } from '../syntax/made-trees.js';
import { printWithAliases } from '../syntax/print.js';
import { versionOf } from '../language/versions.js';
import type { ODataVersion, VersionOption } from '../language/versions.js';
import type { EnumType, Schema, SchemaDefinition } from '../types/schema.js';
import { isEnumValue } from '../types/enum-values.js';
import type { Condition, Row } from './builder-types.js';
import {
  bindAtHole,
  holesError,
  holeStarts,
  interleave,
  misfit,
  misplacedList,
  noPlace,
  notAList,
  shownHole,
} from './holes.js';
import type { HoleSpan } from './holes.js';
import { condition, rowOf, valueNode } from './operands.js';
import type { Hole, Holes } from './operands.js';
import { rewritten } from './tree-rewrite.js';

/** Built nodes come from no text. */
const NOWHERE = { start: 0, end: 0 } as const;

/** Every hole of a tree once (an operand used twice holds its holes twice). */
function holesOf(holes: Holes): Hole[] {
  const found = new Set<Hole>();
  const stack: Holes[] = [holes];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (Array.isArray(next)) for (const inner of next as readonly Holes[]) stack.push(inner);
    else found.add(next as Hole);
  }
  return [...found];
}

/**
 * A hole's literal (a list's literals), or its issues, the hole shown as `${shown}` at `at` in
 * `text`: an array where one value goes, one value where `in` takes its list, a value whose place
 * has no type, a value or item that is no literal of its place's type. A value of a type the
 * version has no literal for is an 'unsupported' FilterError at the hole.
 */
function boundHole(
  hole: Hole,
  version: ODataVersion,
  unchecked: boolean,
  shown: number,
  at: HoleSpan,
  text: string,
): { readonly literals: readonly Literal[] } | { readonly issues: readonly FilterIssue[] } {
  if (hole.list !== Array.isArray(hole.value))
    return { issues: [hole.list ? notAList(shown, at, hole.value) : misplacedList(shown, at)] };
  const items = hole.list ? (hole.value as readonly unknown[]) : [hole.value];
  const literals: Literal[] = [];
  const issues: FilterIssue[] = [];
  items.forEach((item, k) => {
    const index = hole.list ? k : undefined;
    if (item === null) literals.push({ kind: 'null', ...NOWHERE });
    else if (hole.place === undefined)
      issues.push(noPlace(shown, at, 'the operation it takes part in has no type (check() says why)'));
    else {
      const bound = item === undefined ? undefined : bindAtHole(item, hole.place, version, shown, at, text);
      const unnamed = bound?.ok && unchecked ? unnamedMember(bound.node, hole.place.enum) : undefined;
      const node =
        bound?.ok && hole.written !== undefined ? hole.written(bound.node) : bound?.ok ? bound.node : undefined;
      const why = bound?.ok
        ? (unnamed ?? (node === undefined ? 'its place writes no such value' : undefined))
        : bound?.reason;
      if (node !== undefined && why === undefined) literals.push(node);
      else issues.push(misfit(shown, at, item, hole.place, index, why));
    }
  });
  return issues.length > 0 ? { issues } : { literals };
}

/**
 * Why an enumeration literal names no value of its type, which check() would say of it: a part of
 * its body that is no member's name nor a value (`'Wifi, Power'`, `''`), or members combined in a
 * type that is no flags type. The binder writes any name without quotes as the literal's body;
 * build(), which does not check, refuses here what its text would be refused for.
 */
function unnamedMember(node: Literal, type: EnumType | undefined): string | undefined {
  if (node.kind !== 'enum' || type === undefined) return undefined;
  const parts = node.body.split(',');
  const unnamed =
    parts.length > 1 && !type.flags
      ? node.body
      : parts.find((part) => !type.members.has(part) && !(/^-?\d+$/.test(part) && isEnumValue(type, BigInt(part))));
  return unnamed === undefined ? undefined : `'${unnamed}' names no value of ${type.name}`;
}

/** What finishing a built condition gives: its tree, or why not, with the template the filter template reads it as. */
export type Finished =
  | { readonly ok: true; readonly tree: Expr }
  | {
      readonly ok: false;
      readonly error: FilterError;
      /** The printed filter cut at each value, and the values: undefined when the version cannot print the filter. */
      readonly template: { readonly strings: readonly string[]; readonly values: readonly unknown[] } | undefined;
    };

/**
 * The tree of a condition, each value bound to its place for the version; or, when a value does
 * not fit, the 'type' FilterError of every value that does not, in the printed filter with each
 * value shown as `${n}` (n counting in the text), as the filter template reports its holes.
 * `caller` names the function in the TypeErrors of a misuse.
 */
export function finished<D extends SchemaDefinition>(
  schema: Schema<D>,
  predicate: (row: Row<D>) => Condition,
  version: ODataVersion,
  caller: string,
  unchecked = false,
): Finished {
  if (typeof predicate !== 'function') throw new TypeError(`${caller} takes a schema and a function of its properties`);
  const built = condition((predicate as (row: unknown) => unknown)(rowOf(schema)), caller);
  const holes = holesOf(built.holes);
  const bound = new Map<AliasExpr, { readonly hole: Hole; readonly literals: readonly Literal[] }>();
  for (const hole of holes) {
    let literals: ReturnType<typeof boundHole>;
    try {
      literals = boundHole(hole, version, unchecked, 0, NOWHERE, '');
    } catch (error) {
      // A value the version has no literal for: the error is placed below, in the filter's text.
      if (!isFilterError(error)) throw error;
      return refused(built.expr, holes, version, unchecked);
    }
    if (!('literals' in literals)) return refused(built.expr, holes, version, unchecked);
    bound.set(hole.alias, { hole, literals: literals.literals });
  }
  // A value's alias becomes its literal; `x in` a list's alias, `x in (…)` of its literals.
  const tree = rewritten(built.expr, (node) => {
    if (node.kind === 'alias') {
      const value = bound.get(node)!;
      return value.hole.list ? undefined : value.literals[0];
    }
    if (node.kind !== 'inAlias') return undefined;
    return { kind: 'in', operand: node.operand, list: bound.get(node.alias)!.literals, ...NOWHERE };
  });
  // Every node is one parse() makes of the text print() writes of it (test/client/builder.prop.test.ts).
  return { ok: true, tree: rememberTree(tree) };
}

/**
 * The error of a condition whose values do not all fit: the filter printed for the version with
 * each value shown as `${n}`, in the order of the text; before 4.01, a list of `in` is the chain
 * of `eq` the version prints, each item a value of its own.
 */
function refused(expr: Expr, holes: readonly Hole[], version: ODataVersion, unchecked: boolean): Finished {
  const all = [...holes];
  const tree = version === '4.01' ? expr : inListsAsEqualities(expr, all);
  all.forEach((hole, k) => {
    hole.alias.name = `__${k}`;
  });
  let pieces: string[];
  try {
    pieces = printWithAliases(tree, { version }).split(/@__(\d+)/);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return { ok: false, error, template: undefined };
  }
  const strings = pieces.filter((_, i) => i % 2 === 0);
  const shownHoles = pieces.filter((_, i) => i % 2 === 1).map((k) => all[Number(k)]!);
  const text = interleave(
    strings,
    shownHoles.map((_, j) => shownHole(j)),
  );
  const template = { strings, values: shownHoles.map((hole) => hole.value) };
  const starts = holeStarts(strings, shownHoles.length);
  const issues: FilterIssue[] = [];
  try {
    shownHoles.forEach((hole, j) => {
      const at = { start: starts[j]!, end: starts[j]! + shownHole(j).length };
      const bound = boundHole(hole, version, unchecked, j, at, text);
      if ('issues' in bound) issues.push(...bound.issues);
    });
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return { ok: false, error, template };
  }
  return { ok: false, error: holesError(issues, text), template };
}

/**
 * `x in list` as the chain of `eq` it is (docs/semantics.md §2), each item a value of its own, as
 * a version before 4.01, which has no `in`, prints it; an empty list is `false`. `holes` gains the
 * items'.
 */
function inListsAsEqualities(expr: Expr, holes: Hole[]): Expr {
  const listed = new Map(holes.filter((h) => h.list).map((h) => [h.alias as AliasExpr, h]));
  return rewritten(expr, (node) => {
    if (node.kind !== 'inAlias') return undefined;
    const hole = listed.get(node.alias);
    if (hole === undefined || !Array.isArray(hole.value)) return undefined;
    const equalities: Expr[] = hole.value.map((value: unknown) => {
      const [alias, item] = valueNode(value, hole.place, false);
      holes.push(item);
      return { kind: 'compare', op: 'eq', left: node.operand, right: alias, ...NOWHERE };
    });
    if (equalities.length === 0) return { kind: 'boolean', value: false, ...NOWHERE };
    return equalities.length === 1 ? equalities[0] : { kind: 'logical', op: 'or', operands: equalities, ...NOWHERE };
  });
}

/**
 * The syntax tree of the filter a schema's properties make: `build(Contact, (c) =>
 * c.Status.eq('Active'))`, each value a literal of its place's type in the forms of `version`
 * (default 4.01). A value that does not fit its place is a FilterError (`value_does_not_fit`)
 * whose text is the printed filter with each value shown as `${n}`. The tree is remembered as one
 * parse() makes, so print(), printBuilt() and check() take it as it is; before 4.01, print it
 * for the version (which writes `in` as its chain of `eq`) and check that text.
 */
export function build<D extends SchemaDefinition>(
  schema: Schema<D>,
  predicate: (row: Row<D>) => Condition,
  options: VersionOption = {},
): Expr {
  const result = finished(schema, predicate, versionOf(options), 'build()', true);
  if (!result.ok) throw result.error;
  return result.tree;
}
