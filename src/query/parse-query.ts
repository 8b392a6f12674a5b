// parseQuery(): the options of a collection request, read against a resource and its policy into
// one plan, every problem of every option reported at once (docs/query.md).

import { FilterError, isFilterError } from '../errors.js';
import type { FilterErrorKind, FilterIssue, FilterIssueCode } from '../errors.js';
import { check } from '../types/check.js';
import type { IssueCode } from '../types/check.js';
import { findProperty } from '../types/schema.js';
import type { TypedFilter } from '../types/typed.js';
import type { OrderKey, QueryPlan } from './plan.js';
import type { PrimitiveProperty, Property, Schema } from '../types/schema.js';
import { suggestName } from '../types/suggest.js';
import type { QueryPolicy, QueryResource } from './policy.js';
import type { Report } from './report.js';
import { shorten } from './report.js';
import { defaultSelectOf, selectOf } from './select.js';
import { filterSchemaOf, rulesOf, visibleItems } from './rules.js';
import { checkAllowed } from './allowed.js';
import type { Rules } from './rules.js';

/** The options parseQuery reads, by their canonical name. */
type Known = 'filter' | 'top' | 'skip' | 'count' | 'orderby' | 'select';

/** Options that a later part reads: refused by name until then (docs/query.md, "Not yet"). */
const NOT_YET = { service: new Set(['expand']), odata: new Set(['expand']) } as const;

/** How each option is written in each spelling, in the order messages list them. */
const WRITTEN: { readonly [S in QueryPolicy['spelling']]: Readonly<Record<Known, string>> } = {
  service: { filter: 'filter', orderby: 'orderby', top: 'top', skip: 'skip', count: 'includeTotalCount', select: 'fields' },
  odata: { filter: '$filter', orderby: '$orderby', top: '$top', skip: '$skip', count: '$count', select: '$select' },
};

/** A spelling's options by their name in lower case, without `$`: what a request's names are looked up by. */
function lookup(written: Readonly<Record<Known, string>>): ReadonlyMap<string, Known> {
  return new Map(Object.entries(written).map(([known, name]) => [name.replace(/^\$/, '').toLowerCase(), known as Known]));
}

const NAMES = { service: lookup(WRITTEN.service), odata: lookup(WRITTEN.odata) } as const;

/** Whether the policy takes the option (filter, order and count can be turned off). */
function offered(known: Known, policy: QueryPolicy): boolean {
  if (known === 'filter') return policy.filter !== false;
  if (known === 'orderby') return policy.orderBy !== false;
  if (known === 'count') return policy.count !== false;
  if (known === 'select') return policy.select !== false;
  return true;
}

interface Issue extends FilterIssue {
  readonly kind: FilterErrorKind;
}

/**
 * Reads the options of a request (`?$top=5&$filter=…`, `top=5`, or a URLSearchParams) into a plan.
 * Throws one FilterError listing every problem, each naming its option.
 */
export function parseQuery(query: string | URLSearchParams, resource: QueryResource): QueryPlan {
  checkKey(resource);
  checkPolicy(resource);
  const rules = rulesOf(resource.schema, resource.rules);
  const defaultSelect = resource.defaultSelect === undefined ? visibleItems(resource.schema, rules) : defaultSelectOf(resource.schema, resource.defaultSelect, rules);
  const { policy } = resource;
  const options = [...(typeof query === 'string' ? new URLSearchParams(query.startsWith('?') ? query.slice(1) : query) : query)] as [string, string][];
  const issues: Issue[] = [];
  const issue = (kind: FilterErrorKind, code: FilterIssueCode | IssueCode, option: string, message: string, start = 0, end = 0): void => {
    issues.push({ kind, code, option, message, start, end });
  };
  const seen = new Map<string, string>();
  const given: Partial<Record<Known, [name: string, value: string]>> = {};
  const aliases: Record<string, string> = {};
  const passThrough = new Set((policy.passThrough ?? []).map((n) => n.toLowerCase()));
  for (const [name, value] of options) {
    const lower = name.toLowerCase();
    // Option names are case-insensitive, `$` optional in OData 4.01; alias names are case-sensitive.
    const identity = name.startsWith('@') ? name : lower.startsWith('$') ? lower.slice(1) : lower;
    const earlier = seen.get(identity);
    if (earlier !== undefined) {
      issue('syntax', 'repeated_option', name, `Option '${name}' is given twice (first as '${earlier}'); give each option once`);
      continue;
    }
    seen.set(identity, name);
    if (policy.spelling === 'odata' && name.startsWith('@')) {
      aliases[name.slice(1)] = value;
      continue;
    }
    const bare = policy.spelling === 'odata' && lower.startsWith('$') ? lower.slice(1) : lower;
    const known = NAMES[policy.spelling].get(bare);
    if (known !== undefined && offered(known, policy)) {
      given[known] = [name, value];
    } else if (passThrough.has(lower)) {
      continue;
    } else if (NOT_YET[policy.spelling].has(bare)) {
      issue('unsupported', 'unsupported', name, `Option '${name}' is not supported yet`);
    } else if (policy.unknownOptions !== 'ignore' || (policy.spelling === 'odata' && name.startsWith('$'))) {
      issue('syntax', 'unknown_option', name, `Unknown option '${name}'${knownList(resource)}`);
    }
  }
  const top = given.top ? nonNegative(given.top, issue) : policy.defaultTop;
  if (top !== undefined && top > policy.maxTop) {
    issue('limit', 'top_beyond_maximum', given.top![0], `Option '${given.top![0]}' is ${top}, beyond the largest page of ${policy.maxTop} rows`, 0, given.top![1].length);
  }
  const skip = given.skip ? nonNegative(given.skip, issue) : 0;
  if (skip !== undefined && policy.maxSkip !== undefined && skip > policy.maxSkip) {
    issue('limit', 'skip_beyond_maximum', given.skip![0], `Option '${given.skip![0]}' is ${skip}, beyond the most rows a request may skip, ${policy.maxSkip}`, 0, given.skip![1].length);
  }
  const count = given.count ? countOf(given.count, issue) : false;
  const filter = given.filter ? filterOf(given.filter, filterSchemaOf(resource.schema, rules), resource.policy, aliases, issue) : undefined;
  if (filter !== undefined) checkAllowed(filter, policy, given.filter![0], issue);
  const requested = given.orderby ? orderOf(given.orderby, resource, rules, issue) : [];
  const select = given.select ? selectOf(given.select, { spelling: policy.spelling, schema: resource.schema, rules }, issue) : defaultSelect;
  if (issues.length > 0) throw requestError(issues);
  return {
    filter,
    top: top!,
    skip: skip!,
    count: count!,
    orderBy: completeOrder(requested, resource),
    select,
    options,
    skipOption: given.skip?.[0] ?? (policy.spelling === 'odata' ? '$skip' : 'skip'),
  };
}

