// Interface A (section 4.1): `/{platform}/api/2012-02-01/auth/resources/…` — the root collection,
// the collections and their members, as XML, for an authenticated user allowed to read them.

import type { IncomingMessage } from 'node:http';
import { isFilterError } from 'odata-filter';
import type { FilterError } from 'odata-filter';
import { nextLink, parseQuery } from 'odata-filter/query';
import type { ExpandItem, QueryPlan } from 'odata-filter/query';
import { compileSqlQuery, expandSqlRows, pageOf, sqlFragment, sqlText, sqlValue } from 'odata-filter/sql';
import type { Row, Statements } from '../database.js';
import type { Authenticator, User } from '../authenticate.js';
import { mayRead } from '../authenticate.js';
import { accepts } from '../http/negotiate.js';
import { MOST_ISSUES_SHOWN, refusalMessage } from 'odata-filter/server';
import type { Reply } from '../http/respond.js';
import { STORED_TYPES, relationPathsOf, typeAt, viewOf } from '../storage.js';
import type { TypeName } from '../storage.js';
import { writeXml } from '../xml.js';
import type { XmlElement } from '../xml.js';
import { COLLECTIONS, COLLECTION_BY_NAME, COLLECTION_OF_TYPE, partOf, resourcesFor } from './collections.js';
import type { AuthenticatedCollection, FilterLimits } from './collections.js';
import type { ConcurrencyLimit } from '../http/concurrency-limit.js';
import { completeExpandedRows } from './complete-rows.js';
import { itemLink, link, member } from './represent.js';
import type { LinkContext } from './represent.js';

export interface AuthenticatedContext {
  /** The request's statements (Database.within). */
  readonly db: Statements;
  readonly authenticator: Authenticator;
  /** The one platform this server holds (`demo`); another name is a 404. */
  readonly platform: string;
  readonly schemaBase: string;
  readonly registrationPage: string;
  /** The limits every filter is checked within: what one request may cost the database. */
  readonly filterLimits: FilterLimits;
  /** How many of one user's requests read the database at once; the others wait, or are 429. */
  readonly perUser: ConcurrencyLimit;
  /** The address the request comes from (the peer, or behind trusted proxies their X-Forwarded-For). */
  readonly clientAddress: (request: IncomingMessage) => string;
}

const XML_TYPE = 'application/xml; charset=utf-8';

/** The error body of interface A: the shape the service's own clients read. */
export function apiException(
  status: number,
  code: string,
  message: string,
  headers: Record<string, string> = {},
): Reply {
  const body: XmlElement = {
    name: 'ApiException',
    children: [
      { name: 'Code', children: [code] },
      { name: 'Message', children: [message] },
    ],
  };
  return { status, headers: { 'Content-Type': XML_TYPE, ...headers }, body: writeXml(body) };
}

const xml = (root: XmlElement): Reply => ({ status: 200, headers: { 'Content-Type': XML_TYPE }, body: writeXml(root) });

/** A member's id in a path: a positive Int32 in digits, or nothing (a 404). */
function idOf(segment: string): number | undefined {
  if (!/^[1-9][0-9]{0,9}$/.test(segment)) return undefined;
  const id = Number(segment);
  return id <= 2 ** 31 - 1 ? id : undefined;
}

/**
 * Answers a request under `…/auth/resources/`: `rest` is the path after it, `origin` the
 * absolute URI the links start with (`http://host:port`).
 */
