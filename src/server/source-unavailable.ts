// A read the data source could not give (docs/server.md, "Time and cancellation"): its time
// passed, its client went, or the database could not serve. The endpoint answers it 503 with
// Retry-After, naming no statement.

/**
 * Why a read was stopped: its statements passed their time, the client went away, or the database
 * could not be reached (or could not serve: out of connections, shutting down).
 */
export type UnavailableReason = 'timeout' | 'cancelled' | 'unreachable';

/** A read the source stopped or could not give: past the timeout, abandoned by its client, or unreachable. */
export class SourceUnavailable extends Error {
  override readonly name = 'SourceUnavailable';
  constructor(
    readonly reason: UnavailableReason,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export function isSourceUnavailable(error: unknown): error is SourceUnavailable {
  return error instanceof SourceUnavailable;
}
