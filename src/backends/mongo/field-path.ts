// Document field paths: what a property path may be mapped to.

/**
 * Why the mapping is not a document field path, or undefined when it is. Each dotted segment must
 * be non-empty and hold no NUL (MongoDB rejects both), and none may start with '$': inside `$expr`,
 * `"$a.$b"` is refused by the server and a leading '$' is read as an operator or a variable.
 */
export function fieldPathProblem(path: unknown): string | undefined {
  if (typeof path !== 'string') return 'it is not a string';
  if (path === '') return 'it is empty';
  for (const segment of path.split('.')) {
    if (segment === '') return 'it has an empty segment';
    if (segment.startsWith('$')) return `its segment '${segment}' starts with '$'`;
    if (segment.includes('\0')) return 'it holds a NUL character';
  }
  return undefined;
}
