// Regular expressions for string tests on a field: user text escaped for PCRE (MongoDB's engine),
// case-sensitive, anchored with \A and \z so that a trailing newline cannot fake an end match
// (PCRE's `$` also matches before a final newline).

// The PCRE metacharacters outside a class; a backslash before any of them makes it literal.
const META = /[\\^$.|?*+()[\]{}]/g;

/** The text as a PCRE pattern that matches exactly that text. NUL cannot appear raw in a BSON regex. */
export function escapeRegex(text: string): string {
  return text.replace(META, '\\$&').replace(/\0/g, '\\x00');
}

export type StringTest = 'startswith' | 'endswith' | 'contains';

export function patternFor(test: StringTest, text: string): string {
  const body = escapeRegex(text);
  if (test === 'startswith') return `\\A${body}`;
  if (test === 'endswith') return `${body}\\z`;
  return body;
}
