// Whether a driver's error says the database could not serve at all — not reached, out of
// connections, shutting down, closed — rather than that the statement was wrong. Such a read is a
// SourceUnavailable ('unreachable'), which the endpoint answers 503 with Retry-After: the request
// may succeed when the database is back. Anything else stays the error it is (a 500).
//
// Only what a driver says precisely counts: a SQLSTATE, a network error's code, a driver's own
// name for a lost connection. A plain Error from a caller's `query` is not guessed to be one.

import { SourceUnavailable } from './source-unavailable.js';

/**
 * SQLSTATE classes of a server that cannot serve (PostgreSQL's appendix A, and the same classes in
 * MySQL and MariaDB): connection exceptions (08), insufficient resources (53: too many
 * connections, out of memory), operator intervention (57P: shutting down, starting up).
 */
const UNREACHABLE_STATE = /^(08|53|57P)/;

/** The codes Node gives a socket that could not connect or lost its peer. */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** mysql2's codes for a connection it lost or could not make, and the servers' own for too many connections. */
const DRIVER_CODES = new Set([
  'PROTOCOL_CONNECTION_LOST',
  'PROTOCOL_SEQUENCE_TIMEOUT',
  'ER_CON_COUNT_ERROR',
  'ER_SERVER_SHUTDOWN',
  'ER_NORMAL_SHUTDOWN',
  'POOL_CLOSED',
]);

/** The MongoDB driver's error classes for a server it cannot reach or a client already closed. */
const MONGO_NAMES = new Set([
  'MongoNetworkError',
  'MongoNetworkTimeoutError',
  'MongoServerSelectionError',
  'MongoTopologyClosedError',
  'MongoNotConnectedError',
]);

/**
 * What `pg` and PGlite say without a code: a connection ended under a statement, no connection
 * within the pool's `connectionTimeoutMillis`, no answer within `query_timeout` (a frozen server),
 * a pool or database already closed.
 */
const DRIVER_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|Client was closed|PGlite is closed)/;

/** Whether the error says the database could not serve the read at all. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, sqlState } = error as { code?: unknown; sqlState?: unknown };
  const state = typeof sqlState === 'string' ? sqlState : typeof code === 'string' ? code : undefined;
  if (state !== undefined && /^[0-9A-Z]{5}$/.test(state) && UNREACHABLE_STATE.test(state)) return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || DRIVER_CODES.has(code))) return true;
  if (MONGO_NAMES.has(error.name)) return true;
  return DRIVER_MESSAGES.test(error.message);
}

/**
 * The error as a SourceUnavailable when it says the database could not serve; a timeout of the
 * driver's own (no answer in time) is a 'timeout', as a statement past its time is. Else itself.
 */
export function unreachableOrSelf(error: unknown): unknown {
  if (error instanceof SourceUnavailable || !isUnreachable(error)) return error;
  const { message } = error as Error;
  const timedOut = /timeout/i.test(message) || (error as { code?: unknown }).code === 'PROTOCOL_SEQUENCE_TIMEOUT';
  return timedOut
    ? new SourceUnavailable('timeout', 'The data source did not answer in time', { cause: error })
    : new SourceUnavailable('unreachable', 'The data source could not be reached', { cause: error });
}
