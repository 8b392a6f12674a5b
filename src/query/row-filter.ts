// Row filters (docs/query.md, "Row filters"): a resource's predicate, written in the filter
// language with named parameters (`OwnerID eq @user`), that a request cannot get past. It is
// and-ed with the request's filter — so the page and the count both hold it — and a relation's is
// put into every lambda over that relation, so that no `any` or `all` sees a row it excludes.

import { isFilterError } from '../errors.js';
import { check, composedFilter } from '../types/check.js';
import type { Schema } from '../types/schema.js';
import type { TypedExpr, TypedFilter, TypedLambda, TypedSource } from '../types/typed.js';
import { mapChildrenOfTyped } from '../types/typed.js';
import { aliasNodes, aliasUses, describeUse, shownValue, valueLiteral } from '../types/value-literal.js';
import type { AliasUses, ParameterValue, ValueUse } from '../types/value-literal.js';
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
 * (either may be absent), every lambda over a relation with a row filter restricted to the rows
 * it keeps. A `$count` over such a relation cannot be restricted yet: it is reported.
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
  const rewriter = new Restriction(context, option, issue);
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
  try {
    return composedFilter(root, context.schema, filter?.text);
  } catch (error) {
    // The string functions of both filters together can pass the work a row may cost.
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
    return undefined;
  }
}

/**
 * An order expression as the relations' row filters restrict it, exactly as a filter is: each
 * lambda over a restricted relation holds the relation's row filter, and a `$count` of one is
 * reported. Without restricted relations it is returned as it is.
 */
export function withRelationRowFilters(
  expression: TypedExpr,
  context: RowFilterContext,
  option: string,
  issue: Report,
): TypedExpr {
  if (Object.values(context.relations ?? {}).every((r) => r.rowFilter === undefined)) return expression;
  return new Restriction(context, option, issue).restricted(expression, [], false);
}

/** One rewriting of a filter: the lambdas over restricted relations, and the names it gives variables. */
class Restriction {
  private fresh = 0;

  constructor(
    private readonly context: RowFilterContext,
    private readonly option: string,
    private readonly issue: Report,
  ) {}

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
    if (node.kind === 'count' && node.collection.property.relation) {
      const path = this.schemaPath(node.collection.source, node.collection.path, scopes);
      if (this.context.relations?.[path]?.rowFilter !== undefined) {
        if (server)
          throw new TypeError(
            `A row filter of ${this.context.owner} counts '${path}', whose rows a row filter restricts, which is not supported yet; test for one with '${path}/any()'`,
          );
        this.issue(
          'unsupported',
          'unsupported',
          this.option,
          `Option '${this.option}': '${path}/$count' counts rows a row filter restricts, which is not supported yet; use '${path}/any()' to test for one`,
          base.start,
          base.end,
        );
      }
      return base;
    }
    if (node.kind !== 'lambda')
      return mapChildrenOfTyped(base as TypedExpr, (child) => this.restricted(child, scopes, server));
    const path = this.schemaPath(node.collection.source, node.collection.path, scopes);
    const variable = node.variable ?? `$row${++this.fresh}`;
    const inner = [...scopes, [variable, path] as const];
    const body = node.body === undefined ? undefined : this.restricted(node.body, inner, server);
    const rowFilter = node.collection.property.relation ? this.context.relations?.[path]?.rowFilter : undefined;
    if (rowFilter === undefined) return { ...(base as TypedLambda), body };
    const element = node.collection.property.element;
    if (element.kind !== 'structured') return { ...(base as TypedLambda), body };
    const checked = checkRowFilter(
      rowFilter,
      { name: `${this.context.owner}/${path}`, properties: element.properties },
      this.context.parameters,
      `${this.context.owner}/${path}`,
    );
    // The row filter reads the element: its paths start at the lambda's variable, its own
    // variables renamed so that none can shadow one in scope, then its own lambdas restricted.
    const bound = this.restricted(this.rebound(checked.root, variable, new Map()), inner, true);
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
        return { ...node, collection: { ...node.collection, source: source(node.collection.source) } };
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
