// The expansion of a request (`$expand`, the service's `expand`; docs/query.md, "Expansion"): the
// relations each row inlines, and, in the `odata` spelling, the options of each — `$filter`,
// `$select`, `$orderby`, `$top`, `$skip`, `$expand` in parentheses — read as the request's own
// options are read, against the relation's rows, under the resource's rules and row filters.

import { navigationTargetAt } from '../model/model-view.js';
import type { TypedFilter } from '../types/typed.js';
import { checkAllowed } from '../types/allowed.js';
import type { Schema } from '../types/schema.js';
import { findProperty } from '../types/schema.js';
import { DraftReader, schemaOf } from './expand-drafts.js';
import type { Draft, NestedOption } from './expand-drafts.js';
import { completeOrder, orderOf } from './order.js';
import type { Level } from './order.js';
import type { QueryOptionName } from './option-names.js';
import type { ExpandItem, OrderKey, SelectItem } from '../types/query-plan.js';
import type { QueryResource } from './policy.js';
import type { Report } from './report.js';
import { relationRows } from './relation-rows.js';
import { restrictedOrder, withRowFilters } from './row-filter.js';
import type { RelationRules, RowFilterContext, RowFilterParameters } from './row-filter.js';
import { filterSchemaOf, scopedRules, visibleItems } from './rules.js';
import type { Rules } from './rules.js';
import { type Selection, selectOf } from './select.js';
import { filterOf } from './values.js';
import { skipOf, topOf } from './page-bounds.js';

/** The deepest expansion by default: the service document's six levels. */
export const DEFAULT_MAX_EXPAND_DEPTH = 6;

/** What reading an expansion needs of the request. */
export interface ExpandReading {
  readonly resource: QueryResource;
  readonly rules: Rules;
  readonly aliases: Readonly<Record<string, string>>;
  readonly parameters: RowFilterParameters;
}

/** Reads `$expand`/`expand` into the relations each row inlines; problems are reported, naming the option. */
export function expandOf(
  [name, value]: readonly [string, string],
  reading: ExpandReading,
  issue: Report,
): ExpandItem[] {
  if (value.trim() === '') {
    issue(
      'syntax',
      'invalid_option_value',
      name,
      `Option '${name}' is empty: name the relations to expand, or leave the option out`,
    );
    return [];
  }
  const { resource, rules } = reading;
  const drafts = new DraftReader(name, resource.policy.spelling, issue).read(value, { schema: resource.schema, rules });
  const finishing = new ItemFinisher(name, reading, issue);
  return [...drafts.values()].flatMap((draft) => finishing.finished(draft, 1) ?? []);
}

/** A relation the request may expand where it stands: its rows, how they are ordered, and the resource's rules for it. */
interface Relation {
  readonly draft: Draft;
  readonly schemaPath: string;
  readonly many: boolean;
  readonly schema: Schema;
  /** Its rows' key, the rules scoped to them, the policy: how its order is read and completed. */
  readonly level: Level;
  readonly config: RelationRules | undefined;
}

/** What a relation's own options give. */
interface OwnOptions {
  readonly filter: TypedFilter | undefined;
  readonly requested: OrderKey[];
  readonly top: number | undefined;
  readonly skip: number;
  readonly select: SelectItem[] | undefined;
  readonly selectedRelations: readonly string[];
}

/** A relation's own `$select` as its options hold it (nothing kept where the reading failed). */
const selectedBy = (selection: Selection | undefined) => ({
  select: selection?.items,
  selectedRelations: selection?.relations ?? [],
});

/** Finishing one request's expansion: each relation's options read against its rows, under the resource's rules and row filters. */
class ItemFinisher {
  private readonly maxDepth: number;

  constructor(
    private readonly name: string,
    private readonly reading: ExpandReading,
    private readonly issue: Report,
  ) {
    this.maxDepth = reading.resource.policy.maxExpandDepth ?? DEFAULT_MAX_EXPAND_DEPTH;
  }

