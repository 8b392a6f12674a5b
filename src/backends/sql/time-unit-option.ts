// The `times` option of a dialect (docs/sql.md, "Column types"): the unit its instants, times of
// day and durations are stored in, checked where the dialect is made so that a misspelt unit is
// an error there, not a dialect that silently keeps milliseconds.

import type { TimeUnit } from '../../semantics/fine-time.js';

/** The unit an option names (undefined: milliseconds); a TypeError naming `maker` for anything else. */
export function timeUnitOption(times: unknown, maker: string): TimeUnit {
  if (times === undefined || times === 'milliseconds') return 'milliseconds';
  if (times === 'microseconds') return 'microseconds';
  const shown =
    typeof times === 'string'
      ? `'${times}'`
      : typeof times === 'object' && times !== null
        ? 'an object'
        : String(times);
  throw new TypeError(`${maker}: times is ${shown}; it must be 'milliseconds' or 'microseconds'`);
}
