// A read-only OData endpoint over a model (docs/server.md): the service document, each entity set
// with every query option the package reads, its `$count`, and an entity by key, answered in
// OData JSON; every failure in OData's error format. It takes a web-standard Request and gives a
// Response, so it runs under any server that speaks Fetch; node:http (./node.ts) hands it the
// request without making either (./exchange.ts).

import { type Expr, isLiteralKind } from '../syntax/ast.js';
import { INTEGER_RANGES, isInteger } from '../language/edm.js';
import { findProperty, type PrimitiveProperty } from '../types/schema.js';
import { check } from '../types/check.js';
import { parse } from '../syntax/parse.js';
import { isFilterError } from '../errors.js';
import type { Model } from '../model/model.js';
import { schemaOf } from '../model/model-view.js';
import { nextLink } from '../query/links.js';
import { bareName, optionNamed } from '../query/option-names.js';
import { parseQuery } from '../query/parse-query.js';
import type { QueryPolicy, QueryResource } from '../query/policy.js';
import type { RowFilterParameters } from '../query/row-filter.js';
import type { PropertyRules } from '../query/rules.js';
import type { ExpandItem, QueryPlan, SelectItem } from '../types/query-plan.js';
import { type Answer, answerOf, fetchHandler, type IncomingRequest } from './exchange.js';
import { negotiate, type Negotiated, versionFor } from './negotiate.js';
import { errorAnswer, failureAnswer, type ODataError } from './odata-error.js';
import { capped } from './refusal-message.js';
import { rowJson } from './odata-json.js';
import { type MetadataDocuments, metadataAnswer, metadataDocuments } from './service-metadata.js';
import { readRequestPath, type RequestPath } from './request-path.js';
import type { CollectionSource } from './source.js';
import { reachedRestrictions, refuseTypesHiddenUnalike, type SetRestrictions } from './reached-sets.js';

/** How one entity set is served: where its rows are, and what a request may do with them. */
export interface EntitySetService {
  readonly source: CollectionSource;
  /** The policy's bounds and switches; the endpoint's defaults where left out (DEFAULT_ENDPOINT_POLICY). */
  readonly policy?: Partial<Omit<QueryPolicy, 'spelling'>>;
  readonly rules?: PropertyRules;
  /** A filter every request's rows must also pass (docs/query.md, "Row filters"). */
  readonly rowFilter?: string;
  readonly relations?: QueryResource['relations'];
}

export interface EndpointOptions {
  readonly model: Model;
  /** The entity sets served, by name; the model's other entity sets are not. */
  readonly entitySets: { readonly [name: string]: EntitySetService };
  /** The path the service is at, ending in `/`: `/odata/`. Default `/`. */
  readonly root?: string;
  /** The row filters' parameters for a request (the caller's identity, say). */
  readonly parameters?: (request: Request) => RowFilterParameters | Promise<RowFilterParameters>;
}

/**
 * What an endpoint's policy is where the options leave it out: pages of 100 rows by default, at
 * most 1,000, expansions at most 3 levels deep — no maximum is open — and custom options (names
 * without `$` or `@`, such as jQuery's `_`) ignored, as OData reserves only its own.
 */
export const DEFAULT_ENDPOINT_POLICY: QueryPolicy = {
  spelling: 'odata',
  defaultTop: 100,
  maxTop: 1000,
  maxExpandDepth: 3,
  unknownOptions: 'ignore',
};

/** The options OData has that this endpoint does not implement: a 501 naming each. */
const NOT_IMPLEMENTED = new Set(['search', 'apply', 'compute']);

type Handler = (request: Request) => Promise<Response>;

/** A Fetch handler serving the model's entity sets as a read-only OData service. */
export function odataEndpoint(options: EndpointOptions): Handler {
  const root = options.root ?? '/';
  if (!root.startsWith('/') || !root.endsWith('/'))
    throw new TypeError(`odataEndpoint: root '${root}' is a path from / to /`);
  const services = new Map(Object.entries(options.entitySets));
  refuseTypesHiddenUnalike(options.model, services);
  const sets = new Map<string, ServedSet>();
  for (const [name, service] of services)
    sets.set(name, servedSet(options.model, name, service, reachedRestrictions(options.model, services, name)));
  const metadata = metadataDocuments(options.model, new Map(Object.entries(options.entitySets)));
  return fetchHandler(async (request) => {
    let answer: Answer;
    try {
      answer = await respond(request, root, sets, metadata, options);
    } catch (error) {
      answer = failureAnswer(error);
    }
    return versioned(answer, request);
  });
}

