// Row filters (docs/query.md, "Row filters"): a resource's predicate, written in the filter
// language with named parameters (`OwnerID eq @user`), that a request cannot get past. It is
// and-ed with the request's filter — so the page and the count both hold it — and a relation's is
// put into every lambda over that relation, so that no `any` or `all` sees a row it excludes.

import { isFilterError } from '../errors.js';
import { check, composedFilter } from '../types/check.js';
import { checkStringCost, DEFAULT_MAX_STRING_COST } from '../types/string-cost.js';
import type { Schema } from '../types/schema.js';
import type { TypedCollection, TypedCount, TypedExpr, TypedFilter, TypedLambda, TypedSource } from '../types/typed.js';
import { mapChildrenOfTyped } from '../types/typed.js';
import { aliasNodes, aliasUses, describeUse, shownValue, valueLiteral } from '../types/value-literal.js';
import type { AliasUses, ParameterValue, ValueUse } from '../types/value-literal.js';
import type { OrderKey } from './plan.js';
import type { Report } from './report.js';

export type { ParameterValue };

export type RowFilterParameters = Readonly<Record<string, ParameterValue>>;

/** A to-many relation's rows as a request meets them (docs/query.md, "Row filters", "Expansion"). */
export interface RelationRules {
  /** Its row filter, over the relation's own properties: every lambda over it, and its expansion, keep only the rows it keeps. */
  readonly rowFilter?: string;
  /** The property paths that identify its rows (non-nullable primitives): what completes the order of an expansion of it. */
  readonly key?: readonly string[];
}

/** Each row filter's parameters and their types, learnt once per schema and text. */
const USES = new WeakMap<Schema, Map<string, ReadonlyMap<string, ValueUse>>>();

/**
 * A row filter checked with its parameters' values: each value written as a literal of the type
 * its place gives it, then read as a parameter alias is. A filter that does not check, a missing
 * parameter or a value that does not fit is a TypeError (the server's mistake, not the request's).
 */
export function checkRowFilter(
  text: string,
  schema: Schema,
  parameters: RowFilterParameters,
  owner: string,
): TypedFilter {
  const uses = parameterUses(text, schema, owner);
  const aliases: Record<string, string> = {};
  for (const [name, use] of uses) {
    if (!Object.hasOwn(parameters, name))
      throw new TypeError(
        `The row filter of ${owner} needs the parameter @${name}, which the request's parameters do not give`,
      );
    const literal = valueLiteral(parameters[name], use);
    if (literal === undefined)
      throw new TypeError(
        `The row filter of ${owner} reads @${name} as ${describeUse(use)}, which ${shownValue(parameters[name])} is not`,
      );
    aliases[name] = literal;
  }
  let typed: TypedFilter;
  try {
    typed = check(text, schema, { aliases });
  } catch (error) {
    if (!isFilterError(error)) throw error;
    throw new TypeError(
      `The row filter of ${owner} with its parameters (${Object.entries(aliases)
        .map(([n, v]) => `@${n} = ${v}`)
        .join(', ')}) does not check: ${error.message}`,
    );
  }
  // A value is read as its place's type, or not at all: a literal that made its place another
  // type (a number beyond Int64 read as a Decimal) is refused.
  for (const node of aliasNodes(typed.root, text)) {
    const name = text.slice(node.start + 1, node.end);
    const use = uses.get(name)!;
    if (node.type !== use.type)
      throw new TypeError(
        `The row filter of ${owner} reads @${name} as ${describeUse(use)}, which ${shownValue(parameters[name])} is not`,
      );
  }
  return typed;
}

/** The parameters of a row filter and the type each has where it stands. */
function parameterUses(text: string, schema: Schema, owner: string): ReadonlyMap<string, ValueUse> {
  let bySchema = USES.get(schema);
  if (bySchema === undefined) USES.set(schema, (bySchema = new Map()));
  const known = bySchema.get(text);
  if (known !== undefined) return known;
  let learnt: AliasUses;
  try {
    learnt = aliasUses(text, schema);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    throw new TypeError(`The row filter of ${owner} does not check: ${error.message}`);
  }
  const [conflict] = learnt.conflicts;
  if (conflict !== undefined)
    throw new TypeError(
      `The row filter of ${owner} uses @${conflict.name} as ${describeUse(conflict.first)} and as ${describeUse(conflict.other)}; give each place its own parameter`,
    );
  bySchema.set(text, learnt.uses);
  return learnt.uses;
}

