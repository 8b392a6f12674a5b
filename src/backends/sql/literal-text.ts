// Literal values as the text a dialect binds: date-times in UTC, Doubles that read back exactly.

import { subMillisecondDigits, type TimeValue, wholeMs } from '../../semantics/fine-time.js';

const pad = (n: number, width: number): string => String(n).padStart(width, '0');

/**
 * `YYYY-MM-DD hh:mm:ss.fff` in UTC, with the digits beyond the millisecond a finer value has;
 * years before 1 written as `… BC` when `bc` (PostgreSQL).
 */
export function utcText(value: TimeValue, bc: boolean): string {
  const d = new Date(wholeMs(value));
  const year = d.getUTCFullYear();
  const time = `${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)} ${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}.${pad(d.getUTCMilliseconds(), 3)}${subMillisecondDigits(value)}`;
  if (year <= 0 && bc) return `${pad(1 - year, 4)}-${time}+00 BC`;
  return `${pad(year, 4)}-${time}${bc ? '+00' : ''}`;
}

/** Double text that parsers read back exactly, including `-0`, `NaN` and `±Infinity`. */
export function doubleText(n: number): string {
  return Object.is(n, -0) ? '-0' : String(n);
}
