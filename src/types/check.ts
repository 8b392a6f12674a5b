// check(): resolves member paths against a schema, types every node and makes every implicit
// conversion explicit, collecting all issues into one FilterError of kind 'type'. The entry of
// the checker: its options, its issue codes, and the forms a check is asked for (a filter, a
// value, the places of aliases, an inspection for the editor kit); the checker and its
// constructs are in src/types/check/, one file a construct.

import type { Expr } from '../syntax/ast.js';
import { FilterError, isFilterError, limitOnExhaustion, malformedTree, withFilterText } from '../errors.js';
import type { FilterIssue } from '../errors.js';
import { parse } from '../syntax/parse.js';
import { madeTree } from '../syntax/tree-validation.js';
import { versionOf, type ODataVersion } from '../language/versions.js';
import type { Schema } from './schema.js';
import { checkStringCost, DEFAULT_MAX_STRING_COST } from './string-cost.js';
import { rememberFilter } from './made-filters.js';
import type { TypedExpr, TypedFilter } from './typed.js';
import { versionIssues } from './version-check.js';
import { Checker } from './check/checker.js';
import type { Scope } from './check/context.js';
import type { CheckIssue } from './check/issues.js';
import { ALIASES_ARE_PLACES, BINARIES_ORDER, type CheckerOptions, type CheckOptions } from './check/options.js';

export { ISSUE_CODES } from './check/issues.js';
export type { CheckIssue, IssueCode } from './check/issues.js';
export type { CheckOptions } from './check/options.js';
export type { Scope } from './check/context.js';

/**
 * Checks a filter (text or a parsed tree) against a schema. Returns the typed tree, or throws a
 * FilterError: of kind 'type' listing every issue found, or the parser's error for bad text.
 */
export function check(exprOrText: Expr | string, schema: Schema, options: CheckOptions = {}): TypedFilter {
  return checkedFilter(exprOrText, schema, options);
}

function checkedFilter(exprOrText: Expr | string, schema: Schema, options: CheckerOptions): TypedFilter {
  const { root, text } = checkTree(exprOrText, schema, options, true);
  // One of the two places a TypedFilter is made: the brand is what keeps unchecked trees from
  // backends, and the filter is remembered, so that a backend takes it without reading it again.
  return rememberFilter({ root, schema, text } as unknown as TypedFilter);
}

/**
 * Checks the filter of the rows after a keyset token (src/query/keyset.ts) as check() does, with
 * order comparisons of binaries in the order `orderby` sorts them (docs/semantics.md §6), which no
 * request's filter may write.
 */
export function checkRowsAfter(text: string, schema: Schema, options: CheckOptions): TypedFilter {
  return checkedFilter(text, schema, { ...options, [BINARIES_ORDER]: true });
}

/**
 * Checks an expression of any primitive type (text or a parsed tree) against a schema, as check()
 * checks a filter: what an `orderby` item orders by (`length(Code)`, `year(StartDateTime)`).
 */
export function checkValue(exprOrText: Expr | string, schema: Schema, options: CheckOptions = {}): TypedExpr {
  return checkTree(exprOrText, schema, options, false).root;
}

/**
 * Where the aliases of a filter stand, for aliasUses(): the filter checked with each alias null (as
 * `aliases` gives them), a null alias standing for any value its place can take — also where only
 * a literal can stand, the right operand of `has`, so that a template's `Color has ${'Blue'}`
 * learns its hole's type. The tree is a map of places, never a filter a backend may take.
 */
export function checkPlaces(text: string, schema: Schema, options: CheckOptions): TypedExpr {
  return checkTree(text, schema, { ...options, [ALIASES_ARE_PLACES]: true }, true).root;
}

