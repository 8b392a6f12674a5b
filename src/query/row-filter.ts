// Row filters (docs/query.md, "Row filters"): a resource's predicate, written in the filter
// language with named parameters (`OwnerID eq @user`), that a request cannot get past. It is
// and-ed with the request's filter — so the page and the count both hold it — and a relation's is
// put into every lambda over that relation, so that no `any` or `all` sees a row it excludes.

import { isFilterError } from '../errors.js';
import { check, composedFilter } from '../types/check.js';
import { checkStringCost, DEFAULT_MAX_COLLECTION_SIZE, DEFAULT_MAX_STRING_COST } from '../types/string-cost.js';
import type { Schema } from '../types/schema.js';
import { relationRows } from './relation-rows.js';
import type {
  TypedCollection,
  TypedCollectionBinding,
  TypedCount,
  TypedExpr,
  TypedFilter,
  TypedFunctionCall,
  TypedLambda,
  TypedLiteral,
  TypedMember,
  TypedNull,
  TypedResult,
  TypedSource,
} from '../types/typed.js';
import { findProperty } from '../types/schema.js';
import { mapChildrenOfTyped } from '../types/typed.js';
import { aliasNodes, aliasUses } from '../types/alias-uses.js';
import type { AliasUses } from '../types/alias-uses.js';
import { bindValue, describeUse, shownValue } from '../types/value-literal.js';
import type { ParameterValue, ValueUse } from '../types/value-literal.js';
import { keyOperand } from '../types/query-plan.js';
import type { OrderKey } from '../types/query-plan.js';
import type { Report } from './report.js';

export type { ParameterValue };

export type RowFilterParameters = Readonly<Record<string, ParameterValue>>;

/** A relation's rows as a request meets them (docs/query.md, "Row filters", "Expansion"). */
export interface RelationRules {
  /**
   * Its row filter, over the relation's own properties: every lambda and count over a to-many
   * relation, and its expansion, keep only the rows it keeps; a single-valued relation's row it
   * does not keep reads as null wherever it is read (filter, order, expansion).
   */
  readonly rowFilter?: string;
  /** For a to-many relation, the property paths that identify its rows (non-nullable primitives): what completes the order of an expansion of it. */
  readonly key?: readonly string[];
}

/** Each row filter's parameters and their types, learnt once per schema and text. */
const USES = new WeakMap<Schema, Map<string, ReadonlyMap<string, ValueUse>>>();

/**
 * Row filters checked with their parameters' literals, per schema and text: a request repeats the
 * parameters of the last ones (a user's, a tenant's), and a typed tree is never changed once made.
 * At most CHECKED_PER_FILTER sets of parameters are kept per filter, the oldest forgotten first.
 */
const CHECKED = new WeakMap<Schema, Map<string, Map<string, TypedFilter>>>();
const CHECKED_PER_FILTER = 256;

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
    const bound = bindValue(parameters[name], use);
    if (!bound.ok)
      throw new TypeError(
        `The row filter of ${owner} reads @${name} as ${describeUse(use)}, which ${shownValue(parameters[name])} is not${bound.reason === undefined ? '' : ` (${bound.reason})`}`,
      );
    aliases[name] = bound.text;
  }
  let byText = CHECKED.get(schema);
  if (byText === undefined) CHECKED.set(schema, (byText = new Map()));
  let byValues = byText.get(text);
  if (byValues === undefined) byText.set(text, (byValues = new Map()));
  const values = JSON.stringify(Object.values(aliases));
  const known = byValues.get(values);
  if (known !== undefined) return known;
  const typed = checkedRowFilter(text, schema, aliases, uses, parameters, owner);
  if (byValues.size >= CHECKED_PER_FILTER) byValues.delete(byValues.keys().next().value!);
  byValues.set(values, typed);
  return typed;
}