/** What the request's filter becomes: and-ed with the resource's row filter, each lambda over a restricted relation holding the relation's. */
export interface RowFilterContext {
  readonly schema: Schema;
  readonly owner: string;
  readonly rowFilter: string | undefined;
  readonly relations: Readonly<Record<string, RelationRules>> | undefined;
  readonly parameters: RowFilterParameters;
}

/**
 * The filter a request's data and count are read with: the row filter and the request's filter
 * (either may be absent), every lambda and `$count` over a relation with a row filter restricted
 * to the rows it keeps.
 */
export function withRowFilters(
  filter: TypedFilter | undefined,
  context: RowFilterContext,
  option: string,
  issue: Report,
): TypedFilter | undefined {
  // parseQuery checked the paths of `relations` (checkRelations).
  const relations = context.relations ?? {};
  if (context.rowFilter === undefined && Object.values(relations).every((r) => r.rowFilter === undefined))
    return filter;
  const rewriter = new Restriction(context);
  const own =
    context.rowFilter === undefined
      ? undefined
      : rewriter.restricted(
          checkRowFilter(context.rowFilter, context.schema, context.parameters, context.owner).root,
          [],
          true,
        );
  const requested = filter === undefined ? undefined : rewriter.restricted(filter.root, [], false);
  const root =
    own === undefined
      ? requested
      : requested === undefined
        ? own
        : ({
            kind: 'logical',
            op: 'and',
            type: 'Edm.Boolean',
            operands: [own, requested],
            start: requested.start,
            end: requested.end,
          } as const);
  if (root === undefined) return undefined;
  return withinStringCost(root, filter?.text, option, issue)
    ? composedFilter(root, context.schema, filter?.text)
    : undefined;
}

/**
 * An order key as the relations' row filters restrict it, exactly as a filter is: each lambda over
 * a restricted relation in its expression holds the relation's row filter, and a `$count` of one
 * counts the rows it keeps. A property path, or an expression without restricted relations, is
 * kept as it is; none (reported) where the row filters take it past the string cost a row may have.
 */
export function restrictedOrderKey(
  key: OrderKey,
  context: RowFilterContext,
  option: string,
  issue: Report,
): OrderKey[] {
  if (key.expression === undefined) return [key];
  if (Object.values(context.relations ?? {}).every((r) => r.rowFilter === undefined)) return [key];
  const expression = new Restriction(context).restricted(key.expression, [], false);
  return withinStringCost(expression, key.property.name, option, issue) ? [{ ...key, expression }] : [];
}

/** Whether the string functions of a request's tree and the row filters in it stay within the work a row may cost; else reported. */
function withinStringCost(root: TypedExpr, text: string | undefined, option: string, issue: Report): boolean {
  try {
    checkStringCost(root, DEFAULT_MAX_STRING_COST, text);
    return true;
  } catch (error) {
    if (!isFilterError(error)) throw error;
    for (const i of error.issues)
      issue(
        error.kind,
        i.code as 'string_cost',
        option,
        `Option '${option}', with the row filters: ${i.message}`,
        i.start,
        i.end,
      );
    return false;
  }
}

/** One rewriting of a filter: the lambdas over restricted relations, and the names it gives variables. */
class Restriction {
  private fresh = 0;

  constructor(private readonly context: RowFilterContext) {}

