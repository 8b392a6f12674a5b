// A String read as a literal representation of a type, what `cast(x, T)` of a String is
// (docs/semantics.md §11, "From text"): the whole text is the bare 4.01 form of T's literal — no
// prefix, no suffix, no space — and is read by the grammar's own actions and readers
// (src/syntax/actions/, src/semantics/), so that a text is a value of T exactly where the literal
// would be. Null where it is not one, or names no value of T.

import { assertNever } from '../assert-never.js';
import { isFilterError } from '../errors.js';
import { INTEGER_RANGES, type EdmType, type IntegerType } from '../language/edm.js';
import { hexOfBase64Url } from '../language/binary-spelling.js';
import { GUID_TEXT } from '../language/literal-spelling.js';
import { decimalFromText } from '../semantics/decimal-model.js';
import { readInstant } from '../semantics/instant.js';
import { MAX_INSTANT, MIN_INSTANT, readDate, readDuration, readTimeOfDay } from '../semantics/temporal.js';
import { number } from '../syntax/actions/numbers.js';
import type { NumberLiteral } from '../syntax/ast.js';
import type { LiteralValue } from './typed.js';

/** The grammar's number literal without its suffix: an integer's, a Decimal's and a Double's digits. */
const INTEGER_TEXT = /^-?[0-9]+$/;
const DECIMAL_TEXT = /^-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;
/** The grammar's Double words, spelt exactly (a `-` before INF is part of the literal). */
const DOUBLE_WORDS = new Set(['NaN', 'INF', '-INF']);
/** `true` and `false` in any case, as the grammar reads keyword literals (ASCII letters only). */
const BOOLEAN_TEXT = /^(?:[Tt][Rr][Uu][Ee]|[Ff][Aa][Ll][Ss][Ee])$/;

const NOWHERE = { start: 0, end: 0 } as const;

/**
 * The value (in the typed tree's representation, LiteralValue) of T that `text` spells as a
 * literal representation of T, or null. A String is itself.
 */
export function readLiteralRepresentation(text: string, type: EdmType): LiteralValue | null {
  switch (type) {
    case 'Edm.String':
      return text;
    case 'Edm.Boolean':
      return BOOLEAN_TEXT.test(text) ? text.length === 4 : null;
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
    case 'Edm.Int64':
      return INTEGER_TEXT.test(text) ? integerOf(text, type) : null;
    case 'Edm.Decimal': {
      // The grammar's Decimal literal `…m`, within the model of docs/semantics.md §4.
      const literal = DECIMAL_TEXT.test(text) ? numberLiteral(`${text}m`) : undefined;
      if (literal === undefined) return null;
      const value = literal.value as string;
      return typeof decimalFromText(value) === 'string' ? null : value;
    }
    case 'Edm.Double':
    case 'Edm.Single': {
      // The grammar's literal as a Double's place takes it: an integer's, a Decimal's or a
      // Double's value as its nearest binary64; one beyond the finite range is refused (`1e309`).
      const literal = DECIMAL_TEXT.test(text) || DOUBLE_WORDS.has(text) ? numberLiteral(text) : undefined;
      if (literal === undefined) return null;
      const value = Number(literal.value);
      return Number.isFinite(value) || DOUBLE_WORDS.has(text) ? value : null;
    }
    case 'Edm.Date':
      return reading(readDate(text));
    case 'Edm.TimeOfDay':
      return reading(readTimeOfDay(text));
    case 'Edm.Duration':
      return reading(readDuration(text));
    case 'Edm.Guid':
      return GUID_TEXT.test(text) ? text.toLowerCase() : null;
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset': {
      const instant = readInstant(text);
      return instant.ok && instant.epochMs >= MIN_INSTANT && instant.epochMs <= MAX_INSTANT ? instant.instant : null;
    }
    case 'Edm.Binary':
      // base64url, as a 4.01 literal spells it; check() refuses the cast for now (docs/semantics.md §11).
      return hexOfBase64Url(text) ?? null;
    default:
      return assertNever(type, 'Edm type');
  }
}

/** An integer literal within the target's range: a number, or a bigint for Int64. */
function integerOf(text: string, type: IntegerType): LiteralValue | null {
  const literal = numberLiteral(text);
  // Beyond Int64 the grammar reads a Decimal: beyond every integer type.
  if (literal === undefined || literal.type === 'Edm.Decimal') return null;
  const value = BigInt(literal.value as number | bigint);
  const [lo, hi] = INTEGER_RANGES[type];
  if (value < lo || value > hi) return null;
  return type === 'Edm.Int64' ? value : Number(value);
}

/** The number literal the grammar's action makes of a text of its form; undefined where it refuses it. */
function numberLiteral(raw: string): NumberLiteral | undefined {
  try {
    return number(raw, NOWHERE);
  } catch (error) {
    if (isFilterError(error)) return undefined;
    throw error;
  }
}

function reading<V>(r: { readonly ok: true; readonly value: V } | { readonly ok: false }): V | null {
  return r.ok ? r.value : null;
}
