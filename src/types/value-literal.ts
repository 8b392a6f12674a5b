// The one value binder: a JavaScript value written as a literal of the type its place in a filter
// gives it — never of a type guessed from the value. Row filters' parameters (`OwnerID eq @user`),
// the holes of a filter template (filter(Contact)`Status eq ${status}`), the typed builder's
// values and the editor's example literals are bound here; a keyset token's texts are spelt by the
// same rule (spelledLiteral). A binding is the literal's text and the node parse() makes of that
// text. A text that the grammar could refuse (a string, a guid, a date, a time, a duration, an
// instant) is read by the grammar's own literal actions (src/syntax/actions/), so that a value is
// refused exactly when the grammar could not read its literal, with the grammar's reason; a
// number's node, and a v2/v3 literal's, which are written from a value already read, are made
// here, so that a client that builds filters bundles no reading of number literals. Binding
// needs neither the parser nor the checker, which such a client does not bundle; properties hold
// every node to parse()'s (test/types/value-literal.test.ts). Where a place's type comes from is
// the caller's: learnt by checking (src/types/alias-uses.ts), or known to the builder's operands
// (src/client/operand-types.ts).

import { assertNever } from '../assert-never.js';
import { isFilterError } from '../errors.js';
import { plainNumberText } from '../semantics/plain-number.js';
import type { DateTimeLiteral, EnumLiteral, Expr, GuidLiteral, Literal, NumberLiteral } from '../syntax/ast.js';
import {
  bareDateTime,
  booleanLiteral,
  date,
  duration,
  guid,
  nullLiteral,
  string,
  timeOfDay,
} from '../syntax/actions/literals.js';
import { outOfRange } from '../syntax/actions/numbers.js';
import { GUID_TEXT, quoteString } from '../language/literal-spelling.js';
import { base64UrlOfHex, hexOfBytes } from '../language/binary-spelling.js';
import { refuseConstruct } from '../syntax/version-constructs.js';
import {
  binaryLiteral,
  decimalLiteral,
  floatLiteral,
  guidLiteral,
  instantLiteral,
  int64Literal,
  timeOfDayLiteral,
} from '../syntax/version-literals.js';
import { isVersion3OrEarlier } from '../language/versions.js';
import type { ODataVersion } from '../language/versions.js';
import type { EdmType, NumericType } from '../language/edm.js';
import { INTEGER_RANGES, isInteger, isNumeric, promoteNumeric } from '../language/edm.js';
import type { EnumType } from './schema.js';

/** A value for an alias: of the type the filter gives the alias where it stands. */
export type ParameterValue = string | number | bigint | boolean | Date | Uint8Array | null;

/** The type a value's place has: an Edm type, and the enumeration when the place is one's. */
export interface ValueUse {
  readonly type: EdmType;
  readonly enum: EnumType | undefined;
}

/** The name of the type, as messages give it: the enumeration's, or the Edm type's. */
export function describeUse(use: ValueUse): string {
  return use.enum?.name ?? use.type;
}

/** A value its place takes: the literal's text for the version, and the node parse() makes of that text (no span). */
export interface BoundValue {
  readonly ok: true;
  readonly text: string;
  readonly node: Literal;
}

/** A value its place does not take; `reason`, when that is why, says why the grammar cannot read its literal. */
export interface RefusedValue {
  readonly ok: false;
  readonly reason?: string;
}

export type Binding = BoundValue | RefusedValue;

/** Bound nodes come from no text. */
const NOWHERE = { start: 0, end: 0 } as const;
const REFUSED: RefusedValue = { ok: false };
const NULL: BoundValue = { ok: true, text: 'null', node: nullLiteral(NOWHERE) as Literal };