/** The answer with the OData-Version every response of a service states (OData 4.01 Protocol, 8.1.5), errors too. */
function versioned(answer: Answer, request: IncomingRequest): Answer {
  if ('OData-Version' in answer.headers) return answer;
  return { ...answer, headers: { ...answer.headers, 'OData-Version': versionFor(request) } };
}

interface ServedSet {
  readonly name: string;
  readonly service: EntitySetService;
  readonly resource: QueryResource;
  /**
   * The resource one entity is read from: the key's own rules take no `filter: false`, which keeps
   * the key from `$filter` (FilterRestrictions), not from the key in the path. A key is never hidden
   * from `$select` (the `$metadata` writer refuses it), so finding an entity by it tells nothing the
   * entity's JSON does not.
   */
  readonly byKey: QueryResource;
  /** The resource with a smaller default page, as a client's `odata.maxpagesize` asks; made once per size. */
  readonly paged: Map<number, QueryResource>;
}

/**
 * `service` as the query layer reads it, with `restrictions`: its own rules, row filter and
 * relations, and those of the sets its navigation reaches (./reached-sets.ts).
 */
function servedSet(model: Model, name: string, service: EntitySetService, restrictions: SetRestrictions): ServedSet {
  const set = model.entitySets.get(name);
  if (set === undefined) throw new TypeError(`odataEndpoint: the model has no entity set '${name}'`);
  const key = set.entityType.key;
  if (key === undefined) throw new TypeError(`odataEndpoint: the entity type of '${name}' has no key`);
  const resource: QueryResource = {
    schema: schemaOf(model, name),
    key: key.map((k) => k.path.join('/')),
    policy: { ...DEFAULT_ENDPOINT_POLICY, ...service.policy, spelling: 'odata' },
    ...(restrictions.rules === undefined ? {} : { rules: restrictions.rules }),
    ...(restrictions.rowFilter === undefined ? {} : { rowFilter: restrictions.rowFilter }),
    ...(restrictions.relations === undefined ? {} : { relations: restrictions.relations }),
  };
  return { name, service, resource, byKey: keyReadable(resource), paged: new Map() };
}

