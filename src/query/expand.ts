// The expansion of a request (`$expand`, the service's `expand`; docs/query.md, "Expansion"): the
// relations each row inlines, and, in the `odata` spelling, the options of each — `$filter`,
// `$select`, `$orderby`, `$top`, `$skip`, `$expand` in parentheses — read as the request's own
// options are read, against the relation's rows, under the resource's rules and row filters.

import {
  type CollectionProperty,
  type Property,
  type Schema,
  type StructuredProperty,
  findProperty,
} from '../types/schema.js';
import { suggestName } from '../language/suggest-name.js';
import type { TypedFilter } from '../types/typed.js';
import { checkAllowed } from '../types/allowed.js';
import { completeOrder, orderOf } from './order.js';
import type { ExpandItem, OrderKey, SelectItem } from '../types/query-plan.js';
import type { QueryPolicy, QueryResource } from './policy.js';
import { type Report, shorten } from './report.js';
import { restrictedOrderKey, withRowFilters, type RowFilterParameters } from './row-filter.js';
import { filterSchemaOf, scopedRules, visibleItems, type Rules } from './rules.js';
import { lookUp, selectOf } from './select.js';
import { splitTopLevel, type Part } from './split.js';
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

/** An expansion as written, before its options are read: one relation, its options' text, and the relations under it. */
interface Draft {
  readonly path: readonly string[];
  readonly schemaPath: readonly string[];
  readonly property: StructuredProperty | CollectionProperty;
  readonly start: number;
  readonly end: number;
  /** The options in parentheses, each with its offset in the option's value. */
  options: Part[];
  readonly children: Map<string, Draft>;
}