export async function handleAuthenticated(
  request: IncomingMessage,
  origin: string,
  platform: string,
  rest: string,
  context: AuthenticatedContext,
): Promise<{ reply: Reply; user?: string }> {
  const segments = rest.split('/');
  if (segments[segments.length - 1] === '') segments.pop();
  if (platform !== context.platform)
    return { reply: apiException(404, 'NotFound', `There is no platform '${platform}'`) };
  const collection = segments.length === 0 ? undefined : COLLECTION_BY_NAME.get(segments[0]!);
  const id = segments.length >= 2 ? idOf(segments[1]!) : undefined;
  const part = segments.length === 3 && collection !== undefined ? partOf(collection, segments[2]!) : undefined;
  const found =
    segments.length === 0 ||
    (collection !== undefined &&
      (segments.length === 1 || (id !== undefined && (segments.length === 2 || part !== undefined))));
  if (!found) return { reply: apiException(404, 'NotFound', 'No resource has this address') };
  const user = await context.authenticator.authenticate(request.headers.authorization, context.clientAddress(request));
  if (user === undefined) {
    return {
      reply: apiException(401, 'AuthenticationException', 'The request needs the credentials of a user (HTTP Basic)', {
        'WWW-Authenticate': 'Basic realm="auth", charset="UTF-8"',
      }),
    };
  }
  if (accepts(request.headers.accept, 'application/xml') === false) return { reply: { status: 406 }, user: user.name };
  const links: LinkContext = {
    resources: `${origin}/${platform}/api/2012-02-01/auth/resources/`,
    schemaBase: context.schemaBase,
    registrationPage: context.registrationPage,
  };
  const requestUri = `${origin}${request.url ?? ''}`;
  let reply: Reply;
  if (collection === undefined) reply = root(links, requestUri);
  else if (!mayRead(user, collection.name)) reply = forbidden(collection.name);
  else if (part !== undefined && !mayRead(user, part.of.name)) reply = forbidden(part.of.name);
  else
    reply = await context.perUser.run(user.name, () =>
      answer(
        request,
        part === undefined
          ? { collection, id }
          : {
              collection: part.of,
              element: part.element,
              within: { parent: collection, foreignKey: part.foreignKey, id: id! },
            },
        requestUri,
        links,
        user,
        context,
      ),
    );
  return { reply, user: user.name };
}

function forbidden(collection: string): Reply {
  return apiException(403, 'SecurityException', `You may not read the collection '${collection}'`);
}

/** The root collection: a Link to each collection. */
function root(links: LinkContext, requestUri: string): Reply {
  const children = COLLECTIONS.map((c) =>
    link(`${links.schemaBase}/related/${c.element}`, `${links.resources}${c.name}/`, c.element),
  );
  return xml({ name: 'Resources', children: [link('self', requestUri), ...children] });
}

/**
 * What a request reads: a collection, one member (`id`), or the members related to one member of
 * another collection (`within`: an event's sessions, `events/{id}/sessions/`).
 */
interface Target {
  readonly collection: AuthenticatedCollection;
  readonly id?: number | undefined;
  /** The element of a member's part, named after its relation (`Sessions`). */
  readonly element?: string;
  readonly within?: { readonly parent: AuthenticatedCollection; readonly foreignKey: string; readonly id: number };
}

async function answer(
  request: IncomingMessage,
  target: Target,
  requestUri: string,
  links: LinkContext,
  user: User,
  context: AuthenticatedContext,
): Promise<Reply> {
  const search = new URL(request.url ?? '/', 'http://x').search;
  try {
    return await read(target, search, requestUri, links, user, context.db, context.filterLimits);
  } catch (error) {
    if (!isFilterError(error)) throw error;
    // A filter reading through a relation to a collection the user may not read (resourcesFor()).
    if (error.issues.length > 0 && error.issues.every((issue) => issue.code === 'not_filterable'))
      return apiException(403, 'SecurityException', permissionMessage(error, target.collection, user, search));
    // Any other request the package refuses — its options, or a value the database cannot hold (U+0000 in PostgreSQL text) — is the request's fault.
    return apiException(400, 'BadRequest', refusalMessage(error));
  }
}

/**
 * A filter's refusal as the permission it is: each relation the filter names that leads to a
 * collection the user may not read, with that collection (`You may not read the collection
 * 'registrations', which 'Registrations' in option 'filter' leads to`).
 */
