// Error lines, at most one per kind of error in a window (10 s): an outage makes every request fail
// the same way, and a line per request would bury the log (and the disk) under copies of one fact.

/** The default window: one line per kind of error per 10 s. */
export const ERROR_LOG_WINDOW_MS = 10_000;

export interface ErrorLog {
  /**
   * Logs `line` unless a line of the same `kind` was logged within the window; the next line of
   * that kind says how many were left out meanwhile.
   */
  report(kind: string, line: () => string): void;
}

export function createErrorLog(
  log: (line: string) => void,
  windowMs = ERROR_LOG_WINDOW_MS,
  now: () => number = Date.now,
): ErrorLog {
  const kinds = new Map<string, { last: number; suppressed: number }>();
  return {
    report(kind, line) {
      const at = now();
      const seen = kinds.get(kind);
      if (seen !== undefined && at - seen.last < windowMs) {
        seen.suppressed++;
        return;
      }
      const suppressed = seen?.suppressed ?? 0;
      // Kinds are few (error names and codes); forget the quiet ones so the map cannot grow.
      if (kinds.size >= 1_000) for (const [k, v] of kinds) if (at - v.last >= windowMs) kinds.delete(k);
      kinds.set(kind, { last: at, suppressed: 0 });
      log(suppressed === 0 ? line() : `${line()} (and ${suppressed} more like it since the last)`);
    },
  };
}

/** The kind of an error for the log: its name and its code, when it has one. */
export function errorKind(error: unknown): string {
  if (!(error instanceof Error)) return typeof error;
  const code = (error as { code?: unknown }).code;
  const reason = (error as { reason?: unknown }).reason;
  return [error.name, typeof code === 'string' ? code : undefined, typeof reason === 'string' ? reason : undefined]
    .filter((part) => part !== undefined)
    .join(':');
}