/** One item of an expansion: a path, then, in the `odata` spelling, options in parentheses. */
const ITEM = /^([A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*)\s*(?:\(([\s\S]*)\))?$/;

/** The options an expanded relation takes, by their name in lower case without `$`. */
const NESTED = new Set(['filter', 'select', 'orderby', 'top', 'skip', 'expand']);

/** Reads `$expand`/`expand` into the relations each row inlines; problems are reported, naming the option. */
export function expandOf(
  [name, value]: readonly [string, string],
  reading: ExpandReading,
  issue: Report,
): ExpandItem[] {
  const { resource } = reading;
  const spelling = resource.policy.spelling;
  if (value.trim() === '') {
    issue(
      'syntax',
      'invalid_option_value',
      name,
      `Option '${name}' is empty: name the relations to expand, or leave the option out`,
    );
    return [];
  }
  const drafts = new Map<string, Draft>();
  readDrafts(
    value,
    0,
    { schema: resource.schema, schemaPath: [], rules: reading.rules },
    drafts,
    name,
    spelling,
    issue,
    true,
  );
  const max = resource.policy.maxExpandDepth ?? DEFAULT_MAX_EXPAND_DEPTH;
  return [...drafts.values()].flatMap((draft) => finished(draft, 1, max, reading, name, issue) ?? []);
}

interface DraftLevel {
  /** The rows' schema: the resource's, or a relation's rows'. */
  readonly schema: Schema;
  readonly schemaPath: readonly string[];
  /** The resource's rules, by schema path from the resource. */
  readonly rules: Rules;
}

/** The relations a list of items names, merged into `into` by path (`A,A/B` is A with B under it). */
function readDrafts(
  text: string,
  offset: number,
  level: DraftLevel,
  into: Map<string, Draft>,
  name: string,
  spelling: QueryPolicy['spelling'],
  issue: Report,
  top: boolean,
): void {
  const parts = splitTopLevel(text, ',', offset);
  if (parts === undefined) {
    issue(
      'syntax',
      'invalid_option_value',
      name,
      `Option '${name}': a parenthesis or quote is left open, or closes nothing`,
      offset,
      offset + text.length,
    );
    return;
  }
  for (const part of parts) {
    const item = part.text.trim();
    const start = part.start + (part.text.length - part.text.trimStart().length);
    const end = start + item.length;
    if (item === '') {
      issue('syntax', 'invalid_option_value', name, `Option '${name}': an item is empty`, start, end);
      continue;
    }
    if (item === '*' && spelling === 'odata') {
      for (const property of level.schema.properties.values()) {
        if (property.kind !== 'primitive' && property.relation)
          merge(into, {
            path: [property.name],
            schemaPath: [...level.schemaPath, property.name],
            property,
            start,
            end,
            options: [],
            children: new Map(),
          });
      }
      continue;
    }
    const match = ITEM.exec(item);
    if (match === null || (spelling === 'service' && match[2] !== undefined)) {
      const what =
        spelling === 'service'
          ? 'a relation path (`Event/TimeZone`)'
          : 'a relation path, then its options in parentheses (`Sessions($filter=…;$top=5)`)';
      issue('syntax', 'invalid_option_value', name, `Option '${name}': '${shorten(item)}' is not ${what}`, start, end);
      continue;
    }
    let segments = match[1]!.split('/');
    // The service's expressions may start with the rows' type name (`Event/TimeZone` on events).
    if (
      top &&
      spelling === 'service' &&
      segments[0]!.toLowerCase() === level.schema.name.toLowerCase() &&
      lookUp(level.schema.properties, segments[0]!, true) === undefined
    )
      segments = segments.slice(1);
    if (segments.length === 0) continue;
    const chain = relationChain(
      level,
      segments,
      spelling === 'service',
      name,
      { start, end: start + match[1]!.length },
      issue,
    );
    if (chain === undefined) continue;
    // `A/B` expands A, and B under it; the options in parentheses belong to the last relation.
    let at = into;
    chain.forEach((link, i) => {
      const draft: Draft = { ...link, start, end, options: [], children: new Map() };
      const merged = merge(at, draft);
      if (i === chain.length - 1 && match[2] !== undefined) {
        const inner = start + item.indexOf('(', match[1]!.length) + 1;
        readOptions(match[2], inner, merged, level.rules, name, spelling, issue);
      }
      at = merged.children;
    });
  }
}

/** The relations along a path: each with its path from the rows before it (through complex structures) and its schema path. */
function relationChain(
  level: DraftLevel,
  segments: readonly string[],
  anyCase: boolean,
  name: string,
  span: { start: number; end: number },
  issue: Report,
): Pick<Draft, 'path' | 'schemaPath' | 'property'>[] | undefined {
  const chain: Pick<Draft, 'path' | 'schemaPath' | 'property'>[] = [];
  let properties = level.schema.properties;
  const schemaPath = [...level.schemaPath];
  let path: string[] = [];
  let property: Property | undefined;
  for (const segment of segments) {
    property = lookUp(properties, segment, anyCase);
    const written = [...path, segment].join('/');
    if (property === undefined) {
      // Only relations (or structures holding one) the rules let an expansion reach are suggested,
      // so no message tells a hidden property exists.
      const reachable = [...properties]
        .filter(([n, p]) => leadsToRelation(p) && level.rules.allows('expand', [...schemaPath, n]))
        .map(([n]) => n);
      const suggestion = suggestName(segment, reachable);
      issue(
        'type',
        'unknown_property',
        name,
        `Option '${name}': property '${written}' does not exist${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}`,
        span.start,
        span.end,
      );
      return undefined;
    }
    path.push(property.name);
    schemaPath.push(property.name);
    if (property.kind !== 'primitive' && property.relation) {
      chain.push({ path, schemaPath: [...schemaPath], property });
      properties =
        property.kind === 'collection' ? (property.element as StructuredProperty).properties : property.properties;
      path = [];
      continue;
    }
    if (property.kind !== 'structured') {
      issue(
        'type',
        'not_expandable',
        name,
        `Option '${name}': '${written}' is ${property.kind === 'primitive' ? property.type : 'a collection of values'}, not a relation: select it`,
        span.start,
        span.end,
      );
      return undefined;
    }
    properties = property.properties;
  }
  if (path.length > 0) {
    issue(
      'type',
      'not_expandable',
      name,
      `Option '${name}': '${path.join('/')}' is a structure, not a relation: select it`,
      span.start,
      span.end,
    );
    return undefined;
  }
  return chain;
}

/** Whether a property is a relation, or a structure with one under it: what an expansion can name. */
function leadsToRelation(property: Property): boolean {
  if (property.kind === 'primitive') return false;
  if (property.relation) return true;
  return property.kind === 'structured' && [...property.properties.values()].some(leadsToRelation);
}

/** Adds a relation to the list, or finds it there (readOptions refuses options given for it twice). */
function merge(into: Map<string, Draft>, draft: Draft): Draft {
  const key = draft.path.join('/');
  const earlier = into.get(key);
  if (earlier === undefined) {
    into.set(key, draft);
    return draft;
  }
  return earlier;
}

/** The options in an item's parentheses: `$expand` read into the relations under it, the rest kept for finished(). */
function readOptions(
  text: string,
  offset: number,
  draft: Draft,
  rules: Rules,
  name: string,
  spelling: QueryPolicy['spelling'],
  issue: Report,
): void {
  if (draft.options.length > 0) {
    issue(
      'syntax',
      'invalid_option_value',
      name,
      `Option '${name}': the options of '${draft.schemaPath.join('/')}' are given twice; give them once`,
      offset,
      offset + text.length,
    );
    return;
  }
  const parts = splitTopLevel(text, ';', offset) ?? [];
  const relationSchema = schemaOf(draft);
  for (const part of parts) {
    const eq = part.text.indexOf('=');
    const written = (eq < 0 ? part.text : part.text.slice(0, eq)).trim();
    const bare = written.toLowerCase().replace(/^\$/, '');
    if (eq < 0 || !NESTED.has(bare)) {
      const known = eq >= 0 && (bare === 'count' || bare === 'levels' || bare === 'search');
      issue(
        known ? 'unsupported' : 'syntax',
        known ? 'unsupported' : 'unknown_option',
        name,
        `Option '${name}': '${shorten(part.text.trim())}' in the options of '${draft.schemaPath.join('/')}' is ${known ? 'not supported in an expansion yet' : 'no option an expansion takes ($filter, $select, $orderby, $top, $skip, $expand)'}`,
        part.start,
        part.start + part.text.length,
      );
      continue;
    }
    if (
      draft.options.some((o) => o.text.slice(0, o.text.indexOf('=')).trim().toLowerCase().replace(/^\$/, '') === bare)
    ) {
      issue(
        'syntax',
        'repeated_option',
        name,
        `Option '${name}': '${written}' is given twice in the options of '${draft.schemaPath.join('/')}'`,
        part.start,
        part.start + part.text.length,
      );
      continue;
    }
    draft.options.push(part);
    if (bare === 'expand') {
      const value = part.text.slice(eq + 1);
      readDrafts(
        value,
        part.start + eq + 1,
        { schema: relationSchema, schemaPath: draft.schemaPath, rules },
        draft.children,
        name,
        spelling,
        issue,
        false,
      );
    }
  }
}

/** A relation's rows' schema: its properties, or its elements'. */
function schemaOf(draft: Pick<Draft, 'property' | 'schemaPath'>): Schema {
  const properties =
    draft.property.kind === 'collection'
      ? (draft.property.element as StructuredProperty).properties
      : draft.property.properties;
  return { name: draft.schemaPath.join('/'), properties };
}

/** A draft with its options read, at `depth` (1 for the resource's relations); undefined once a problem is reported. */
function finished(
  draft: Draft,
  depth: number,
  max: number,
  reading: ExpandReading,
  name: string,
  issue: Report,
): ExpandItem | undefined {
  const { resource } = reading;
  const schemaPath = draft.schemaPath.join('/');
  if (depth > max) {
    issue(
      'limit',
      'too_deep_expand',
      name,
      `Option '${name}': '${schemaPath}' is expanded ${depth} levels deep, beyond the ${max} levels a request may expand`,
      draft.start,
      draft.end,
    );
    return undefined;
  }
  if (!reading.rules.allows('expand', draft.schemaPath)) {
    issue(
      'type',
      'not_expandable',
      name,
      `Option '${name}': relation '${schemaPath}' of ${resource.schema.name} cannot be expanded`,
      draft.start,
      draft.end,
    );
    return undefined;
  }
  const many = draft.property.kind === 'collection';
  const schema = { ...schemaOf(draft), name: `${resource.schema.name}/${schemaPath}` };
  const config = resource.relations?.[schemaPath];
  const key = config?.key ?? [];
  if (many && key.length === 0) {
    // Without a key the relation's rows have no total order to page by: the server did not offer it.
    issue(
      'type',
      'not_expandable',
      name,
      `Option '${name}': relation '${schemaPath}' of ${resource.schema.name} cannot be expanded: the resource gives no key to order its rows`,
      draft.start,
      draft.end,
    );
    return undefined;
  }
  const rules = scopedRules(reading.rules, draft.schemaPath);
  const values = new Map(
    draft.options.map((part) => {
      const eq = part.text.indexOf('=');
      return [
        part.text.slice(0, eq).trim().toLowerCase().replace(/^\$/, ''),
        { value: part.text.slice(eq + 1), start: part.start + eq + 1, written: part.text.slice(0, eq).trim() },
      ] as const;
    }),
  );
  let failed = false;
  // A nested option's problems name the request's option; positions are in its value.
  const nested = (option: string) => {
    const given = values.get(option)!;
    const report: Report = (kind, code, _option, message, start = 0, end = 0) => {
      failed = true;
      issue(kind, code, name, message, given.start + start, given.start + end);
    };
    return [[`${name}=${schemaPath}(${given.written})`, given.value] as const, report] as const;
  };
  if (!many) {
    for (const option of ['filter', 'orderby', 'top', 'skip']) {
      const given = values.get(option);
      if (given !== undefined) {
        issue(
          'syntax',
          'invalid_option_value',
          name,
          `Option '${name}': '${given.written}' orders, filters or pages the rows of a to-many relation; '${schemaPath}' is one row`,
          given.start,
          given.start + given.value.length,
        );
        failed = true;
      }
    }
  }
  let filter: TypedFilter | undefined;
  if (values.has('filter')) {
    const [option, report] = nested('filter');
    // The relation's rows as a filter over them is checked: with the properties the rules keep from filters marked.
    const relationFilterSchema: Schema = {
      ...relationRows(filterSchemaOf(resource.schema, reading.rules), schemaPath)!.schema,
      name: schema.name,
    };
    filter = filterOf(option, relationFilterSchema, resource.policy, reading.aliases, report);
    if (filter !== undefined) checkAllowed(filter.root, resource.policy, option[0], report);
  }
  let requested: OrderKey[] = [];
  if (values.has('orderby')) {
    const [option, report] = nested('orderby');
    requested = orderOf(option, { schema, key, rules, policy: resource.policy }, report);
  }
  let top: number | undefined;
  if (values.has('top')) {
    const [option, report] = nested('top');
    top = topOf(option, resource.policy, report);
  }
  let skip = 0;
  if (values.has('skip')) {
    const [option, report] = nested('skip');
    skip = skipOf(option, resource.policy, report) ?? 0;
  }
  let select: SelectItem[] | undefined = visibleItems(schema, rules);
  if (values.has('select')) {
    const [option, report] = nested('select');
    select = selectOf(option, { spelling: 'odata', schema, rules }, report);
  }
  const expand = [...draft.children.values()].flatMap(
    (child) => finished(child, depth + 1, max, reading, name, issue) ?? [],
  );
  if (failed || expand.length < draft.children.size) return undefined;
  const relations = Object.fromEntries(
    Object.entries(resource.relations ?? {})
      .filter(([path]) => path.startsWith(`${schemaPath}/`))
      .map(([path, rules]) => [path.slice(schemaPath.length + 1), rules]),
  );
  // Problems of the row filters with the request's filter are at the filter; without one, at the relation.
  const [filterOption, filterReport] = values.has('filter')
    ? nested('filter')
    : [
        [`${name}=${schemaPath}`, ''] as const,
        ((kind, code, _o, message) => issue(kind, code, name, message, draft.start, draft.end)) as Report,
      ];
  const context = {
    schema,
    owner: schema.name,
    rowFilter: config?.rowFilter,
    relations,
    parameters: reading.parameters,
    limits: resource.policy.filterLimits,
  };
  const kept = withRowFilters(filter, context, filterOption[0], filterReport);
  // The expansion's order expressions are restricted as its filter is (the relations under it).
  if (values.has('orderby')) {
    const [option, report] = nested('orderby');
    requested = requested.flatMap((key) => restrictedOrderKey(key, context, option[0], report));
  }
  if (failed) return undefined;
  return {
    path: draft.path,
    schemaPath,
    property: draft.property,
    many,
    schema,
    filter: kept,
    orderBy: many ? completeOrder(requested, { schema, key, rules, policy: resource.policy }) : [],
    top,
    skip,
    select,
    expand,
  };
}

/**
 * The schema of a relation's rows, found by its schema path through structures and collections;
 * undefined when the path names no relation.
 */
export function relationRows(
  root: Schema,
  schemaPath: string,
): { readonly schema: Schema; readonly many: boolean } | undefined {
  let properties = root.properties;
  let property: Property | undefined;
  for (const name of schemaPath.split('/')) {
    if (property !== undefined) {
      const inner = property.kind === 'collection' ? property.element : property;
      if (inner.kind !== 'structured') return undefined;
      properties = inner.properties;
    }
    property = properties.get(name);
    if (property === undefined) return undefined;
  }
  if (property === undefined || property.kind === 'primitive' || !property.relation) return undefined;
  const element = property.kind === 'collection' ? property.element : property;
  return element.kind === 'structured'
    ? {
        schema: { name: `${root.name}/${schemaPath}`, properties: element.properties },
        many: property.kind === 'collection',
      }
    : undefined;
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