  /** A draft with its options read, at `depth` (1 for the resource's relations); undefined once a problem is reported. */
  finished(draft: Draft, depth: number): ExpandItem | undefined {
    const relation = this.admitted(draft, depth);
    if (relation === undefined) return undefined;
    const options = new NestedOptions(this.name, relation.schemaPath, draft.options, this.issue);
    if (!relation.many)
      options.refuse(
        ['filter', 'orderby', 'top', 'skip'],
        (written) =>
          `'${written}' orders, filters or pages the rows of a to-many relation; '${relation.schemaPath}' is one row`,
      );
    const own = this.ownOptions(relation, options);
    const expand = [...draft.children.values()].flatMap((child) => this.finished(child, depth + 1) ?? []);
    if (options.failed || expand.length < draft.children.size) return undefined;
    const { filter, requested } = this.restricted(relation, own, options);
    if (options.failed) return undefined;
    const { path, property } = draft;
    const { schemaPath, many, schema } = relation;
    const orderBy = many ? completeOrder(requested, relation.level) : [];
    return {
      path,
      schemaPath,
      property,
      many,
      schema,
      filter,
      orderBy,
      top: own.top,
      skip: own.skip,
      select: own.select,
      selected: options.has('select'),
      selectedRelations: own.selectedRelations,
      expand,
    };
  }

  /** The relation a draft names, where the request may expand it at its depth; undefined, reported, where it may not. */
  private admitted(draft: Draft, depth: number): Relation | undefined {
    const { resource, rules } = this.reading;
    const schemaPath = draft.schemaPath.join('/');
    if (depth > this.maxDepth) {
      const message = `Option '${this.name}': '${schemaPath}' is expanded ${depth} levels deep, beyond the ${this.maxDepth} levels a request may expand`;
      this.issue('limit', 'too_deep_expand', this.name, message, draft.start, draft.end);
      return undefined;
    }
    const refused = `Option '${this.name}': relation '${schemaPath}' of ${resource.schema.name} cannot be expanded`;
    if (!rules.allows('expand', draft.schemaPath)) return this.notExpandable(refused, draft);
    const many = draft.property.kind === 'collection';
    const config = resource.relations?.[schemaPath];
    // A view of a model knows the related rows' key; the resource's `relations` may say otherwise.
    const key =
      config?.key ?? navigationTargetAt(resource.schema, draft.schemaPath)?.key?.map((k) => k.path.join('/')) ?? [];
    // Without a key the relation's rows have no total order to page by: the server did not offer it.
    if (many && key.length === 0)
      return this.notExpandable(`${refused}: the resource gives no key to order its rows`, draft);
    const schema = { ...schemaOf(draft, resource.schema), name: `${resource.schema.name}/${schemaPath}` };
    const level = { schema, key, rules: scopedRules(rules, draft.schemaPath), policy: resource.policy };
    return { draft, schemaPath, many, schema, level, config };
  }

  private notExpandable(message: string, draft: Draft): undefined {
    this.issue('type', 'not_expandable', this.name, message, draft.start, draft.end);
    return undefined;
  }

  /** The relation's own options: its filter, order, page and projection, each read as the request's are. */
  private ownOptions(relation: Relation, options: NestedOptions): OwnOptions {
    const { policy } = this.reading.resource;
    const { schema, rules } = relation.level;
    return {
      filter: options.read('filter', (option, report) => this.relationFilter(relation, option, report)),
      requested: options.read('orderby', (option, report) => orderOf(option, relation.level, report)) ?? [],
      top: options.read('top', (option, report) => topOf(option, policy, report)),
      skip: options.read('skip', (option, report) => skipOf(option, policy, report)) ?? 0,
      ...(options.has('select')
        ? selectedBy(
            options.read('select', (option, report) =>
              selectOf(option, { spelling: 'odata', schema, rules, key: relation.level.key }, report),
            ),
          )
        : { select: visibleItems(schema, rules), selectedRelations: [] }),
    };
  }

  /** The relation's filter, checked against its rows with the properties the rules keep from filters marked. */
  private relationFilter(
    relation: Relation,
    option: readonly [string, string],
    report: Report,
  ): TypedFilter | undefined {
    const { resource, rules, aliases } = this.reading;
    const rows = relationRows(filterSchemaOf(resource.schema, rules), relation.schemaPath)!.schema;
    const filter = filterOf(option, { ...rows, name: relation.schema.name }, resource.policy, aliases, report);
    if (filter !== undefined) checkAllowed(filter.root, resource.policy, option[0], report);
    return filter;
  }

