// node:http (and Express, whose handlers take the same pair) in front of a Fetch handler: the
// request's method, URL, headers and body as a Request, and the Response written back, with the
// request's signal aborted when the client goes away. An endpoint of this package is handed the
// request without either being made (./exchange.ts).

import { directAnswerer, type IncomingRequest } from './exchange.js';

type Handler = (request: Request) => Promise<Response>;

/** What the listener reads of node:http's IncomingMessage (written out, so no Node types are needed to use it). */
export interface NodeRequest {
  readonly method?: string;
  readonly url?: string;
  readonly headers: { readonly [name: string]: string | readonly string[] | undefined };
  readonly socket: object;
}

/** What the listener uses of node:http's ServerResponse. */
export interface NodeResponse {
  writeHead(status: number, headers: Record<string, string>): unknown;
  end(body?: Uint8Array | string): unknown;
  once(event: 'close', listener: () => void): unknown;
  readonly writableFinished: boolean;
}

/** A `(req, res)` listener for `http.createServer`, or an Express route, that answers through `handler`. */
export function nodeListener(handler: Handler): (req: NodeRequest, res: NodeResponse) => void {
  const respond = directAnswerer(handler);
  return (req, res) => {
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    const url = urlOf(req);
    if (url === undefined) {
      // A Host header or a request target no URL can be made of.
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end('{"error":{"code":"bad_request","message":"The request\'s host or target is no URL"}}');
      return;
    }
    const failed = (): void => {
      res.writeHead(500, { 'Content-Type': 'application/json' });
      res.end('{"error":{"code":"internal","message":"The service could not answer the request"}}');
    };
    // An endpoint of this package reads the request and gives its answer without a Request or a Response.
    if (respond !== undefined) {
      void respond(incomingOf(req, url, abort.signal)).then((answer) => {
        res.writeHead(answer.status, { ...answer.headers });
        res.end(req.method === 'HEAD' || answer.body === null ? undefined : answer.body);
      }, failed);
      return;
    }
    let request: Request;
    try {
      request = requestOf(req, url, abort.signal);
    } catch {
      // A method Fetch forbids (TRACE, CONNECT): no Request can carry it to the handler.
      res.writeHead(501, { 'Content-Type': 'application/json' });
      res.end('{"error":{"code":"not_implemented","message":"The request\'s method is not served"}}');
      return;
    }
    void handler(request).then(async (response) => {
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(req.method === 'HEAD' ? undefined : new Uint8Array(await response.arrayBuffer()));
    }, failed);
  };
}

/**
 * The request's absolute URL, or undefined where its Host or target makes none: a Host is a host
 * and a port, so one that would move the path (`/`, `?`, `#`, `\`) or bring credentials (`@`) is
 * refused; an origin-form target (`/path?query`) is read against it, an absolute-form one
 * (`http://host/path`, RFC 9112 §3.2.2) is its own URL.
 */
function urlOf(req: NodeRequest): string | undefined {
  const given = req.headers.host ?? 'localhost';
  // node:http gives one Host (a second is a 400 there); the header's type allows a list.
  const host = typeof given === 'string' ? given : given.join(',');
  if (/[/?#@,\\\s]/.test(host)) return undefined;
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const target = req.url ?? '/';
  const origin = target.startsWith('/');
  let url: URL;
  try {
    url = new URL(origin ? `${protocol}://${host}${target}` : target);
  } catch {
    return undefined;
  }
  if (url.username !== '' || url.password !== '') return undefined;
  if (!origin && url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  return url.href;
}

/** The request as the endpoint reads it: headers read where asked, a Request made only if a hook needs one. */
function incomingOf(req: NodeRequest, url: string, signal: AbortSignal): IncomingRequest {
  let request: Request | undefined;
  return {
    method: req.method ?? 'GET',
    url,
    header: (name) => {
      const value = req.headers[name.toLowerCase()];
      return value === undefined ? null : typeof value === 'string' ? value : value.join(', ');
    },
    signal,
    fetchRequest: () => {
      request ??= requestOf(req, url, signal);
      return request;
    },
  };
}

function requestOf(req: NodeRequest, url: string, signal: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value) headers.append(name, v);
  }
  return new Request(url, { method: req.method ?? 'GET', headers, signal });
}