async function respond(
  request: IncomingRequest,
  root: string,
  sets: ReadonlyMap<string, ServedSet>,
  metadata: MetadataDocuments,
  options: EndpointOptions,
): Promise<Answer> {
  if (request.method !== 'GET' && request.method !== 'HEAD')
    return errorAnswer(
      {
        status: 405,
        code: 'method_not_allowed',
        message: `${request.method} is not allowed: the service is read-only`,
      },
      { Allow: 'GET, HEAD' },
    );
  const url = new URL(request.url);
  const query = [...url.searchParams];
  const refused = query.find(([name]) => NOT_IMPLEMENTED.has(bareName(name)));
  if (refused !== undefined)
    return errorAnswer({
      status: 501,
      code: 'not_implemented',
      message: `Option '${refused[0]}' is not implemented by this service`,
      target: refused[0],
    });
  const formats = query.filter(([name]) => bareName(name) === 'format');
  // parseQuery never sees $format: a second one is refused here as it refuses any option given twice.
  if (formats.length > 1)
    return errorAnswer({
      status: 400,
      code: 'repeated_option',
      message: `Option '${formats[1]![0]}' is given twice (first as '${formats[0]![0]}'); give each option once`,
      target: formats[1]![0],
    });
  const format = formats[0];
  const path = readRequestPath(url.pathname, root);
  if (typeof path === 'string') return notFound(path);
  if (path.kind === 'metadata')
    return (
      metadataAnswer(metadata, request, format?.[1]) ??
      errorAnswer({ status: 406, code: 'not_acceptable', message: '$metadata is CSDL XML or CSDL JSON' })
    );
  const form = negotiate(request, format?.[1], path.kind === 'collection' && path.count ? 'text/plain' : undefined);
  if (form === undefined)
    return errorAnswer({ status: 406, code: 'not_acceptable', message: 'The service answers in JSON only' });
  const options2 = query.filter(([name]) => bareName(name) !== 'format');
  const headers = responseHeaders(form);
  if (path.kind === 'service') return serviceDocument(url, root, sets, headers, form);
  const served = sets.get(path.entitySet);
  if (served === undefined) return notFound(`'${path.entitySet}' is no entity set of this service`);
  const parameters = (await options.parameters?.(request.fetchRequest())) ?? {};
  const base = `${url.origin}${root}`;
  if (path.kind === 'entity') return entity(served, path, options2, parameters, request, base, headers, form);
  // A page size the request gives itself is the page: the preference is not applied to it.
  const topGiven = options2.some(([name]) => bareName(name) === 'top');
  const resource = topGiven ? served.resource : pagedResource(served, form.maxPageSize);
  const plan = parseQuery(
    new URLSearchParams(path.count ? [...options2.filter(notPaging), ['$count', 'true'], ['$top', '0']] : options2),
    resource,
    { parameters },
  );
  const page = await served.service.source.read(plan, { signal: request.signal });
  // No charset (OData 4.01 Protocol, 8.2.1: none that Accept did not name): a count's digits are ASCII, text/plain's default.
  if (path.count) return answerOf(String(page.count ?? 0), { ...headers, 'Content-Type': 'text/plain' });
  const applied: Record<string, string> =
    resource !== served.resource ? { 'Preference-Applied': `odata.maxpagesize=${resource.policy.defaultTop}` } : {};
  // The link repeats `$format` too, which the plan never saw: the next page is in the same form
  // (`IEEE754Compatible=true` writes Int64 and Decimal as strings on every page).
  const next = nextLink(url.href, { ...plan, options: query }, page.more, page.skipToken);
  const members = [
    ...contextMember(`${base}$metadata#${served.name}${selectList(plan, form.version)}`, form),
    // IEEE754Compatible writes the count as a string too (OData 4.01 JSON Format, 3.2).
    ...(plan.count ? [`"@odata.count":${countJson(page.count ?? 0, form)}`] : []),
    `"value":[${page.items.map((row) => rowJson(row as Record<string, unknown>, resource.schema.properties, form)).join(',')}]`,
    ...(next === undefined ? [] : [`"@odata.nextLink":${JSON.stringify(next)}`]),
  ];
  return answerOf(`{${members.join(',')}}`, { ...headers, ...applied });
}

/** One entity by its key: the set's rows filtered by it, read with the request's `$select` and `$expand`. */
async function entity(
  served: ServedSet,
  path: Extract<RequestPath, { kind: 'entity' }>,
  given: readonly [string, string][],
  parameters: RowFilterParameters,
  request: IncomingRequest,
  base: string,
  headers: Record<string, string>,
  form: Negotiated,
): Promise<Answer> {
  const { resource } = served;
  const keyOptions = keyFilter(served, path.key, given);
  if (typeof keyOptions === 'string')
    return errorAnswer({ status: 400, code: 'invalid_key', message: capped(keyOptions), target: served.name });
  // OData 4.01 lets the `$` be left out: `top=0` is `$top=0`, which would empty the answer into a 404.
  const extra = given.find(
    ([name]) =>
      !['select', 'expand'].includes(bareName(name)) &&
      !name.startsWith('@') &&
      (name.startsWith('$') || optionNamed(name, 'odata') !== undefined),
  );
  if (extra !== undefined)
    return errorAnswer({
      status: 400,
      code: 'invalid_option',
      message: capped(`Option '${extra[0]}' does not apply to one entity: it takes $select and $expand`),
      target: capped(extra[0]),
    });
  let plan: QueryPlan;
  try {
    plan = parseQuery(new URLSearchParams([...given, ...keyOptions]), served.byKey, { parameters });
  } catch (error) {
    const part = isFilterError(error) ? misfitKeyPart(served, path.key) : undefined;
    if (part === undefined) throw error;
    return errorAnswer({ status: 400, code: 'invalid_key', message: capped(part), target: served.name });
  }
  const page = await served.service.source.read(plan, { signal: request.signal });
  const row = page.items[0];
  if (row === undefined) return notFound(`${served.name} has no entity with that key`);
  const body = rowJson(row as Record<string, unknown>, resource.schema.properties, form);
  const context = contextMember(`${base}$metadata#${served.name}${selectList(plan, form.version)}/$entity`, form);
  if (context.length === 0) return answerOf(body, headers);
  return answerOf(body === '{}' ? `{${context[0]}}` : `{${context[0]},${body.slice(1)}`, headers);
}

