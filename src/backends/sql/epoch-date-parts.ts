// The civil-calendar arithmetic that reads UTC date parts from epoch milliseconds in plain
// integer SQL, for dialects that store date-times as numbers (SQLite's default).

import { raw, sql } from './fragment.js';
import type { Binder, Frag } from './fragment.js';

/** Floor division and non-negative modulo for integer SQL whose `/` and `%` truncate. */
export function floorDiv(a: Frag, m: number): Frag {
  return sql`((${a} - ((${a} % ${raw(String(m))}) + ${raw(String(m))}) % ${raw(String(m))}) / ${raw(String(m))})`;
}
export function floorMod(a: Frag, m: number): Frag {
  return sql`(((${a} % ${raw(String(m))}) + ${raw(String(m))}) % ${raw(String(m))})`;
}

export type DatePart = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second';

/**
 * A UTC date part of epoch milliseconds `ms` (an integer SQL expression), by integer arithmetic
 * only (the days-from-civil algorithm of H. Hinnant), so it holds for any year, negative included.
 */
export function datePartOfEpochMs(ms: Frag, part: DatePart, bind: Binder = (v, body) => body(v)): Frag {
  return bind([ms], ([t]) => {
    const dayMs = floorMod(t!, 86_400_000);
    if (part === 'hour') return sql`(${dayMs} / 3600000)`;
    if (part === 'minute') return sql`((${dayMs} / 60000) % 60)`;
    if (part === 'second') return sql`((${dayMs} / 1000) % 60)`;
    // Each stage is named once (bound) where the dialect can, so the text stays small.
    return bind([sql`(${floorDiv(t!, 86_400_000)} + 719468)`], ([z]) =>
      bind([z!, floorDiv(z!, 146_097)], ([z, era]) =>
        bind([sql`(${z!} - ${era!} * 146097)`, era!], ([doe, era]) =>
          bind(
            [sql`((${doe!} - ${doe!} / 1460 + ${doe!} / 36524 - ${doe!} / 146096) / 365)`, doe!, era!],
            ([yoe, doe, era]) =>
              bind([sql`(${doe!} - (365 * ${yoe!} + ${yoe!} / 4 - ${yoe!} / 100))`, yoe!, era!], ([doy, yoe, era]) =>
                bind([sql`((5 * ${doy!} + 2) / 153)`, doy!, yoe!, era!], ([mp, doy, yoe, era]) => {
                  if (part === 'day') return sql`(${doy!} - (153 * ${mp!} + 2) / 5 + 1)`;
                  if (part === 'month') return sql`(CASE WHEN ${mp!} < 10 THEN ${mp!} + 3 ELSE ${mp!} - 9 END)`;
                  return sql`(${yoe!} + ${era!} * 400 + (CASE WHEN ${mp!} >= 10 THEN 1 ELSE 0 END))`;
                }),
              ),
          ),
        ),
      ),
    );
  });
}