const DIGITS = /^[0-9]+$/;

/** `top` and `skip`: decimal digits only; a value beyond any page is reported as such by the caller. */
function nonNegative([name, value]: [string, string], issue: Report): number | undefined {
  if (!DIGITS.test(value)) {
    issue('syntax', 'invalid_option_value', name, `Option '${name}' must be a non-negative whole number in digits, not '${shorten(value)}'`, 0, value.length);
    return undefined;
  }
  // Beyond 2^53 the exact value does not matter: it is beyond every maximum.
  return Math.min(Number(value), Number.MAX_SAFE_INTEGER);
}

function countOf([name, value]: [string, string], issue: Report): boolean | undefined {
  const lower = value.toLowerCase();
  if (lower === 'true' || lower === 'false') return lower === 'true';
  issue('syntax', 'invalid_option_value', name, `Option '${name}' must be true or false, not '${shorten(value)}'`, 0, value.length);
  return undefined;
}

function filterOf([name, value]: [string, string], schema: Schema, policy: QueryPolicy, aliases: Record<string, string>, issue: Report): TypedFilter | undefined {
  if (value.trim() === '') {
    issue('syntax', 'invalid_option_value', name, `Option '${name}' is empty: give a filter, or leave the option out`);
    return undefined;
  }
  try {
    return check(value, schema, { ...policy.filterLimits, aliases });
  } catch (error) {
    if (!isFilterError(error)) throw error;
    for (const i of error.issues) issue(error.kind, i.code as FilterIssueCode, name, `Option '${name}': ${i.message}`, i.start, i.end);
    return undefined;
  }
}

/** One item of `orderby`: a property path, then `asc` or `desc` after whitespace. */
const ORDER_ITEM = /^(\s*)([A-Za-z_][A-Za-z0-9_]*(?:\/[A-Za-z_][A-Za-z0-9_]*)*)(?:\s+(asc|desc))?\s*$/i;

/** `orderby`: comma-separated property paths of primitives, each `asc` (the default) or `desc`. */
function orderOf([name, value]: [string, string], resource: QueryResource, rules: Rules, issue: Report): OrderKey[] {
  const keys: OrderKey[] = [];
  let at = 0;
  for (const item of value.split(',')) {
    const start = at;
    at += item.length + 1;
    const match = ORDER_ITEM.exec(item);
    if (match === null) {
      const what = item.includes('(') ? 'ordering by an expression is not supported yet' : 'an item is a property path, then asc or desc';
      issue(item.includes('(') ? 'unsupported' : 'syntax', item.includes('(') ? 'unsupported' : 'invalid_option_value', name, `Option '${name}': '${shorten(item.trim())}' cannot be ordered by: ${what}`, start, start + item.length);
      continue;
    }
    const path = match[2]!.split('/');
    const span = { start: start + match[1]!.length, end: start + match[1]!.length + match[2]!.length };
    const found = orderProperty(resource, path, name, span, issue);
    if (found !== undefined && !rules.allows('sort', path)) {
      issue('type', 'not_sortable', name, `Option '${name}': property '${match[2]}' of ${resource.schema.name} cannot be used to order`, span.start, span.end);
      continue;
    }
    if (found === undefined) continue;
    if (keys.some((k) => k.path.join('/') === match[2])) {
      issue('syntax', 'invalid_option_value', name, `Option '${name}' orders by '${match[2]}' twice`, span.start, span.end);
      continue;
    }
    keys.push({ path, property: found.property, nullable: found.nullable, descending: match[3]?.toLowerCase() === 'desc' });
  }
  return keys;
}

