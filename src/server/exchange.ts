// A request and its answer as the endpoint sees them, whichever server carries them. Under Fetch
// they are a Request and a Response; under node:http the listener hands the endpoint what it
// reads of the request and writes the answer itself, without making either: a Request and a
// Response with a body cost tens of microseconds each, as much as the rest of a small request.

/** What the endpoint reads of a request. */
export interface IncomingRequest {
  readonly method: string;
  /** The absolute URL, as a Request's `url` would hold it. */
  readonly url: string;
  /** A header's value (names in any case), or null. */
  header(name: string): string | null;
  /** Aborts when the client goes away. */
  readonly signal: AbortSignal;
  /** The request as a Fetch Request, made only where a caller's hook asks for one. */
  fetchRequest(): Request;
}

/** What the endpoint answers: a status, its headers, and a body (none for a 304). */
export interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | null;
}

export function answerOf(body: string | null, headers: Readonly<Record<string, string>>, status = 200): Answer {
  return { status, headers, body };
}

/** A Fetch Request as the endpoint reads it. */
export function fromFetch(request: Request): IncomingRequest {
  return {
    method: request.method,
    url: request.url,
    header: (name) => request.headers.get(name),
    signal: request.signal,
    fetchRequest: () => request,
  };
}

export function toResponse(answer: Answer): Response {
  return new Response(answer.body, { status: answer.status, headers: answer.headers });
}

type Handler = (request: Request) => Promise<Response>;
type Respond = (request: IncomingRequest) => Promise<Answer>;

/** The handlers that can answer without a Request or a Response, with the function that does. */
const direct = new WeakMap<Handler, Respond>();

/** A Fetch handler that answers through `respond`, which a server adapter may call itself. */
export function fetchHandler(respond: Respond): Handler {
  const handler: Handler = async (request) => {
    const answer = await respond(fromFetch(request));
    // A HEAD answer has GET's headers and no content (RFC 9110, 9.3.2): not every Fetch server drops it.
    return toResponse(request.method === 'HEAD' ? { ...answer, body: null } : answer);
  };
  direct.set(handler, respond);
  return handler;
}

/** The function that answers for the handler without a Request or a Response, where it has one. */
export function directAnswerer(handler: Handler): Respond | undefined {
  return direct.get(handler);
}