  /**
   * The tree with each lambda over a restricted relation holding that relation's row filter.
   * `scopes` are the schema paths of the variables in scope; `server` says the tree is a row
   * filter, whose nodes carry no position in the request.
   */
  restricted(
    node: TypedExpr,
    scopes: readonly (readonly [variable: string, path: string])[],
    server: boolean,
  ): TypedExpr {
    const base = server ? { ...node, start: 0, end: 0 } : node;
    if (node.kind === 'count') {
      // The count of a restricted relation counts the rows its row filter keeps.
      const variable = `$row${++this.fresh}`;
      const kept = this.rowFilterOf(node.collection, variable, scopes);
      return kept === undefined ? base : { ...(base as TypedCount), variable, body: kept };
    }
    if (node.kind !== 'lambda')
      return mapChildrenOfTyped(base as TypedExpr, (child) => this.restricted(child, scopes, server));
    const path = this.schemaPath(node.collection.source, node.collection.path, scopes);
    const variable = node.variable ?? `$row${++this.fresh}`;
    const inner = [...scopes, [variable, path] as const];
    const body = node.body === undefined ? undefined : this.restricted(node.body, inner, server);
    const bound = this.rowFilterOf(node.collection, variable, scopes);
    if (bound === undefined) return { ...(base as TypedLambda), body };
    const visible: TypedExpr = {
      kind: 'compare',
      op: 'eq',
      type: 'Edm.Boolean',
      left: bound,
      right: { kind: 'literal', type: 'Edm.Boolean', value: true, start: 0, end: 0 },
      start: 0,
      end: 0,
    };
    const restrictedBody: TypedExpr =
      node.op === 'any'
        ? body === undefined
          ? bound
          : { kind: 'logical', op: 'and', type: 'Edm.Boolean', operands: [bound, body], start: 0, end: 0 }
        : // `all` over the rows the filter keeps: an element it does not keep (false or null) passes.
          {
            kind: 'logical',
            op: 'or',
            type: 'Edm.Boolean',
            operands: [{ kind: 'not', type: 'Edm.Boolean', operand: visible, start: 0, end: 0 }, body!],
            start: 0,
            end: 0,
          };
    return { ...(base as TypedLambda), variable, body: restrictedBody };
  }

  /**
   * The row filter of a restricted relation, read from the element `variable` is bound to, its
   * own lambdas restricted in turn; undefined for any other collection.
   */
  private rowFilterOf(
    collection: TypedCollection,
    variable: string,
    scopes: readonly (readonly [variable: string, path: string])[],
  ): TypedExpr | undefined {
    if (!collection.property.relation) return undefined;
    const path = this.schemaPath(collection.source, collection.path, scopes);
    const rowFilter = this.context.relations?.[path]?.rowFilter;
    const element = collection.property.element;
    if (rowFilter === undefined || element.kind !== 'structured') return undefined;
    const checked = checkRowFilter(
      rowFilter,
      { name: `${this.context.owner}/${path}`, properties: element.properties },
      this.context.parameters,
      `${this.context.owner}/${path}`,
    );
    // The row filter reads the element: its paths start at the variable, its own variables
    // renamed so that none can shadow one in scope, then its own lambdas restricted.
    return this.restricted(this.rebound(checked.root, variable, new Map()), [...scopes, [variable, path]], true);
  }

  /** The schema path of a collection reached from a source: the row's, or a variable's element's. */
  private schemaPath(
    source: TypedSource,
    path: readonly string[],
    scopes: readonly (readonly [string, string])[],
  ): string {
    if (source.kind === 'row') return path.join('/');
    const scope = scopes.find(([name]) => name === source.name);
    return [scope?.[1] ?? '', ...path].filter((s) => s !== '').join('/');
  }

  /** A row filter's tree read from a variable's element: row paths start at the variable, its variables renamed. */
  private rebound(node: TypedExpr, variable: string, renamed: Map<string, string>): TypedExpr {
    const source = (s: TypedSource): TypedSource =>
      s.kind === 'row'
        ? { kind: 'variable', name: variable }
        : { kind: 'variable', name: renamed.get(s.name) ?? s.name };
    switch (node.kind) {
      case 'member':
      case 'structureNull':
        return { ...node, source: source(node.source) };
      case 'count':
      case 'lambda': {
        const inner = new Map(renamed);
        const name = node.variable === undefined ? undefined : `$row${++this.fresh}`;
        if (node.variable !== undefined) inner.set(node.variable, name!);
        return {
          ...node,
          variable: name,
          collection: { ...node.collection, source: source(node.collection.source) },
          body: node.body === undefined ? undefined : this.rebound(node.body, variable, inner),
        };
      }
      default:
        return mapChildrenOfTyped(node, (child) => this.rebound(child, variable, renamed));
    }
  }
}
