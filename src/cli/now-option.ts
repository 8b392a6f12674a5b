// The `--now <date-time>` option of the commands that compile a filter: the instant `now()`
// stands for (docs/semantics.md §5), so that a relative filter's output can be reproduced.

import { readInstant } from '../semantics/instant.js';

export const NOW_OPTION = { now: { type: 'string' } } as const;

export const NOW_HELP =
  '--now <date-time>       the instant now() stands for, as 2012-12-03T07:16:23Z (default: the clock)';

/** The clock the option gives (undefined: the system clock), or a usage error for text that is no instant. */
export function clockFromOptions(
  values: Readonly<Record<string, unknown>>,
): { readonly clock?: () => Date } | { readonly usageError: string } {
  const given = values.now;
  if (typeof given !== 'string') return {};
  const reading = readInstant(given);
  if (!reading.ok)
    return { usageError: `--now takes a date-time such as 2012-12-03T07:16:23Z, not '${given}': ${reading.problem}` };
  const instant = new Date(reading.epochMs);
  return { clock: () => instant };
}
