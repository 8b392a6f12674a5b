// parseQuery(): the options of a collection request, read against a resource and its policy into
// one plan, every problem of every option reported at once (docs/query.md).

import { FilterError, isFilterError, type FilterErrorKind, type FilterIssue, type FilterIssueCode } from '../errors.js';
import type { IssueCode } from '../types/check.js';
import { findProperty } from '../types/schema.js';
import type { OrderKey, QueryPlan, SelectItem } from '../types/query-plan.js';
import type { TypedFilter } from '../types/typed.js';
import type { Report } from './report.js';
import { KeysetTokens, keysetOrder, pageFilterOf, rowsAfter } from './keyset.js';
import { TokenSeal } from './token-seal.js';
import type { Rules } from './rules.js';
import type { QueryPolicy, QueryResource } from './policy.js';
import { defaultSelectOf, type Selection, selectOf } from './select.js';
import { completeOrder, orderOf, type Level } from './order.js';
import { countOf, filterOf } from './values.js';
import { skipOf, topOf } from './page-bounds.js';
import { filterSchemaOf, rulesOf, visibleItems } from './rules.js';
import { checkAllowed } from '../types/allowed.js';
import { ODATA_VERSIONS } from '../language/versions.js';
import { checkRelations, expandOf } from './expand.js';
import { bareName, optionNamed, WRITTEN } from './option-names.js';
import type { QueryOptionName } from './option-names.js';
import { restrictedOrder, withRelationRestrictions, withRowFilters } from './row-filter.js';
import { readOnce } from './read-cache.js';
import { queryPairs } from './query-string.js';
import type { RowFilterContext } from './row-filter.js';
import type { RowFilterParameters } from './row-filter.js';

/** What a request brings beside its options: the values of the row filters' parameters (the user, the tenant). */
export interface QueryRequest {
  readonly parameters?: RowFilterParameters;
}

/** Whether the policy takes the option (filter, order and count can be turned off). */
function offered(known: QueryOptionName, policy: QueryPolicy): boolean {
  if (known === 'filter') return policy.filter !== false;
  if (known === 'orderby') return policy.orderBy !== false;
  if (known === 'count') return policy.count !== false;
  if (known === 'select') return policy.select !== false;
  if (known === 'expand') return policy.expand !== false;
  if (known === 'top' || known === 'skip') return policy.paging !== false;
  if (known === 'skiptoken') return policy.paging !== false && policy.keyset !== undefined;
  return true;
}

interface Issue extends FilterIssue {
  readonly kind: FilterErrorKind;
}

/**
 * Reads the options of a request (`?$top=5&$filter=…`, `top=5`, or a URLSearchParams) into a plan.
 * Throws one FilterError listing every problem, each naming its option.
 */
