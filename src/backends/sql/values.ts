// Literal helpers shared by the dialects: LIKE patterns, date-time text and Double text, the
// civil-calendar arithmetic that reads UTC date parts from epoch milliseconds in plain SQL, and
// the length bound of the strings `replace` and `concat` build.

import { MAX_STRING_LENGTH } from '../../semantics/string-bound.js';
import { join, raw, sql } from './fragment.js';
import type { Frag } from './fragment.js';

/** A LIKE pattern matching `text` literally, with `escape` before `%`, `_` and itself. */
export function likeLiteral(text: string, escape: string): string {
  let out = '';
  for (const ch of text) out += ch === '%' || ch === '_' || ch === escape ? escape + ch : ch;
  return out;
}

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/** `YYYY-MM-DD hh:mm:ss.fff` in UTC; years before 1 written as `… BC` when `bc` (PostgreSQL). */
export function utcText(ms: number, bc: boolean): string {
  const d = new Date(ms);
  const year = d.getUTCFullYear();
  const time = `${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}`;
  if (year <= 0 && bc) return `${pad(1 - year, 4)}-${time}+00 BC`;
  return `${pad(year, 4)}-${time}${bc ? '+00' : ''}`;
}

/** Double text that parsers read back exactly, including `-0`, `NaN` and `±Infinity`. */
export function doubleText(n: number): string {
  return Object.is(n, -0) ? '-0' : String(n);
}

/** Floor division and non-negative modulo for integer SQL whose `/` and `%` truncate. */
function floorDiv(a: Frag, m: number): Frag {
  return sql`((${a} - ((${a} % ${raw(String(m))}) + ${raw(String(m))}) % ${raw(String(m))}) / ${raw(String(m))})`;
}
function floorMod(a: Frag, m: number): Frag {
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
          bind([sql`((${doe!} - ${doe!} / 1460 + ${doe!} / 36524 - ${doe!} / 146096) / 365)`, doe!, era!], ([yoe, doe, era]) =>
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

export type Binder = (values: readonly Frag[], body: (refs: readonly Frag[]) => Frag) => Frag;

export function call(name: string, args: readonly Frag[]): Frag {
  return sql`${raw(name)}(${join(args, ', ')})`;
}

/** How a dialect spells what the bounded string functions need. */
export interface TextSpelling {
  /** The length in characters, as an integer wide enough to multiply two of. */
  readonly length: (x: Frag) => Frag;
  readonly replace: (x: Frag, find: Frag, by: Frag) => Frag;
  readonly concat: (x: Frag, y: Frag) => Frag;
  readonly bind: Binder;
}

const tooLong = (length: Frag): Frag => sql`${length} > ${raw(String(MAX_STRING_LENGTH))}`;

/**
 * `replace(s, find, by)`, NULL where the result would pass MAX_STRING_LENGTH characters, as on
 * every backend (docs/semantics.md, section 3; an engine would build it up to its own limit and
 * fail): its length is s's plus, for each occurrence of `find` (counted by removing them all), the
 * difference of the lengths of `by` and `find`. A NULL `by` gives NULL, also for an empty `find`, which leaves s as
 * it is.
 */
export function boundedReplace(s: Frag, find: Frag, by: Frag, t: TextSpelling): Frag {
  return t.bind([s, find, by], ([x, f, b]) => {
    const occurrences = sql`(${t.length(x!)} - ${t.length(t.replace(x!, f!, raw("''")))}) / NULLIF(${t.length(f!)}, 0)`;
    const length = sql`${t.length(x!)} + ${occurrences} * (${t.length(b!)} - ${t.length(f!)})`;
    return sql`(CASE WHEN ${b!} IS NULL OR ${tooLong(length)} THEN NULL ELSE ${t.replace(x!, f!, b!)} END)`;
  });
}

/** `concat(a, b)`, NULL where the result would pass MAX_STRING_LENGTH characters. */
export function boundedConcat(a: Frag, b: Frag, t: TextSpelling): Frag {
  return t.bind([a, b], ([x, y]) => sql`(CASE WHEN ${tooLong(sql`${t.length(x!)} + ${t.length(y!)}`)} THEN NULL ELSE ${t.concat(x!, y!)} END)`);
}
