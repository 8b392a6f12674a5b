// The failures that are the database's state rather than the request's or the code's: it cannot be
// reached, it answers too late, or it stopped the statement. The server answers them 503 with
// Retry-After (server.ts); any other error of a statement is a fault of the service (500).

/** Why the database could not answer. */
export type UnavailableReason = 'unreachable' | 'timeout' | 'cancelled';

export class DatabaseUnavailable extends Error {
  override readonly name = 'DatabaseUnavailable';
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/**
 * SQLSTATE classes of a server that cannot serve (PostgreSQL, appendix A): connection exceptions
 * (08), insufficient resources (53: too many connections, out of memory), operator intervention
 * (57P: shutting down, starting up).
 */
const UNREACHABLE_STATE = /^(08|53|57P)/;
/** query_canceled: statement_timeout passed, or a cancel request (cancelStatement). */
const CANCELED_STATE = '57014';

/**
 * The error as a DatabaseUnavailable when it says the database could not answer, else itself.
 * An error without a SQLSTATE comes from the driver or the network (a refused or reset
 * connection, the pool's or the driver's own timeout, a closed PGlite): the database was not
 * reached. `abandoned` says the request's client had gone, so a cancelled statement was ours.
 */
export function unavailableOrSelf(error: unknown, abandoned = false): Error {
  if (error instanceof DatabaseUnavailable) return error;
  if (!(error instanceof Error)) return new Error(String(error));
  const state = (error as { code?: unknown }).code;
  const sqlState = typeof state === 'string' && /^[0-9A-Z]{5}$/.test(state) ? state : undefined;
  if (sqlState === CANCELED_STATE)
    return new DatabaseUnavailable(abandoned ? 'cancelled' : 'timeout', error.message, { cause: error });
  if (sqlState !== undefined)
    return UNREACHABLE_STATE.test(sqlState)
      ? new DatabaseUnavailable('unreachable', error.message, { cause: error })
      : error;
  if (/timeout/i.test(error.message)) return new DatabaseUnavailable('timeout', error.message, { cause: error });
  // A TypeError or RangeError is a fault of the code, whatever the database did.
  if (error.name !== 'Error') return error;
  return new DatabaseUnavailable('unreachable', error.message, { cause: error });
}
