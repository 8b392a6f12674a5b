// OData 4.01's JSON form of the list of `in` (`x in ["a", 1, null]`): its items read as the
// literals the parenthesised list would hold, and the JSON a list here does not take refused.

import type { Literal, StringLiteral } from '../ast.js';
import { readInstant } from '../../semantics/instant.js';
import { readDate, readDuration, readTimeOfDay } from '../../semantics/temporal.js';
import { booleanLiteral, nullLiteral } from './literals.js';
import { GUID_TEXT, LONE_SURROGATE } from '../../language/literal-spelling.js';
import { number } from './numbers.js';
import { syntaxError, type Range, refuse } from './syntax-error.js';

const ESCAPED: Readonly<Record<string, string>> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

/**
 * A JSON string, `r` covering its quotes, `body` the text between them. Its value is the decoded
 * text; an unescaped control character, an unknown escape or a surrogate without its partner
 * (written or escaped, as `\ud800`) is a syntax error at that character.
 */
export function jsonString(body: string, r: Range): StringLiteral {
  let value = '';
  // The source offset of each code unit of the value, to place a lone surrogate's error.
  const offsets: number[] = [];
  for (let i = 0; i < body.length; ) {
    const at = r.start + 1 + i;
    const c = body.charCodeAt(i);
    if (c < 0x20)
      throw syntaxError(
        'invalid_json_string',
        `JSON string contains the control character U+${hex(c)}; write it as \\u${hex(c)}`,
        { start: at, end: at + 1 },
      );
    if (c !== 92) {
      value += body[i];
      offsets.push(at);
      i++;
      continue;
    }
    const escaped = body[i + 1] ?? '';
    if (escaped === 'u' && /^[0-9A-Fa-f]{4}$/.test(body.slice(i + 2, i + 6))) {
      value += String.fromCharCode(parseInt(body.slice(i + 2, i + 6), 16));
      offsets.push(at);
      i += 6;
    } else if (ESCAPED[escaped] !== undefined) {
      value += ESCAPED[escaped];
      offsets.push(at);
      i += 2;
    } else {
      const end = Math.min(r.start + 1 + body.length, at + (escaped === 'u' ? 6 : 2));
      throw syntaxError(
        'invalid_json_string',
        `Invalid escape '${body.slice(i, end - r.start - 1)}' in a JSON string`,
        { start: at, end },
      );
    }
  }
  const lone = LONE_SURROGATE.exec(value);
  if (lone) {
    const at = offsets[lone.index]!;
    const unit = hex(lone[0].charCodeAt(0));
    throw syntaxError('unpaired_surrogate', `String literal contains an unpaired surrogate U+${unit}`, {
      start: at,
      end: at + (body.charCodeAt(at - r.start - 1) === 92 ? 6 : 1),
    });
  }
  return jsonStringOf(value, r);
}

/** The node of a JSON string whose decoded value is `value`. */
export function jsonStringOf(value: string, r: Range): StringLiteral {
  const node = { kind: 'string', value, start: r.start, end: r.end } as const;
  return spellsTypedValue(value) ? { ...node, json: true } : node;
}

function hex(unit: number): string {
  return unit.toString(16).toUpperCase().padStart(4, '0');
}

/** The bare date-time literal's form, as the grammar's DateTimeLiteral has it with a time. */
export const INSTANT_SPELLING =
  /^[0-9]{4}-[0-9]{2}-[0-9]{2}[Tt][0-9]{2}:[0-9]{2}(?::[0-9]{2}(?:\.[0-9]+)?)?(?:[Zz]|[+-][0-9]{2}:?[0-9]{2})?$/;

/**
 * Whether a JSON string spells a guid, a date-time, a date, a time of day or a duration: OData's
 * JSON format writes those values as strings, so against an operand of that type the checker
 * reads it as that value.
 */
function spellsTypedValue(value: string): boolean {
  return (
    GUID_TEXT.test(value) ||
    (INSTANT_SPELLING.test(value) && readInstant(value).ok) ||
    readDate(value).ok ||
    readTimeOfDay(value).ok ||
    readDuration(value).ok
  );
}

export function unterminatedJsonString(r: Range): never {
  throw syntaxError('unterminated_string', 'Unterminated JSON string', r);
}

/**
 * A JSON number by its form: an integer is Int32, Int64 beyond it and Decimal beyond that, as the
 * parenthesised list's; a fraction or an exponent makes it a Decimal, every digit and the exponent
 * kept (JSON has no Double of its own). `raw` is its spelling as a literal (`1e3` is `1e3m`).
 */
export function jsonNumber(text: string, r: Range): Literal {
  return number(/[eE]/.test(text) ? `${text}m` : text, r);
}

/** `true`, `false`, `null`: JSON spells them in lower case only. */
export function jsonKeyword(value: boolean | null, r: Range): Literal {
  return (value === null ? nullLiteral(r) : booleanLiteral(value, r)) as Literal;
}

/**
 * `[…]` as an item of a JSON array (`[FirstName, LastName] in [["John", "Doe"]]` in OData, or an
 * argument's `[[1]]`):
 * refused, its span up to the matching bracket (strings skipped), or to the end without one.
 */
export function rejectNestedJson(rest: string, start: number, within = "the list of 'in'"): never {
  let depth = 0;
  let end = rest.length;
  for (let i = 0, inString = false; i < rest.length; i++) {
    const c = rest[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '[' || c === '{') depth++;
    else if ((c === ']' || c === '}') && --depth === 0) {
      end = i + 1;
      break;
    }
  }
  return refuse('nested_json_array', `Nested JSON array in ${within}`, { start, end: start + end });
}

/** An item of a JSON array that is no JSON value (`'a'`, `Name`, `1.5d`, `TRUE`), refused at its span. */
export function rejectJsonItem(r: Range): never {
  return refuse(
    'json_array_item',
    'An item of a JSON array other than a JSON value (a string in double quotes, a number, true, false or null)',
    r,
    '; write other literals in a list in parentheses,',
  );
}

/** An item of an argument's JSON array that is no JSON value nor an object (`'a'`, `Name`), refused at its span. */
export function rejectArrayItem(r: Range): never {
  return refuse(
    'json_array_item',
    "An item of an argument's JSON array other than a JSON value (a string in double quotes, a number, true, false, null) or an object",
    r,
  );
}
