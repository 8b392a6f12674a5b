// How long a data source may take over one request (docs/server.md, "Time and cancellation"): a
// deadline for its statements, and the request's signal, which aborts when the client goes. A
// read stopped by either is a SourceUnavailable, which the endpoint answers 503 with Retry-After,
// never a 500 with the engine's words.

import { isSourceUnavailable, SourceUnavailable } from './source-unavailable.js';
import { unreachableOrSelf } from './unreachable.js';

/** The default of a source's `timeoutMs`: what one request's statements may take together. */
export const DEFAULT_STATEMENT_TIMEOUT_MS = 5_000;

/** What each statement of a read is told: its time, and a signal that aborts when either runs out. */
export interface StatementContext {
  /** Aborts when the request's client goes, or when the read's time has passed. */
  readonly signal: AbortSignal;
  /**
   * The read's time in milliseconds, for an engine's own statement timeout: the same for every
   * statement (so a driver's prepared statements stay few); the signal ends the read as a whole.
   */
  readonly timeoutMs: number;
}

/** The bounds of one read: the context its statements get, and how to tell why it stopped. */
export interface ReadBounds {
  readonly context: () => StatementContext;
  /** The error to throw for a read that stopped (or `error` itself where neither bound stopped it). */
  readonly failure: (error: unknown) => unknown;
  /** Throws a SourceUnavailable once either bound has run out: no statement starts after. */
  readonly check: () => void;
  /** Ends the bounds once the read is over: its timer and its listener on the request's signal. */
  readonly release: () => void;
}

/**
 * The bounds of a read of at most `timeoutMs` under the request's signal. `timeoutMs` is a
 * whole number of milliseconds from 1; anything else is refused when the source is made.
 */
export function readBounds(request: AbortSignal, timeoutMs: number): ReadBounds {
  const deadline = Date.now() + timeoutMs;
  // One controller, a timer and a listener, released when the read ends: AbortSignal.timeout and
  // AbortSignal.any cost tens of microseconds a read, more than the rest of a small request.
  const controller = new AbortController();
  const signal = controller.signal;
  const abandoned = (): void => controller.abort(request.reason);
  const timer = setTimeout(
    () => controller.abort(new DOMException(`The read passed ${timeoutMs} ms`, 'TimeoutError')),
    timeoutMs,
  );
  (timer as { unref?: () => void }).unref?.();
  if (request.aborted) controller.abort(request.reason);
  else followAbort(request, abandoned);
  const stopped = (): SourceUnavailable | undefined => {
    if (request.aborted) return new SourceUnavailable('cancelled', 'The request was abandoned by its client');
    if (signal.aborted || Date.now() >= deadline)
      return new SourceUnavailable('timeout', `The data source did not answer within ${timeoutMs} ms`);
    return undefined;
  };
  return {
    context: () => ({ signal, timeoutMs }),
    failure: (error) => {
      if (isSourceUnavailable(error)) return error;
      const reason = stopped();
      if (reason === undefined) return unreachableOrSelf(error);
      return new SourceUnavailable(reason.reason, reason.message, { cause: error });
    },
    check: () => {
      const reason = stopped();
      if (reason !== undefined) throw reason;
    },
    release: () => {
      clearTimeout(timer);
      unfollowAbort(request, abandoned);
    },
  };
}

/**
 * What each request's signal calls when it aborts: one listener per signal, however many reads
 * follow it at once (a listener each would pass Node's limit of ten and warn).
 */
const followers = new WeakMap<AbortSignal, { readonly all: Set<() => void>; readonly listener: () => void }>();

function followAbort(request: AbortSignal, follower: () => void): void {
  let followed = followers.get(request);
  if (followed === undefined) {
    const all = new Set<() => void>();
    const listener = (): void => {
      followers.delete(request);
      for (const f of all) f();
    };
    followers.set(request, (followed = { all, listener }));
    request.addEventListener('abort', listener, { once: true });
  }
  followed.all.add(follower);
}

/** Stops calling `follower`; the signal's listener goes with its last follower. */
function unfollowAbort(request: AbortSignal, follower: () => void): void {
  const followed = followers.get(request);
  if (followed === undefined) return;
  followed.all.delete(follower);
  if (followed.all.size > 0) return;
  followers.delete(request);
  request.removeEventListener('abort', followed.listener);
}

/**
 * The statement's promise, or a SourceUnavailable as soon as the context's signal aborts, for a
 * driver that does not stop by itself: the response does not wait for it (the statement may go on
 * in the engine until the engine's own timeout).
 */
export function untilAborted<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => reject(signal.reason);
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}

/** A source's `timeoutMs` option, checked: a whole number of milliseconds from 1. */
export function timeoutOption(given: unknown, source: string): number {
  if (given === undefined) return DEFAULT_STATEMENT_TIMEOUT_MS;
  if (typeof given === 'number' && Number.isSafeInteger(given) && given >= 1) return given;
  throw new TypeError(`${source}: timeoutMs is a whole number of milliseconds from 1, not ${String(given)}`);
}
