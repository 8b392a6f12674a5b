// The HTTP server: routes a request to interface A or B, answers what both share — 405 for
// anything but GET and HEAD, 503 while in maintenance or while the database cannot answer, 500
// when something unforeseen breaks — and logs one line per request, and errors at most once per
// kind in 10 s.

import { createServer, STATUS_CODES } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { Authenticator } from './authenticate.js';
import type { Database } from './database.js';
import { isSourceUnavailable } from 'odata-filter/server';
import { createErrorLog, errorKind } from './http/error-log.js';
import { gracefulShutdown } from './http/shutdown.js';
import { ConcurrencyLimit, TooManyRequests } from './http/concurrency-limit.js';
import type { ConcurrencyLimits } from './http/concurrency-limit.js';
import { clientAddress } from './http/client-address.js';
import { PGLITE_REQUEST_COST, POSTGRES_REQUEST_COST } from './request-cost.js';
import type { RequestCost } from './request-cost.js';
import { apiException, handleAuthenticated } from './authenticated/handle.js';
import { handlePublic, INTERNAL_ERROR, publicError } from './public/handle.js';
import { send } from './http/respond.js';
import { PipelinedTurns } from './http/pipelined-turns.js';
import type { Reply } from './http/respond.js';

export interface ServiceOptions {
  readonly db: Database;
  /** The platform interface A serves (`demo`). */
  readonly platform?: string;
  /** The `rel` base of interface A's links, which embeds 2012/02 (section 9). */
  readonly schemaBase?: string;
  /** The website's public registration page, which an event's WebsiteRegister link adds `sgid` to. */
  readonly registrationPage?: string;
  /**
   * The absolute URI links start with (`https://api.example.com`); by default the server's own
   * address. Never the request's Host: a client could make the links of a cached response point
   * anywhere.
   */
  readonly publicUrl?: string;
  /** One line per request; by default none. */
  readonly log?: (line: string) => void;
  /** The window in which one line is logged per kind of error (default 10 s). */
  readonly errorLogWindowMs?: number;
  /** What one authenticated request may cost: by default as request-cost.ts has it for the engine. */
  readonly requestCost?: RequestCost;
  /**
   * How many password checks (scrypt) run at once, per client address and in all (default 2 and
   * 4, the size of Node's thread pool); an address's checks beyond its share wait in a queue of
   * `waitingPerKey` (default 64: a burst of a client's first requests fits), and beyond it are answered 429.
   */
  readonly passwordChecks?: ConcurrencyLimits;
  /** The proxies in front of the service whose X-Forwarded-For is believed (default 0). */
  readonly trustedProxies?: number;
  /** How long a client may take to send a request's head, in ms (default 10 s); then 408. */
  readonly headTimeoutMs?: number;
  /**
   * How long a connection may make no progress, in ms (default 30 s): a client that sends nothing
   * or reads nothing of its answer is then closed, and its unread answer freed. The time the
   * service takes to work out an answer is not the client's: it is bounded by the request's cost.
   */
  readonly stalledTimeoutMs?: number;
}

export const DEFAULT_PASSWORD_CHECKS: ConcurrencyLimits = { perKey: 2, total: 4, waitingPerKey: 64 };

export interface Service {
  readonly server: Server;
  /** Who asks: HTTP Basic against the users table, verified credentials remembered. */
  readonly authenticator: Authenticator;
  /** While true, every request is answered 503 with an empty text/plain body (section 7.2). */
  maintenance: boolean;
  /** Starts listening; resolves to the base URL. */
  listen(port: number, host?: string): Promise<string>;
  /**
   * Stops accepting requests, closes idle and half-open connections at once, answers those under
   * way with `Connection: close`, and destroys what is left after the grace period (10 s).
   */
  close(graceMs?: number): Promise<void>;
}

const AUTHENTICATED = /^\/([^/]+)\/api\/2012-02-01\/auth\/resources(?:\/(.*))?$/;
const PUBLIC = /^\/api\/2012-02-01\/pub\/resources(?:\/(.*))?$/;
/**
 * The most bytes of a request's head: a filter of the package's greatest length (65,536
 * characters), every one percent-encoded, fits with room for the headers; beyond it Node answers 431.
 */
const MAX_HEADER_BYTES = 3 * 65_536 + 16_384;
/** How long a client may take to send a request's head (a slow client holds a connection). */
const HEAD_TIMEOUT_MS = 10_000;
/** How long a connection may make no progress, sending or reading, before it is closed. */
const STALLED_TIMEOUT_MS = 30_000;