/** The row filter checked with its parameters' literals as aliases, each read as its place's type. */
function checkedRowFilter(
  text: string,
  schema: Schema,
  aliases: Readonly<Record<string, string>>,
  uses: ReadonlyMap<string, ValueUse>,
  parameters: RowFilterParameters,
  owner: string,
): TypedFilter {
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
  /** The policy's bounds on a filter's string functions, which the filter with the row filters keeps too. */
  readonly limits?: { readonly maxStringCost?: number; readonly maxCollectionSize?: number };
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
  const restrictedRelations = restrictsRelations(context);
  if (context.rowFilter === undefined && !restrictedRelations) return filter;
  const rewriter = new Restriction(context);
  const own =
    context.rowFilter === undefined
      ? undefined
      : ownRowFilter(
          checkRowFilter(context.rowFilter, context.schema, context.parameters, context.owner),
          rewriter,
          restrictedRelations,
        );
  // Only a relation's row filter changes what the request's filter reads.
  const requested =
    filter === undefined ? undefined : restrictedRelations ? rewriter.restricted(filter.root, [], false) : filter.root;
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
  // Bounded here with the policy's limits, so not again by composedFilter.
  return withinStringCost(root, filter?.text, context, option, issue)
    ? composedFilter(root, context.schema, filter?.text, Infinity)
    : undefined;
}

/** The schemas of the relations' rows, by the resource's schema and the relation's path: made once, so their checked row filters are remembered. */
const RELATION_SCHEMAS = new WeakMap<Schema, Map<string, Schema>>();

/**
 * The schema a relation's row filter is checked against, the one its expansion's filter is
 * (relationRows), made once per resource schema and path. `path` names a relation whose rows are
 * structures: its callers have found it so.
 */
function relationSchema(root: Schema, path: string): Schema {
  let byPath = RELATION_SCHEMAS.get(root);
  if (byPath === undefined) RELATION_SCHEMAS.set(root, (byPath = new Map()));
  let schema = byPath.get(path);
  if (schema === undefined) byPath.set(path, (schema = relationRows(root, path)!.schema));
  return schema;
}

/** Whether a relation has a row filter: otherwise a rewriting changes no read, only a row filter's positions. */
function restrictsRelations(context: RowFilterContext): boolean {
  const relations = context.relations;
  for (const name in relations)
    if (Object.hasOwn(relations, name) && relations[name]!.rowFilter !== undefined) return true;
  return false;
}

/** The resource's own row filter as it joins a request's filter, per checked row filter, where no relation restricts it. */
const OWN = new WeakMap<TypedFilter, TypedExpr>();

/**
 * The resource's row filter as the request's filter is joined to it: its nodes without positions
 * in the request, and its reads restricted by the relations' row filters. Without those, it is the
 * same for every request that gives its parameters the same values, as checkRowFilter's filter is.
 */
function ownRowFilter(rowFilter: TypedFilter, rewriter: Restriction, restrictedRelations: boolean): TypedExpr {
  if (restrictedRelations) return rewriter.restricted(rowFilter.root, [], true);
  let own = OWN.get(rowFilter);
  if (own === undefined) OWN.set(rowFilter, (own = rewriter.restricted(rowFilter.root, [], true)));
  return own;
}

/** The order keys as the relations' row filters restrict them (restrictedOrderKey), the keys themselves where none does. */
export function restrictedOrder(
  keys: readonly OrderKey[],
  context: RowFilterContext,
  option: string,
  issue: Report,
): OrderKey[] {
  return restrictsRelations(context)
    ? keys.flatMap((key) => restrictedOrderKey(key, context, option, issue))
    : (keys as OrderKey[]);
}

/**
 * An order key as the relations' row filters restrict it, exactly as a filter is: each lambda over
 * a restricted relation in its expression holds the relation's row filter, a `$count` of one
 * counts the rows it keeps, and a read through a restricted single-valued relation is null where
 * its row is hidden (a property path read so becomes an expression key of the same text). A key
 * the row filters do not reach is kept as it is; none (reported) where they take it past the
 * string cost a row may have.
 */
