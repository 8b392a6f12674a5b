// Names as a model would write them: `order_lines` → `OrderLines`.

/** A snake_case (or kebab-case, or spaced) name in PascalCase: each word capitalised, the separators dropped. */
export function pascalCase(name: string): string {
  return name
    .split(/[_\-\s]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}
