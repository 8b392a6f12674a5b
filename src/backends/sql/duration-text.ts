// A String read as a Duration literal in SQL (`cast(x, Edm.Duration)`, docs/semantics.md §11):
// `[-]P[nD][T[nH][nM][n[.f…]S]]` with at least one part, as src/semantics/temporal.ts's
// readDuration reads it. The first `D`, `T`, `H`, `M`, `S` and `.` are found, and the text must be
// made of exactly the pieces between them in that order (digits where digits go) and of no other
// character, so that a letter out of place or twice leaves a piece that is not digits, or
// characters past the end. The parts
// are then added in integer milliseconds: each is first bounded by its digits (a part longer than
// the longest Duration's is beyond it), so no sum can overflow, and no text raises an error. A
// dialect that stores microseconds reads three digits more, and counts the sum in them only once
// it is known to lie within the range.

import { MAX_DURATION } from '../../semantics/temporal.js';
import { raw, sql, type Frag } from './fragment.js';
import { charactersOf, fractionDigitsOf, n, type TextReading, unitsOfMs } from './text-reading.js';

/** The most digits (after leading zeros) of each part a Duration within ±MAX_DURATION can have. */
const PART_DIGITS = { days: 7, hours: 9, minutes: 11, seconds: 13 } as const;

/** The Duration in the dialect's units a String spells, else NULL. */
export function durationOfText(r: TextReading, text: Frag): Frag {
  return r.bindText([text], ([t]) => {
    const c = charactersOf(r, t!);
    const { len, char, digits, at } = c;
    const negative = sql`(CASE WHEN ${char(1, '-')} THEN 1 ELSE 0 END)`;
    const find = (letter: string): Frag => r.position(t!, letter);
    return r.bindIntegers(
      [negative, find('D'), find('T'), find('H'), find('M'), find('S'), find('.')],
      ([sign, d, tee, h, m, s, dot]) => {
        // Where each piece starts: after the sign and P, after D, after T, after H, after M.
        const afterP = sql`(${sign!} + 2)`;
        const afterD = sql`(CASE WHEN ${d!} > 0 THEN ${d!} + 1 ELSE ${afterP} END)`;
        const afterT = sql`(${tee!} + 1)`;
        const afterH = sql`(CASE WHEN ${h!} > 0 THEN ${h!} + 1 ELSE ${afterT} END)`;
        const afterM = sql`(CASE WHEN ${m!} > 0 THEN ${m!} + 1 ELSE ${afterH} END)`;
        const between = (from: Frag, to: Frag): Frag => digits(from, sql`${to} - ${from}`);
        const seconds = sql`(CASE WHEN ${dot!} = 0 THEN ${between(afterM, s!)} ELSE ${between(afterM, dot!)} AND ${between(sql`(${dot!} + 1)`, s!)} END)`;
        const time = sql`((${h!} = 0 OR ${between(afterT, h!)}) AND (${m!} = 0 OR ${between(afterH, m!)}) AND (CASE WHEN ${s!} = 0 THEN ${len} = ${afterM} - 1 AND ${afterM} > ${afterT} ELSE ${s!} = ${len} AND ${seconds} END))`;
        const shape = sql`(${r.only(t!, '0-9.DHMPST-')} AND ${char(sql`${sign!} + 1`, 'P')} AND (${d!} = 0 OR ${between(afterP, d!)}) AND (CASE WHEN ${tee!} = 0 THEN ${d!} > 0 AND ${len} = ${afterD} - 1 ELSE ${tee!} = ${afterD} AND ${time} END))`;
        return r.bindIntegers([sql`(CASE WHEN ${shape} THEN 1 ELSE 0 END)`], ([ok]) => {
          const piece = (present: Frag, from: Frag, to: Frag): Frag =>
            sql`(CASE WHEN ${ok!} = 1 AND ${present} THEN ${r.trimStart(at(from, sql`${to} - ${from}`), '0')} ELSE '' END)`;
          const wholeSecondsEnd = sql`(CASE WHEN ${dot!} = 0 THEN ${s!} ELSE ${dot!} END)`;
          return r.bindText(
            [
              piece(sql`${d!} > 0`, afterP, d!),
              piece(sql`${h!} > 0`, afterT, h!),
              piece(sql`${m!} > 0`, afterH, m!),
              piece(sql`${s!} > 0`, afterM, wholeSecondsEnd),
              sql`(CASE WHEN ${ok!} = 1 AND ${dot!} > 0 THEN ${at(sql`${dot!} + 1`, sql`${s!} - ${dot!} - 1`)} ELSE '' END)`,
            ],
            ([days, hours, minutes, wholeSeconds, fraction]) => {
              const kept = fractionDigitsOf(r);
              const fits = sql`(${r.length(days!)} <= ${n(PART_DIGITS.days)} AND ${r.length(hours!)} <= ${n(PART_DIGITS.hours)} AND ${r.length(minutes!)} <= ${n(PART_DIGITS.minutes)} AND ${r.length(wholeSeconds!)} <= ${n(PART_DIGITS.seconds)} AND (${r.length(fraction!)} <= ${n(kept)} OR ${r.exact(sql`replace(${r.substr(fraction!, n(kept + 1), r.length(fraction!))}, '0', '')`)} = ''))`;
              const integer = (x: Frag): Frag => sql`(CASE WHEN ${r.length(x)} = 0 THEN 0 ELSE ${r.integer(x)} END)`;
              const millis = sql`(CASE ${r.length(fraction!)} WHEN 0 THEN 0 WHEN 1 THEN ${r.integer(fraction!)} * 100 WHEN 2 THEN ${r.integer(fraction!)} * 10 ELSE ${r.integer(r.substr(fraction!, n(1), n(3)))} END)`;
              // The 4th to 6th digits, where microseconds are kept.
              const micros = sql`(CASE ${r.length(fraction!)} WHEN 0 THEN 0 WHEN 1 THEN 0 WHEN 2 THEN 0 WHEN 3 THEN 0 WHEN 4 THEN ${r.integer(r.substr(fraction!, n(4), n(1)))} * 100 WHEN 5 THEN ${r.integer(r.substr(fraction!, n(4), n(2)))} * 10 ELSE ${r.integer(r.substr(fraction!, n(4), n(3)))} END)`;
              return r.bindIntegers([sql`(CASE WHEN ${ok!} = 1 AND ${fits} THEN 1 ELSE 0 END)`], ([valid]) => {
                const when = (value: Frag): Frag => sql`(CASE WHEN ${valid!} = 1 THEN ${value} END)`;
                const total = sql`(${when(integer(days!))} * 86400000 + ${when(integer(hours!))} * 3600000 + ${when(integer(minutes!))} * 60000 + ${when(integer(wholeSeconds!))} * 1000 + ${when(millis)})`;
                // In units only within the range, where the product cannot overflow.
                const signed = (ms: Frag, us: Frag): Frag => {
                  const units = unitsOfMs(r, ms, us);
                  return sql`(CASE WHEN ${ms} <= ${raw(String(MAX_DURATION))} THEN (CASE WHEN ${sign!} = 1 THEN -${units} ELSE ${units} END) END)`;
                };
                return r.unit === 'microseconds'
                  ? r.bindIntegers([total, when(micros)], ([ms, us]) => signed(ms!, us!))
                  : r.bindIntegers([total], ([ms]) => signed(ms!, n(0)));
              });
            },
          );
        });
      },
    );
  });
}