function restrictedOrderKey(key: OrderKey, context: RowFilterContext, option: string, issue: Report): OrderKey[] {
  const operand = keyOperand(key);
  const expression = new Restriction(context).restricted(operand, [], false);
  if (expression === operand) return [key];
  const name = key.expression === undefined ? key.path.join('/') : key.property.name;
  if (!withinStringCost(expression, name, context, option, issue)) return [];
  return [{ ...key, path: [], property: { ...key.property, name }, nullable: true, expression }];
}

/**
 * A filter the request layer wrote over the request's own expressions (the rows after a keyset
 * token's row) with every read restricted as the request's are, so that it reads exactly what
 * the order keys read.
 */
export function withRelationRestrictions(filter: TypedFilter, context: RowFilterContext): TypedFilter {
  if (!restrictsRelations(context)) return filter;
  // Its cost is bounded by the order keys it repeats, each of which was bounded with the row filters.
  return composedFilter(
    new Restriction(context).restricted(filter.root, [], false),
    context.schema,
    filter.text,
    Infinity,
  );
}

/** Whether the string functions of a request's tree and the row filters in it stay within the work a row may cost; else reported. */
function withinStringCost(
  root: TypedExpr,
  text: string | undefined,
  context: RowFilterContext,
  option: string,
  issue: Report,
): boolean {
  try {
    checkStringCost(
      root,
      context.limits?.maxStringCost ?? DEFAULT_MAX_STRING_COST,
      text,
      context.limits?.maxCollectionSize ?? DEFAULT_MAX_COLLECTION_SIZE,
    );
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
/** The schema path of a call's result as a scope: none of the resource's, so no relation is found on it. */
const RESULT = '\u0000result';

class Restriction {
  private fresh = 0;
  /** The single-valued relations whose row filters are being read (each reads its own row unguarded). */
  private readonly exempt = new Set<string>();

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
    switch (node.kind) {
      case 'member':
        return this.guarded(base, node.source, node.path, scopes, this.nullOf(node));
      case 'structureNull':
        // A hidden row reads as null: `R eq null` holds, `R ne null` does not.
        return this.guarded(base, node.source, node.path, scopes, this.truthOf(node.op === 'eq'));
      case 'count': {
        // The count of a restricted relation counts the rows its row filter keeps; in a hidden row,
        // 0. A count that counts only some elements already (`Reports/Ns.Manager/$count`) keeps
        // its own condition beside the row filter's.
        const variable = node.variable ?? `$row${++this.fresh}`;
        const kept = this.rowFilterOf(node.collection, variable, scopes);
        const own =
          node.body === undefined
            ? undefined
            : this.restricted(
                node.body,
                [...scopes, [variable, this.schemaPath(node.collection.source, node.collection.path, scopes)]],
                server,
              );
        const body =
          kept === undefined || own === undefined
            ? (kept ?? own)
            : ({ kind: 'logical', op: 'and', type: 'Edm.Boolean', operands: [kept, own], start: 0, end: 0 } as const);
        const counted = body === undefined ? base : { ...(base as TypedCount), variable, body };
        const zero = { kind: 'literal', type: 'Edm.Int64', value: 0n, start: 0, end: 0 } as const;
        return this.guarded(counted, node.collection.source, node.collection.path.slice(0, -1), scopes, zero);
      }
      case 'lambda': {
        // In a hidden row the collection is null: `any` is false, `all` true.
        const lambda = this.restrictedLambda(node, base as TypedLambda, scopes, server);
        const empty = this.truthOf(node.op === 'all');
        return this.guarded(lambda, node.collection.source, node.collection.path.slice(0, -1), scopes, empty);
      }
      case 'functionCall': {
        const binding = node.binding;
        if (binding?.kind === 'collection')
          return this.restrictedElements(node, base as typeof node, binding, scopes, server);
        // A function bound to a hidden relation's row reads nothing of it: the call is null.
        const call = mapChildrenOfTyped(base as TypedExpr, (child) => this.restricted(child, scopes, server));
        if (binding?.kind !== 'structure') return call;
        const otherwise = { kind: 'null', type: node.type, start: 0, end: 0 } as const;
        return this.guarded(call, binding.source, binding.path, scopes, otherwise);
      }
      case 'result':
        return this.restrictedResult(node, base as TypedResult, scopes, server);
      // A path's collection passed to a function: the elements a count would count.
      case 'collectionArgument': {
        const given = node.elements;
        if (!('kind' in given))
          return mapChildrenOfTyped(base as TypedExpr, (child) => this.restricted(child, scopes, server));
        const elements = this.restrictedBinding(given, scopes, server);
        if (node.slots === undefined) return { ...(base as typeof node), elements };
        // An element's slots read it as a lambda's body reads its element.
        const path = this.schemaPath(given.collection.source, given.collection.path, scopes);
        const inner = [...scopes, [given.variable, path] as const];
        const slots = node.slots.map((slot) => this.restricted(slot, inner, server));
        return { ...(base as typeof node), elements, slots };
      }
      default:
        return mapChildrenOfTyped(base as TypedExpr, (child) => this.restricted(child, scopes, server));
    }
  }

  /**
   * A read of a call's result (docs/semantics.md §15): the call restricted as any call is (a
   * collection's elements those the row filter keeps); bound to a hidden relation's row, it is not
   * made, and the result is null. What reads the result reads no row: its paths are the result's.
   */
  private restrictedResult(
    node: TypedResult,
    base: TypedResult,
    scopes: readonly (readonly [variable: string, path: string])[],
    server: boolean,
  ): TypedExpr {
    const { call: parts, read, variable } = node;
    const binding = parts.binding;
    const call: TypedFunctionCall = { kind: 'functionCall', type: node.type, ...parts };
    const restricted =
      binding?.kind === 'collection'
        ? (this.restrictedElements(call, call, binding, scopes, server) as TypedFunctionCall)
        : (mapChildrenOfTyped(call, (child) => this.restricted(child, scopes, server)) as TypedFunctionCall);
    const yes = this.truthOf(true);
    const visible =
      binding?.kind === 'structure'
        ? this.guarded(yes, binding.source, binding.path, scopes, this.truthOf(false))
        : yes;
    const { kind: _, type: __, ...restrictedParts } = restricted;
    return {
      ...base,
      call: { ...restrictedParts, ...(server && { start: 0, end: 0 }) },
      read: this.restricted(read, [...scopes, [variable, RESULT]], server),
      ...(visible !== yes && { made: visible }),
    };
  }

  /**
   * A function bound to a collection (docs/semantics.md §15) is given the elements a row filter
   * keeps, as a count counts them; through a hidden relation's row, none (the collection there is
   * empty, and the implementation is still called).
   */
  private restrictedElements(
    node: TypedFunctionCall,
    base: TypedFunctionCall,
    binding: TypedCollectionBinding,
    scopes: readonly (readonly [variable: string, path: string])[],
    server: boolean,
  ): TypedExpr {
    const args = node.args.map((arg) => this.restricted(arg, scopes, server));
    return { ...base, binding: this.restrictedBinding(binding, scopes, server), args };
  }

  /**
   * A collection passed whole (a call's binding, or an argument): its elements those a row filter
   * keeps, and none through a hidden relation's row.
   */
  private restrictedBinding(
    binding: TypedCollectionBinding,
    scopes: readonly (readonly [variable: string, path: string])[],
    server: boolean,
  ): TypedCollectionBinding {
    const { collection, variable } = binding;
    const path = this.schemaPath(collection.source, collection.path, scopes);
    const own = binding.body && this.restricted(binding.body, [...scopes, [variable, path]], server);
    const kept = this.rowFilterOf(collection, variable, scopes);
    const yes = this.truthOf(true);
    const visible = this.guarded(yes, collection.source, collection.path.slice(0, -1), scopes, this.truthOf(false));
    const conditions = [visible === yes ? undefined : visible, kept, own].filter((c) => c !== undefined);
    const body: TypedExpr | undefined =
      conditions.length < 2
        ? conditions[0]
        : { kind: 'logical', op: 'and', type: 'Edm.Boolean', operands: conditions, start: 0, end: 0 };
    return body === undefined ? binding : { ...binding, body };
  }

  /** A lambda whose collection a row filter restricts: its body holds the filter for each element. */
  private restrictedLambda(
    node: TypedLambda,
    base: TypedLambda,
    scopes: readonly (readonly [variable: string, path: string])[],
    server: boolean,
  ): TypedExpr {
    const path = this.schemaPath(node.collection.source, node.collection.path, scopes);
    const variable = node.variable ?? `$row${++this.fresh}`;
    const inner = [...scopes, [variable, path] as const];
    const body = node.body === undefined ? undefined : this.restricted(node.body, inner, server);
    const bound = this.rowFilterOf(node.collection, variable, scopes);
    if (bound === undefined) return { ...base, body };
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
    return { ...base, variable, body: restrictedBody };
  }

  /**
   * A read from `source` along `path` as the row filters of the single-valued relations on the
   * path allow it: where one's row is hidden (its row filter not true), the read is `otherwise`
   * (what it reads in a null row). Relations whose filters are being read are exempt: a row
   * filter reads its own row.
   */
  private guarded(
    read: TypedExpr,
    source: TypedSource,
    path: readonly string[],
    scopes: readonly (readonly [variable: string, path: string])[],
    otherwise: TypedLiteral | TypedNull,
  ): TypedExpr {
    let result = read;
    // Innermost first, so that the outermost relation's guard is tested first.
    for (let i = path.length; i >= 1; i--) {
      const full = this.schemaPath(source, path.slice(0, i), scopes);
      const rowFilter = this.context.relations?.[full]?.rowFilter;
      if (rowFilter === undefined || this.exempt.has(full)) continue;
      const property = findProperty(this.context.schema, full.split('/'));
      if (property?.kind !== 'structured' || !property.relation) continue;
      const owner = `${this.context.owner}/${full}`;
      const checked = checkRowFilter(
        rowFilter,
        relationSchema(this.context.schema, full),
        this.context.parameters,
        owner,
      );
      this.exempt.add(full);
      let condition: TypedExpr;
      try {
        const at = { source, prefix: path.slice(0, i), nullable: this.nullableAlong(source, path.slice(0, i), scopes) };
        condition = this.restricted(this.rebound(checked.root, at, new Map()), scopes, true);
      } finally {
        this.exempt.delete(full);
      }
      result = {
        kind: 'guard',
        type: read.type,
        condition,
        value: result,
        otherwise,
        start: read.start,
        end: read.end,
      };
    }
    return result;
  }

  /** Whether a structure on the path from the source may be null (then so may every read through it). */
  private nullableAlong(
    source: TypedSource,
    path: readonly string[],
    scopes: readonly (readonly [variable: string, path: string])[],
  ): boolean {
    for (let i = 1; i <= path.length; i++) {
      const property = findProperty(this.context.schema, this.schemaPath(source, path.slice(0, i), scopes).split('/'));
      if (property?.kind === 'structured' && property.nullable) return true;
    }
    return false;
  }

  private nullOf(node: TypedMember): TypedNull {
    const enumType = node.property.enum;
    return {
      kind: 'null',
      type: node.type,
      ...(enumType === undefined ? {} : { enum: enumType }),
      start: 0,
      end: 0,
    } as TypedNull;
  }

  private truthOf(value: boolean): TypedLiteral {
    return { kind: 'literal', type: 'Edm.Boolean', value, start: 0, end: 0 };
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
      relationSchema(this.context.schema, path),
      this.context.parameters,
      `${this.context.owner}/${path}`,
    );
    // The row filter reads the element: its paths start at the variable, its own variables
    // renamed so that none can shadow one in scope, then its own lambdas restricted.
    const at = { source: { kind: 'variable', name: variable } as const, prefix: [], nullable: false };
    return this.restricted(this.rebound(checked.root, at, new Map()), [...scopes, [variable, path]], true);
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

  /**
   * A row filter's tree read from a relation's row: row paths start at `at` (a variable's element,
   * or a path from a source to a single-valued relation), its variables renamed.
   */
  private rebound(node: TypedExpr, at: ReadPoint, renamed: Map<string, string>): TypedExpr {
    const moved = (s: TypedSource, path: readonly string[]) =>
      s.kind === 'row'
        ? { source: at.source, path: [...at.prefix, ...path] }
        : { source: { kind: 'variable', name: renamed.get(s.name) ?? s.name } as const, path };
    switch (node.kind) {
      case 'member':
        return { ...node, ...moved(node.source, node.path), nullable: node.nullable || at.nullable };
      case 'structureNull':
        return { ...node, ...moved(node.source, node.path) };
      case 'count':
      case 'lambda': {
        const inner = new Map(renamed);
        const name = node.variable === undefined ? undefined : `$row${++this.fresh}`;
        if (node.variable !== undefined) inner.set(node.variable, name!);
        const { source, path } = moved(node.collection.source, node.collection.path);
        return {
          ...node,
          variable: name,
          collection: { ...node.collection, source, path },
          body: node.body === undefined ? undefined : this.rebound(node.body, at, inner),
        } as TypedExpr;
      }
      case 'functionCall': {
        if (node.binding?.kind === 'collection')
          return {
            ...node,
            binding: this.reboundBinding(node.binding, at, renamed),
            args: node.args.map((arg) => this.rebound(arg, at, renamed)),
          };
        const call = mapChildrenOfTyped(node, (child) => this.rebound(child, at, renamed)) as typeof node;
        const binding = call.binding;
        if (binding?.kind !== 'structure') return call;
        return {
          ...call,
          binding: { ...binding, ...moved(binding.source, binding.path), nullable: binding.nullable || at.nullable },
        };
      }
      case 'collectionArgument': {
        const given = node.elements;
        if (!('kind' in given)) return mapChildrenOfTyped(node, (child) => this.rebound(child, at, renamed));
        const elements = this.reboundBinding(given, at, renamed);
        if (node.slots === undefined) return { ...node, elements };
        // An element's slots read the variable under its new name.
        const inner = new Map(renamed).set(given.variable, elements.variable);
        return { ...node, elements, slots: node.slots.map((slot) => this.rebound(slot, at, inner)) };
      }
      default:
        return mapChildrenOfTyped(node, (child) => this.rebound(child, at, renamed));
    }
  }

  /** A collection passed whole, read from where `at` says, its variable renamed. */
  private reboundBinding(
    binding: TypedCollectionBinding,
    at: ReadPoint,
    renamed: Map<string, string>,
  ): TypedCollectionBinding {
    const { collection, variable, body } = binding;
    const inner = new Map(renamed);
    const name = `$row${++this.fresh}`;
    inner.set(variable, name);
    const source = collection.source;
    const moved =
      source.kind === 'row'
        ? { source: at.source, path: [...at.prefix, ...collection.path] }
        : {
            source: { kind: 'variable', name: renamed.get(source.name) ?? source.name } as const,
            path: collection.path,
          };
    return {
      ...binding,
      variable: name,
      collection: { ...collection, ...moved },
      ...(body === undefined ? {} : { body: this.rebound(body, at, inner) }),
    };
  }
}

/** Where a row filter's row paths start when it is read from a relation's row. */
interface ReadPoint {
  readonly source: TypedSource;
  readonly prefix: readonly string[];
  /** Whether a structure on the prefix may be null. */
  readonly nullable: boolean;
}
