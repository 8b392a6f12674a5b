// What a failure of the generated parser says: the token it met (or the end of input) and what it
// would have accepted there.

import { FilterError, isFilterError, limitOnExhaustion, withFilterText } from '../errors.js';
import { SyntaxError as GeneratedSyntaxError } from '../generated/parser.js';

/** The FilterError for what the generated parser threw while reading `text`. */
export function toFilterError(error: unknown, text: string): FilterError {
  if (isFilterError(error)) return withFilterText(error, text);
  if (error instanceof GeneratedSyntaxError) {
    const start = error.location.start.offset;
    const expected = describeExpected(error.expected);
    const found = describeFound(text, start);
    const message = `Unexpected ${found} at position ${start}${expected.length ? `; expected ${joinAlternatives(expected)}` : ''}`;
    const atEnd = found === 'end of input';
    const end = atEnd ? start : start + tokenAt(text, start).length;
    return new FilterError({
      kind: 'syntax',
      issueCode: atEnd ? 'unexpected_end' : 'unexpected_token',
      message,
      start,
      end,
      expected,
      text,
    });
  }
  // A last resort: only a caller that raised maxDepth far beyond the default can get here.
  const failure = limitOnExhaustion(
    error,
    'Filter nests too deeply for this runtime; lower maxDepth',
    { start: 0, end: text.length },
    text,
  );
  if (isFilterError(failure)) return failure;
  throw error;
}

type Expectation = { type: string; description?: string; text?: string };

/** The leaves that can start an operand; together they read as "an expression". */
const OPERAND_STARTS = new Set(["'not'", "'-'", "'('", 'a literal', 'a property or function name']);
/** Present in every place an operand can start (an `in` list accepts literals but not `not`). */
const OPERAND_MARKERS = ["'not'", 'a literal'];
/** Continuations of a path or a call, too unlikely to be what the writer meant to list. */
const UNLIKELY = new Set(["'/'", "'('"]);

function describeExpected(expected: readonly Expectation[] | null): string[] {
  let out = new Set<string>();
  for (const e of expected ?? []) {
    if (e.type === 'end') out.add('end of input');
    else if (e.type === 'literal') out.add(`'${e.text}'`);
    else if (e.description && e.description !== 'whitespace') out.add(e.description);
  }
  if (OPERAND_MARKERS.every((d) => out.has(d))) {
    out = new Set([...out].filter((d) => !OPERAND_STARTS.has(d)));
    out.add('an expression');
  } else if ([...out].some((d) => !UNLIKELY.has(d))) {
    out = new Set([...out].filter((d) => !UNLIKELY.has(d)));
  }
  // Readers want the alternatives that continue the filter first, end of input last.
  return [...out].sort((a, b) => rank(a) - rank(b));
}

function rank(description: string): number {
  return description === 'end of input' ? 2 : description.startsWith("'") ? 1 : 0;
}

function joinAlternatives(items: string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} or ${items[items.length - 1]}`;
}

function tokenAt(text: string, offset: number): string {
  const word = /^[A-Za-z0-9_.+:-]+/.exec(text.slice(offset, offset + 64));
  if (word) return word[0];
  const cp = text.codePointAt(offset);
  return cp === undefined ? '' : String.fromCodePoint(cp);
}

function describeFound(text: string, offset: number): string {
  if (offset >= text.length) return 'end of input';
  const token = tokenAt(text, offset);
  if (/^[ \t\r\n]$/.test(token)) return 'whitespace';
  // Invisible or look-alike characters are named by code point, so the message shows what is there.
  const lone = token.length === 1 && token.charCodeAt(0) >= 0xd800 && token.charCodeAt(0) <= 0xdfff;
  if (lone || /^[\p{Cc}\p{Cf}\p{Z}\p{Co}\p{Cn}]$/u.test(token)) {
    return `character U+${token.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
  }
  return `'${token}'`;
}
