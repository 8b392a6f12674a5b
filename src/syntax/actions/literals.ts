// Literal actions: null, Booleans, strings, date-times and guids, decoded and validated at their span.

import type { DateTimeLiteralType, Expr, Literal } from '../ast.js';
import { unsupported } from '../../errors.js';
import { readInstant } from '../../semantics/instant.js';
import { syntaxError } from './syntax-error.js';
import type { Range } from './syntax-error.js';
import { refuse } from './unsupported.js';

export function nullLiteral(r: Range): Expr {
  return { kind: 'null', start: r.start, end: r.end };
}

export function booleanLiteral(value: boolean, r: Range): Expr {
  return { kind: 'boolean', value, start: r.start, end: r.end };
}

/** A surrogate code unit without its partner: text that no UTF-8 URL can carry. */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function string(body: string, r: Range): Expr {
  // A string value must be a sequence of code points: every backend counts and orders by them.
  const lone = LONE_SURROGATE.exec(body);
  if (lone) {
    const at = r.start + 1 + lone.index;
    const unit = lone[0].charCodeAt(0).toString(16).toUpperCase();
    throw syntaxError('unpaired_surrogate', `String literal contains an unpaired surrogate U+${unit}`, { start: at, end: at + 1 });
  }
  return { kind: 'string', value: body.includes("''") ? body.replace(/''/g, "'") : body, start: r.start, end: r.end };
}

export function unterminatedString(r: Range): never {
  throw syntaxError('unterminated_string', 'Unterminated string literal', r);
}

export function dateTime(type: DateTimeLiteralType, body: string, raw: string, r: Range): Literal {
  const reading = readInstant(body);
  if (!reading.ok) {
    if (reading.unsupported) {
      const message = `Date-time '${body}' is ${reading.problem} at position ${r.start}`;
      throw unsupported({ construct: 'sub_millisecond_precision', message, start: r.start, end: r.end });
    }
    throw syntaxError('invalid_datetime', `Invalid date-time '${body}': ${reading.problem}`, r);
  }
  const { epochMs, offsetMinutes } = reading;
  return { kind: 'datetime', type, raw, epochMs, offsetMinutes, start: r.start, end: r.end };
}

/** A guid's text, in any case: 8-4-4-4-12 hexadecimal digits. */
export const GUID = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

export function guid(body: string, raw: string, r: Range): Literal {
  if (!GUID.test(body)) throw syntaxError('invalid_guid', `Invalid guid '${body}': expected xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx`, r);
  return { kind: 'guid', raw, value: body.toLowerCase(), start: r.start, end: r.end };
}

/** The v4 bare form `2012-12-03T07:16:23Z`; a bare date is matched only to say it is unsupported. */
export function bareDateTime(body: string, r: Range): Literal {
  if (body.length === 10) {
    return refuse('date_literal', `Date literal '${body}' (Edm.Date)`, r, `; write a date-time such as ${body}T00:00:00Z`);
  }
  return dateTime('Edm.DateTimeOffset', body, body, r);
}

const LITERAL_KINDS = new Set<string>(['null', 'boolean', 'number', 'string', 'datetime', 'guid']);

export function isLiteral(node: Expr): node is Literal {
  return LITERAL_KINDS.has(node.kind);
}
