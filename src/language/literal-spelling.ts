// How literal values are spelt in filter text, decided once for the parser, the printers, the
// validators of made trees and the backends that read rows.

/** A string literal: the value in single quotes, each quote inside doubled (`'O''Neil'`). */
export function quoteString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A string literal's value from the text between its quotes: each doubled quote read as one. */
export function unquoteString(body: string): string {
  return body.includes("''") ? body.replaceAll("''", "'") : body;
}

/** A guid's text, in any case: 8-4-4-4-12 hexadecimal digits. */
export const GUID_TEXT = /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/;

/**
 * A surrogate code unit without its partner: text that is no sequence of code points, which no
 * UTF-8 URL (or database text column) can carry.
 */
export const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