export function createService(options: ServiceOptions): Service {
  const platform = options.platform ?? 'demo';
  const passwordChecks = new ConcurrencyLimit(options.passwordChecks ?? DEFAULT_PASSWORD_CHECKS);
  const cost = options.requestCost ?? (options.db.interruptible ? POSTGRES_REQUEST_COST : PGLITE_REQUEST_COST);
  const context = {
    filterLimits: cost.filterLimits,
    perUser: new ConcurrencyLimit(cost.perUser),
    db: options.db,
    authenticator: new Authenticator(options.db, (address, check) => passwordChecks.run(address, check)),
    clientAddress: (request: IncomingMessage) => clientAddress(request, options.trustedProxies ?? 0),
    platform,
    schemaBase: options.schemaBase ?? 'http://schemas.example.com/events/2012/02',
    registrationPage: options.registrationPage ?? `https://www.example.com/${platform}/register`,
  };
  const log = options.log ?? (() => {});
  const errors = createErrorLog(log, options.errorLogWindowMs);

  /** The scheme and authority of the links: the configured one, else the address the request reached. */
  const originOf = (request: IncomingMessage): string => {
    if (options.publicUrl !== undefined) return options.publicUrl.replace(/\/+$/, '');
    const address = request.socket.address() as AddressInfo;
    return `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`;
  };

  const route = async (request: IncomingMessage, signal: AbortSignal): Promise<{ reply: Reply; user?: string }> => {
    const path = (request.url ?? '/').split('?')[0]!;
    const a = AUTHENTICATED.exec(path);
    const b = a === null ? PUBLIC.exec(path) : null;
    if (request.method !== 'GET' && request.method !== 'HEAD' && (a !== null || b !== null)) {
      // Every resource is read-only (section 4): the method is refused before anything else is read.
      const message = `${request.method} is not supported here`;
      const reply =
        a !== null ? apiException(405, 'MethodNotAllowed', message) : publicError(405, 'MethodNotAllowed', message);
      return { reply: { ...reply, headers: { ...reply.headers, Allow: 'GET, HEAD' } } };
    }
    const db = options.db.within(signal);
    if (a !== null)
      return handleAuthenticated(request, originOf(request), decodeSegment(a[1]!), a[2] ?? '', { ...context, db });
    if (b !== null) return { reply: await handlePublic(request, b[1] ?? '', db, errors) };
    return { reply: { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' }, body: 'Not found\n' } };
  };

  const service: Service = {
    server: createServer(
      {
        maxHeaderSize: MAX_HEADER_BYTES,
        headersTimeout: options.headTimeoutMs ?? HEAD_TIMEOUT_MS,
        // A request has no body here: its head is all of it.
        requestTimeout: (options.headTimeoutMs ?? HEAD_TIMEOUT_MS) + 1,
        // How often Node looks for requests past those timeouts (its default is 30 s).
        connectionsCheckingInterval: Math.min(1_000, options.headTimeoutMs ?? HEAD_TIMEOUT_MS),
      },
      (request, response) => void handle(request, response),
    ),
    authenticator: context.authenticator,
    maintenance: false,
    listen: (port, host = '127.0.0.1') =>
      new Promise((resolve, reject) => {
        service.server.once('error', reject);
        service.server.listen(port, host, () => {
          const address = service.server.address() as AddressInfo;
          resolve(`http://${host.includes(':') ? `[${host}]` : host}:${address.port}`);
        });
      }),
    close: (graceMs) => shutdown.close(graceMs),
  };
  const shutdown = gracefulShutdown(service.server);
  /**
   * What each connection has under way: the answers being worked out, whether its clock ran out
   * meanwhile, the turns its pipelined requests take, and whether an answer written was its last
   * (`Connection: close`: the client asked for it, or the service is stopping).
   */
  const working = new WeakMap<
    Socket,
    { answers: Set<AbortController>; timedOut: boolean; turns: PipelinedTurns; lastWritten: boolean }
  >();
  const workOn = (socket: Socket) => {
    let work = working.get(socket);
    if (work === undefined) {
      const answers = new Set<AbortController>();
      work = { answers, timedOut: false, turns: new PipelinedTurns(socket), lastWritten: false };
      working.set(socket, work);
      socket.once('close', () => {
        for (const answer of answers) answer.abort();
      });
    }
    return work;
  };

  // A socket that made no progress for this long is closed, unless the wait is the service's own:
  // an answer still being worked out (its database statements have their own time limits) while
  // nothing written waits for the client to read it. Writing the answer restarts the clock, so a
  // client that then reads nothing is closed.
  const stalledTimeoutMs = options.stalledTimeoutMs ?? STALLED_TIMEOUT_MS;
  service.server.setTimeout(stalledTimeoutMs);
  service.server.on('timeout', (socket: Socket) => {
    const work = working.get(socket);
    if (work === undefined || work.answers.size === 0 || socket.writableLength > 0) socket.destroy();
    else work.timedOut = true;
  });

  // A request Node cannot read (a head beyond MAX_HEADER_BYTES, a malformed request line) never
  // reaches handle(): it is answered and logged here.
  service.server.on('clientError', (error: Error & { code?: string }, socket) => {
    const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
    log(`${new Date().toISOString()} - (unreadable request: ${error.code ?? error.message}) ${status}`);
    if (socket.writable)
      socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
    else socket.destroy();
  });

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const started = process.hrtime.bigint();
    const work = workOn(request.socket);
    const endTurn = await work.turns.take();
    try {
      if (work.lastWritten || request.socket.destroyed) {
        // Node sends nothing after a connection's last answer, nor on a closed connection: a
        // request pipelined behind it is logged, not worked out (a stopping service would else
        // work out every request a client had pipelined, for nobody).
        logRequest(request, started, '-', 0, ' (connection closed)');
        return;
      }
      await answer(request, response, started, work);
    } finally {
      endTurn();
    }
  }

  async function answer(
    request: IncomingMessage,
    response: ServerResponse,
    started: bigint,
    work: ReturnType<typeof workOn>,
  ): Promise<void> {
    const socket = request.socket;
    let answered: { reply: Reply; user?: string };
    if (service.maintenance) {
      answered = { reply: unavailable(MAINTENANCE_RETRY_AFTER_S) };
    } else {
      // A connection closed before the answer (the client hung up, or stalled and was closed)
      // cancels the statements run for it.
      const abandoned = new AbortController();
      work.answers.add(abandoned);
      try {
        answered = await route(request, abandoned.signal);
      } catch (error) {
        if (error instanceof TooManyRequests) {
          answered = { reply: tooMany(request, error.retryAfterS) };
        } else if (isSourceUnavailable(error)) {
          if (error.reason !== 'cancelled')
            errors.report(errorKind(error), () => `database unavailable (${error.reason}): ${error.message}`);
          answered = { reply: unavailable(DATABASE_RETRY_AFTER_S) };
        } else {
          errors.report(
            errorKind(error),
            () => `error ${request.method} ${request.url}: ${(error as Error)?.stack ?? String(error)}`,
          );
          answered = { reply: internalError(request) };
        }
      } finally {
        work.answers.delete(abandoned);
        if (work.answers.size === 0 && work.timedOut) {
          // A clock that ran out while working starts again now (Node would not fire it again).
          work.timedOut = false;
          socket.setTimeout(stalledTimeoutMs);
        }
      }
    }
    let bytes = 0;
    try {
      bytes = send(request, response, answered.reply);
      if (!response.shouldKeepAlive) work.lastWritten = true;
    } catch (error) {
      log(`error writing the response to ${request.method} ${request.url}: ${String(error)}`);
      response.destroy();
    }
    logRequest(
      request,
      started,
      answered.reply.status,
      bytes,
      answered.user === undefined ? '' : ` user=${answered.user}`,
    );
  }

  /** The request's line of the log: when, what, the status (`-` where none was sent), bytes, time, and `suffix`. */
  function logRequest(
    request: IncomingMessage,
    started: bigint,
    status: number | '-',
    bytes: number,
    suffix: string,
  ): void {
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    log(`${new Date().toISOString()} ${request.method} ${request.url} ${status} ${bytes}B ${ms.toFixed(1)}ms${suffix}`);
  }

  return service;
}

/** How long a client is asked to wait in maintenance, and while the database cannot answer (seconds). */
const MAINTENANCE_RETRY_AFTER_S = 300;
const DATABASE_RETRY_AFTER_S = 5;

/** A 503 as both interfaces write it (section 7.2): an empty text/plain body. */
function unavailable(retryAfterS: number): Reply {
  return { status: 503, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Retry-After': String(retryAfterS) } };
}

/** A 429 in the body the interface writes, with Retry-After. */
function tooMany(request: IncomingMessage, retryAfterS: number): Reply {
  const message = 'Too many of your requests are under way; retry later';
  const reply = AUTHENTICATED.test((request.url ?? '/').split('?')[0]!)
    ? apiException(429, 'TooManyRequests', message)
    : publicError(429, 'TooManyRequests', message);
  return { ...reply, headers: { ...reply.headers, 'Retry-After': String(retryAfterS) } };
}

/** A 500 in the body the interface writes (section 7.2: "possibly an error structure"). */
function internalError(request: IncomingMessage): Reply {
  if (AUTHENTICATED.test((request.url ?? '/').split('?')[0]!))
    return apiException(500, 'InternalServerError', INTERNAL_ERROR);
  return publicError(500, 'InternalServerError', INTERNAL_ERROR);
}

/** A path segment as text; one that is no valid percent-encoding stays as written (and names no platform). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