/** The options that find one entity: `$filter` on each key property, its value an alias holding the literal as written. */
function keyFilter(
  served: ServedSet,
  key: Extract<RequestPath, { kind: 'entity' }>['key'],
  given: readonly [string, string][],
): [string, string][] | string {
  const names = served.resource.key;
  const aliases = names.map((n) => n.slice(n.lastIndexOf('/') + 1));
  const byName = new Map<string, string>();
  if (key.length === 1 && key[0]!.name === undefined) {
    if (names.length > 1)
      return `the key of ${served.name} has ${names.length} parts: name each (${aliases.map((a) => `${a}=…`).join(',')})`;
    byName.set(aliases[0]!, key[0]!.text);
  } else
    for (const part of key) {
      if (part.name === undefined || !aliases.includes(part.name) || byName.has(part.name))
        return `the key of ${served.name} is ${aliases.join(', ')}, each named once`;
      byName.set(part.name, part.text);
    }
  if (byName.size !== names.length) return `the key of ${served.name} is ${aliases.join(', ')}, each named once`;
  for (const [i, path] of names.entries()) {
    const name = aliases[i]!;
    const text = byName.get(name)!;
    // One literal, and nothing else: the value never becomes part of the filter's text.
    let literal: Expr | undefined;
    try {
      literal = parse(text);
    } catch (error) {
      if (!isFilterError(error)) throw error;
    }
    if (literal === undefined || !isLiteralKind(literal.kind)) return `the key value of ${name} is no literal: ${text}`;
    const property = findProperty(served.resource.schema, path.split('/')) as PrimitiveProperty;
    if (!fitsKey(literal, property)) return `the key value of ${name} is no ${property.type}: ${text}`;
  }
  // Aliases the request does not give itself: its own `@key0` may stand in an expansion's filter.
  const taken = new Set(given.map(([name]) => name));
  let prefix = '@key';
  while (names.some((_, i) => taken.has(`${prefix}${i}`))) prefix += '_';
  const filter = names.map((path, i) => `${path} eq ${prefix}${i}`).join(' and ');
  return [['$filter', filter], ...names.map((_, i) => [`${prefix}${i}`, byName.get(aliases[i]!)!] as [string, string])];
}

/**
 * Why a key refused as its filter was read is no key, naming its part as the path wrote it — not
 * the `$filter` and aliases the endpoint made of it (`Products('1')`: a String for an Int32) — or
 * undefined where each part alone fits its property.
 */
function misfitKeyPart(served: ServedSet, key: Extract<RequestPath, { kind: 'entity' }>['key']): string | undefined {
  const { schema } = served.resource;
  for (const path of served.resource.key) {
    const name = path.slice(path.lastIndexOf('/') + 1);
    const text = (key.length === 1 && key[0]!.name === undefined ? key[0] : key.find((k) => k.name === name))?.text;
    if (text === undefined) continue;
    try {
      check(`${path} eq @key`, schema, { aliases: { key: text } });
    } catch (error) {
      if (!isFilterError(error)) throw error;
      const type = (findProperty(schema, path.split('/')) as PrimitiveProperty).type;
      return `the key value of ${name} is no ${type}: ${text}`;
    }
  }
  return undefined;
}

/**
 * Whether a literal is a value of a key property's type: never null, and for an integer key an
 * integer within its range. The filter would compare `1.5` or `null` with an Int32 and find no
 * entity, a 404 for a key that cannot be one; other types the filter's check refuses itself.
 */
function fitsKey(literal: Expr, property: PrimitiveProperty): boolean {
  if (literal.kind === 'null') return false;
  if (literal.kind !== 'number' || !isInteger(property.type)) return true;
  if (!isInteger(literal.type)) return false;
  const [low, high] = INTEGER_RANGES[property.type];
  const value = BigInt(literal.value);
  return value >= low && value <= high;
}

/**
 * Whether an option is other than a page's own: `/$count` counts every row the filter keeps, "not
 * affected by $top, $skip, $orderby, or $expand" (OData 4.01 Protocol, 11.2.10), so a client may
 * send them as its page's request has them; the count's own `$top` and `$count` replace them.
 */
