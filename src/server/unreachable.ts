// Whether a driver's error says the database could not serve at all — not reached, out of
// connections, shutting down, closed — rather than that the statement was wrong. Such a read is a
// SourceUnavailable ('unreachable'), which the endpoint answers 503 with Retry-After: the request
// may succeed when the database is back. Anything else stays the error it is (a 500).
//
// Only what a driver says precisely counts: a SQLSTATE, a network error's code, a driver's own
// name for a lost connection. A plain Error from a caller's `query` is not guessed to be one.

import { SourceUnavailable } from './source-unavailable.js';

/**
 * SQLSTATEs of a server that cannot serve now but may soon (PostgreSQL's appendix A; MySQL and
 * MariaDB use the 08 ones too): connection exceptions, too many connections, shutting down,
 * starting up, a session ended for idling. Not the rest of their classes: a protocol violation
 * (08P01) is a fault of the code, and out of memory or a full disk (53200, 53100) may be the
 * statement's own doing, which a client asked to retry would repeat.
 */
const UNREACHABLE_STATES = new Set([
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '08S01',
  '53300',
  '57P01',
  '57P02',
  '57P03',
  '57P05',
]);

/** A state of those that a server also gives for the statement's own fault (MySQL's packet too large: 08S01). */
const STATEMENT_CODES = new Set(['ER_NET_PACKET_TOO_LARGE']);

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
  /^(Connection terminated|timeout exceeded when trying to connect|Query read timeout|Cannot use a pool after calling end|Client was closed|Client has encountered a connection error|PGlite is closed|Pool is closed|Can't add new command when connection is in closed state)/;

/** What `pg` says when it gave up waiting itself: for a connection, or for a server that stopped answering. */
const DRIVER_TIMEOUTS =
  /^(timeout exceeded when trying to connect|Query read timeout|Connection terminated due to connection timeout)/;

/** Whether the error says the database could not serve the read at all. */
export function isUnreachable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const { code, sqlState, fatal } = error as { code?: unknown; sqlState?: unknown; fatal?: unknown };
  if (typeof code === 'string' && STATEMENT_CODES.has(code)) return false;
  const state = typeof sqlState === 'string' ? sqlState : typeof code === 'string' ? code : undefined;
  if (state !== undefined && UNREACHABLE_STATES.has(state)) return true;
  if (typeof code === 'string' && (NETWORK_CODES.has(code) || DRIVER_CODES.has(code))) return true;
  // mysql2 marks an error after which the connection cannot be used at all.
  if (fatal === true) return true;
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
  const timedOut = DRIVER_TIMEOUTS.test(message) || (error as { code?: unknown }).code === 'PROTOCOL_SEQUENCE_TIMEOUT';
  return timedOut
    ? new SourceUnavailable('timeout', 'The data source did not answer in time', { cause: error })
    : new SourceUnavailable('unreachable', 'The data source could not be reached', { cause: error });
}
