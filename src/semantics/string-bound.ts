// The longest string `replace` and `concat` return (docs/semantics.md, section 3): a result that
// would be longer is null, on every backend, decided before it is built.

/** The longest string `replace` and `concat` return, in Unicode code points. */
export const MAX_STRING_LENGTH = 1_048_576;

/**
 * The functions that build strings longer than their arguments can grow without end (nested
 * `replace`s geometrically): their result is null beyond {@link MAX_STRING_LENGTH}, so it may be
 * null even when no argument is.
 */
export const BOUNDED_STRING_FUNCTIONS: ReadonlySet<string> = new Set(['replace', 'concat']);
