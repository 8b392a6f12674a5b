// Interface B (sections 4.2 and 7): `/api/2012-02-01/pub/resources/…`, read-only JSON — or JSONP
// with a callback — for anyone, with the envelope, defaults and limits of the service document.

import type { IncomingMessage } from 'node:http';
import { isFilterError } from 'odata-filter';
import { parseQuery } from 'odata-filter/query';
import type { QueryResource } from 'odata-filter/query';
import { compileSqlQuery, pageOf } from 'odata-filter/sql';
import type { Statements } from '../database.js';
import type { ErrorLog } from '../http/error-log.js';
import { errorKind } from '../http/error-log.js';
import { accepts } from '../http/negotiate.js';
import { isSourceUnavailable, refusalMessage } from 'odata-filter/server';
import type { Reply } from '../http/respond.js';
import { REGIONS } from '../tables.js';
import { recordOf } from './records.js';
import { PUBLIC_RESOURCE_BY_NAME, storageIn } from './resources.js';
import type { PublicResource, Scope } from './resources.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/** A failure of the request, with the status and Code of section 7.2. */
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/**
 * A JSONP callback: a JavaScript identifier path (`cb`, `jQuery123_456`, `app.on.data`) of plain
 * ASCII identifier characters, at most 128 of them. Anything else could make the response a
 * script of the requester's choosing.
 */
const CALLBACK = /^[A-Za-z_$][A-Za-z0-9_$]*(?:\.[A-Za-z_$][A-Za-z0-9_$]*)*$/;

/** The value of a parameter named in any case (the service's names are case-insensitive), or undefined. */
function parameter(search: URLSearchParams, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [key, value] of search) if (key.toLowerCase() === lower) return value;
  return undefined;
}

/** Answers a request under `…/pub/resources/`; `rest` is the path after it. A fault of the server is logged and answered 500 — as JSONP too, with status 200 (section 7.3). */
export async function handlePublic(
  request: IncomingMessage,
  rest: string,
  db: Statements,
  errors: ErrorLog,
): Promise<Reply> {
  const search = new URL(request.url ?? '/', 'http://x').searchParams;
  // jQuery's cache-buster (`cache: false`, and every JSONP request it makes): no option of ours.
  search.delete('_');
  const callback = parameter(search, 'callback');
  if (callback !== undefined && (callback.length > 128 || !CALLBACK.test(callback))) {
    return json(
      new Refusal(
        400,
        'BadRequest',
        "The callback must be a JavaScript identifier or a dotted path of them (letters, digits, '_' and '$'), at most 128 characters",
      ),
    );
  }
  const format = parameter(search, 'format');
  const wanted = callback === undefined ? ['application/json'] : ['application/javascript', 'application/json'];
  const negotiated =
    format?.toLowerCase() === 'json' || wanted.some((type) => accepts(request.headers.accept, type) === true);
  if (!negotiated) return { status: 406 };
  let body: unknown;
  try {
    body = await answer(rest, search, db);
  } catch (caught) {
    let error: Refusal;
    if (caught instanceof Refusal) error = caught;
    // A request the package refuses — its options, or a value the database cannot hold — is the request's fault.
    else if (isFilterError(caught)) error = new Refusal(400, 'BadRequest', refusalMessage(caught));
    // The database's state, not the request's: the server answers it (503) for both interfaces.
    else if (isSourceUnavailable(caught)) throw caught;
    else {
      errors.report(
        errorKind(caught),
        () => `error ${request.method} ${request.url}: ${(caught as Error)?.stack ?? String(caught)}`,
      );
      error = new Refusal(500, 'InternalServerError', INTERNAL_ERROR);
    }
    return callback === undefined
      ? json(error)
      : jsonp(callback, { Success: false, Code: error.code, Message: error.message });
  }
  return callback === undefined
    ? { status: 200, headers: { 'Content-Type': JSON_TYPE }, body: JSON.stringify(body) }
    : jsonp(callback, body);
}

export const INTERNAL_ERROR = 'The server could not answer the request';

/** A failure as interface B writes it: `{ Code, Message }` with its status. */
export function publicError(status: number, code: string, message: string): Reply {
  return { status, headers: { 'Content-Type': JSON_TYPE }, body: JSON.stringify({ Code: code, Message: message }) };
}

function json(refusal: Refusal): Reply {
  return publicError(refusal.status, refusal.code, refusal.message);
}