/** The primitive property a path of `orderby` names, outside collections; undefined once an issue is reported. */
function orderProperty(resource: QueryResource, path: readonly string[], name: string, span: { start: number; end: number }, issue: Report): { property: PrimitiveProperty; nullable: boolean } | undefined {
  let properties = resource.schema.properties;
  let property: Property | undefined;
  let filterable = true;
  let nullable = false;
  for (let i = 0; i < path.length; i++) {
    property = properties.get(path[i]!);
    const written = path.slice(0, i + 1).join('/');
    if (property === undefined) {
      const suggestion = suggestName(path[i]!, properties.keys());
      issue('type', 'unknown_property', name, `Option '${name}': property '${written}' does not exist on ${resource.schema.name}${suggestion === undefined ? '' : ` (did you mean '${suggestion}'?)`}`, span.start, span.end);
      return undefined;
    }
    filterable &&= property.filterable;
    nullable ||= property.kind !== 'collection' && property.nullable;
    if (property.kind === 'collection') {
      issue('type', 'collection_value', name, `Option '${name}': '${written}' is a collection, which orders nothing`, span.start, span.end);
      return undefined;
    }
    if (property.kind === 'structured') {
      if (i === path.length - 1) {
        issue('type', 'structured_value', name, `Option '${name}': '${written}' is a structured property; order by one of its properties`, span.start, span.end);
        return undefined;
      }
      properties = property.properties;
    } else if (i < path.length - 1) {
      issue('type', 'not_structured', name, `Option '${name}': '${written}' is ${property.type} and has no properties`, span.start, span.end);
      return undefined;
    }
  }
  if (!filterable) {
    issue('type', 'not_filterable', name, `Option '${name}': property '${path.join('/')}' of ${resource.schema.name} cannot be used to order`, span.start, span.end);
    return undefined;
  }
  return { property: property as PrimitiveProperty, nullable };
}

/** The request's order, then every key path it does not name, ascending: a total order. */
function completeOrder(requested: readonly OrderKey[], resource: QueryResource): OrderKey[] {
  const named = new Set(requested.map((k) => k.path.join('/')));
  // The key's properties are non-nullable primitives (checkKey); a structure on the way may not be: no matter, a key is never null.
  const key = resource.key.filter((k) => !named.has(k)).map((k) => ({ path: k.split('/'), property: findProperty(resource.schema, k.split('/')) as PrimitiveProperty, nullable: false, descending: false }));
  return [...requested, ...key];
}

/** One FilterError for every issue of the request, of its first issue's kind. */
function requestError(issues: readonly Issue[]): FilterError {
  const first = issues[0]!;
  const message = issues.length === 1 ? first.message : `${issues.length} problems: ${issues.map((i) => i.message).join('; ')}`;
  return new FilterError({ kind: first.kind, message, start: first.start, end: first.end, issues: issues.map(({ kind: _kind, ...rest }) => rest) });
}

function knownList(resource: QueryResource): string {
  const { policy } = resource;
  const allowed = Object.entries(WRITTEN[policy.spelling])
    .filter(([known]) => offered(known as Known, policy))
    .map(([, name]) => name);
  return `; this collection takes ${[...allowed, ...(policy.passThrough ?? [])].map((n) => `'${n}'`).join(', ')}`;
}

/** A policy's page bounds: whole numbers, the default within the maximum; a TypeError otherwise (a programmer's error). */
function checkPolicy({ schema, policy }: QueryResource): void {
  const fail = (problem: string): never => {
    throw new TypeError(`Resource ${schema.name}: the policy's ${problem}`);
  };
  if (policy === null || typeof policy !== 'object') fail('is missing');
  if (policy.spelling !== 'service' && policy.spelling !== 'odata') fail(`spelling is ${String(policy.spelling)}, not 'service' or 'odata'`);
  for (const [name, value] of [['defaultTop', policy.defaultTop], ['maxTop', policy.maxTop], ['maxSkip', policy.maxSkip ?? 0]] as const) {
    if (!Number.isSafeInteger(value) || value < 0) fail(`${name} is ${String(value)}, not a whole number of rows`);
  }
  if (policy.defaultTop > policy.maxTop) fail(`defaultTop (${policy.defaultTop}) is beyond its maxTop (${policy.maxTop})`);
}

/** A resource's key: property paths of non-nullable primitives, at least one; a TypeError otherwise (a programmer's error). */
function checkKey(resource: QueryResource): void {
  if (!Array.isArray(resource.key) || resource.key.length === 0) throw new TypeError(`Resource ${resource.schema.name}: \`key\` names at least one property path`);
  for (const path of resource.key) {
    const property = typeof path === 'string' ? findProperty(resource.schema, path.split('/')) : undefined;
    if (property?.kind !== 'primitive' || property.nullable) {
      throw new TypeError(`Resource ${resource.schema.name}: key '${String(path)}' is no non-nullable primitive property`);
    }
  }
}