function notPaging([name]: readonly [string, string]): boolean {
  return !['top', 'skip', 'count'].includes(bareName(name));
}

function keyReadable(resource: QueryResource): QueryResource {
  const rules = resource.rules;
  if (rules === undefined || !resource.key.some((path) => rules[path]?.filter === false)) return resource;
  const relaxed = Object.fromEntries(
    Object.entries(rules).map(([path, rule]) => [
      path,
      resource.key.includes(path) && rule.select !== false ? { ...rule, filter: true } : rule,
    ]),
  );
  return { ...resource, rules: relaxed };
}

function pagedResource(served: ServedSet, maxPageSize: number | undefined): QueryResource {
  const { resource } = served;
  if (maxPageSize === undefined || maxPageSize >= resource.policy.defaultTop) return resource;
  let paged = served.paged.get(maxPageSize);
  if (paged === undefined) {
    paged = { ...resource, policy: { ...resource.policy, defaultTop: maxPageSize } };
    served.paged.set(maxPageSize, paged);
  }
  return paged;
}

/**
 * The context URL's select list (OData Protocol, "Context URL"): the properties the request
 * selects, then each relation it expands suffixed with what it selects and expands of the related
 * rows, in parentheses (`(Id,Category(Name))`). A 4.01 answer names every expansion, `Category()`
 * where it selects and expands nothing of its own; a 4.0 answer leaves out an expansion that
 * selects nothing, however deep its own expansions go.
 * Nothing where the list would be empty: every property is there.
 */
function selectList(plan: QueryPlan, version: string): string {
  const selected = plan.options.some(([name]) => bareName(name) === 'select');
  const items = selectItems({ ...plan, selected, selectedRelations: plan.selectedRelations ?? [] }, version);
  return items.length === 0 ? '' : `(${items.join(',')})`;
}

/** What a level of the request selects and expands: the plan's own, or an expansion's. */
interface Projected {
  readonly selected: boolean;
  readonly select: readonly SelectItem[] | undefined;
  readonly selectedRelations: readonly string[];
  readonly expand: readonly ExpandItem[];
}

function selectItems(level: Projected, version: string): string[] {
  // A relation `$select` names is written without a suffix, in 4.0 and 4.01 alike.
  const items = level.selected
    ? [...(level.select?.map((item) => item.path.join('/')) ?? ['*']), ...level.selectedRelations]
    : [];
  for (const item of level.expand) {
    const nested = selectItems(item, version);
    // 4.0's select list holds one item at least (its ABNF; 4.01's may be empty): an expansion is
    // named there only where something under it is selected.
    if (version === '4.0' && nested.length === 0) continue;
    items.push(`${item.path.join('/')}(${nested.join(',')})`);
  }
  return items;
}

function serviceDocument(
  url: URL,
  root: string,
  sets: ReadonlyMap<string, ServedSet>,
  headers: Record<string, string>,
  form: Negotiated,
): Answer {
  const value = [...sets.keys()].map((name) => ({ name, kind: 'EntitySet', url: name }));
  const context = form.metadata === 'none' ? {} : { '@odata.context': `${url.origin}${root}$metadata` };
  return answerOf(JSON.stringify({ ...context, value }), headers);
}

/** The `@odata.context` member, or none where the client asks `metadata=none`: the count and next link stay. */
function contextMember(context: string, form: Negotiated): string[] {
  return form.metadata === 'none' ? [] : [`"@odata.context":${JSON.stringify(context)}`];
}

/** A collection's count as the response writes Int64 values: a string where the client asks IEEE754Compatible. */
function countJson(count: number, form: Negotiated): string {
  return form.ieee754Compatible ? `"${count}"` : String(count);
}

function responseHeaders(form: Negotiated): Record<string, string> {
  return {
    'Content-Type': `application/json;odata.metadata=${form.metadata}${form.ieee754Compatible ? ';IEEE754Compatible=true' : ''}`,
    'OData-Version': form.version,
  };
}

function notFound(message: string): Answer {
  // The message may quote the path, which is as long as the request: it is cut as a refusal's is.
  return errorAnswer({ status: 404, code: 'not_found', message: capped(message) } satisfies ODataError);
}
