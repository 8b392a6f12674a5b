// node:http (and Express, whose handlers take the same pair) in front of a Fetch handler: the
// request's method, URL, headers and body as a Request, and the Response written back, with the
// request's signal aborted when the client goes away.

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
  return (req, res) => {
    const abort = new AbortController();
    res.once('close', () => {
      if (!res.writableFinished) abort.abort();
    });
    let request: Request;
    try {
      request = requestOf(req, abort.signal);
    } catch {
      // A Host header or a request target no URL can be made of.
      res.writeHead(400, { 'Content-Type': 'application/json' });
      res.end('{"error":{"code":"bad_request","message":"The request\'s host or target is no URL"}}');
      return;
    }
    void handler(request).then(
      async (response) => {
        res.writeHead(response.status, Object.fromEntries(response.headers));
        res.end(req.method === 'HEAD' ? undefined : new Uint8Array(await response.arrayBuffer()));
      },
      () => {
        res.writeHead(500, { 'Content-Type': 'application/json' });
        res.end('{"error":{"code":"internal","message":"The service could not answer the request"}}');
      },
    );
  };
}

function requestOf(req: NodeRequest, signal: AbortSignal): Request {
  const host = req.headers.host ?? 'localhost';
  const protocol = (req.socket as { encrypted?: boolean }).encrypted ? 'https' : 'http';
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of typeof value === 'string' ? [value] : value) headers.append(name, v);
  }
  return new Request(`${protocol}://${host}${req.url ?? '/'}`, { method: req.method ?? 'GET', headers, signal });
}