/**
 * A value as a literal of its place's type (docs/client.md has the table): `null` for null; a
 * string quoted with `''` for a quote; a guid, a date, a time of day and a duration from their
 * texts; a Uint8Array as its bytes in base64url; a boolean; a number exactly, without an exponent (which would make a Double of a Decimal),
 * a bigint for an integer beyond 2^53, so long as check() reads the literal as the place's type (a
 * fraction is no Int32, `NaN` no Decimal, and `0.5`, a Decimal literal, no Single, which OData 4
 * has no literal of a fraction for); a valid Date as its instant, or an instant's ISO 8601 text with
 * its zone (`2012-01-01T00:00:00.123456Z`: finer than a Date); an enumeration member by name or
 * value. Anything else is refused, and so is a literal the grammar cannot read (a lone surrogate,
 * February 30, an instant beyond the years 1 to 9999), with the grammar's reason.
 *
 * For OData 2.0 and 3.0 (`version`) the literal is that version's form (`5L`, `2.5M`, `1.5d`,
 * `0.5f` for a number a Single holds exactly, `guid'…'`, `X'…'`, `datetime'…'`, `datetimeoffset'…'`,
 * `time'PT…'`); a value of a type the version has no literal for (a Date, a Duration, an
 * enumeration) is an 'unsupported' FilterError naming the construct, with the version as its
 * `target` and no position (the caller places it).
 */
export function bindValue(value: unknown, use: ValueUse, version: ODataVersion = '4.01'): Binding {
  if (value === null) return NULL;
  return isVersion3OrEarlier(version) ? v3Binding(value, use, version) : v4Binding(value, use);
}

/**
 * The literal of a value given as its text in its type's own form — what `cast(x, Edm.String)`
 * writes of it, and a keyset token carries: a String quoted, a Duration as `duration'…'`, a
 * Binary's base64url as `binary'…'`, an enumeration member as `Type'…'` (each `'` doubled), every
 * other type's text its own literal.
 */
/** The bare v4 date-time literal with its zone, which the grammar reads as one (without a zone, `T07:00-05` could be a subtraction). */
const INSTANT_TEXT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export function spelledLiteral(text: string, use: ValueUse): string {
  if (use.enum !== undefined) return `${use.enum.name}${quoteString(text)}`;
  if (use.type === 'Edm.String') return quoteString(text);
  if (use.type === 'Edm.Duration') return `duration${quoteString(text)}`;
  if (use.type === 'Edm.Binary') return `binary${quoteString(text)}`;
  return text;
}

function v4Binding(value: unknown, use: ValueUse): Binding {
  if (use.enum !== undefined) {
    const text = memberText(value);
    return text === undefined ? REFUSED : enumNode(spelledLiteral(text, use), use.enum, text);
  }
  const type = use.type;
  if (!isNumeric(type)) return nonNumericBinding(value, type);
  const node = plainNumber(value);
  // A number literal is of the type its text gives it (Int32, Decimal, Double, …): its place takes it as its own type only.
  return node === undefined || !numberFits(node, type) ? REFUSED : { ok: true, text: node.raw, node };
}

/** An enumeration member's name or value, as the text of its literal. */
function memberText(value: unknown): string | undefined {
  if (typeof value === 'string' || typeof value === 'bigint') return String(value);
  return typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : undefined;
}

const [INT32_MIN, INT32_MAX] = INTEGER_RANGES['Edm.Int32'];
const [INT64_MIN, INT64_MAX] = INTEGER_RANGES['Edm.Int64'];

/** A number literal's node, as parse() makes it of `raw`. */
function numberNode(type: NumberLiteral['type'], raw: string, value: NumberLiteral['value']): NumberLiteral {
  return { kind: 'number', type, raw, value, ...NOWHERE } as NumberLiteral;
}

/**
 * A number exactly, without an exponent, NaN and the infinities by name, a bigint's digits: the
 * node the grammar makes of that text (src/syntax/actions/numbers.ts), an integer the Int32 or
 * Int64 it fits, or else (and a fraction) a Decimal, whose text needs no normalising here.
 */
function plainNumber(value: unknown): NumberLiteral | undefined {
  if (typeof value === 'number' && !Number.isFinite(value))
    return numberNode('Edm.Double', Number.isNaN(value) ? 'NaN' : value > 0 ? 'INF' : '-INF', value);
  const text =
    typeof value === 'bigint' ? String(value) : typeof value === 'number' ? plainNumberText(value) : undefined;
  if (text === undefined) return undefined;
  if (text.includes('.')) return numberNode('Edm.Decimal', text, text);
  const integer = BigInt(text);
  if (integer >= INT32_MIN && integer <= INT32_MAX) return numberNode('Edm.Int32', text, Number(integer));
  return integer >= INT64_MIN && integer <= INT64_MAX
    ? numberNode('Edm.Int64', text, integer)
    : numberNode('Edm.Decimal', text, text);
}

