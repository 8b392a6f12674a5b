// Compiled SQL as a tagged template receives it — the texts between its values and the values —
// so that a query builder's own `sql` tag (kysely's, drizzle's) binds the values and numbers its
// placeholders itself, and `knex.raw` takes the texts joined with `?` (docs/query.md, "With a
// query builder"). The texts come from the fragment, never from cutting rendered SQL.

import type { CompiledSql } from './compiled.js';
import type { Dialect } from './dialect.js';
import { cut } from './fragment.js';
import type { Frag } from './fragment.js';

/** The texts around the values (one more than the values), with `raw` as a template's strings have it. */
export interface SqlTemplate {
  readonly strings: TemplateStringsArray;
  readonly values: readonly unknown[];
}

/**
 * A fragment (compiled SQL's: compileSql's, compileSqlQuery's; or one of the caller's, `sqlFragment`)
 * as a template: a value the dialect types keeps its cast in the texts around it (`::text` after
 * it on PostgreSQL, `CAST(` and ` AS SIGNED)` around it on MySQL).
 */
export function sqlTemplate(source: Pick<CompiledSql, 'fragment'> | Frag, dialect: Dialect): SqlTemplate {
  const { strings, values } = cut('parts' in source ? source : source.fragment, dialect);
  return { strings: Object.assign(strings, { raw: [...strings] }) as unknown as TemplateStringsArray, values };
}
