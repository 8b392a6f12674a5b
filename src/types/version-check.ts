// check()'s `version` option: every construct of the filter that came after the target OData
// version, each an issue `not_in_version` at its range, so that a v4 filter aimed at a v2 service
// is refused before the request is sent (docs/semantics.md, "Versions"). The parser reads the v4
// forms whatever the target; this is where they are refused.

import { type Expr, childrenOf } from '../syntax/ast.js';
import type { FilterIssue } from '../errors.js';
import { constructOf, named, type FoundConstruct } from '../syntax/version-constructs.js';
import { isLater, type ODataVersion } from '../language/versions.js';
import { type TypedExpr, childrenOfTyped } from './typed.js';

type Span = { readonly start: number; readonly end: number };

type Found = FoundConstruct | undefined;

/**
 * Where a construct of the typed tree stands: date-time arithmetic, a string read as another type's
 * value, and a JSON array an alias gives (one the filter writes, whose start is in `arrays`, is
 * found in the syntax tree).
 */
function typedConstructs(
  root: TypedExpr,
  strings: ReadonlySet<number>,
  arrays: ReadonlySet<number>,
): { found: Found; span: Span }[] {
  const out: { found: Found; span: Span }[] = [];
  // The items of an alias's list all stand at the alias: one issue there says it.
  const read = new Set<number>();
  const stack: TypedExpr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...childrenOfTyped(node));
    if (node.kind === 'temporal') out.push({ found: named('date_time_arithmetic'), span: node });
    if (node.kind === 'collectionArgument' && !('kind' in node.elements) && !arrays.has(node.start))
      out.push({ found: named('collection_literal'), span: node });
    // A string literal the checker read as a Duration, an enumeration member, a guid or a date-time (4.01).
    if (
      node.kind === 'literal' &&
      strings.has(node.start) &&
      !read.has(node.start) &&
      (node.type !== 'Edm.String' || node.enum !== undefined)
    ) {
      read.add(node.start);
      out.push({ found: named('string_as_value'), span: node });
    }
  }
  return out;
}

/**
 * The `not_in_version` issues of a filter for a target version, in the order of the text: one
 * per construct the version does not have. `root` is the typed tree, when the filter typed;
 * `stringAliases` the starts of the aliases the checker found standing for a string literal, which
 * it may have read as another type's value as it reads the string itself.
 */
export function versionIssues(
  tree: Expr,
  root: TypedExpr | undefined,
  version: ODataVersion,
  stringAliases: ReadonlySet<number> = new Set(),
): FilterIssue[] {
  const found: { found: Found; span: Span }[] = [];
  const strings = new Set<number>(stringAliases);
  const arrays = new Set<number>();
  const stack: Expr[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...childrenOf(node));
    if (node.kind === 'string') strings.add(node.start);
    if (node.kind === 'collection') arrays.add(node.start);
    found.push({ found: constructOf(node), span: node });
  }
  if (root !== undefined) found.push(...typedConstructs(root, strings, arrays));
  return found
    .filter(
      (f): f is { found: NonNullable<Found>; span: Span } => f.found !== undefined && isLater(f.found.since, version),
    )
    .sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end)
    .map(({ found: { since, what }, span }) => ({
      code: 'not_in_version',
      message: `${what} came with OData ${since}, after ${version}, the version the filter is for`,
      start: span.start,
      end: span.end,
    }));
}
