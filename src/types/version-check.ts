// check()'s `version` option: every construct of the filter that came after the target OData
// version, each an issue `not_in_version` at its range, so that a v4 filter aimed at a v2 service
// is refused before the request is sent (docs/semantics.md, "Versions"). The parser reads the v4
// forms whatever the target; this is where they are refused.

import type { Expr } from '../syntax/ast.js';
import { childrenOf } from '../syntax/ast.js';
import type { FilterIssue } from '../errors.js';
import { VERSIONED_CONSTRUCTS } from '../syntax/version-constructs.js';
import type { VersionedConstructName } from '../syntax/version-constructs.js';
import { isLater } from '../syntax/versions.js';
import type { ODataVersion } from '../syntax/versions.js';
import { assertNever } from '../assert-never.js';
import { lookupFunction } from './functions.js';
import type { TypedExpr } from './typed.js';
import { childrenOfTyped } from './typed.js';

type Span = { readonly start: number; readonly end: number };

/** A construct of the syntax tree and the version that brought it, or undefined for one every version has. */
type Found = { readonly since: ODataVersion; readonly what: string } | undefined;

const TYPES_OF_4_0 = new Set(['Edm.Date', 'Edm.TimeOfDay', 'Edm.Duration']);

const construct = (name: VersionedConstructName): Found => VERSIONED_CONSTRUCTS[name];

/** A literal written without the v2/v3 prefix: its raw text has no quote. */
const bare = (raw: string): boolean => !raw.includes("'");

function constructOf(node: Expr): Found {
  switch (node.kind) {
    case 'null':
    case 'boolean':
    case 'string':
    case 'not':
    case 'negate':
    case 'compare':
    case 'arithmetic':
    case 'logical':
      return undefined;
    case 'number': {
      const suffix = node.raw[node.raw.length - 1]!.toLowerCase();
      if (node.type === 'Edm.Int64' && suffix !== 'l') return construct('int64_literal');
      if (node.type === 'Edm.Decimal' && suffix !== 'm') return construct('decimal_literal');
      return undefined;
    }
    case 'datetime':
      return bare(node.raw) ? construct('datetimeoffset_literal') : undefined;
    case 'guid':
      return bare(node.raw) ? construct('guid_literal') : undefined;
    case 'timeOfDay':
      return bare(node.raw) ? construct('time_of_day_literal') : undefined;
    case 'date':
      return construct('date_literal');
    case 'duration':
      return construct('duration_literal');
    case 'enum':
      return construct('enum_literal');
    case 'member':
      return node.segments[0]!.name === '$it' ? construct('$it') : undefined;
    case 'alias':
      return construct('parameter_alias');
    case 'call': {
      const since = lookupFunction(node.name)?.since;
      return since === undefined ? undefined : { since, what: `The function '${node.name}'` };
    }
    case 'typeFunction':
      if (TYPES_OF_4_0.has(node.target.name)) return construct('type_function_target');
      return node.target.quoted ? undefined : construct('unquoted_type_name');
    case 'has':
      return construct('has');
    case 'lambda':
      return construct(node.op);
    case 'count':
      return construct('$count');
    case 'in':
    case 'inAlias':
    case 'inCollection':
      return construct('in');
    default:
      return assertNever(node);
  }
}

/** Where a construct of the typed tree stands: date-time arithmetic, and a string read as another type's value. */
function typedConstructs(root: TypedExpr, strings: ReadonlySet<number>): { found: Found; span: Span }[] {
  const out: { found: Found; span: Span }[] = [];
  const stack: TypedExpr[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...childrenOfTyped(node));
    if (node.kind === 'temporal') out.push({ found: construct('date_time_arithmetic'), span: node });
    // A string literal the checker read as a Duration, an enumeration member, a guid or a date-time (4.01).
    if (node.kind === 'literal' && strings.has(node.start) && (node.type !== 'Edm.String' || node.enum !== undefined)) {
      out.push({ found: construct('string_as_value'), span: node });
    }
  }
  return out;
}

/**
 * The `not_in_version` issues of a filter for a target version, in the order of the text: one
 * per construct the version does not have. `root` is the typed tree, when the filter typed.
 */
export function versionIssues(tree: Expr, root: TypedExpr | undefined, version: ODataVersion): FilterIssue[] {
  const found: { found: Found; span: Span }[] = [];
  const strings = new Set<number>();
  const stack: Expr[] = [tree];
  while (stack.length > 0) {
    const node = stack.pop()!;
    stack.push(...childrenOf(node));
    if (node.kind === 'string') strings.add(node.start);
    found.push({ found: constructOf(node), span: node });
  }
  if (root !== undefined) found.push(...typedConstructs(root, strings));
  return found
    .filter((f): f is { found: NonNullable<Found>; span: Span } => f.found !== undefined && isLater(f.found.since, version))
    .sort((a, b) => a.span.start - b.span.start || b.span.end - a.span.end)
    .map(({ found: { since, what }, span }) => ({
      code: 'not_in_version',
      message: `${what} came with OData ${since}, after ${version}, the version the filter is for`,
      start: span.start,
      end: span.end,
    }));
}
