// Word-led actions: reserved words, keyword literals, prefixed and cast date-time literals, member
// paths and calls, as the grammar's WordLed rule reports what followed the word.

import type { Expr, FunctionArgument, PathSegment } from '../ast.js';
import { boundCall, type FunctionArgs, unboundCall } from './function-calls.js';
import type { ResultPath } from './result-paths.js';
import { syntaxError, type Range } from './syntax-error.js';
import { call } from './calls.js';
import { COUNT, count, lambda, type LambdaArgs } from './collections.js';
import { binary, booleanLiteral, dateTime, duration, durationTimeOfDay, guid, nullLiteral } from './literals.js';
import { isSpecialNumber, number } from './numbers.js';
import { qualifiedName, rejectFunction } from './unsupported.js';
import { refuse } from './syntax-error.js';
import { typeFunction, type TypeArguments } from './type-functions.js';
import { isVersion3OrEarlier, type ODataVersion } from '../../language/versions.js';

export function segment(name: string, r: Range): PathSegment {
  return { name, start: r.start, end: r.end };
}

/**
 * `null`, `true`, `false` in any case; `INF` and `NaN` exactly, as the OData ABNF spells them,
 * alone or with a type suffix (`INFF`, `NaNd`).
 */
export function isKeywordLiteral(word: string): boolean {
  if (word.length < 3 || word.length > 5) return false;
  if (isSpecialNumber(word)) return true;
  const lower = word.toLowerCase();
  return lower === 'null' || lower === 'true' || lower === 'false';
}

const HEX8 = /^[0-9A-Fa-f]{8}$/;

/** A word that may be the first group of a bare guid such as `abcdef01-…`. */
export function isHex8(word: string): boolean {
  return word.length === 8 && HEX8.test(word);
}

/** Names whose call on a quoted string is the service's cast form of a date-time literal. */
export function isCastName(word: string): boolean {
  if (word.length !== 8 && word.length !== 14) return false;
  const lower = word.toLowerCase();
  return lower === 'datetime' || lower === 'datetimeoffset';
}

/** What followed a word, as the grammar's WordLed rule reports it. */
export type WordRest =
  | readonly ['prefixed', string]
  | readonly ['cast', string]
  | readonly ['guid', string]
  | readonly ['qualified', dotted: string, quotedBody: string | null, isCall: boolean]
  | readonly ['function', dotted: string, args: readonly FunctionArgument[], after: ResultPath | null]
  | TypeArguments
  | typeof KEYWORD
  | typeof UNSUPPORTED_CALL
  | PathRest;

interface PathRest {
  readonly tail: readonly PathSegment[];
  readonly suffix: PathSuffix | null;
  /** `.Manager` of a head that is a type-cast segment (`Ns.Manager/Reports`); null for a plain head. */
  readonly cast: string | null;
}

/** What ended a path: a call's arguments, a bound call's, a lambda's, or `/$count`. */
export type PathSuffix = Expr[] | FunctionArgs | LambdaArgs | typeof COUNT;

export const KEYWORD = 'keyword' as const;
/** A call of a function outside the language, refused before its arguments (`cast(x, Edm.String)`). */
export const UNSUPPORTED_CALL = 'unsupported call' as const;
const PLAIN_PATH: PathRest = { tail: [], suffix: null, cast: null };

export function pathOrCall(tail: PathSegment[], suffix: PathSuffix | null, cast: string | null): PathRest {
  return tail.length === 0 && suffix === null && cast === null ? PLAIN_PATH : { tail, suffix, cast };
}

/** Literal prefixes of the OData conventions that this language does not have. */
const UNSUPPORTED_PREFIXES = new Set(['date', 'timeofday', 'geography', 'geometry']);

/**
 * The node of a word and what followed it. `version` is the one a filter is read for: it decides
 * whether `binary'…'` holds base64url (OData 4) or hexadecimal digits (2.0, 3.0).
 */
export function wordLed(head: string, rest: WordRest, r: Range, version?: ODataVersion): Expr {
  if (rest === KEYWORD) return keywordLiteral(head, r);
  if (rest === UNSUPPORTED_CALL) return rejectFunction(head, r.start);
  if (Array.isArray(rest)) {
    const lower = head.toLowerCase();
    if (rest[0] === 'typeFunction') return typeFunction(head, rest[1], rest[2], r);
    if (rest[0] === 'guid') return guid(head + rest[1], head + rest[1], r);
    if (rest[0] === 'qualified') return qualifiedName(head + rest[1], rest[2], rest[3], r);
    if (rest[0] === 'function') return unboundCall(head + rest[1], rest[2], rest[3], r);
    if (rest[0] === 'cast') {
      const type = lower === 'datetime' ? 'Edm.DateTime' : 'Edm.DateTimeOffset';
      // Canonical spelling: whitespace inside the parentheses is not kept.
      return dateTime(type, rest[1], `${head}('${rest[1]}')`, r);
    }
    const body = rest[1];
    const raw = `${head}'${body}'`;
    if (lower === 'datetime') return dateTime('Edm.DateTime', body, raw, r);
    if (lower === 'datetimeoffset') return dateTime('Edm.DateTimeOffset', body, raw, r);
    if (lower === 'guid') return guid(body, raw, r);
    if (lower === 'binary') return binary(body, raw, version !== undefined && isVersion3OrEarlier(version), r);
    if (lower === 'x') return binary(body, raw, true, r);
    if (lower === 'duration') return duration(body, raw, r);
    // OData v3's Edm.Time is a time of day written as a duration: `time'PT13H20M'`.
    if (lower === 'time') return durationTimeOfDay(body, raw, r);
    if (UNSUPPORTED_PREFIXES.has(lower)) return refuse(`${lower}_literal`, `Literal ${raw}`, r);
    throw syntaxError('unknown_literal_prefix', `Unknown literal prefix '${head}'`, r);
  }
  const { tail, suffix, cast } = rest as PathRest;
  const name = cast === null ? head : head + cast;
  const first: PathSegment = { name, start: r.start, end: r.start + name.length };
  if (suffix === null)
    return { kind: 'member', segments: tail.length === 0 ? [first] : [first, ...tail], start: r.start, end: r.end };
  if (suffix === COUNT) return count(first, tail, r);
  // The grammar reads a call's arguments only after a bare word, and a lambda's after a path.
  if (Array.isArray(suffix)) return call(first, suffix, r);
  if ('function' in suffix) return boundCall(first, tail, suffix, r);
  return lambda(first, tail, suffix, r);
}

function keywordLiteral(word: string, r: Range): Expr {
  if (isSpecialNumber(word)) return number(word, r);
  const lower = word.toLowerCase();
  if (lower === 'null') return nullLiteral(r);
  return booleanLiteral(lower === 'true', r);
}