function permissionMessage(
  error: FilterError,
  collection: AuthenticatedCollection,
  user: User,
  search: string,
): string {
  const options = new URLSearchParams(search);
  const hidden = relationPathsOf(collection.type).filter((r) => !mayRead(user, COLLECTION_OF_TYPE.get(r.type)!.name));
  const reasons = new Set<string>();
  for (const issue of error.issues) {
    // The refused member as written: a relation (`Registrations`) or a path through one (`TimeZone/Name`).
    const segments = (options.get(issue.option ?? '') ?? '').slice(issue.start, issue.end).split('/');
    const leadsTo = hidden.find((r) => segments.includes(lastSegment(r.path)));
    reasons.add(
      leadsTo === undefined
        ? issue.message
        : `You may not read the collection '${COLLECTION_OF_TYPE.get(leadsTo.type)!.name}', which '${lastSegment(leadsTo.path)}' in option '${issue.option}' leads to`,
    );
  }
  // As many as a refusal names at most: a filter can repeat a relation thousands of times.
  return [...reasons].slice(0, MOST_ISSUES_SHOWN).join('; ');
}

const lastSegment = (path: string): string => path.slice(path.lastIndexOf('/') + 1);

async function read(
  target: Target,
  search: string,
  requestUri: string,
  links: LinkContext,
  user: User,
  db: Statements,
  filterLimits: FilterLimits,
): Promise<Reply> {
  const { collection, id, within } = target;
  const { resource, item } = resourcesFor(collection, user, filterLimits);
  const plan: QueryPlan =
    id === undefined ? parseQuery(search, resource) : parseQuery(search, item, { parameters: { id } });
  const hidden = forbiddenExpansion(user, collection.type, plan.expand);
  if (hidden !== undefined) return forbidden(hidden);
  const run = (q: { sql: string; params: readonly unknown[] }): Promise<readonly Row[]> => db.query(q.sql, q.params);
  let page;
  if (within === undefined) {
    page = pageOf(await run(compileSqlQuery(plan, collection.storage.query).data), plan);
  } else {
    const parent = STORED_TYPES[within.parent.type];
    const [exists] = await db.query(`SELECT 1 FROM ${parent.table} WHERE "${parent.key}" = $1`, [within.id]);
    if (exists === undefined) return apiException(404, 'NotFound', `There is no ${within.parent.type} ${within.id}`);
    // The collection's own view, narrowed to the member's rows under the same name, so every column reference still reads it.
    const view = sqlText(viewOf(collection.type));
    const narrowed = {
      ...collection.storage.query,
      from: sqlFragment`(SELECT * FROM ${view} WHERE ${sqlText(`"${within.foreignKey}"`)} = ${sqlValue(within.id)}) ${view}`,
    };
    page = pageOf(await run(compileSqlQuery(plan, narrowed).data), plan);
  }
  const rows =
    plan.expand.length > 0
      ? ((await expandSqlRows(page.items, plan, collection.storage.expand, run)) as readonly Row[])
      : page.items;
  await completeExpandedRows(db, collection.type, rows, plan.expand);
  if (id !== undefined) {
    const [row] = rows;
    if (row === undefined) return apiException(404, 'NotFound', `There is no ${collection.type} ${id}`);
    return xml(member(links, collection.type, row, plan.expand));
  }
  const next = nextLink(requestUri, plan, page.more);
  const items = rows.map((row) => itemLink(links, collection.type, row, plan.inline ? plan.expand : undefined));
  return xml({
    name: target.element ?? collection.element,
    children: [link('self', requestUri), ...(next === undefined ? [] : [link('next', next)]), ...items],
  });
}

/** The collection of the first expanded relation whose rows the user may not read, if any: an expansion reads them as the collection would. */
function forbiddenExpansion(user: User, type: TypeName, expand: readonly ExpandItem[]): string | undefined {
  for (const item of expand) {
    const target = typeAt(type, item.path.join('/'));
    const name = COLLECTION_OF_TYPE.get(target)!.name;
    if (!mayRead(user, name)) return name;
    const deeper = forbiddenExpansion(user, target, item.expand);
    if (deeper !== undefined) return deeper;
  }
  return undefined;
}