export function parseQuery(
  query: string | URLSearchParams,
  resource: QueryResource,
  request: QueryRequest = {},
): QueryPlan {
  const { rules, defaultSelect, level, seal, selects, orders, noOrder, passThrough } = prepared(resource);
  const { policy } = resource;
  const options = typeof query === 'string' ? queryPairs(query.startsWith('?') ? query.slice(1) : query) : [...query];
  const issues: Issue[] = [];
  const issue = (
    kind: FilterErrorKind,
    code: FilterIssueCode | IssueCode,
    option: string,
    message: string,
    start = 0,
    end = 0,
  ): void => {
    issues.push({ kind, code, option, message, start, end });
  };
  const seen = new Map<string, string>();
  const given: Partial<Record<QueryOptionName, [name: string, value: string]>> = {};
  const aliases: Record<string, string> = {};
  for (const [name, value] of options) {
    // Option names are case-insensitive, `$` optional in OData 4.01; alias names are case-sensitive.
    const identity = name.startsWith('@') ? name : bareName(name);
    const earlier = seen.get(identity);
    if (earlier !== undefined) {
      issue(
        'syntax',
        'repeated_option',
        name,
        `Option '${name}' is given twice (first as '${earlier}'); give each option once`,
      );
      continue;
    }
    seen.set(identity, name);
    if (policy.spelling === 'odata' && name.startsWith('@')) {
      aliases[name.slice(1)] = value;
      continue;
    }
    const known = optionNamed(name, policy.spelling);
    if (known !== undefined && offered(known, policy)) {
      given[known] = [name, value];
    } else if (passThrough.has(name.toLowerCase())) {
      // The policy passes it through to the server: not an option read here.
    } else if (policy.unknownOptions !== 'ignore' || (policy.spelling === 'odata' && name.startsWith('$'))) {
      issue('syntax', 'unknown_option', name, `Unknown option '${name}'${knownList(resource)}`);
    }
  }
  const top = given.top ? topOf(given.top, policy, issue) : policy.defaultTop;
  const skip = given.skip ? skipOf(given.skip, policy, issue) : 0;
  const count = given.count ? countOf(given.count, issue) : false;
  const filter = given.filter
    ? filterOf(given.filter, filterSchemaOf(resource.schema, rules), resource.policy, aliases, issue)
    : undefined;
  if (filter !== undefined) checkAllowed(filter.root, policy, given.filter![0], issue);
  const filterOption = given.filter?.[0] ?? WRITTEN[policy.spelling].filter;
  const rowFilters = rowFilterContext(resource, request);
  const restricted = issues.length > 0 ? undefined : withRowFilters(filter, rowFilters, filterOption, issue);
  // An order expression gets exactly the restriction the filter gets: its lambdas and counts see
  // only the rows the relations' row filters keep.
  const order = given.orderby;
  const read = order ? (readOnce(orders, order[1], issue, (at) => orderOf(order, level, at)) ?? []) : noOrder;
  const requested = restrictedOrder(read, rowFilters, order?.[0] ?? '', issue);
  const selection = given.select;
  const selected = selection
    ? readOnce(selects, selection[1], issue, (at) =>
        selectOf(selection, { spelling: policy.spelling, schema: resource.schema, rules, key: resource.key }, at),
      )
    : undefined;
  const select = selection ? selected?.items : defaultSelect;
  const expand = given.expand
    ? expandOf(given.expand, { resource, rules, aliases, parameters: request.parameters ?? {} }, issue)
    : [];
  const orderBy = completedOrder(read, requested, level);
  const keyset =
    seal !== undefined && keysetOrder(orderBy) && new KeysetTokens(seal, resource.schema, orderBy, request.parameters);
  const pageFilter =
    given.skiptoken && issues.length === 0
      ? continuationOf(given.skiptoken, orderBy, keyset, restricted, rowFilters, issue)
      : restricted;
  if (issues.length > 0) throw requestError(issues);
  return {
    schema: resource.schema,
    filter: restricted,
    pageFilter,
    keyset,
    top: top!,
    skip: skip!,
    count: count!,
    orderBy,
    select,
    selectedRelations: selected?.relations ?? [],
    expand,
    inline: policy.spelling === 'odata' || given.expand !== undefined,
    options,
    skipOption: given.skip?.[0] ?? WRITTEN[policy.spelling].skip,
    skipTokenOption: given.skiptoken?.[0] ?? WRITTEN[policy.spelling].skiptoken,
  };
}

/** One FilterError for every issue of the request, of its first issue's kind. */
function requestError(issues: readonly Issue[]): FilterError {
  const first = issues[0]!;
  const message =
    issues.length === 1 ? first.message : `${issues.length} problems: ${issues.map((i) => i.message).join('; ')}`;
  return new FilterError({
    kind: first.kind,
    message,
    start: first.start,
    end: first.end,
    issues: issues.map(({ kind: _kind, ...rest }) => rest),
  });
}

function knownList(resource: QueryResource): string {
  const { policy } = resource;
  const allowed = Object.entries(WRITTEN[policy.spelling])
    .filter(([known]) => offered(known as QueryOptionName, policy))
    .map(([, name]) => name);
  return `; ${policy.paging === false ? 'a single record' : 'this collection'} takes ${[...allowed, ...(policy.passThrough ?? [])].map((n) => `'${n}'`).join(', ')}`;
}

/** The page's filter after a skiptoken: the rows after the token's row; a token that cannot be read is the option's issue. */
function continuationOf(
  [name, value]: readonly [string, string],
  orderBy: readonly OrderKey[],
  keyset: KeysetTokens | false,
  filter: TypedFilter | undefined,
  rowFilters: RowFilterContext,
  issue: Report,
): TypedFilter | undefined {
  const problem = (why: string): undefined => {
    issue('syntax', 'invalid_option_value', name, `Option '${name}' cannot be read: ${why}`, 0, value.length);
    return undefined;
  };
  if (!keyset)
    return problem('this order is not continued by a token (an order by a Double or an enumeration pages by skip)');
  const texts = keyset.read(value);
  if (typeof texts === 'string') return problem(texts);
  try {
    // The keys' expressions are read as the order reads them: restricted by the row filters.
    const after = withRelationRestrictions(rowsAfter(orderBy, texts, rowFilters.schema), rowFilters);
    return pageFilterOf(filter, after, rowFilters.schema);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return problem('its values do not fit the order');
  }
}

/** What parseQuery reads of a resource before any request: checked once per resource object. */
interface Prepared {
  readonly rules: Rules;
  readonly defaultSelect: SelectItem[] | undefined;
  readonly level: Level;
  /** What seals the keyset tokens, where the policy pages by them. */
  readonly seal: TokenSeal | undefined;
  /** The projections and orders read so far, by the option's text (read-cache.ts). */
  readonly selects: Map<string, Selection>;
  readonly orders: Map<string, OrderKey[]>;
  /** The order of a request without one: the key's, once completed. */
  readonly noOrder: readonly OrderKey[];
  /** The names of the options the policy passes through, in lower case. */
  readonly passThrough: ReadonlySet<string>;
}