/**
 * A value of a type other than a number, when it is one, as its literal: its text in the type's
 * own form, spelt (spelledLiteral), and read by the grammar's action for the literal's form.
 */
function nonNumericBinding(value: unknown, type: Exclude<EdmType, NumericType>): Binding {
  const spelt = (text: string): string => spelledLiteral(text, { type, enum: undefined });
  /** The value, a string of the pattern's shape (which the grammar reads as the type's literal, if at all), read by `make`. */
  const shaped = (pattern: RegExp, make: (text: string) => Binding): Binding =>
    typeof value === 'string' && pattern.test(value) ? make(value) : REFUSED;
  switch (type) {
    case 'Edm.String':
      // Every string is a String's: /^/ matches any.
      return shaped(/^/, (text) => readBy(spelt(text), (literal) => string(literal.slice(1, -1), NOWHERE)));
    case 'Edm.Guid':
      return shaped(GUID_TEXT, (text) => readBy(text, () => guid(text, text, NOWHERE)));
    case 'Edm.Boolean':
      return typeof value === 'boolean' ? readBy(String(value), () => booleanLiteral(value, NOWHERE)) : REFUSED;
    case 'Edm.DateTimeOffset':
    case 'Edm.DateTime':
      // ISO 8601 text with its zone, up to 12 fractional digits: an instant finer than a Date holds.
      if (typeof value === 'string')
        return shaped(INSTANT_TEXT, (text) => readBy(text, () => bareDateTime(text, NOWHERE)));
      if (!(value instanceof Date) || Number.isNaN(value.getTime())) return REFUSED;
      return readBy(value.toISOString(), (literal) => bareDateTime(literal, NOWHERE));
    case 'Edm.Date':
      return shaped(/^\d{4}-\d{2}-\d{2}$/, (text) => readBy(text, () => date(text, NOWHERE)));
    case 'Edm.TimeOfDay':
      return shaped(/^\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/, (text) => readBy(text, () => timeOfDay(text, NOWHERE)));
    case 'Edm.Duration':
      return shaped(/^-?P[0-9DTHMS.]+$/, (text) => readBy(spelt(text), (literal) => duration(text, literal, NOWHERE)));
    case 'Edm.Binary':
      return value instanceof Uint8Array ? bytesNode(value, (hex) => spelt(base64UrlOfHex(hex))) : REFUSED;
    default:
      return assertNever(type, 'Edm type');
  }
}

/**
 * Bytes as the literal `spell` writes of their hexadecimal, and the node parse() makes of it, built
 * here: every byte sequence has a literal, so none is refused, and a binder that bundles no parser
 * decodes none (a property holds the node to parse()'s, test/types/value-literal.test.ts).
 */
function bytesNode(bytes: Uint8Array, spell: (hex: string) => string): BoundValue {
  const value = hexOfBytes(bytes);
  const text = spell(value);
  return { ok: true, text, node: { kind: 'binary', raw: text, value, ...NOWHERE } };
}

/** `Type'members'`, as the grammar reads it: its body holds no quote (the grammar reads none there). */
function enumNode(literal: string, enumType: EnumType, body: string): Binding {
  if (body.includes("'")) return REFUSED;
  const node: EnumLiteral = { kind: 'enum', typeName: enumType.name, body, ...NOWHERE };
  return { ok: true, text: literal, node };
}

/** The node an action makes of a literal; a FilterError it raises is why the grammar cannot read the literal. */
function readBy(literal: string, make: (literal: string) => Expr): Binding {
  try {
    return { ok: true, text: literal, node: make(literal) as Literal };
  } catch (error) {
    if (!isFilterError(error)) throw error;
    return { ok: false, reason: error.message.replace(/ at position \d+/g, '') };
  }
}

/**
 * Whether check() reads a number literal at a place of `type` as that type, as its fits() does
 * (src/types/check.ts): an integer within the range of an integer type, or a literal whose type
 * widens to the place's (an Int32 to a Decimal, a Decimal to a Double; never a Decimal to a Single,
 * which meets it as a Double).
 */
function numberFits(node: NumberLiteral, type: EdmType): boolean {
  if (!isNumeric(type)) return false;
  if (isInteger(node.type) && isInteger(type)) {
    const value = BigInt(node.value as number | bigint);
    if (value >= INTEGER_RANGES[type][0] && value <= INTEGER_RANGES[type][1]) return true;
  }
  return promoteNumeric(node.type, type) === type;
}