/** JSONP: status 200 whatever happened (section 7.3), the callback called with the object. */
function jsonp(callback: string, value: unknown): Reply {
  // U+2028 and U+2029 end a line in older JavaScript, though not in JSON.
  const text = JSON.stringify(value)
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  // The leading comment keeps the body from being read as another kind of file by a sniffer.
  return {
    status: 200,
    headers: { 'Content-Type': 'application/javascript; charset=utf-8', 'X-Content-Type-Options': 'nosniff' },
    body: `/**/${callback}(${text});`,
  };
}

async function answer(rest: string, search: URLSearchParams, db: Statements): Promise<unknown> {
  const segments = rest.split('/');
  if (segments.length > 1 && segments[segments.length - 1] === '') segments.pop();
  const resource = PUBLIC_RESOURCE_BY_NAME.get(segments[0] ?? '');
  if (resource === undefined || segments.length > 2 || (segments.length === 2 && resource.item === undefined))
    throw new Refusal(404, 'NotFound', 'No resource has this address');
  if (segments.length === 2 && segments[1] !== '') {
    const id = /^[1-9][0-9]{0,9}$/.test(segments[1]!) ? Number(segments[1]) : undefined;
    if (id === undefined || id > 2 ** 31 - 1)
      throw new Refusal(404, 'NotFound', `There is no ${resource.name} item '${segments[1]}'`);
    return item(resource, resource.item!, id, search, db);
  }
  return collection(resource, scopeOf(resource, search), search, db);
}

/** The region and categories a collection request asks for, checked. */
function scopeOf(resource: PublicResource, search: URLSearchParams): Scope {
  const region = (resource.regional ? parameter(search, 'region') : undefined) ?? REGIONS[0];
  if (!(REGIONS as readonly string[]).includes(region))
    throw new Refusal(
      400,
      'BadRequest',
      `Unknown region '${region}': this platform's regions are ${REGIONS.join(', ')}`,
    );
  const ids = resource.categorised ? parameter(search, 'categoryIDs') : undefined;
  if (ids === undefined) return { region };
  const items = ids.split(',').map((s) => s.trim());
  if (items.length > 100 || items.some((s) => !/^[0-9]{1,9}$/.test(s))) {
    throw new Refusal(
      400,
      'BadRequest',
      'categoryIDs must be a comma-separated list of at most 100 category IDs (whole numbers)',
    );
  }
  return { region, categoryIDs: items.map(Number) };
}

/**
 * The request's options without the `fields` names the resource ignores; `fields` naming nothing
 * else is left out, so the default fields are returned.
 */
function withoutIgnoredFields(search: URLSearchParams, ignored: readonly string[]): URLSearchParams {
  if (ignored.length === 0) return search;
  const lower = new Set(ignored.map((name) => name.toLowerCase()));
  const kept = new URLSearchParams();
  for (const [key, value] of search) {
    if (key.toLowerCase() !== 'fields') kept.append(key, value);
    else {
      const names = value.split(',').filter((name) => !lower.has(name.trim().toLowerCase()));
      if (names.length > 0) kept.append(key, names.join(','));
    }
  }
  return kept;
}

async function item(
  resource: PublicResource,
  itemResource: QueryResource,
  id: number,
  search: URLSearchParams,
  db: Statements,
): Promise<unknown> {
  const plan = parseQuery(search, itemResource, { parameters: { id } });
  const { data } = compileSqlQuery(plan, storageIn(resource, undefined));
  const [row] = await db.query(data.sql, data.params);
  if (row === undefined) throw new Refusal(404, 'NotFound', `There is no ${resource.name} item ${id}`);
  return recordOf(row);
}

async function collection(
  resource: PublicResource,
  scope: Scope,
  search: URLSearchParams,
  db: Statements,
): Promise<unknown> {
  const plan = parseQuery(withoutIgnoredFields(search, resource.ignoredFields ?? []), resource.collection);
  const { data, count } = compileSqlQuery(plan, storageIn(resource, scope));
  const [rows, counted] = await Promise.all([
    db.query(data.sql, data.params),
    count === undefined ? undefined : db.query(count.sql, count.params),
  ]);
  const page = pageOf(rows, plan);
  const items = page.items.map(recordOf);
  return {
    StartIndex: plan.skip,
    Count: items.length,
    ...(counted === undefined ? {} : { TotalCount: Number(counted[0]!.count) }),
    Items: items,
  };
}