/** The orders completed by the key, per order read (read-cache.ts): one plan's order is every such plan's. */
const COMPLETED = new WeakMap<readonly OrderKey[], OrderKey[]>();

/** The requested order completed by the key; the one made before when no row filter changed what was read. */
function completedOrder(read: readonly OrderKey[], requested: readonly OrderKey[], level: Level): OrderKey[] {
  if (requested.length !== read.length || requested.some((key, i) => key !== read[i]))
    return completeOrder(requested, level);
  let known = COMPLETED.get(read);
  if (known === undefined) COMPLETED.set(read, (known = completeOrder(requested, level)));
  return known;
}

const PREPARED = new WeakMap<QueryResource, Prepared>();

/** The resource checked — key, policy, rules, default projection (each wrong one a TypeError) — once per resource object. */
function prepared(resource: QueryResource): Prepared {
  const known = resource !== null && typeof resource === 'object' ? PREPARED.get(resource) : undefined;
  if (known !== undefined) return known;
  checkKey(resource);
  checkPolicy(resource);
  checkRelations(resource);
  const rules = rulesOf(resource.schema, resource.rules);
  const defaultSelect =
    resource.defaultSelect === undefined
      ? visibleItems(resource.schema, rules)
      : defaultSelectOf(resource.schema, resource.defaultSelect, rules);
  const keyset = resource.policy.keyset;
  const made = {
    rules,
    defaultSelect,
    level: { schema: resource.schema, key: resource.key, rules, policy: resource.policy },
    seal: keyset === undefined ? undefined : new TokenSeal(keyset, `Resource ${resource.schema.name}: the policy's`),
    selects: new Map(),
    orders: new Map(),
    noOrder: [],
    passThrough: new Set((resource.policy.passThrough ?? []).map((n) => n.toLowerCase())),
  };
  PREPARED.set(resource, made);
  return made;
}

function rowFilterContext(resource: QueryResource, request: QueryRequest) {
  const parameters = request.parameters ?? {};
  if (parameters === null || typeof parameters !== 'object')
    throw new TypeError(`Resource ${resource.schema.name}: the request's parameters are an object of values by name`);
  return {
    schema: resource.schema,
    owner: resource.schema.name,
    rowFilter: resource.rowFilter,
    relations: resource.relations,
    parameters,
    limits: resource.policy.filterLimits,
  };
}

/** A policy's page bounds: whole numbers, the default within the maximum; a TypeError otherwise (a programmer's error). */
function checkPolicy({ schema, policy }: QueryResource): void {
  const fail = (problem: string): never => {
    throw new TypeError(`Resource ${schema.name}: the policy's ${problem}`);
  };
  if (policy === null || typeof policy !== 'object') fail('is missing');
  if (policy.spelling !== 'service' && policy.spelling !== 'odata')
    fail(`spelling is ${String(policy.spelling)}, not 'service' or 'odata'`);
  for (const [name, value] of [
    ['defaultTop', policy.defaultTop],
    ['maxTop', policy.maxTop],
    ['maxSkip', policy.maxSkip ?? 0],
  ] as const) {
    if (!Number.isSafeInteger(value) || value < 0) fail(`${name} is ${String(value)}, not a whole number of rows`);
  }
  const orderKeys = policy.maxOrderKeys;
  if (orderKeys !== undefined && (!Number.isSafeInteger(orderKeys) || orderKeys < 1))
    fail(`maxOrderKeys is ${String(orderKeys)}, not a whole number of items from 1`);
  if (policy.defaultTop > policy.maxTop)
    fail(`defaultTop (${policy.defaultTop}) is beyond its maxTop (${policy.maxTop})`);
  const keyset: unknown = policy.keyset;
  if (keyset !== undefined && (keyset === null || typeof keyset !== 'object'))
    fail(
      `keyset is ${String(keyset)}: keyset pages need the key their tokens are sealed with, keyset: { key } (docs/query.md, "Keyset pages")`,
    );
  if (policy.version !== undefined && !ODATA_VERSIONS.includes(policy.version))
    fail(`version is ${JSON.stringify(policy.version)}, not one of ${ODATA_VERSIONS.map((v) => `'${v}'`).join(', ')}`);
}

/** A resource's key: property paths of non-nullable primitives, at least one; a TypeError otherwise (a programmer's error). */
function checkKey(resource: QueryResource): void {
  if (!Array.isArray(resource.key) || resource.key.length === 0)
    throw new TypeError(`Resource ${resource.schema.name}: \`key\` names at least one property path`);
  for (const path of resource.key) {
    const property = typeof path === 'string' ? findProperty(resource.schema, path.split('/')) : undefined;
    if (property?.kind !== 'primitive' || property.nullable) {
      throw new TypeError(
        `Resource ${resource.schema.name}: key '${String(path)}' is no non-nullable primitive property`,
      );
    }
  }
}