/** The v2/v3 binding: the v4 one's value, in the forms of src/syntax/version-literals.ts. */
function v3Binding(value: unknown, use: ValueUse, version: ODataVersion): Binding {
  if (use.enum !== undefined) throw refuseConstruct('enum_literal', version, NOWHERE);
  switch (use.type) {
    case 'Edm.Date':
      throw refuseConstruct('date_literal', version, NOWHERE);
    case 'Edm.Duration':
      throw refuseConstruct('duration_literal', version, NOWHERE);
    case 'Edm.TimeOfDay':
      return respelt(v4Binding(value, use), (node) => {
        const time = node as Extract<Literal, { kind: 'timeOfDay' }>;
        return { ...time, raw: timeOfDayLiteral(time.ms, time.picoseconds) };
      });
    case 'Edm.Binary':
      return value instanceof Uint8Array ? bytesNode(value, binaryLiteral) : REFUSED;
    case 'Edm.Guid':
      return respelt(v4Binding(value, use), (node, text) => ({ ...(node as GuidLiteral), raw: guidLiteral(text) }));
    case 'Edm.DateTime':
    case 'Edm.DateTimeOffset': {
      // The v4 binding has refused an instant outside the years 1 to 9999, which no literal
      // writes; the literal is written in UTC, so its offset is none.
      const type = use.type;
      return respelt(v4Binding(value, use), (node) => {
        const instant = node as DateTimeLiteral;
        const raw = instantLiteral(type, instant.epochMs, version, NOWHERE, instant.picoseconds);
        return { ...instant, type, raw, offsetMinutes: 0 };
      });
    }
    case 'Edm.Int64':
      return respelt(v4Binding(value, use), (node) => {
        const integer = BigInt((node as NumberLiteral).value as number | bigint);
        return numberNode('Edm.Int64', int64Literal(integer), integer);
      });
    case 'Edm.Decimal':
      return respelt(v4Binding(value, use), (_, text) => {
        // The digits decimalLiteral writes are those the grammar's normalising keeps.
        const literal = decimalLiteral(text, version, NOWHERE);
        return numberNode('Edm.Decimal', literal, literal.slice(0, -1));
      });
    case 'Edm.Double':
    case 'Edm.Single': {
      const single = use.type === 'Edm.Single';
      if (typeof value === 'number') {
        // A Single's `f` literal is rounded to binary32: a number it does not hold exactly does not fit.
        if (single && !Number.isNaN(value) && Math.fround(value) !== value) return REFUSED;
        return bound(numberNode(use.type, floatLiteral(value, single ? 'f' : 'd'), value));
      }
      if (typeof value !== 'bigint') return REFUSED;
      const literal = `${value}${single ? 'f' : 'd'}`;
      const float = single ? Math.fround(Number(value)) : Number(value);
      return Number.isFinite(float)
        ? bound(numberNode(use.type, literal, float))
        : { ok: false, reason: outOfRange(literal) };
    }
    case 'Edm.String':
    case 'Edm.Boolean':
    case 'Edm.Byte':
    case 'Edm.SByte':
    case 'Edm.Int16':
    case 'Edm.Int32':
      return v4Binding(value, use);
    default:
      return assertNever(use.type, 'Edm type');
  }
}

/**
 * A v4 binding written again in another form, from its node and its text: the node parse() makes
 * of the other form, whose value is the v4 node's.
 */
function respelt(v4: Binding, again: (node: Literal, text: string) => Literal): Binding {
  return v4.ok ? bound(again(v4.node, v4.text)) : v4;
}

/** A node made here, with the text it is the node of. */
function bound(node: Literal): BoundValue {
  return { ok: true, text: (node as { raw: string }).raw, node };
}

/** A value as a message shows it: its kind and its text, long strings cut. */
export function shownValue(value: unknown): string {
  if (value === undefined || value === null) return String(value);
  if (typeof value === 'string')
    return `the string ${JSON.stringify(value.length > 40 ? `${value.slice(0, 39)}…` : value)}`;
  if (typeof value === 'bigint') return `the bigint ${value}n`;
  if (value instanceof Date) return `the Date ${Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString()}`;
  if (value instanceof Uint8Array) return `a Uint8Array of ${value.length} bytes`;
  if (Array.isArray(value)) return 'an array';
  return `the ${typeof value} ${String(value)}`;
}
