// Rows from JSON text for `eval`, read exactly: JSON numbers are doubles to JSON.parse, so a number
// a double would change (an Int64 beyond 2^53, a long Decimal) is re-read with its text kept; a
// Binary's base64 text is read as its bytes.

import type { PrimitiveProperty, Property, Schema, StructuredProperty } from '../types/schema.js';
import { bytesOfHex, hexOfBase64Url } from '../language/binary-spelling.js';

/** A JSON number that no double holds exactly, as its source text. */
export class ExactNumber {
  constructor(readonly text: string) {}
}

/** Invalid JSON, at `position` (a UTF-16 offset into the text). */
export class JsonSyntaxError extends Error {
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

export type RowReading = { readonly row: Record<string, unknown> } | { readonly problem: string };

/**
 * Reads one row (a JSON object) from its text. Numbers at Int64 and Decimal properties keep their
 * exact value: an integer at an Int64 property becomes a bigint when a double cannot hold it, and
 * so does a JSON string of an integer (as OData's IEEE754Compatible JSON writes Int64); a number
 * at a Decimal property that a double cannot hold becomes its decimal text. A string at a Binary
 * property that is base64 (RFC 4648, either alphabet, padding optional: OData's JSON writes
 * base64url) becomes its bytes, a Uint8Array.
 */
export function rowReader(schema: Schema): (text: string) => RowReading {
  const adapts = someProperty(
    schema.properties,
    (p) => p.kind === 'primitive' && (p.type === 'Edm.Int64' || p.type === 'Edm.Binary'),
  );
  return (text) => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return { problem: `not JSON: ${(error as Error).message}` };
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      return {
        problem: `not a JSON object but ${Array.isArray(value) ? 'an array' : value === null ? 'null' : `a ${typeof value}`}`,
      };
    }
    const exact = hasLossyNumber(text);
    if (exact) {
      try {
        value = parseJsonExact(text);
      } catch (error) {
        if (error instanceof RangeError) return { problem: 'nested too deeply to read exactly' };
        throw error;
      }
    }
    if (exact || adapts) adapt(value as Record<string, unknown>, schema.properties);
    return { row: value as Record<string, unknown> };
  };
}

function someProperty(
  properties: ReadonlyMap<string, Property>,
  test: (p: Property) => boolean,
  seen = new Set<ReadonlyMap<string, Property>>(),
): boolean {
  // A model's types may lead back to each other: each structure's properties are read once.
  if (seen.has(properties)) return false;
  seen.add(properties);
  for (const p of properties.values()) {
    if (test(p)) return true;
    const structure = p.kind === 'collection' ? p.element : p;
    if (
      structure.kind === 'structured'
        ? someProperty(structure.properties, test, seen)
        : p.kind === 'collection' && test(structure)
    )
      return true;
  }
  return false;
}

const INTEGER_TEXT = /^-?\d+$/;

/** Gives the values along the schema's paths the representation compilePredicate reads exactly. */
function adapt(object: Record<string, unknown>, properties: ReadonlyMap<string, Property>): void {
  for (const [name, property] of properties) {
    if (!Object.hasOwn(object, name)) continue;
    const value = object[name];
    if (property.kind === 'collection') {
      // Each element as a property of the element's type; anything but an array is left for the predicate to refuse.
      if (Array.isArray(value)) for (let i = 0; i < value.length; i++) value[i] = adapted(value[i], property.element);
    } else object[name] = adapted(value, property);
  }
}

/** A value of a primitive or structured property, in the representation compilePredicate reads exactly. */
function adapted(value: unknown, property: PrimitiveProperty | StructuredProperty): unknown {
  if (property.kind === 'structured') {
    if (value instanceof ExactNumber) return Number(value.text);
    if (value !== null && typeof value === 'object' && !Array.isArray(value))
      adapt(value as Record<string, unknown>, property.properties);
    return value;
  }
  if (property.type === 'Edm.Int64') {
    const text = value instanceof ExactNumber ? value.text : typeof value === 'string' ? value : undefined;
    if (text !== undefined && INTEGER_TEXT.test(text)) return BigInt(text);
    return value instanceof ExactNumber ? Number(value.text) : value;
  }
  if (property.type === 'Edm.Binary' && typeof value === 'string') {
    // Anything that is no base64 stays a string, which the predicate refuses as no Edm.Binary.
    const hex = hexOfBase64Url(value.replace(/\+/g, '-').replace(/\//g, '_'));
    return hex === undefined ? value : bytesOfHex(hex);
  }
  if (value instanceof ExactNumber) return property.type === 'Edm.Decimal' ? value.text : Number(value.text);
  return value;
}

// A digit run of 16 or more (with dots), or an exponent: the only numbers a double may change.
const MAYBE_LOSSY = /\d[\d.]{15}|\d[eE][+-]?\d/;
const STRING_OR_NUMBER = /"(?:[^"\\]|\\.)*"|-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/g;

/** Whether valid JSON text holds a number whose value a double does not hold exactly. */
export function hasLossyNumber(text: string): boolean {
  if (!MAYBE_LOSSY.test(text)) return false;
  STRING_OR_NUMBER.lastIndex = 0;
  for (let m = STRING_OR_NUMBER.exec(text); m !== null; m = STRING_OR_NUMBER.exec(text)) {
    const token = m[0];
    if (token.charCodeAt(0) !== 34 && isLossy(token)) return true;
  }
  return false;
}

