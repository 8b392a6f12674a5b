// `replace` and `concat` with the length bound of the strings they build (docs/semantics.md,
// section 3): NULL where the result would pass MAX_STRING_LENGTH, on every dialect.

import { MAX_STRING_LENGTH } from '../../language/functions.js';
import { raw, sql, type Binder, type Frag } from './fragment.js';

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
  return t.bind(
    [a, b],
    ([x, y]) =>
      sql`(CASE WHEN ${tooLong(sql`${t.length(x!)} + ${t.length(y!)}`)} THEN NULL ELSE ${t.concat(x!, y!)} END)`,
  );
}