function checkTree(
  exprOrText: Expr | string,
  schema: Schema,
  options: CheckerOptions,
  filter: boolean,
): { root: TypedExpr; text: string | undefined } {
  const text = typeof exprOrText === 'string' ? exprOrText : undefined;
  // A tree not made by parse() is taken only if parse() could make it (src/syntax/tree-validation.ts).
  const tree: Expr = typeof exprOrText === 'string' ? parse(exprOrText, options) : madeTree(exprOrText);
  // A bad version is a programming mistake, told before any work.
  const version = versionOf(options);
  const checker = new Checker(schema, text, options);
  let root: TypedExpr | undefined;
  try {
    root = checker.expr(tree);
  } catch (error) {
    // A FilterError here is an alias's value that is no literal; anything else only a tree built by
    // hand can raise: parse() bounds depth and yields well-formed nodes.
    const failure = limitOnExhaustion(error, 'Filter tree nests too deeply to check', { start: 0, end: 0 }, text);
    if (isFilterError(failure)) throw withFilterText(failure, text);
    throw malformedTree(undefined, 'a node could not be read');
  }
  const issues = issuesOf(checker, tree, root, version, filter);
  const first = issues[0];
  if (first !== undefined) {
    const message =
      issues.length === 1 ? first.message : `${issues.length} problems: ${issues.map((i) => i.message).join('; ')}`;
    throw new FilterError({ kind: 'type', message, start: first.start, end: first.end, issues, text });
  }
  // Every path that yields no node reports an issue; should one not, the filter is still refused.
  if (root === undefined) throw malformedTree(tree, 'it has no typed form');
  // Every backend compiles only checked filters, so this one limit holds for all of them.
  checkStringCost(root, options.maxStringCost ?? DEFAULT_MAX_STRING_COST, text, options.maxCollectionSize);
  return { root, text };
}

/**
 * The issues of a checked tree: the checker's, a filter that is no condition, and the constructs
 * later than the target version (docs/semantics.md, "Versions"; none for 4.01).
 */
function issuesOf(
  checker: Checker,
  tree: Expr,
  root: TypedExpr | undefined,
  version: ODataVersion,
  filter: boolean,
): FilterIssue[] {
  if (filter && root !== undefined && root.type !== 'Edm.Boolean') {
    checker.report('not_boolean', root, `A filter must be Edm.Boolean, but this expression is ${root.type}`);
  }
  return version === '4.01'
    ? [...checker.issues]
    : [...checker.issues, ...versionIssues(tree, root, version, checker.stringAliases)];
}

/**
 * A filter whose tree is made of the trees of checked filters of one schema, joined by the query
 * layer (a row filter and-ed with a request's, a relation's row filter put into a lambda), every
 * invariant of check() kept: the other place a TypedFilter is made. The string cost of the whole
 * is checked again, against `maxStringCost` (a keyset page's filter, whose cost is bounded by the
 * order it repeats, passes Infinity).
 */
export function composedFilter(
  root: TypedExpr,
  schema: Schema,
  text: string | undefined,
  maxStringCost: number = DEFAULT_MAX_STRING_COST,
): TypedFilter {
  checkStringCost(root, maxStringCost, text);
  return rememberFilter({ root, schema, text } as unknown as TypedFilter);
}

/** One node the checker typed, and the range variables in scope where it stands. */
export interface InspectedNode {
  readonly node: TypedExpr;
  readonly scopes: readonly Scope[];
}

/** What inspect() learnt of a tree: its issues, and every node it could type (innermost first). */
export interface Inspection {
  readonly root: TypedExpr | undefined;
  /** check()'s issues, and the one issue of what the checker threw, if it threw. */
  readonly issues: readonly (CheckIssue | FilterIssue)[];
  readonly nodes: readonly InspectedNode[];
}

/**
 * Checks a parsed filter as check() does, but returns what it learnt instead of throwing: the
 * issues, and every node typed along the way, also those whose parents an issue left untyped — what
 * the editor kit reads of a filter that is still being written (src/client/editor/). A FilterError
 * an alias's value raises ends the inspection with what was learnt before it.
 */
export function inspect(tree: Expr, schema: Schema, options: CheckOptions, text: string): Inspection {
  const nodes: InspectedNode[] = [];
  const checker = new Checker(schema, text, options, (node, scopes) => nodes.push({ node, scopes }));
  let root: TypedExpr | undefined;
  try {
    root = checker.expr(tree);
  } catch (error) {
    // What the checker throws (an alias's value that is no literal, a construct it cannot take)
    // ends the inspection as one more issue.
    const thrown = isFilterError(error)
      ? error.issues
      : [{ code: 'malformed_tree', message: 'a node could not be read', start: 0, end: 0 }];
    return { root: undefined, issues: [...checker.issues, ...thrown], nodes };
  }
  // As check() does, the cost of a tree that has no issue (one with issues may lack nodes); a
  // whole tree that is no condition yet has all its nodes.
  const whole = root !== undefined && checker.issues.length === 0;
  const issues = issuesOf(checker, tree, root, versionOf(options), true);
  if (root !== undefined && whole) {
    try {
      checkStringCost(root, options.maxStringCost ?? DEFAULT_MAX_STRING_COST, text, options.maxCollectionSize);
    } catch (error) {
      if (!isFilterError(error)) throw error;
      issues.push(...error.issues);
    }
  }
  return { root, issues, nodes };
}
