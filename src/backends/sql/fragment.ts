// SQL fragments: text pieces and bound values kept apart until the very end, so a fragment can be
// repeated or reordered and the placeholders are numbered only when the whole statement is known.

/** A value to bind, with the SQL type the dialect should give its placeholder. */
export interface Param {
  readonly value: unknown;
  /** Dialect-specific type name used by placeholder rendering (e.g. `bigint`), or undefined. */
  readonly cast: string | undefined;
}

export type Part = string | Param;

/** A piece of SQL: literal text parts (never user values) and parameters. */
export interface Frag {
  readonly parts: readonly Part[];
}

export function raw(text: string): Frag {
  return { parts: [text] };
}

export function param(value: unknown, cast?: string): Frag {
  return { parts: [{ value, cast }] };
}

/** Tagged template: `sql\`(${a} + ${b})\``; only the template text is spliced, interpolations are fragments. */
export function sql(strings: TemplateStringsArray, ...frags: Frag[]): Frag {
  const parts: Part[] = [];
  strings.forEach((s, i) => {
    if (s) parts.push(s);
    const f = frags[i];
    if (f) parts.push(...f.parts);
  });
  return { parts };
}

export function join(frags: readonly Frag[], separator: string): Frag {
  const parts: Part[] = [];
  frags.forEach((f, i) => {
    if (i > 0) parts.push(separator);
    parts.push(...f.parts);
  });
  return { parts };
}

/** True when the fragment is exactly one parameter (a bound literal). */
export function isParam(frag: Frag): boolean {
  return frag.parts.length === 1 && typeof frag.parts[0] !== 'string';
}

/**
 * Writes the statement: each parameter is pushed, then its placeholder is written from the
 * position it got, so placeholder numbers and the params array cannot drift apart.
 */
export function render(frag: Frag, placeholder: (index: number, param: Param) => string): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  let text = '';
  for (const part of frag.parts) {
    if (typeof part === 'string') {
      text += part;
    } else {
      params.push(part.value);
      text += placeholder(params.length, part);
    }
  }
  return { sql: text, params };
}
