// A compiled `{ sql, params }` as a tagged template receives it — the texts between the
// placeholders and the values they bind — so that a query builder's own `sql` tag (kysely's,
// drizzle's) binds the values and numbers its placeholders itself, and `knex.raw` takes the texts
// joined with `?` (docs/query.md, "With a query builder"). No text is split by the caller.

import type { CompiledSql } from './compile.js';
import type { Dialect } from './dialect.js';

/** The texts around the placeholders (one more than the values), with `raw` as a template's strings have it. */
export interface SqlTemplate {
  readonly strings: TemplateStringsArray;
  readonly values: readonly unknown[];
}

/**
 * Cuts compiled SQL at its placeholders — `$n` (with its `::type` left in the text after it) on a
 * dialect that numbers them, `?` on one that does not — skipping quoted strings and identifiers.
 * `firstParameter` is the number the SQL was compiled with (compileSql's option; default 1).
 */
export function sqlTemplate(compiled: CompiledSql, dialect: Dialect, firstParameter = 1): SqlTemplate {
  const numbered = dialect.placeholder(1, { value: undefined, cast: undefined }) === '$1';
  const { sql: text, params } = compiled;
  const strings: string[] = [];
  const values: unknown[] = [];
  let from = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "'" || c === '"' || c === '`') {
      // A quoted string or identifier: its closing quote, a doubled one inside it kept.
      i++;
      while (i < text.length && !(text[i] === c && text[i + 1] !== c)) i += text[i] === c ? 2 : 1;
      i++;
      continue;
    }
    if (numbered && c === '$' && /[0-9]/.test(text[i + 1] ?? '') && !/[A-Za-z0-9_]/.test(text[i - 1] ?? '')) {
      let end = i + 1;
      while (/[0-9]/.test(text[end] ?? '')) end++;
      const index = Number(text.slice(i + 1, end)) - firstParameter;
      if (index < 0 || index >= params.length)
        throw new TypeError(
          `The SQL's placeholder ${text.slice(i, end)} binds no parameter (firstParameter ${firstParameter}, ${params.length} parameters)`,
        );
      strings.push(text.slice(from, i));
      values.push(params[index]);
      from = i = end;
      continue;
    }
    if (!numbered && c === '?') {
      strings.push(text.slice(from, i));
      values.push(params[values.length]);
      from = i = i + 1;
      continue;
    }
    i++;
  }
  strings.push(text.slice(from));
  if (!numbered && values.length !== params.length)
    throw new TypeError(`The SQL has ${values.length} placeholders for ${params.length} parameters`);
  return { strings: Object.assign(strings, { raw: [...strings] }) as unknown as TemplateStringsArray, values };
}