/** Whether JSON.parse would read the number `token` as a different value. */
export function isLossy(token: string): boolean {
  // Up to 15 significant digits and no exponent always round-trip through a double.
  if (token.length <= 15 && !/[eE]/.test(token)) return false;
  const n = Number(token);
  return !Number.isFinite(n) || decimalKey(token) !== decimalKey(String(n));
}

/** A canonical form of a decimal number's value: sign, digits without zeros at either end, exponent. */
function decimalKey(text: string): string {
  const m = /^(-?)(\d*)(?:\.(\d*))?(?:[eE]([+-]?\d+))?$/.exec(text);
  if (!m) return text;
  const [, sign = '', int = '', frac = '', exp = '0'] = m;
  let digits = (int + frac).replace(/^0+/, '');
  if (digits === '') return '0';
  let exponent = BigInt(exp) - BigInt(frac.length);
  const trimmed = digits.replace(/0+$/, '');
  exponent += BigInt(digits.length - trimmed.length);
  digits = trimmed;
  return `${sign}${digits}e${exponent}`;
}

const STRING = /"(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*"/y;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const WHITESPACE = /[ \t\n\r]*/y;

/**
 * Parses JSON like JSON.parse, except that a number a double would change is an ExactNumber.
 * Throws a JsonSyntaxError with the offset of the first problem.
 */
export function parseJsonExact(text: string): unknown {
  let i = 0;
  const fail = (what: string): never => {
    const found = i < text.length ? `'${text[i]}'` : 'the end of the input';
    throw new JsonSyntaxError(`expected ${what}, found ${found}`, i);
  };
  const skipWhitespace = (): void => {
    WHITESPACE.lastIndex = i;
    WHITESPACE.test(text);
    i = WHITESPACE.lastIndex;
  };
  const token = (pattern: RegExp): string | undefined => {
    pattern.lastIndex = i;
    const m = pattern.exec(text);
    if (m === null) return undefined;
    i += m[0].length;
    return m[0];
  };
  const value = (): unknown => {
    skipWhitespace();
    const c = text[i];
    if (c === '{') {
      i++;
      const object: Record<string, unknown> = {};
      skipWhitespace();
      if (text[i] === '}') {
        i++;
        return object;
      }
      for (;;) {
        skipWhitespace();
        const key = token(STRING);
        if (key === undefined) return fail('a property name');
        skipWhitespace();
        if (text[i] !== ':') return fail("':'");
        i++;
        // defineProperty, so that a key `__proto__` is an own property, as JSON.parse makes it.
        Object.defineProperty(object, JSON.parse(key) as string, {
          value: value(),
          enumerable: true,
          writable: true,
          configurable: true,
        });
        skipWhitespace();
        if (text[i] === '}') {
          i++;
          return object;
        }
        if (text[i] !== ',') return fail("',' or '}'");
        i++;
      }
    }
    if (c === '[') {
      i++;
      const array: unknown[] = [];
      skipWhitespace();
      if (text[i] === ']') {
        i++;
        return array;
      }
      for (;;) {
        array.push(value());
        skipWhitespace();
        if (text[i] === ']') {
          i++;
          return array;
        }
        if (text[i] !== ',') return fail("',' or ']'");
        i++;
      }
    }
    if (c === '"') {
      const s = token(STRING);
      return s === undefined ? fail('a string') : JSON.parse(s);
    }
    for (const [word, meaning] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (text.startsWith(word, i)) {
        i += word.length;
        return meaning;
      }
    }
    const n = token(NUMBER);
    if (n === undefined) return fail('a value');
    return isLossy(n) ? new ExactNumber(n) : Number(n);
  };
  const result = value();
  skipWhitespace();
  if (i < text.length) fail('the end of the input');
  return result;
}

const STRING_OR_STRUCTURE = /"(?:[^"\\]|\\.)*"|[[\]{},]/g;

/** The source text of each element of a valid JSON array, trimmed. */
export function arrayElements(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  STRING_OR_STRUCTURE.lastIndex = 0;
  for (let m = STRING_OR_STRUCTURE.exec(text); m !== null; m = STRING_OR_STRUCTURE.exec(text)) {
    const c = m[0];
    if (c === '[' || c === '{') {
      if (depth++ === 0) start = m.index + 1;
    } else if (c === ']' || c === '}') {
      if (--depth === 0) {
        const last = text.slice(start, m.index).trim();
        if (last !== '') out.push(last);
        break;
      }
    } else if (c === ',' && depth === 1) {
      out.push(text.slice(start, m.index).trim());
      start = m.index + 1;
    }
  }
  return out;
}

const STRING_OR_WHITESPACE = /"(?:[^"\\]|\\.)*"|[ \t\n\r]+/g;

/** Valid JSON text on one line: whitespace outside strings dropped, everything else as written. */
export function compactJson(text: string): string {
  return text.replace(STRING_OR_WHITESPACE, (m) => (m.charCodeAt(0) === 34 ? m : ''));
}