  /**
   * The request's filter and order with the row filters of the relation and of those under it:
   * their problems are at the filter, or, without one, at the relation.
   */
  private restricted(
    relation: Relation,
    own: OwnOptions,
    options: NestedOptions,
  ): { filter: TypedFilter | undefined; requested: OrderKey[] } {
    const context = this.rowFilterContext(relation);
    const { draft } = relation;
    const atRelation: Report = (kind, code, _option, message) =>
      this.issue(kind, code, this.name, message, draft.start, draft.end);
    const [filterOption, filterReport] = options.has('filter')
      ? options.reader('filter')
      : [[`${this.name}=${relation.schemaPath}`, ''] as const, atRelation];
    const filter = withRowFilters(own.filter, context, filterOption[0], filterReport);
    // The expansion's order expressions are restricted as its filter is (the relations under it).
    const requested = options.read('orderby', ([written], report) =>
      restrictedOrder(own.requested, context, written, report),
    );
    return { filter, requested: requested ?? own.requested };
  }

  /** The row filters a relation's rows are read with: its own, and those of the relations under it, by paths from its rows. */
  private rowFilterContext(relation: Relation): RowFilterContext {
    const { resource, parameters } = this.reading;
    const under = `${relation.schemaPath}/`;
    const relations = Object.fromEntries(
      Object.entries(resource.relations ?? {})
        .filter(([path]) => path.startsWith(under))
        .map(([path, rules]) => [path.slice(under.length), rules]),
    );
    const { schema, config } = relation;
    return {
      schema,
      owner: schema.name,
      rowFilter: config?.rowFilter,
      relations,
      parameters,
      limits: resource.policy.filterLimits,
    };
  }
}

/** The options of one expanded relation, as the readers of a request's options take them; a problem of any marks them failed. */
class NestedOptions {
  failed = false;

  constructor(
    private readonly name: string,
    private readonly schemaPath: string,
    private readonly given: ReadonlyMap<QueryOptionName, NestedOption>,
    private readonly issue: Report,
  ) {}

  has(option: QueryOptionName): boolean {
    return this.given.has(option);
  }

  /**
   * A given option as a reader takes it — `[name, value]`, the name saying where it stands
   * (`$expand=Sessions($top)`) — and its report, which places a problem in the request's option.
   */
  reader(option: QueryOptionName): readonly [readonly [string, string], Report] {
    const given = this.given.get(option)!;
    const report: Report = (kind, code, _option, message, start = 0, end = 0) => {
      this.failed = true;
      this.issue(kind, code, this.name, message, given.start + start, given.start + end);
    };
    return [[`${this.name}=${this.schemaPath}(${given.written})`, given.value], report];
  }

  /** What a reader makes of an option, where it is given. */
  read<T>(option: QueryOptionName, read: (option: readonly [string, string], report: Report) => T): T | undefined {
    return this.has(option) ? read(...this.reader(option)) : undefined;
  }

  /** Refuses each of these options that is given, at its value. */
  refuse(options: readonly QueryOptionName[], why: (written: string) => string): void {
    for (const option of options) {
      const given = this.given.get(option);
      if (given === undefined) continue;
      const message = `Option '${this.name}': ${why(given.written)}`;
      this.issue('syntax', 'invalid_option_value', this.name, message, given.start, given.start + given.value.length);
      this.failed = true;
    }
  }
}

/**
 * A resource's `relations`, checked once (a TypeError for a path that names no relation, or a key
 * that is not non-nullable primitive paths of a to-many relation's rows): the server's mistakes, found
 * before any request can meet them.
 */
export function checkRelations(resource: QueryResource): void {
  for (const [schemaPath, config] of Object.entries(resource.relations ?? {})) {
    const rows = relationRows(resource.schema, schemaPath);
    if (rows === undefined)
      throw new TypeError(
        `Resource ${resource.schema.name}: \`relations\` names '${schemaPath}', which is no relation of the schema`,
      );
    if (config?.key === undefined) continue;
    if (!rows.many)
      throw new TypeError(
        `Resource ${resource.schema.name}: relations['${schemaPath}'].key orders the rows of a to-many relation; '${schemaPath}' is one row`,
      );
    if (!Array.isArray(config.key) || config.key.length === 0)
      throw new TypeError(
        `Resource ${resource.schema.name}: relations['${schemaPath}'].key names at least one property path of its rows`,
      );
    for (const path of config.key) {
      const property = typeof path === 'string' ? findProperty(rows.schema, path.split('/')) : undefined;
      if (property?.kind !== 'primitive' || property.nullable)
        throw new TypeError(
          `Resource ${resource.schema.name}: relations['${schemaPath}'].key names '${String(path)}', no non-nullable primitive property of its rows`,
        );
    }
  }
}
